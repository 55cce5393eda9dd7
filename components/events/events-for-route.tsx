"use client";

import type { DynamicRoute } from "@/lib/routes";
import { useRouteId } from "@/lib/hooks/use-route-id";
import type { EventWhen } from "@/lib/schemas/events";
import { PAGE_SIZE } from "@/lib/api/content";
import { eventQueries } from "@/lib/api/events";
import styles from "@/components/content/detail.module.css";
import { WhenNear } from "@/components/content/when-near";
import { EventList } from "./event-lists";

/**
 * The events of the place, community or person whose page this is (its id comes from the URL).
 * Past events always follow the upcoming ones, below the first screen: they render when scrolled
 * near (their data is still fetched when the page is idle, for offline use). Each is a section of
 * the page with more below it (the past events, the footer), so further pages come from its
 * button: loading them on reaching the end would keep pushing what follows out of reach.
 */
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
      {when === "past" ? (
        <WhenNear keep={(queryClient) => queryClient.prefetchInfiniteQuery(eventQueries.listQuery({ [filter]: id, when }, PAGE_SIZE))}>
          <EventList filters={{ [filter]: id, when }} limit={PAGE_SIZE} more label={title} empty={empty} />
        </WhenNear>
      ) : (
        <EventList filters={{ [filter]: id, when }} limit={PAGE_SIZE} more label={title} empty={empty} />
      )}
    </section>
  );
}
