import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Following } from "../../../lib/schemas/users";
import type { AccountType, VerificationType } from "../../../lib/schemas/users";
import type { AppDb } from "../../db/client";
import {
  FOLLOW_TARGET_KINDS,
  follows,
  notifications,
  userNotificationTokens,
  userProviderTokens,
  users,
  type ProfileLink,
  type StoredImageSet,
  type UserRow,
} from "../../db/schema";
import { activeBan } from "./bans";

// The only code that touches SQL for users and their follows. Handlers get rows and plain
// results, never query builders.

export interface NewUser {
  id: string;
  name: string;
  email: string;
  accountType?: AccountType;
  verified?: boolean;
  bio?: string | null;
}

export type CreateUserResult =
  | { status: "created"; user: UserRow }
  /** This uid already has a profile (a repeated sign-up); it is returned untouched. */
  | { status: "exists"; user: UserRow }
  /** Another uid owns the email, compared without case. */
  | { status: "email_taken" };

export interface Ban {
  reason: string;
  endsAt: Date;
  /** Who banned (an admin's id); null when set by a script or a test. */
  bannedBy?: string | null;
}

export interface ProfileChanges {
  name?: string;
  bio?: string | null;
  links?: ProfileLink[];
}

export type ImageSlot = "profile" | "cover";

export interface StoredImageValue extends StoredImageSet {
  url: string;
}

export interface UserSearch {
  search?: string;
  role?: AccountType;
  verified?: boolean;
  banned?: boolean;
  cursor: KeysetCursor | null;
  limit: number;
}

/** A position in a list ordered by a timestamp and the id (keyset pagination). */
export interface KeysetCursor {
  at: string;
  id: string;
}

export interface UserPage {
  rows: UserRow[];
  /** The position after the last row, when there are more. */
  next: KeysetCursor | null;
}

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

export function decodeKeysetCursor(value: string): KeysetCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as unknown[];
    if (typeof at !== "string" || typeof id !== "string" || Number.isNaN(Date.parse(at))) return null;
    return { at, id };
  } catch {
    return null;
  }
}

// Microsecond text of a timestamp for cursors: a JS Date would round to milliseconds and a page
// boundary could then skip or repeat rows created within the same millisecond.
const micros = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** LIKE pattern that matches `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ID tokens live an hour; a revocation is kept a while longer for clock skew.
const REVOCATION_KEPT = "2 hours";

export function createUsersRepository(db: AppDb) {
  // Every authenticated request loads its user: built once, not per call.
  const findByIdStatement = db.select().from(users).where(eq(users.id, sql.placeholder("id"))).limit(1).prepare("users_find_by_id");

  async function findById(id: string): Promise<UserRow | null> {
    const rows = await findByIdStatement.execute({ id });
    return rows[0] ?? null;
  }

  async function update(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
    const rows = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return rows[0] ?? null;
  }

  async function page(where: SQL | undefined, orderColumn: typeof users.createdAt | typeof users.verificationRequestedAt, direction: "asc" | "desc", cursor: KeysetCursor | null, limit: number): Promise<UserPage> {
    const conditions: (SQL | undefined)[] = [where];
    if (cursor) {
      conditions.push(
        direction === "desc"
          ? sql`(${orderColumn}, ${users.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : sql`(${orderColumn}, ${users.id}) > (${cursor.at}::timestamptz, ${cursor.id})`,
      );
    }
    const order = direction === "desc" ? [desc(orderColumn), desc(users.id)] : [asc(orderColumn), asc(users.id)];
    const rows = await db
      .select({ user: users, at: micros(orderColumn) })
      .from(users)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return { rows: shown.map((r) => r.user), next: rows.length > limit && last ? { at: last.at, id: last.user.id } : null };
  }

  return {
    findById,

    async findByEmail(email: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email.trim()})`)
        .limit(1);
      return rows[0] ?? null;
    },

    async findManyByIds(ids: string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },

    /**
     * Inserts the profile unless a unique key is taken. Relying on the database instead of a
     * look-up first keeps two simultaneous sign-ups from both succeeding.
     */
    async create(input: NewUser): Promise<CreateUserResult> {
      const inserted = await db
        .insert(users)
        .values({
          id: input.id,
          name: input.name,
          email: input.email.trim(),
          accountType: input.accountType ?? "NORMAL",
          verified: input.verified ?? false,
          bio: input.bio ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { status: "created", user: inserted[0] };
      const existing = await findById(input.id);
      return existing ? { status: "exists", user: existing } : { status: "email_taken" };
    },

    /** What a user follows, grouped by kind, oldest first. */
    async followingOf(userId: string): Promise<Following> {
      const rows = await db
        .select({ kind: follows.targetKind, id: follows.targetId })
        .from(follows)
        .where(eq(follows.followerId, userId))
        .orderBy(asc(follows.createdAt), asc(follows.targetId));
      const following = Object.fromEntries(FOLLOW_TARGET_KINDS.map((kind) => [kind, [] as string[]])) as Following;
      for (const row of rows) following[row.kind]?.push(row.id);
      return following;
    },

    /**
     * What a user follows and how many follow them, in one round trip (every profile answer
     * needs both; the database is the bottleneck of these calls).
     */
    async relationsOf(userId: string): Promise<{ following: Following; followersCount: number }> {
      // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`.
      const result = (await db.execute(sql`
        SELECT kind, id FROM (
          SELECT ${follows.targetKind} AS kind, ${follows.targetId} AS id, ${follows.createdAt} AS at
          FROM ${follows} WHERE ${follows.followerId} = ${userId}
          UNION ALL
          SELECT '#followers', count(*)::text, NULL FROM ${follows}
          WHERE ${follows.targetKind} = 'users' AND ${follows.targetId} = ${userId}
        ) relations
        ORDER BY at ASC NULLS FIRST, id ASC`)) as unknown as { rows: { kind: string; id: string }[] };
      const following = Object.fromEntries(FOLLOW_TARGET_KINDS.map((kind) => [kind, [] as string[]])) as Following;
      let followersCount = 0;
      for (const row of result.rows) {
        if (row.kind === "#followers") followersCount = Number(row.id);
        else following[row.kind as keyof Following]?.push(row.id);
      }
      return { following, followersCount };
    },

    async followersCount(userId: string): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(follows)
        .where(and(eq(follows.targetKind, "users"), eq(follows.targetId, userId)));
      return Number(rows[0]?.n ?? 0);
    },

    /** Followers of many users at once (lists), as id → count. */
    async followersCounts(userIds: string[]): Promise<Map<string, number>> {
      const counts = new Map(userIds.map((id) => [id, 0]));
      if (userIds.length === 0) return counts;
      const rows = await db
        .select({ id: follows.targetId, n: count() })
        .from(follows)
        .where(and(eq(follows.targetKind, "users"), inArray(follows.targetId, userIds)))
        .groupBy(follows.targetId);
      for (const row of rows) counts.set(row.id, Number(row.n));
      return counts;
    },

    /** The users `userId` follows, most recently followed first. */
    async followedUsers(userId: string, limit = 1000): Promise<UserRow[]> {
      const rows = await db
        .select({ user: users })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.targetId))
        .where(and(eq(follows.followerId, userId), eq(follows.targetKind, "users")))
        .orderBy(desc(follows.createdAt), desc(follows.targetId))
        .limit(limit);
      return rows.map((r) => r.user);
    },

    /** True when the follow is new (a repeat changes nothing). */
    async follow(followerId: string, targetId: string): Promise<boolean> {
      const rows = await db
        .insert(follows)
        .values({ followerId, targetKind: "users", targetId })
        .onConflictDoNothing()
        .returning({ id: follows.targetId });
      return rows.length > 0;
    },

    /** True when there was a follow to remove. */
    async unfollow(followerId: string, targetId: string): Promise<boolean> {
      const rows = await db
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.targetKind, "users"), eq(follows.targetId, targetId)))
        .returning({ id: follows.targetId });
      return rows.length > 0;
    },

    updateProfile(userId: string, changes: ProfileChanges): Promise<UserRow | null> {
      return update(userId, changes);
    },

    /** Points the slot at a new image; returns the row and the image it replaced (to delete). */
    async setImage(userId: string, slot: ImageSlot, image: StoredImageValue | null): Promise<{ user: UserRow; previous: StoredImageSet | null } | null> {
      const before = await findById(userId);
      if (!before) return null;
      const set = image ? { keys: image.keys, sizes: image.sizes } : null;
      const user = await update(
        userId,
        slot === "profile" ? { profileImage: image?.url ?? null, profileImageSet: set } : { coverImage: image?.url ?? null, coverImageSet: set },
      );
      if (!user) return null;
      return { user, previous: slot === "profile" ? before.profileImageSet : before.coverImageSet };
    },

    async setBan(userId: string, ban: Ban | null): Promise<UserRow | null> {
      return update(userId, {
        banReason: ban?.reason ?? null,
        banEndsAt: ban?.endsAt ?? null,
        bannedBy: ban?.bannedBy ?? null,
        bannedAt: ban ? new Date() : null,
      });
    },

    async setAccountType(userId: string, accountType: AccountType): Promise<UserRow | null> {
      return update(userId, { accountType });
    },

    /** docs/product.md#user-flags: setting admin makes the account not verified; removing it makes it verified. */
    async setAdminRole(userId: string, admin: boolean): Promise<UserRow | null> {
      return update(userId, admin ? { accountType: "ADMIN", verified: false } : { accountType: "NORMAL", verified: true });
    },

    /** Grants verification: closes any pending request and forgets an old rejection. */
    async approveVerification(userId: string, type: VerificationType | null): Promise<UserRow | null> {
      return update(userId, {
        verified: true,
        verificationRequested: false,
        ...(type ? { verificationType: type } : {}),
        verificationRejectionReason: null,
        verificationReviewedAt: new Date(),
      });
    },

    async revokeVerification(userId: string): Promise<UserRow | null> {
      return update(userId, { verified: false });
    },

    /** Queues a request; a repeat only changes the type and keeps its place in the queue. */
    async requestVerification(userId: string, type: VerificationType): Promise<UserRow | null> {
      const rows = await db
        .update(users)
        .set({
          verificationRequested: true,
          verificationType: type,
          verificationRequestedAt: sql`CASE WHEN ${users.verificationRequested} THEN ${users.verificationRequestedAt} ELSE now() END`,
          verificationRejectionReason: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      return rows[0] ?? null;
    },

    async rejectVerification(userId: string, reason: string): Promise<UserRow | null> {
      return update(userId, { verificationRequested: false, verificationRejectionReason: reason, verificationReviewedAt: new Date() });
    },

    async setImpact(userId: string, impact: number): Promise<UserRow | null> {
      return update(userId, { impact });
    },

    async saveProviderTokens(userId: string, providerId: string, accessToken: string, idToken: string): Promise<void> {
      await db
        .insert(userProviderTokens)
        .values({ userId, providerId, accessToken, idToken })
        .onConflictDoUpdate({
          target: [userProviderTokens.userId, userProviderTokens.providerId],
          set: { accessToken, idToken, updatedAt: new Date() },
        });
    },

    async providerTokensOf(userId: string) {
      return db.select().from(userProviderTokens).where(eq(userProviderTokens.userId, userId));
    },

    async saveNotificationToken(userId: string, token: string): Promise<void> {
      await db
        .insert(userNotificationTokens)
        .values({ token, userId })
        .onConflictDoUpdate({ target: userNotificationTokens.token, set: { userId, updatedAt: new Date() } });
    },

    async notificationTokensOf(userId: string): Promise<string[]> {
      const rows = await db.select({ token: userNotificationTokens.token }).from(userNotificationTokens).where(eq(userNotificationTokens.userId, userId));
      return rows.map((r) => r.token);
    },

    /** Admin search: newest accounts first, filtered, keyset-paginated. */
    async search(query: UserSearch): Promise<UserPage> {
      const conditions: SQL[] = [];
      if (query.search) {
        const pattern = containsPattern(query.search);
        conditions.push(sql`(${users.name} ILIKE ${pattern} OR ${users.email} ILIKE ${pattern} OR ${users.id} = ${query.search})`);
      }
      if (query.role) conditions.push(eq(users.accountType, query.role));
      if (query.verified !== undefined) conditions.push(eq(users.verified, query.verified));
      if (query.banned !== undefined) conditions.push(query.banned ? activeBan() : sql`NOT ${activeBan()}`);
      return page(conditions.length > 0 ? and(...conditions) : undefined, users.createdAt, "desc", query.cursor, query.limit);
    },

    /** The admins' verification queue, oldest request first. */
    async pendingVerification(cursor: KeysetCursor | null, limit: number): Promise<UserPage> {
      return page(eq(users.verificationRequested, true), users.verificationRequestedAt, "asc", cursor, limit);
    },

    async count(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return rows[0]?.n ?? 0;
    },

    /**
     * Removes a person's data: the profile row (its follows, tokens, notifications and stream
     * tickets go with it by cascade), everyone's follows of them, and notifications that named
     * them to others ("X empezó a seguirte"). Returns the deleted row, for its images.
     */
    async deleteAccount(userId: string): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        await tx.delete(follows).where(and(eq(follows.targetKind, "users"), eq(follows.targetId, userId)));
        await tx.delete(notifications).where(sql`${notifications.data} ->> 'actorId' = ${userId}`);
        const rows = await tx.delete(users).where(eq(users.id, userId)).returning();
        // In the same transaction: no instance may see the profile gone and the tokens still good.
        await tx.execute(sql`DELETE FROM revoked_sessions WHERE revoked_at < now() - ${REVOCATION_KEPT}::interval`);
        await tx.execute(sql`
          INSERT INTO revoked_sessions (user_id, revoked_at) VALUES (${userId}, now())
          ON CONFLICT (user_id) DO UPDATE SET revoked_at = excluded.revoked_at`);
        return rows[0] ?? null;
      });
    },

    /** Whether tokens of `userId` issued at `issuedAt` were revoked (the account was deleted after). */
    async isSessionRevoked(userId: string, issuedAt: Date): Promise<boolean> {
      const result = (await db.execute(
        sql`SELECT 1 FROM revoked_sessions WHERE user_id = ${userId} AND revoked_at >= ${issuedAt.toISOString()}::timestamptz`,
      )) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
