import type { News } from "../../../lib/schemas/news";
import { communitySummaryFrom, metaFrom, userSummaryFrom } from "../content/mappers";
import { toIso } from "../content/sql";
import { editsCommunityContent, type Viewer } from "../content/viewer";
import type { NewsRow } from "./repository";

// Rows → the wire contract of lib/schemas/news.ts.

export const canEditNews = (row: Pick<NewsRow, "author_id" | "viewer_community_role">, viewer: Viewer): boolean =>
  editsCommunityContent(row.author_id, row.viewer_community_role, viewer);

export function toNews(row: NewsRow, viewer: Viewer): News {
  const canEdit = canEditNews(row, viewer);
  return {
    _id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    coverImage: row.cover_image,
    author: userSummaryFrom(row.author_id, row.author_name, row.author_verified, row.author_image),
    community: communitySummaryFrom(row.community_id, row.community_name, row.community_image),
    publishedAt: toIso(row.published_at),
    ...metaFrom(row, canEdit, canEdit || viewer.isAdmin),
  };
}
