import { randomUUID } from "node:crypto";
import type { AccessibilityFeature } from "../../../lib/schemas/accessibility";
import type { OpeningHours, PlaceCategory, PlaceContact } from "../../../lib/schemas/places";
import type { Queryable } from "../../db/client";
import { followColumns } from "../content/follows";
import type { PageRequest } from "../paging";
import { keysetRows, rowFinder, sharedConditions, type SharedFilters } from "../content/repository";
import { Params } from "../../db/sql";
import { slugify } from "../content/sql";

// The only SQL of places. Lists go by name (then id) with a keyset cursor.

export interface PlaceRow {
  id: string;
  name: string;
  slug: string | null;
  description: string;
  category: PlaceCategory;
  street: string | null;
  number: string | null;
  neighbourhood: string | null;
  city: string;
  state: string;
  postal_code: string | null;
  country: string;
  lat: number | null;
  lng: number | null;
  opening_hours: OpeningHours;
  opening_hours_note: string | null;
  contact: PlaceContact;
  accessibility: string | null;
  accessibility_features: AccessibilityFeature[];
  cover_image: string | null;
  author_id: string | null;
  author_name: string | null;
  author_verified: boolean | null;
  author_image: string | null;
  hidden: boolean;
  hidden_reason: string | null;
  featured: boolean;
  created_at: unknown;
  updated_at: unknown;
  followers_count: number;
  following: boolean;
  upcoming_events_count: number;
}

export interface PlaceWrite {
  name: string;
  description: string;
  category: PlaceCategory;
  street: string | null;
  number: string | null;
  neighbourhood: string | null;
  city: string;
  state: string;
  postalCode: string | null;
  country: string;
  lat: number | null;
  lng: number | null;
  openingHours: OpeningHours;
  openingHoursNote: string | null;
  contact: PlaceContact;
  accessibility: string | null;
  accessibilityFeatures: AccessibilityFeature[];
}

export interface PlaceListFilters extends SharedFilters {
  category?: PlaceCategory;
  authorId?: string;
}

function selectPlaces(p: Params, viewerId: string | null): string {
  const viewer = p.add(viewerId);
  return `SELECT pl.id, pl.name, pl.slug, pl.description, pl.category, pl.street, pl.number, pl.neighbourhood, pl.city, pl.state,
      pl.postal_code, pl.country, pl.lat, pl.lng, pl.opening_hours, pl.opening_hours_note, pl.contact, pl.accessibility, pl.accessibility_features,
      pl.cover_image, pl.author_id, u.name AS author_name, u.verified AS author_verified, u.profile_image AS author_image,
      pl.hidden, pl.hidden_reason, pl.featured, pl.created_at, pl.updated_at,
      (SELECT count(*)::int FROM events e WHERE e.place_id = pl.id AND NOT e.hidden AND coalesce(e.ends_at, e.starts_at) >= now()) AS upcoming_events_count,
      ${followColumns("places", "pl", viewer)}
    FROM places pl LEFT JOIN users u ON u.id = pl.author_id`;
}

/** Written fields and their columns; JSON ones are cast. */
const WRITE_COLUMNS: [keyof PlaceWrite, string][] = [
  ["name", "name"],
  ["description", "description"],
  ["category", "category"],
  ["street", "street"],
  ["number", "number"],
  ["neighbourhood", "neighbourhood"],
  ["city", "city"],
  ["state", "state"],
  ["postalCode", "postal_code"],
  ["country", "country"],
  ["lat", "lat"],
  ["lng", "lng"],
  ["openingHours", "opening_hours"],
  ["openingHoursNote", "opening_hours_note"],
  ["contact", "contact"],
  ["accessibility", "accessibility"],
  ["accessibilityFeatures", "accessibility_features"],
];
const JSON_FIELDS = new Set<keyof PlaceWrite>(["openingHours", "contact"]);

/** `column = $n` (or the bare parameters) for every written field. */
function writeParams(input: PlaceWrite, p: Params): { column: string; param: string }[] {
  return WRITE_COLUMNS.map(([key, column]) =>
    JSON_FIELDS.has(key) ? { column, param: `${p.add(JSON.stringify(input[key]))}::jsonb` } : { column, param: p.add(input[key]) },
  );
}

const BY_NAME = [{ column: "pl.name" }, { column: "pl.id" }];

export function createPlacesRepository(db: Queryable) {
  const rows = rowFinder<PlaceRow>(db, "places", selectPlaces);

  return {
    ...rows,

    async list(filters: PlaceListFilters, page: PageRequest, viewerId: string | null) {
      const p = new Params();
      const where = sharedConditions("places", filters, p);
      if (filters.category) where.push(`pl.category = ${p.add(filters.category)}`);
      if (filters.authorId) where.push(`pl.author_id = ${p.add(filters.authorId)}`);
      return keysetRows<PlaceRow>("places", { where, keys: BY_NAME, p }, page, (query) => rows.findPage(query, viewerId));
    },

    async create(input: PlaceWrite, authorId: string): Promise<string> {
      const id = randomUUID();
      const slug = `${slugify(input.name, 50) || "lugar"}-${id.slice(0, 6)}`;
      const p = new Params();
      const fields = [{ column: "id", param: p.add(id) }, { column: "slug", param: p.add(slug) }, ...writeParams(input, p), { column: "author_id", param: p.add(authorId) }];
      await db.query(`INSERT INTO places (${fields.map((f) => f.column).join(", ")}) VALUES (${fields.map((f) => f.param).join(", ")})`, p.values);
      return id;
    },

    async update(id: string, input: PlaceWrite): Promise<void> {
      const p = new Params();
      const sets = writeParams(input, p).map((f) => `${f.column} = ${f.param}`);
      await db.query(`UPDATE places SET ${sets.join(", ")}, updated_at = now() WHERE id = ${p.add(id)}`, p.values);
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
