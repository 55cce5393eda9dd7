import { DEFAULT_PUSH_PREFERENCES, PUSH_SUBSCRIPTIONS_PER_USER, type PushPreferences, type PushSubscriptionJson } from "../../lib/schemas/push";
import type { Queryable } from "../db/client";

// The only SQL of web push: browsers' subscriptions, people's preferences, and the claim that
// makes one API instance (of however many hear a notification) send its push.

export interface StoredSubscription {
  endpoint: string;
  userId: string;
  keys: { p256dh: string; auth: string };
}

/** A stored notification one instance has claimed for push. */
export interface ClaimedNotification {
  id: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

interface PreferencesRecord {
  user_id: string;
  follows: boolean;
  followed_events: boolean;
  followed_content: boolean;
  admin_messages: boolean;
}

const toPreferences = (r: PreferencesRecord): PushPreferences => ({
  follows: r.follows,
  followedEvents: r.followed_events,
  followedContent: r.followed_content,
  adminMessages: r.admin_messages,
});

export function createPushRepository(db: Pick<Queryable, "query">) {
  return {
    /**
     * Stores a browser's subscription for `userId` (a repeat only refreshes it; an endpoint
     * registered by someone else on this browser moves to them). Keeps the newest
     * PUSH_SUBSCRIPTIONS_PER_USER per person.
     */
    async save(userId: string, subscription: PushSubscriptionJson): Promise<void> {
      await db.query(
        `WITH saved AS (
           INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)
           ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now()
           RETURNING endpoint
         )
         DELETE FROM push_subscriptions WHERE endpoint IN (
           SELECT endpoint FROM push_subscriptions WHERE user_id = $2 AND endpoint NOT IN (SELECT endpoint FROM saved)
           ORDER BY updated_at DESC OFFSET $5
         )`,
        [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth, PUSH_SUBSCRIPTIONS_PER_USER - 1],
      );
    },

    /** Removes one of `userId`'s subscriptions; false when it was not theirs (or already gone). */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const rows = await db.query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2 RETURNING endpoint", [endpoint, userId]);
      return rows.length > 0;
    },

    /** The push service said the subscription is gone (404/410). */
    async prune(endpoint: string): Promise<void> {
      await db.query("DELETE FROM push_subscriptions WHERE endpoint = $1", [endpoint]);
    },

    async subscriptionsOf(userIds: string[]): Promise<StoredSubscription[]> {
      if (userIds.length === 0) return [];
      const rows = await db.query<{ endpoint: string; user_id: string; p256dh: string; auth: string }>(
        "SELECT endpoint, user_id, p256dh, auth FROM push_subscriptions WHERE user_id = ANY($1::text[])",
        [userIds],
      );
      return rows.map((r) => ({ endpoint: r.endpoint, userId: r.user_id, keys: { p256dh: r.p256dh, auth: r.auth } }));
    },

    async preferencesOf(userId: string): Promise<PushPreferences> {
      return (await this.preferencesOfMany([userId])).get(userId) ?? DEFAULT_PUSH_PREFERENCES;
    },

    /** Preferences by user; people who never chose are absent (everything on). */
    async preferencesOfMany(userIds: string[]): Promise<Map<string, PushPreferences>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.query<PreferencesRecord>("SELECT * FROM push_preferences WHERE user_id = ANY($1::text[])", [userIds]);
      return new Map(rows.map((r) => [r.user_id, toPreferences(r)]));
    },

    /** Sets the given groups, keeping the others; returns the whole set. */
    async setPreferences(userId: string, changes: Partial<PushPreferences>): Promise<PushPreferences> {
      const rows = await db.query<PreferencesRecord>(
        `INSERT INTO push_preferences (user_id, follows, followed_events, followed_content, admin_messages)
         VALUES ($1, coalesce($2, true), coalesce($3, true), coalesce($4, true), coalesce($5, true))
         ON CONFLICT (user_id) DO UPDATE SET
           follows = coalesce($2, push_preferences.follows),
           followed_events = coalesce($3, push_preferences.followed_events),
           followed_content = coalesce($4, push_preferences.followed_content),
           admin_messages = coalesce($5, push_preferences.admin_messages),
           updated_at = now()
         RETURNING *`,
        [userId, changes.follows ?? null, changes.followedEvents ?? null, changes.followedContent ?? null, changes.adminMessages ?? null],
      );
      return toPreferences(rows[0]!);
    },

    /**
     * Marks the given notifications as pushed and returns those this call marked, only for people
     * with a subscription. Every instance hears every notification; the row lock makes exactly
     * one of them win each row.
     */
    async claim(notificationIds: string[]): Promise<ClaimedNotification[]> {
      if (notificationIds.length === 0) return [];
      const rows = await db.query<{ id: string; user_id: string; kind: string; title: string; body: string; link: string | null }>(
        `UPDATE notifications n SET pushed_at = now()
         WHERE n.id = ANY($1::text[]) AND n.pushed_at IS NULL
           AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = n.user_id)
         RETURNING n.id, n.user_id, n.kind, n.title, n.body, n.link`,
        [notificationIds],
      );
      return rows.map((r) => ({ id: r.id, userId: r.user_id, kind: r.kind, title: r.title, body: r.body, link: r.link }));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
