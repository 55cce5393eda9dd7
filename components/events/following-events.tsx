"use client";

import { eventQueries } from "@/lib/api/events";
import type { EventListItem } from "@/lib/schemas/events";
import { PersonalListPage } from "@/components/content/list-pages";
import { EventCard } from "./event-card";
import { CalendarFeed } from "./calendar-feed";

// Apart from ./event-lists: the home imports that module, and the calendar feed (its dialog and
// mutation) belongs only on this page, not in the home's first load.
export function FollowingEvents() {
  return (
    <PersonalListPage<EventListItem>
      kind="events"
      list="following"
      options={eventQueries.followingQuery()}
      before={<CalendarFeed />}
      renderItem={(e) => <EventCard event={e} />}
    />
  );
}
