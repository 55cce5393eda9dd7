"use client";

import { useState } from "react";
import { newsPayloadSchema, newsUpdatePayloadSchema, type News } from "@/lib/schemas/news";
import { storeNews, updateNews, uploadNewsImage } from "@/lib/api/news";
import { cityWallTimeToIso, isoToCityInputs } from "@/lib/format/city-clock";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { CommunitySelect } from "@/components/forms/community-select";
import { ContentForm } from "@/components/forms/content-form";
import { useSaveContent } from "@/components/forms/use-save-content";
import styles from "@/components/content/fields.module.css";

/** The scheduled publication date and time of a news item still to come; empty once published. */
function scheduled(news?: News): { date: string; time: string } {
  return news && new Date(news.publishedAt) > new Date() ? isoToCityInputs(news.publishedAt) : { date: "", time: "" };
}

export function NewsForm({ news, presetCommunityId }: { news?: News; presetCommunityId?: string }) {
  const [title, setTitle] = useState(news?.title ?? "");
  const [summary, setSummary] = useState(news?.summary ?? "");
  const [body, setBody] = useState(news?.body ?? "");
  const [communityId, setCommunityId] = useState(news?.community?._id ?? presetCommunityId ?? "");
  const [pubDate, setPubDate] = useState(() => scheduled(news).date);
  const [pubTime, setPubTime] = useState(() => scheduled(news).time);
  const schemas = { create: newsPayloadSchema, update: newsUpdatePayloadSchema };
  const flow = useSaveContent({ kind: "news", existing: news, schemas, update: updateNews, store: storeNews, uploadImage: uploadNewsImage });
  const err = flow.err;

  const submit = () => {
    const payload: Record<string, unknown> = { title, summary, body, communityId: communityId || null };
    if (pubDate) payload.publishedAt = cityWallTimeToIso(pubDate, pubTime || "08:00") ?? pubDate;
    void flow.save(payload);
  };

  return (
    <ContentForm flow={flow} image={{ current: news?.coverImage }} onSubmit={submit}>
      <TextField label="Título" value={title} onChange={(e) => setTitle(e.target.value)} error={err("title")} required />
      <TextAreaField label="Resumen" value={summary} onChange={(e) => setSummary(e.target.value)} error={err("summary")} rows={2} hint="Una o dos frases para las listas." />
      <TextAreaField label="Texto" value={body} onChange={(e) => setBody(e.target.value)} error={err("body")} rows={10} required />
      <CommunitySelect value={communityId} onChange={setCommunityId} error={err("communityId")} current={news?.community} />
      <div className={styles.row}>
        <TextField label="Programar publicación (fecha)" type="date" value={pubDate} onChange={(e) => setPubDate(e.target.value)} error={err("publishedAt")} hint="Opcional; vacío publica ahora." />
        <TextField label="Hora" type="time" value={pubTime} onChange={(e) => setPubTime(e.target.value)} />
      </div>
    </ContentForm>
  );
}
