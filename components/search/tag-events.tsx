"use client";

import { useQuery } from "@tanstack/react-query";
import { tagQueries } from "@/lib/api/tags";
import { EventList } from "@/components/events/event-lists";
import { FollowButton } from "@/components/content/follow-button";
import { SubscribeFeed } from "@/components/feeds/subscribe-feed";
import { EmbedAgenda } from "@/components/feeds/embed-agenda";
import detailStyles from "@/components/content/detail.module.css";

/**
 * /search/?tag=: the upcoming events of one tag, where a tag chip leads (the events list's own
 * filter), and the tag's follow button: a followed tag feeds "Eventos para ti" and announces new events.
 */
export function TagEvents({ slug }: { slug: string }) {
  const tags = useQuery(tagQueries.list());
  const tag = tags.data?.find((t) => t.slug === slug);
  const name = tag?.name ?? slug;
  return (
    <section className={detailStyles.section} aria-labelledby="search-tag">
      <h2 id="search-tag" style={{ fontSize: "1.2rem" }}>
        Eventos con la etiqueta «{name}»
      </h2>
      {tag ? (
        <div className="actions">
          <FollowButton kind="tags" id={tag._id} name={tag.name} followersCount={tag.followersCount} />
          <SubscribeFeed scope="events" query={{ tag: tag.slug }} title={`Eventos de #${tag.name}`} />
          <EmbedAgenda subject={{ tag: tag.slug }} title={`Eventos de #${tag.name}`} />
        </div>
      ) : null}
      <EventList filters={{ tag: slug, when: "upcoming" }} label={`Eventos con la etiqueta ${name}`} empty="No hay próximos eventos con esta etiqueta." />
    </section>
  );
}
