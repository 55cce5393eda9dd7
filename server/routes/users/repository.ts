import type { AccessibilityFeature } from "../../../lib/schemas/accessibility";
import type { AccountType } from "../../../lib/schemas/users";
import type { Database } from "../../db/client";
import { toDate } from "../../db/sql";
import { createUserFollowsRepository } from "./follows-repository";
import { createModerationRepository } from "./moderation-repository";
import { toUserRow, type ProfileLink, type StoredImageSet, type UserRecord, type UserRow } from "./rows";
import { findUserById, findUserWithOwnRelations, updateUser } from "./user-queries";

// The only code that touches SQL for users and their follows: accounts here, follows in
// follows-repository.ts, what admins change in moderation-repository.ts. Handlers get rows and
// plain results, never SQL.

export type { Ban, UserSearch } from "./moderation-repository";
export type { UserPage } from "./user-pages";

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

export interface ProfileChanges {
  name?: string;
  bio?: string | null;
  links?: ProfileLink[];
  accessibilityNeeds?: AccessibilityFeature[];
}

export type ImageSlot = "profile" | "cover";

export interface StoredImageValue extends StoredImageSet {
  url: string;
}

export interface ProviderTokens {
  userId: string;
  providerId: string;
  accessToken: string;
  idToken: string;
  updatedAt: Date;
}

// ID tokens live an hour; a revocation is kept a while longer for clock skew.
const REVOCATION_KEPT = "2 hours";

export function createUsersRepository(db: Pick<Database, "query" | "exec" | "transaction">) {
  // Every authenticated request loads its user through this one (a primary-key look-up).
  const findById = (id: string) => findUserById(db, id);

  return {
    findById,
    /** findById with the person's own relations, for the answers that are their own profile. */
    findWithOwnRelations: (id: string) => findUserWithOwnRelations(db, id),
    ...createUserFollowsRepository(db),
    ...createModerationRepository(db),

    async findByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.query<UserRecord>("SELECT * FROM users WHERE lower(email) = lower($1) LIMIT 1", [email.trim()]);
      return rows[0] ? toUserRow(rows[0]) : null;
    },

    /**
     * Inserts the profile unless a unique key is taken. Relying on the database instead of a
     * look-up first keeps two simultaneous sign-ups from both succeeding.
     */
    async create(input: NewUser): Promise<CreateUserResult> {
      const inserted = await db.query<UserRecord>(
        `INSERT INTO users (id, name, email, account_type, verified, bio) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING *`,
        [input.id, input.name, input.email.trim(), input.accountType ?? "NORMAL", input.verified ?? false, input.bio ?? null],
      );
      if (inserted[0]) return { status: "created", user: toUserRow(inserted[0]) };
      const existing = await findById(input.id);
      return existing ? { status: "exists", user: existing } : { status: "email_taken" };
    },

    /** Mirrors the identity's email (the token is the source of truth); null when another profile holds it. */
    async syncEmail(userId: string, email: string): Promise<UserRow | null> {
      try {
        return await updateUser(db, userId, { email: email.trim() });
      } catch (error) {
        // users_email_lower_key: a stale profile keeps that address.
        if ((error as { code?: unknown }).code === "23505") return null;
        throw error;
      }
    },

    updateProfile(userId: string, changes: ProfileChanges): Promise<UserRow | null> {
      return updateUser(db, userId, { name: changes.name, bio: changes.bio, links: changes.links, accessibilityNeeds: changes.accessibilityNeeds });
    },

    /** Points the slot at a new image; returns the row and the image it replaced (to delete). */
    async setImage(userId: string, slot: ImageSlot, image: StoredImageValue | null): Promise<{ user: UserRow; previous: StoredImageSet | null } | null> {
      const before = await findById(userId);
      if (!before) return null;
      const set = image ? { keys: image.keys, sizes: image.sizes } : null;
      const user = await updateUser(
        db,
        userId,
        slot === "profile" ? { profileImage: image?.url ?? null, profileImageSet: set } : { coverImage: image?.url ?? null, coverImageSet: set },
      );
      if (!user) return null;
      return { user, previous: slot === "profile" ? before.profileImageSet : before.coverImageSet };
    },

    async saveProviderTokens(userId: string, providerId: string, accessToken: string, idToken: string): Promise<void> {
      await db.query(
        `INSERT INTO user_provider_tokens (user_id, provider_id, access_token, id_token) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, provider_id) DO UPDATE SET access_token = excluded.access_token, id_token = excluded.id_token, updated_at = now()`,
        [userId, providerId, accessToken, idToken],
      );
    },

    async providerTokensOf(userId: string): Promise<ProviderTokens[]> {
      const rows = await db.query<{ user_id: string; provider_id: string; access_token: string; id_token: string; updated_at: unknown }>(
        "SELECT * FROM user_provider_tokens WHERE user_id = $1",
        [userId],
      );
      return rows.map((r) => ({ userId: r.user_id, providerId: r.provider_id, accessToken: r.access_token, idToken: r.id_token, updatedAt: toDate(r.updated_at) }));
    },

    async count(): Promise<number> {
      const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users");
      return rows[0]?.n ?? 0;
    },

    /**
     * Removes a person's data: the profile row (its follows, tokens, notifications and stream
     * tickets go with it by cascade), everyone's follows of them, and notifications that named
     * them to others ("X empezó a seguirte"). Returns the deleted row, for its images.
     */
    async deleteAccount(userId: string): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        await tx.query("DELETE FROM follows WHERE target_kind = 'users' AND target_id = $1", [userId]);
        await tx.query("DELETE FROM notifications WHERE data ->> 'actorId' = $1", [userId]);
        const rows = await tx.query<UserRecord>("DELETE FROM users WHERE id = $1 RETURNING *", [userId]);
        // In the same transaction: no instance may see the profile gone and the tokens still good.
        await tx.query(`DELETE FROM revoked_sessions WHERE revoked_at < now() - $1::interval`, [REVOCATION_KEPT]);
        await tx.query(
          `INSERT INTO revoked_sessions (user_id, revoked_at) VALUES ($1, now())
           ON CONFLICT (user_id) DO UPDATE SET revoked_at = excluded.revoked_at`,
          [userId],
        );
        return rows[0] ? toUserRow(rows[0]) : null;
      });
    },

    /** Whether tokens of `userId` issued at `issuedAt` were revoked (the account was deleted after). */
    async isSessionRevoked(userId: string, issuedAt: Date): Promise<boolean> {
      const rows = await db.query("SELECT 1 FROM revoked_sessions WHERE user_id = $1 AND revoked_at >= $2::timestamptz", [userId, issuedAt.toISOString()]);
      return rows.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
