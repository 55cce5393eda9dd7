import type { Event } from "../../../lib/schemas/events";
import { communitySummaryFrom, metaFrom, placeSummaryFrom, userSummaryFrom } from "../content/mappers";
import { toIso, toIsoOrNull, toNumberOrNull } from "../content/sql";
import { editsCommunityContent, type Viewer } from "../content/viewer";
import type { EventRow } from "./repository";

// Rows → the wire contract of lib/schemas/events.ts.

/** The organiser, the owners and admins of its community, and site admins edit an event. */
export const canEditEvent = (row: Pick<EventRow, "organizer_id" | "viewer_community_role">, viewer: Viewer): boolean =>
  editsCommunityContent(row.organizer_id, row.viewer_community_role, viewer);

export function toEvent(row: EventRow, viewer: Viewer): Event {
  const canEdit = canEditEvent(row, viewer);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    startsAt: toIso(row.starts_at),
    endsAt: toIsoOrNull(row.ends_at),
    allDay: row.all_day,
    timeZone: row.time_zone,
    place: placeSummaryFrom(row.place_id, {
      name: row.place_name,
      category: row.place_category,
      street: row.place_street,
      number: row.place_number,
      neighbourhood: row.place_neighbourhood,
      city: row.place_city,
      lat: row.place_lat,
      lng: row.place_lng,
      coverImage: row.place_cover_image,
    }),
    address: row.address,
    lat: toNumberOrNull(row.lat),
    lng: toNumberOrNull(row.lng),
    onlineUrl: row.online_url,
    priceType: row.price_type,
    priceAmount: toNumberOrNull(row.price_amount),
    priceCurrency: "MXN",
    priceNote: row.price_note,
    capacity: row.capacity,
    accessibility: row.accessibility,
    accessibilityFeatures: row.accessibility_features ?? [],
    coverImage: row.cover_image,
    organizer: userSummaryFrom(row.organizer_id, row.organizer_name, row.organizer_verified, row.organizer_image),
    community: communitySummaryFrom(row.community_id, row.community_name, row.community_image),
    tags: row.tags ?? [],
    status: row.status,
    statusNote: row.status_note,
    series:
      row.series_id && row.series_rule
        ? {
            _id: row.series_id,
            rule: row.series_rule,
            interval: row.series_interval ?? 1,
            until: row.series_until,
            occurrencesCount: row.series_count ?? 0,
            position: row.series_position ?? 0,
          }
        : null,
    ...metaFrom(row, canEdit, canEdit || viewer.isAdmin),
  };
}
