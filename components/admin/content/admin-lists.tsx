"use client";

import { communityQueries, deleteCommunity, moderateCommunity } from "@/lib/api/communities";
import { deleteEvent, eventQueries, moderateEvent } from "@/lib/api/events";
import { deleteNews, moderateNews, newsQueries } from "@/lib/api/news";
import { deletePlace, moderatePlace, placeQueries } from "@/lib/api/places";
import type { CommunityListItem } from "@/lib/schemas/communities";
import type { EventListItem } from "@/lib/schemas/events";
import type { NewsListItem } from "@/lib/schemas/news";
import type { PlaceListItem } from "@/lib/schemas/places";
import { pathFor } from "@/lib/paths";
import { formatEventWhenShort } from "@/lib/format/dates";
import { formatDateTime } from "@/lib/format/long-dates";
import { formatMembers } from "@/lib/format/count";
import { ModerationTable } from "./moderation-table";

export function AdminEvents() {
  return (
    <ModerationTable<EventListItem>
      title="Panel de administración: Eventos"
      noun="eventos"
      listOptions={(visibility) => eventQueries.listQuery({ when: "upcoming", visibility })}
      invalidate={eventQueries.all()}
      label={(e) => e.title}
      href={(e) => pathFor("/events/[eventId]", e._id)}
      details={(e) => `${formatEventWhenShort(e)}${e.organizer ? ` · ${e.organizer.name}` : ""}`}
      moderate={moderateEvent}
      remove={(id, reason) => deleteEvent(id, { reason })}
    />
  );
}

export function AdminNews() {
  return (
    <ModerationTable<NewsListItem>
      title="Panel de administración: Noticias"
      noun="noticias"
      listOptions={(visibility) => newsQueries.listQuery({ visibility })}
      invalidate={newsQueries.all()}
      label={(n) => n.title}
      href={(n) => pathFor("/news/[newsId]", n._id)}
      details={(n) => `${formatDateTime(n.publishedAt)}${n.author ? ` · ${n.author.name}` : ""}`}
      moderate={moderateNews}
      remove={deleteNews}
    />
  );
}

export function AdminPlaces() {
  return (
    <ModerationTable<PlaceListItem>
      title="Panel de administración: Lugares"
      noun="lugares"
      listOptions={(visibility) => placeQueries.listQuery({ visibility })}
      invalidate={placeQueries.all()}
      label={(p) => p.name}
      href={(p) => pathFor("/places/[placeId]", p._id)}
      details={(p) => p.addressLine}
      moderate={moderatePlace}
      remove={deletePlace}
    />
  );
}

export function AdminCommunities() {
  return (
    <ModerationTable<CommunityListItem>
      title="Panel de administración: Comunidades"
      noun="comunidades"
      listOptions={(visibility) => communityQueries.listQuery({ visibility })}
      invalidate={communityQueries.all()}
      label={(c) => c.name}
      href={(c) => pathFor("/communities/[communityId]", c._id)}
      details={(c) => formatMembers(c.membersCount)}
      moderate={moderateCommunity}
      remove={deleteCommunity}
    />
  );
}
