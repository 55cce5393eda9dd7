import type { Place } from "../../../lib/schemas/places";
import { addressLine, metaFrom, userSummaryFrom } from "../content/mappers";
import type { Viewer } from "../content/viewer";
import type { PlaceRow } from "./repository";

// Rows → the wire contract of lib/schemas/places.ts.

export function canEditPlace(row: Pick<PlaceRow, "author_id">, viewer: Viewer): boolean {
  return viewer.isAdmin || (viewer.id !== null && row.author_id === viewer.id);
}

export function toPlace(row: PlaceRow, viewer: Viewer): Place {
  const canEdit = canEditPlace(row, viewer);
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: row.category,
    address: {
      street: row.street,
      number: row.number,
      neighbourhood: row.neighbourhood,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      country: row.country,
    },
    addressLine: addressLine(row),
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    openingHours: row.opening_hours ?? [],
    openingHoursNote: row.opening_hours_note,
    contact: row.contact ?? {},
    accessibility: row.accessibility,
    accessibilityFeatures: row.accessibility_features ?? [],
    coverImage: row.cover_image,
    author: userSummaryFrom(row.author_id, row.author_name, row.author_verified, row.author_image),
    upcomingEventsCount: row.upcoming_events_count,
    ...metaFrom(row, canEdit, canEdit || viewer.isAdmin),
  };
}
