import { randomBytes } from "node:crypto";
import type { Queryable } from "../../db/client";

// The only SQL of calendar feeds: one secret token per user.

export interface FeedRow {
  user_id: string;
  token: string;
  created_at: unknown;
}

/** 32 random bytes: unguessable, and URL-safe as it stands. */
export const newFeedToken = () => randomBytes(32).toString("base64url");

export function createCalendarFeedsRepository(db: Queryable) {
  return {
    async ofUser(userId: string): Promise<FeedRow | null> {
      const rows = await db.query<FeedRow>("SELECT user_id, token, created_at FROM calendar_feeds WHERE user_id = $1", [userId]);
      return rows[0] ?? null;
    },

    /** The user's feed, created on first request. */
    async ensure(userId: string): Promise<FeedRow> {
      await db.query("INSERT INTO calendar_feeds (user_id, token) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING", [userId, newFeedToken()]);
      return (await this.ofUser(userId))!;
    },

    /** A new token; the old URL stops working at once. */
    async rotate(userId: string): Promise<FeedRow> {
      const rows = await db.query<FeedRow>(
        `INSERT INTO calendar_feeds (user_id, token) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET token = EXCLUDED.token, created_at = now()
         RETURNING user_id, token, created_at`,
        [userId, newFeedToken()],
      );
      return rows[0]!;
    },

    async revoke(userId: string): Promise<void> {
      await db.query("DELETE FROM calendar_feeds WHERE user_id = $1", [userId]);
    },

    async userByToken(token: string): Promise<string | null> {
      const rows = await db.query<{ user_id: string }>("SELECT user_id FROM calendar_feeds WHERE token = $1", [token]);
      return rows[0]?.user_id ?? null;
    },
  };
}
