import type { CommunitySummary, UserSummary } from "../../../lib/schemas/content";
import type { PlaceCategory, PlaceSummary } from "../../../lib/schemas/places";
import { toIso } from "./sql";

// Summaries of related rows, read from prefixed columns of a joined query.

export function userSummaryFrom(id: string | null, name: unknown, verified: unknown, image: unknown): UserSummary | null {
  if (!id || typeof name !== "string") return null;
  return { _id: id, name, verified: verified === true, profileImage: (image as string | null) ?? null };
}

export function communitySummaryFrom(id: string | null, name: unknown, image: unknown): CommunitySummary | null {
  if (!id || typeof name !== "string") return null;
  return { _id: id, name, image: (image as string | null) ?? null };
}

export interface AddressParts {
  street: string | null;
  number: string | null;
  neighbourhood: string | null;
  city: string | null;
}

/** "Calle Juárez 123, Zona Centro, Saltillo" */
export function addressLine(parts: AddressParts): string {
  const street = [parts.street, parts.number].filter(Boolean).join(" ");
  return [street, parts.neighbourhood, parts.city].filter((s) => s && s.trim() !== "").join(", ");
}

export function placeSummaryFrom(
  id: string | null,
  row: { name: unknown; category: unknown; lat: unknown; lng: unknown; coverImage: string | null } & AddressParts,
): PlaceSummary | null {
  if (!id || typeof row.name !== "string") return null;
  return {
    _id: id,
    name: row.name,
    category: row.category as PlaceCategory,
    addressLine: addressLine(row),
    lat: row.lat == null ? null : Number(row.lat),
    lng: row.lng == null ? null : Number(row.lng),
    coverImage: row.coverImage,
  };
}

export interface MetaRow {
  featured: boolean;
  hidden: boolean;
  hidden_reason: string | null;
  followers_count: number;
  following: boolean;
  created_at: unknown;
  updated_at: unknown;
}

export function metaFrom(row: MetaRow, canEdit: boolean, showHidden: boolean) {
  return {
    featured: row.featured,
    hidden: row.hidden,
    // The reason is for the author and admins; others never see hidden items anyway.
    hiddenReason: showHidden ? row.hidden_reason : null,
    followersCount: row.followers_count,
    following: row.following === true,
    canEdit,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
