import { asc, eq, sql } from "drizzle-orm";
import type { Following } from "../../../lib/schemas/users";
import type { AccountType } from "../../../lib/schemas/users";
import type { AppDb } from "../../db/client";
import { FOLLOW_TARGET_KINDS, follows, users, type UserRow } from "../../db/schema";

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
}

export function createUsersRepository(db: AppDb) {
  async function findById(id: string): Promise<UserRow | null> {
    const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0] ?? null;
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

    async setBan(userId: string, ban: Ban | null): Promise<UserRow | null> {
      const rows = await db
        .update(users)
        .set({ banReason: ban?.reason ?? null, banEndsAt: ban?.endsAt ?? null, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return rows[0] ?? null;
    },

    async setAccountType(userId: string, accountType: AccountType): Promise<UserRow | null> {
      const rows = await db.update(users).set({ accountType, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
      return rows[0] ?? null;
    },

    async count(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return rows[0]?.n ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
