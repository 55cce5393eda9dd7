import { randomUUID } from "node:crypto";
import type { OpeningHours, PlaceCategory, PlaceContact } from "../../../lib/schemas/places";
import type { Queryable } from "../../db/client";
import { followColumns } from "../content/follows";
import { decodeCursor, encodeCursor, Params, slugify } from "../content/sql";

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
}

export interface PlaceListFilters {
  category?: PlaceCategory;
  featured?: boolean;
  authorId?: string;
  followedBy?: string;
  ids?: string[];
  visibility: "visible" | "hidden" | "all";
}

function selectPlaces(p: Params, viewerId: string | null): string {
  const viewer = p.add(viewerId);
  return `SELECT pl.id, pl.name, pl.slug, pl.description, pl.category, pl.street, pl.number, pl.neighbourhood, pl.city, pl.state,
      pl.postal_code, pl.country, pl.lat, pl.lng, pl.opening_hours, pl.opening_hours_note, pl.contact, pl.accessibility,
      pl.cover_image, pl.author_id, u.name AS author_name, u.verified AS author_verified, u.profile_image AS author_image,
      pl.hidden, pl.hidden_reason, pl.featured, pl.created_at, pl.updated_at,
      (SELECT count(*)::int FROM events e WHERE e.place_id = pl.id AND NOT e.hidden AND coalesce(e.ends_at, e.starts_at) >= now()) AS upcoming_events_count,
      ${followColumns("places", "pl", viewer)}
    FROM places pl LEFT JOIN users u ON u.id = pl.author_id`;
}

const VISIBILITY: Record<PlaceListFilters["visibility"], string> = {
  visible: "NOT pl.hidden",
  hidden: "pl.hidden",
  all: "true",
};

export function createPlacesRepository(db: Queryable) {
  async function findById(id: string, viewerId: string | null): Promise<PlaceRow | null> {
    const p = new Params();
    const select = selectPlaces(p, viewerId);
    const rows = await db.query<PlaceRow>(`${select} WHERE pl.id = ${p.add(id)}`, p.values);
    return rows[0] ?? null;
  }

  return {
    findById,

    async list(filters: PlaceListFilters, page: { cursor?: string; limit: number }, viewerId: string | null) {
      const p = new Params();
      const where = [VISIBILITY[filters.visibility]];
      if (filters.category) where.push(`pl.category = ${p.add(filters.category)}`);
      if (filters.featured !== undefined) where.push(filters.featured ? "pl.featured" : "NOT pl.featured");
      if (filters.authorId) where.push(`pl.author_id = ${p.add(filters.authorId)}`);
      if (filters.followedBy) {
        where.push(`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${p.add(filters.followedBy)} AND f.target_kind = 'places' AND f.target_id = pl.id)`);
      }
      const cursor = decodeCursor(page.cursor, 2);
      if (cursor) where.push(`(pl.name, pl.id) > (${p.add(cursor[0])}, ${p.add(cursor[1])})`);
      const limit = p.add(page.limit + 1);
      const ids = await db.query<{ id: string; name: string }>(
        `SELECT pl.id, pl.name FROM places pl WHERE ${where.join(" AND ")} ORDER BY pl.name, pl.id LIMIT ${limit}`,
        p.values,
      );
      const pageIds = ids.slice(0, page.limit);
      const rows = await this.findMany(pageIds.map((r) => r.id), viewerId);
      const last = pageIds[pageIds.length - 1];
      return { rows, nextCursor: ids.length > page.limit && last ? encodeCursor([last.name, last.id]) : null };
    },

    /** Rows for the ids, in the order given. */
    async findMany(ids: string[], viewerId: string | null): Promise<PlaceRow[]> {
      if (ids.length === 0) return [];
      const p = new Params();
      const select = selectPlaces(p, viewerId);
      const rows = await db.query<PlaceRow>(`${select} WHERE pl.id = ANY(${p.add(ids)}::text[])`, p.values);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async create(input: PlaceWrite, authorId: string): Promise<string> {
      const id = randomUUID();
      const slug = `${slugify(input.name, 50) || "lugar"}-${id.slice(0, 6)}`;
      await db.query(
        `INSERT INTO places (id, name, slug, description, category, street, number, neighbourhood, city, state, postal_code, country,
           lat, lng, opening_hours, opening_hours_note, contact, accessibility, author_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17::jsonb, $18, $19)`,
        [
          id,
          input.name,
          slug,
          input.description,
          input.category,
          input.street,
          input.number,
          input.neighbourhood,
          input.city,
          input.state,
          input.postalCode,
          input.country,
          input.lat,
          input.lng,
          JSON.stringify(input.openingHours),
          input.openingHoursNote,
          JSON.stringify(input.contact),
          input.accessibility,
          authorId,
        ],
      );
      return id;
    },

    async update(id: string, input: PlaceWrite): Promise<void> {
      await db.query(
        `UPDATE places SET name = $2, description = $3, category = $4, street = $5, number = $6, neighbourhood = $7, city = $8,
           state = $9, postal_code = $10, country = $11, lat = $12, lng = $13, opening_hours = $14::jsonb, opening_hours_note = $15,
           contact = $16::jsonb, accessibility = $17, updated_at = now()
         WHERE id = $1`,
        [
          id,
          input.name,
          input.description,
          input.category,
          input.street,
          input.number,
          input.neighbourhood,
          input.city,
          input.state,
          input.postalCode,
          input.country,
          input.lat,
          input.lng,
          JSON.stringify(input.openingHours),
          input.openingHoursNote,
          JSON.stringify(input.contact),
          input.accessibility,
        ],
      );
    },

    async setCoverImage(id: string, url: string | null, set: unknown): Promise<void> {
      await db.query("UPDATE places SET cover_image = $2, cover_image_set = $3::jsonb, updated_at = now() WHERE id = $1", [
        id,
        url,
        set === null ? null : JSON.stringify(set),
      ]);
    },

    async remove(id: string): Promise<void> {
      await db.query("DELETE FROM places WHERE id = $1", [id]);
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;

