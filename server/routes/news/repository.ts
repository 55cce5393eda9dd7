import { randomUUID } from "node:crypto";
import type { Queryable } from "../../db/client";
import { followColumns } from "../content/follows";
import { pictureUnlessHidden } from "../content/sql";
import { timestampKey, type PageRequest } from "../paging";
import { keysetPage, rowFinder, sharedConditions, type SharedFilters } from "../content/repository";
import { Params } from "../../db/sql";

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

export interface NewsFilters extends SharedFilters {
  communityId?: string;
  authorId?: string;
  /** Include pieces scheduled for later (the author's own list). */
  includeScheduled?: boolean;
}

function selectNews(p: Params, viewerId: string | null): string {
  const viewer = p.add(viewerId);
  return `SELECT n.id, n.title, n.summary, n.body, n.cover_image, n.author_id, u.name AS author_name, u.verified AS author_verified,
      u.profile_image AS author_image, n.community_id, c.name AS community_name, ${pictureUnlessHidden("c", "image")} AS community_image,
      (SELECT m.role FROM community_members m WHERE n.community_id IS NOT NULL AND m.community_id = n.community_id AND m.user_id = ${viewer}::text)
        AS viewer_community_role,
      n.published_at, n.hidden, n.hidden_reason, n.featured, n.created_at, n.updated_at,
      ${followColumns("news", "n", viewer)}
    FROM news n LEFT JOIN users u ON u.id = n.author_id LEFT JOIN communities c ON c.id = n.community_id`;
}

const NEWEST_FIRST = [timestampKey("n.published_at"), { column: "n.id" }];

export function createNewsRepository(db: Queryable) {
  const rows = rowFinder<NewsRow>(db, "news", selectNews);

  return {
    ...rows,

    async list(filters: NewsFilters, page: PageRequest, viewerId: string | null) {
      const p = new Params();
      const where = sharedConditions("news", filters, p);
      if (!filters.includeScheduled) where.push("n.published_at <= now()");
      if (filters.communityId) where.push(`n.community_id = ${p.add(filters.communityId)}`);
      if (filters.authorId) where.push(`n.author_id = ${p.add(filters.authorId)}`);
      return keysetPage(db, "news", { where, keys: NEWEST_FIRST, descending: true, p }, page, (ids) => rows.findMany(ids, viewerId));
    },

    async create(input: NewsWrite, authorId: string): Promise<string> {
      const id = randomUUID();
      // Not announced yet: whoever publishes it claims the announcement (claimDue) once it is out.
      await db.query(
        `INSERT INTO news (id, title, summary, body, community_id, published_at, author_id, announced_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)`,
        [id, input.title, input.summary, input.body, input.communityId, input.publishedAt, authorId],
      );
      return id;
    },

    /**
     * Marks as announced the pieces that are out and were not announced yet (only `ids`, when
     * given) and returns their ids. Rows being claimed by another instance are skipped, so each
     * piece is claimed exactly once however many instances run this at the same time.
     */
    async claimDue(ids: string[] | null, limit = 100): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `UPDATE news SET announced_at = now()
          WHERE id IN (
            SELECT id FROM news
             WHERE announced_at IS NULL AND published_at <= now() AND ($1::text[] IS NULL OR id = ANY($1::text[]))
             ORDER BY published_at, id LIMIT $2
             FOR UPDATE SKIP LOCKED)
            AND announced_at IS NULL
          RETURNING id`,
        [ids, limit],
      );
      return rows.map((r) => r.id);
    },

    async update(id: string, input: NewsWrite): Promise<void> {
      await db.query(
        "UPDATE news SET title = $2, summary = $3, body = $4, community_id = $5, published_at = $6, updated_at = now() WHERE id = $1",
        [id, input.title, input.summary, input.body, input.communityId, input.publishedAt],
      );
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
