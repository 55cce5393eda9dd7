"use client";

import { useQuery } from "@tanstack/react-query";
import { tagQueries } from "@/lib/api/tags";
import { EventList } from "@/components/events/event-lists";
import detailStyles from "@/components/content/detail.module.css";

/** /search/?tag=: the upcoming events of one tag, where a tag chip leads (the events list's own filter). */
export function TagEvents({ slug }: { slug: string }) {
  const tags = useQuery(tagQueries.list());
  const name = tags.data?.find((t) => t.slug === slug)?.name ?? slug;
  return (
    <section className={detailStyles.section} aria-labelledby="search-tag">
      <h2 id="search-tag" style={{ fontSize: "1.2rem" }}>
        Eventos con la etiqueta «{name}»
      </h2>
      <EventList filters={{ tag: slug, when: "upcoming" }} label={`Eventos con la etiqueta ${name}`} empty="No hay próximos eventos con esta etiqueta." />
    </section>
  );
}
