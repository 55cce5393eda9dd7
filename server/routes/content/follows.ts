import type { ContentKind } from "../../../lib/schemas/content";
import type { Queryable } from "../../db/client";

// Follows of content live in the shared `follows` table (target_kind = events | places | news |
// communities, and tags, which follow the same rules), which also feeds the `following` lists of
// the user's my-data.

type Followable = ContentKind | "tags";

export function createContentFollows(db: Queryable) {
  return {
    /** Idempotent: following twice or unfollowing something not followed changes nothing. */
    async set(kind: Followable, targetId: string, userId: string, follow: boolean): Promise<{ following: boolean; followersCount: number }> {
      if (follow) {
        await db.query(
          "INSERT INTO follows (follower_id, target_kind, target_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
          [userId, kind, targetId],
        );
      } else {
        await db.query("DELETE FROM follows WHERE follower_id = $1 AND target_kind = $2 AND target_id = $3", [userId, kind, targetId]);
      }
      const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM follows WHERE target_kind = $1 AND target_id = $2", [
        kind,
        targetId,
      ]);
      return { following: follow, followersCount: rows[0]?.n ?? 0 };
    },

    async followersOf(kind: ContentKind, targetIds: string[], exceptUserId: string | null): Promise<string[]> {
      if (targetIds.length === 0) return [];
      const rows = await db.query<{ follower_id: string }>(
        `SELECT DISTINCT follower_id FROM follows
          WHERE target_kind = $1 AND target_id = ANY($2::text[]) AND ($3::text IS NULL OR follower_id <> $3)`,
        [kind, targetIds, exceptUserId],
      );
      return rows.map((r) => r.follower_id);
    },

    /** Drops follows of a deleted item so nobody keeps a dangling id in their lists. */
    async removeTargets(kind: ContentKind, targetIds: string[]): Promise<void> {
      if (targetIds.length === 0) return;
      await db.query("DELETE FROM follows WHERE target_kind = $1 AND target_id = ANY($2::text[])", [kind, targetIds]);
    },
  };
}

/** SQL fragments for a row aliased `alias`: its followers count and whether `$viewer` follows it. */
export function followColumns(kind: ContentKind, alias: string, viewerParam: string): string {
  return `(SELECT count(*)::int FROM follows f WHERE f.target_kind = '${kind}' AND f.target_id = ${alias}.id) AS followers_count,
    (${viewerParam}::text IS NOT NULL AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerParam}::text AND f.target_kind = '${kind}' AND f.target_id = ${alias}.id)) AS following`;
}

/** Followers of each target: target id → follower ids (without `exceptUserId`). */
export async function followersByTarget(
  db: Queryable,
  kind: Followable | "users",
  targetIds: string[],
  exceptUserId: string | null,
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (targetIds.length === 0) return result;
  const rows = await db.query<{ target_id: string; follower_id: string }>(
    `SELECT target_id, follower_id FROM follows
      WHERE target_kind = $1 AND target_id = ANY($2::text[]) AND ($3::text IS NULL OR follower_id <> $3)`,
    [kind, targetIds, exceptUserId],
  );
  for (const row of rows) {
    const list = result.get(row.target_id) ?? [];
    list.push(row.follower_id);
    result.set(row.target_id, list);
  }
  return result;
}
