import { randomUUID } from "node:crypto";
import type { Queryable } from "../../db/client";
import { followColumns } from "../content/follows";
import { cursorTimestamp, decodeCursor, encodeCursor, exactTimestamp, Params } from "../content/sql";

// The only SQL of news. Lists go newest first by (published_at, id) with a keyset cursor;
// pieces scheduled for later stay out of public lists until their time.

export interface NewsRow {
  id: string;
  title: string;
  summary: string;
  body: string;
  cover_image: string | null;
  author_id: string;
  author_name: string | null;
  author_verified: boolean | null;
  author_image: string | null;
  community_id: string | null;
  community_name: string | null;
  community_image: string | null;
  viewer_community_role: string | null;
  published_at: unknown;
  hidden: boolean;
  hidden_reason: string | null;
  featured: boolean;
  created_at: unknown;
  updated_at: unknown;
  followers_count: number;
  following: boolean;
}

export interface NewsWrite {
  title: string;
  summary: string;
  body: string;
  communityId: string | null;
  publishedAt: Date;
}

export interface NewsFilters {
  communityId?: string;
  authorId?: string;
  featured?: boolean;
  followedBy?: string;
  visibility: "visible" | "hidden" | "all";
  /** Include pieces scheduled for later (the author's own list). */
  includeScheduled?: boolean;
}

const VISIBILITY = { visible: "NOT n.hidden", hidden: "n.hidden", all: "true" } as const;

function selectNews(p: Params, viewerId: string | null): string {
  const viewer = p.add(viewerId);
  return `SELECT n.id, n.title, n.summary, n.body, n.cover_image, n.author_id, u.name AS author_name, u.verified AS author_verified,
      u.profile_image AS author_image, n.community_id, c.name AS community_name, c.image AS community_image,
      (SELECT m.role FROM community_members m WHERE n.community_id IS NOT NULL AND m.community_id = n.community_id AND m.user_id = ${viewer}::text)
        AS viewer_community_role,
      n.published_at, n.hidden, n.hidden_reason, n.featured, n.created_at, n.updated_at,
      ${followColumns("news", "n", viewer)}
    FROM news n LEFT JOIN users u ON u.id = n.author_id LEFT JOIN communities c ON c.id = n.community_id`;
}

export function createNewsRepository(db: Queryable) {
  async function findMany(ids: string[], viewerId: string | null): Promise<NewsRow[]> {
    if (ids.length === 0) return [];
    const p = new Params();
    const select = selectNews(p, viewerId);
    const rows = await db.query<NewsRow>(`${select} WHERE n.id = ANY(${p.add(ids)}::text[])`, p.values);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    findMany,

    async findById(id: string, viewerId: string | null): Promise<NewsRow | null> {
      return (await findMany([id], viewerId))[0] ?? null;
    },

    async list(filters: NewsFilters, page: { cursor?: string; limit: number }, viewerId: string | null) {
      const p = new Params();
      const where: string[] = [VISIBILITY[filters.visibility]];
      if (!filters.includeScheduled) where.push("n.published_at <= now()");
      if (filters.communityId) where.push(`n.community_id = ${p.add(filters.communityId)}`);
      if (filters.authorId) where.push(`n.author_id = ${p.add(filters.authorId)}`);
      if (filters.featured !== undefined) where.push(filters.featured ? "n.featured" : "NOT n.featured");
      if (filters.followedBy) {
        where.push(`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${p.add(filters.followedBy)} AND f.target_kind = 'news' AND f.target_id = n.id)`);
      }
      const cursor = decodeCursor(page.cursor, 2);
      if (cursor) where.push(`(n.published_at, n.id) < (${p.add(cursorTimestamp(cursor[0]!))}::timestamptz, ${p.add(cursor[1])})`);
      const rows = await db.query<{ id: string; key: string }>(
        `SELECT n.id, ${exactTimestamp("n.published_at")} AS key FROM news n WHERE ${where.join(" AND ")}
          ORDER BY n.published_at DESC, n.id DESC LIMIT ${p.add(page.limit + 1)}`,
        p.values,
      );
      const pageRows = rows.slice(0, page.limit);
      const last = pageRows[pageRows.length - 1];
      return {
        rows: await findMany(pageRows.map((r) => r.id), viewerId),
        nextCursor: rows.length > page.limit && last ? encodeCursor([last.key, last.id]) : null,
      };
    },

    async create(input: NewsWrite, authorId: string): Promise<string> {
      const id = randomUUID();
      await db.query(
        "INSERT INTO news (id, title, summary, body, community_id, published_at, author_id) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [id, input.title, input.summary, input.body, input.communityId, input.publishedAt, authorId],
      );
      return id;
    },

    async update(id: string, input: NewsWrite): Promise<void> {
      await db.query(
        "UPDATE news SET title = $2, summary = $3, body = $4, community_id = $5, published_at = $6, updated_at = now() WHERE id = $1",
        [id, input.title, input.summary, input.body, input.communityId, input.publishedAt],
      );
    },

    async setCoverImage(id: string, url: string | null, set: unknown): Promise<void> {
      await db.query("UPDATE news SET cover_image = $2, cover_image_set = $3::jsonb, updated_at = now() WHERE id = $1", [
        id,
        url,
        set === null ? null : JSON.stringify(set),
      ]);
    },

    async remove(id: string): Promise<void> {
      await db.query("DELETE FROM news WHERE id = $1", [id]);
    },

    /** Role of a user in a community that is visible (or any, for admins); undefined when it does not exist. */
    async communityRole(communityId: string, userId: string, includeHidden: boolean): Promise<string | null | undefined> {
      const rows = await db.query<{ role: string | null }>(
        `SELECT (SELECT role FROM community_members m WHERE m.community_id = c.id AND m.user_id = $2) AS role
           FROM communities c WHERE c.id = $1 AND (NOT c.hidden OR $3)`,
        [communityId, userId, includeHidden],
      );
      return rows.length === 0 ? undefined : (rows[0]?.role ?? null);
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
