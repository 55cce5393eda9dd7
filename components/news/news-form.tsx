"use client";

import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { newsPayloadSchema, newsUpdatePayloadSchema, type News, type NewsPayload } from "@/lib/schemas/news";
import { createMutationKey, flattenPages, newIdempotencyKey, type CreateVariables } from "@/lib/api/content";
import { storeNews, updateNews, uploadNewsImage } from "@/lib/api/news";
import { communityQueries } from "@/lib/api/communities";
import { errorMessage } from "@/lib/api/errors";
import { cityWallTimeToIso, isoToCityInputs } from "@/lib/format/dates";
import { pathFor } from "@/lib/routes";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Field, Select, TextArea } from "@/components/content/fields";
import { ImageField } from "@/components/content/image-field";
import { apiFieldErrors, focusFirstInvalid, validate, type FieldErrors } from "@/components/content/form-errors";
import styles from "@/components/content/content.module.css";

export function NewsForm({ news, presetCommunityId }: { news?: News; presetCommunityId?: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const scheduled = news ? isoToCityInputs(news.publishedAt) : { date: "", time: "" };
  const [title, setTitle] = useState(news?.title ?? "");
  const [summary, setSummary] = useState(news?.summary ?? "");
  const [body, setBody] = useState(news?.body ?? "");
  const [communityId, setCommunityId] = useState(news?.community?._id ?? presetCommunityId ?? "");
  const [pubDate, setPubDate] = useState(news && new Date(news.publishedAt) > new Date() ? scheduled.date : "");
  const [pubTime, setPubTime] = useState(news && new Date(news.publishedAt) > new Date() ? scheduled.time : "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const communities = useInfiniteQuery(communityQueries.mineQuery());
  const mine = flattenPages(communities.data).filter((c) => c.myRole !== null);
  const create = useMutation<News, Error, CreateVariables<NewsPayload>>({ mutationKey: createMutationKey("news") });
  const err = (k: string) => errors[k] ?? null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const payload: Record<string, unknown> = { title, summary, body, communityId: communityId || null };
    if (pubDate) payload.publishedAt = cityWallTimeToIso(pubDate, pubTime || "08:00") ?? pubDate;
    const result = validate(news ? newsUpdatePayloadSchema : newsPayloadSchema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    if (!news && typeof navigator !== "undefined" && !navigator.onLine) {
      create.mutate({ payload: result.data as NewsPayload, idempotencyKey });
      notify("primary", "Sin conexión: la noticia se publicará cuando vuelvas a estar en línea.");
      router.push("/news/mine/");
      return;
    }
    setBusy(true);
    try {
      const saved = news ? await updateNews(news._id, result.data) : await create.mutateAsync({ payload: result.data as NewsPayload, idempotencyKey });
      storeNews(queryClient, saved);
      if (file) {
        setProgress(0);
        try {
          storeNews(queryClient, await uploadNewsImage(saved._id, file, { onProgress: setProgress }));
        } catch (error) {
          notify("danger", `La noticia se guardó, pero la imagen no: ${errorMessage(error)}`);
        } finally {
          setProgress(null);
        }
      }
      notify("success", news ? "Noticia actualizada." : "Noticia publicada.");
      router.push(pathFor("/news/[newsId]", saved._id));
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} aria-label={news ? "Editar noticia" : "Publicar noticia"}>
      <FormAlert message={formError} />
      {Object.keys(errors).length > 0 ? (
        <p className="form-alert" role="alert">
          Revisa los campos marcados.
        </p>
      ) : null}
      <Field label="Título" value={title} onChange={(e) => setTitle(e.target.value)} error={err("title")} required />
      <TextArea label="Resumen" value={summary} onChange={(e) => setSummary(e.target.value)} error={err("summary")} rows={2} hint="Una o dos frases para las listas." />
      <TextArea label="Texto" value={body} onChange={(e) => setBody(e.target.value)} error={err("body")} rows={10} required />
      <Select label="Comunidad" value={communityId} onChange={(e) => setCommunityId(e.target.value)} error={err("communityId")} hint="Publica a nombre de una comunidad de la que eres parte.">
        <option value="">Ninguna (a mi nombre)</option>
        {communityId && !mine.some((c) => c._id === communityId) ? <option value={communityId}>{news?.community?.name ?? "Comunidad actual"}</option> : null}
        {mine.map((c) => (
          <option key={c._id} value={c._id}>
            {c.name}
          </option>
        ))}
      </Select>
      <div className={styles.row}>
        <Field label="Programar publicación (fecha)" type="date" value={pubDate} onChange={(e) => setPubDate(e.target.value)} error={err("publishedAt")} hint="Opcional; vacío publica ahora." />
        <Field label="Hora" type="time" value={pubTime} onChange={(e) => setPubTime(e.target.value)} />
      </div>
      <ImageField current={news?.coverImage} file={file} onChange={setFile} progress={progress} />
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : news ? "Guardar cambios" : "Publicar noticia"}
        </Button>
      </div>
    </form>
  );
}
