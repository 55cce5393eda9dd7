import type { ContentKind } from "../../../lib/schemas/content";
import type { Queryable } from "../../db/client";

// Rows read without a viewer (shared-rows.ts) say nobody follows them and give no community
// role. For a signed-in viewer both are read here, for all the rows at once, and set on copies:
// what toItem then derives (following, canEdit, who sees why it was hidden) is the same as for
// rows read with the viewer.

/** Where a kind's rows carry the viewer's role in a community: that column and its community. */
export interface ViewerRole<Row> {
  column: keyof Row & string;
  communityOf(row: Row): string | null;
}

interface ViewerFacts {
  followed: string[];
  roles: Record<string, string> | null;
}

export async function withViewer<Row extends { id: string; following: boolean }>(
  db: Queryable,
  kind: ContentKind,
  rows: Row[],
  viewerId: string | null,
  role?: ViewerRole<Row>,
): Promise<Row[]> {
  if (viewerId === null || rows.length === 0) return rows;
  const communities = role ? [...new Set(rows.map((row) => role.communityOf(row)).filter((id): id is string => id !== null))] : [];
  const [facts] = await db.query<ViewerFacts>(
    `SELECT ARRAY(SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = $2 AND target_id = ANY($3::text[])) AS followed,
       (SELECT json_object_agg(community_id, role) FROM community_members WHERE user_id = $1 AND community_id = ANY($4::text[])) AS roles`,
    [viewerId, kind, rows.map((row) => row.id), communities],
  );
  const followed = new Set(facts?.followed ?? []);
  return rows.map((row) => {
    const community = role?.communityOf(row) ?? null;
    const viewerRole = role ? { [role.column]: (community !== null ? facts?.roles?.[community] : undefined) ?? null } : {};
    return { ...row, following: followed.has(row.id), ...viewerRole };
  });
}
