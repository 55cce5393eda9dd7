import { searchWords, TYPO_MIN_LENGTH, TYPO_SIMILARITY } from "./match";
import type { Database } from "../../db/client";
import type { Queryable } from "../../db/queryable";

// The only SQL of search, in two tiers. First accent-insensitive Spanish full-text search over
// the generated `search` columns (see plaza_fold in 0003_content.sql), each word matched as a
// prefix so results appear while typing. Then, below every full-text match, typo-tolerant
// matches: pg_trgm strict word similarity between the folded query and whole words of the folded
// title or name (0010_search_trigrams.sql, GIN-indexed), so "tatro" still finds "Noche de teatro".
// Strict, because plain word_similarity rates any shared start highly ("tatro" ~ "tatuajes").

export interface SearchTerms {
  /** "teatro:* & fernando:*" for to_tsquery. */
  prefix: string;
  /** "teatro fernando" for the trigram match, or null when too short to guess typos. */
  fuzzy: string | null;
}

/** "Teatro Fernando" → "teatro:* & fernando:*" (folded; anything but letters and digits dropped). */
export function prefixQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(" & ");
}

export function searchTerms(text: string): SearchTerms | null {
  const prefix = prefixQuery(text);
  if (!prefix) return null;
  const fuzzy = searchWords(text).join(" ");
  return { prefix, fuzzy: fuzzy.replace(/ /g, "").length >= TYPO_MIN_LENGTH ? fuzzy : null };
}

/**
 * `<<%` (the operator the GIN trigram index serves) compares with a setting, not an argument, so
 * each search sets it for its own transaction only; pooled connections keep the default.
 */
async function withTypoThreshold<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT set_config('pg_trgm.strict_word_similarity_threshold', $1, true)", [String(TYPO_SIMILARITY)]);
    return fn(tx);
  });
}

const TABLES = {
  places: { text: "name", extra: "" },
  news: { text: "title", extra: " AND t.published_at <= now()" },
  communities: { text: "name", extra: "" },
} as const;

export function createSearchRepository(db: Database) {
  return {
    /** Full-text matches before typo matches; within each, upcoming events first, then by relevance. */
    async events(terms: SearchTerms, limit: number): Promise<string[]> {
      const rows = await withTypoThreshold(db, (tx) =>
        tx.query<{ id: string }>(
          `SELECT e.id FROM events e, to_tsquery('spanish', $1) q
            WHERE NOT e.hidden AND (e.search @@ q OR $2 <<% plaza_fold(e.title))
            ORDER BY (e.search @@ q) DESC, (coalesce(e.ends_at, e.starts_at) >= now()) DESC, ts_rank(e.search, q) DESC,
              strict_word_similarity($2, plaza_fold(e.title)) DESC, abs(extract(epoch FROM e.starts_at - now())), e.id
            LIMIT $3`,
          [terms.prefix, terms.fuzzy, limit],
        ),
      );
      return rows.map((r) => r.id);
    },

    async ranked(table: keyof typeof TABLES, terms: SearchTerms, limit: number): Promise<string[]> {
      const { text, extra } = TABLES[table];
      const rows = await withTypoThreshold(db, (tx) =>
        tx.query<{ id: string }>(
          `SELECT t.id FROM ${table} t, to_tsquery('spanish', $1) q
            WHERE NOT t.hidden AND (t.search @@ q OR $2 <<% plaza_fold(t.${text}))${extra}
            ORDER BY (t.search @@ q) DESC, ts_rank(t.search, q) DESC, strict_word_similarity($2, plaza_fold(t.${text})) DESC, t.id
            LIMIT $3`,
          [terms.prefix, terms.fuzzy, limit],
        ),
      );
      return rows.map((r) => r.id);
    },

    async users(terms: SearchTerms, limit: number) {
      return withTypoThreshold(db, (tx) =>
        tx.query<{ id: string; name: string; verified: boolean; profile_image: string | null }>(
          `SELECT u.id, u.name, u.verified, u.profile_image FROM users u, to_tsquery('simple', $1) q
            WHERE to_tsvector('simple'::regconfig, plaza_fold(u.name)) @@ q OR $2 <<% plaza_fold(u.name)
            ORDER BY (to_tsvector('simple'::regconfig, plaza_fold(u.name)) @@ q) DESC, u.verified DESC,
              ts_rank(to_tsvector('simple'::regconfig, plaza_fold(u.name)), q) DESC, strict_word_similarity($2, plaza_fold(u.name)) DESC, u.name, u.id
            LIMIT $3`,
          [terms.prefix, terms.fuzzy, limit],
        ),
      );
    },
  };
}
