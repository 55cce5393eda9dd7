import type { Following } from "../../../lib/schemas/users";
import type { Queryable } from "../../db/queryable";
import { noFollowing, toUserRow, type UserRecord, type UserRow } from "./rows";

// Who follows whom among people, and what a person follows of every kind (the `follows` table,
// 0001_users.sql). Follows of content are written by the content modules.

export function createUserFollowsRepository(db: Queryable) {
  return {
    /**
     * What a user follows and how many follow them, in one round trip (every profile answer
     * needs both; the database is the bottleneck of these calls).
     */
    async relationsOf(userId: string): Promise<{ following: Following; followersCount: number }> {
      const rows = await db.query<{ kind: string; id: string }>(
        `SELECT kind, id FROM (
           SELECT target_kind AS kind, target_id AS id, created_at AS at FROM follows WHERE follower_id = $1
           UNION ALL
           SELECT '#followers', count(*)::text, NULL FROM follows WHERE target_kind = 'users' AND target_id = $1
         ) relations
         ORDER BY at ASC NULLS FIRST, id ASC`,
        [userId],
      );
      const following = noFollowing();
      let followersCount = 0;
      for (const row of rows) {
        if (row.kind === "#followers") followersCount = Number(row.id);
        else following[row.kind as keyof Following]?.push(row.id);
      }
      return { following, followersCount };
    },

    async followersCount(userId: string): Promise<number> {
      const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM follows WHERE target_kind = 'users' AND target_id = $1", [userId]);
      return rows[0]?.n ?? 0;
    },

    /** Followers of many users at once (lists), as id → count. */
    async followersCounts(userIds: string[]): Promise<Map<string, number>> {
      const counts = new Map(userIds.map((id) => [id, 0]));
      if (userIds.length === 0) return counts;
      const rows = await db.query<{ id: string; n: number }>(
        "SELECT target_id AS id, count(*)::int AS n FROM follows WHERE target_kind = 'users' AND target_id = ANY($1::text[]) GROUP BY target_id",
        [userIds],
      );
      for (const row of rows) counts.set(row.id, row.n);
      return counts;
    },

    /** The users `userId` follows, most recently followed first. */
    async followedUsers(userId: string, limit = 1000): Promise<UserRow[]> {
      const rows = await db.query<UserRecord>(
        `SELECT u.* FROM follows f JOIN users u ON u.id = f.target_id
         WHERE f.follower_id = $1 AND f.target_kind = 'users'
         ORDER BY f.created_at DESC, f.target_id DESC LIMIT $2`,
        [userId, limit],
      );
      return rows.map(toUserRow);
    },

    /** True when the follow is new (a repeat changes nothing). */
    async follow(followerId: string, targetId: string): Promise<boolean> {
      const rows = await db.query(
        "INSERT INTO follows (follower_id, target_kind, target_id) VALUES ($1, 'users', $2) ON CONFLICT DO NOTHING RETURNING target_id",
        [followerId, targetId],
      );
      return rows.length > 0;
    },

    /** True when there was a follow to remove. */
    async unfollow(followerId: string, targetId: string): Promise<boolean> {
      const rows = await db.query("DELETE FROM follows WHERE follower_id = $1 AND target_kind = 'users' AND target_id = $2 RETURNING target_id", [
        followerId,
        targetId,
      ]);
      return rows.length > 0;
    },
  };
}
