import type { Queryable } from "../../db/client";

// The only SQL of search: accent-insensitive Spanish full-text search over the generated
// `search` columns (see plaza_fold in 0003_content.sql), each word matched as a prefix so
// results appear while typing. People are matched by name.

/** "Teatro Fernando" → "teatro:* & fernando:*" (folded; anything but letters and digits dropped). */
export function prefixQuery(text: string): string | null {
  const words = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9ñ]+/)
    .map((w) => w.replace(/ñ/g, "n"))
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(" & ");
}

export function createSearchRepository(db: Queryable) {
  return {
    /** Upcoming events first, then by relevance. */
    async events(query: string, limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT e.id FROM events e, to_tsquery('spanish', $1) q
          WHERE NOT e.hidden AND e.search @@ q
          ORDER BY (coalesce(e.ends_at, e.starts_at) >= now()) DESC, ts_rank(e.search, q) DESC,
            abs(extract(epoch FROM e.starts_at - now())), e.id
          LIMIT $2`,
        [query, limit],
      );
      return rows.map((r) => r.id);
    },

    async ranked(table: "places" | "news" | "communities", query: string, limit: number): Promise<string[]> {
      const alias = "t";
      const extra = table === "news" ? ` AND ${alias}.published_at <= now()` : "";
      const rows = await db.query<{ id: string }>(
        `SELECT ${alias}.id FROM ${table} ${alias}, to_tsquery('spanish', $1) q
          WHERE NOT ${alias}.hidden AND ${alias}.search @@ q${extra}
          ORDER BY ts_rank(${alias}.search, q) DESC, ${alias}.id LIMIT $2`,
        [query, limit],
      );
      return rows.map((r) => r.id);
    },

    async users(query: string, limit: number) {
      return db.query<{ id: string; name: string; verified: boolean; profile_image: string | null }>(
        `SELECT u.id, u.name, u.verified, u.profile_image FROM users u, to_tsquery('simple', $1) q
          WHERE to_tsvector('simple'::regconfig, plaza_fold(u.name)) @@ q
          ORDER BY u.verified DESC, ts_rank(to_tsvector('simple'::regconfig, plaza_fold(u.name)), q) DESC, u.name, u.id LIMIT $2`,
        [query, limit],
      );
    },
  };
}
