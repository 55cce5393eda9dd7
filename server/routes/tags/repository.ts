import type { Queryable } from "../../db/client";

// The only SQL of tags. Events reference tags through event_tags; deleting a tag unlinks it.
// Follows of a tag live in the shared `follows` table (target_kind 'tags', target_id the tag id).

export interface TagRow {
  id: string;
  name: string;
  slug: string;
  upcoming_events_count: number;
  followers_count: number;
}

const SELECT = `SELECT t.id, t.name, t.slug,
  (SELECT count(*)::int FROM event_tags et JOIN events e ON e.id = et.event_id
    WHERE et.tag_id = t.id AND NOT e.hidden AND coalesce(e.ends_at, e.starts_at) >= now()) AS upcoming_events_count,
  (SELECT count(*)::int FROM follows f WHERE f.target_kind = 'tags' AND f.target_id = t.id) AS followers_count
  FROM tags t`;

export function createTagsRepository(db: Queryable) {
  return {
    async list(): Promise<TagRow[]> {
      return db.query<TagRow>(`${SELECT} ORDER BY t.name, t.id`);
    },

    async findById(id: string): Promise<TagRow | null> {
      const rows = await db.query<TagRow>(`${SELECT} WHERE t.id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** Null when the slug is taken. */
    async create(input: { name: string; slug: string }): Promise<string | null> {
      const rows = await db.query<{ id: string }>(
        "INSERT INTO tags (name, slug) VALUES ($1, $2) ON CONFLICT (slug) DO NOTHING RETURNING id",
        [input.name, input.slug],
      );
      return rows[0]?.id ?? null;
    },

    async update(id: string, input: { name?: string; slug?: string }): Promise<"updated" | "missing" | "slug_taken"> {
      if (input.slug !== undefined) {
        const taken = await db.query("SELECT 1 FROM tags WHERE slug = $1 AND id <> $2", [input.slug, id]);
        if (taken.length > 0) return "slug_taken";
      }
      const rows = await db.query(
        "UPDATE tags SET name = coalesce($2, name), slug = coalesce($3, slug) WHERE id = $1 RETURNING id",
        [id, input.name ?? null, input.slug ?? null],
      );
      return rows.length > 0 ? "updated" : "missing";
    },

    /** Its follows go with it, so nobody keeps a dangling id in my-data. */
    async remove(id: string): Promise<boolean> {
      const rows = await db.query(
        `WITH gone AS (DELETE FROM tags WHERE id = $1 RETURNING id),
           unfollowed AS (DELETE FROM follows WHERE target_kind = 'tags' AND target_id IN (SELECT id FROM gone))
         SELECT id FROM gone`,
        [id],
      );
      return rows.length > 0;
    },

    /** Resolves event tag slugs to ids; returns the slugs that do not exist. */
    async resolveSlugs(slugs: string[]): Promise<{ ids: string[]; missing: string[] }> {
      const unique = [...new Set(slugs)];
      if (unique.length === 0) return { ids: [], missing: [] };
      const rows = await db.query<{ id: string; slug: string }>("SELECT id, slug FROM tags WHERE slug = ANY($1::text[])", [unique]);
      const found = new Map(rows.map((r) => [r.slug, r.id]));
      return { ids: unique.flatMap((s) => found.get(s) ?? []), missing: unique.filter((s) => !found.has(s)) };
    },
  };
}

export type TagsRepository = ReturnType<typeof createTagsRepository>;
