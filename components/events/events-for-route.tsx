"use client";

import type { DynamicRoute } from "@/lib/routes";
import { useRouteId } from "@/lib/hooks/use-route-id";
import type { EventWhen } from "@/lib/schemas/events";
import styles from "@/components/content/detail.module.css";
import { EventList } from "./event-lists";

/** The events of the place or community whose page this is (its id comes from the URL). */
export function EventsForRoute({
  route,
  filter,
  when = "upcoming",
  title,
  empty,
}: {
  route: DynamicRoute;
  filter: "placeId" | "communityId" | "organizerId";
  when?: EventWhen;
  title: string;
  empty: string;
}) {
  const id = useRouteId(route);
  const headingId = `events-${filter}-${when}`;
  if (id === null) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId}>{title}</h2>
      </div>
      <EventList filters={{ [filter]: id, when }} label={title} empty={empty} />
    </section>
  );
}
