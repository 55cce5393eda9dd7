import type { AccountType, VerificationType } from "../../../lib/schemas/users";
import type { Queryable } from "../../db/queryable";
import { containsPattern, Params } from "../../db/sql";
import { ACTIVE_BAN_SQL } from "./bans";
import { toUserRow, type UserRecord, type UserRow } from "./rows";
import { updateUser } from "./user-queries";
import { pageOfUsers, type UserPage } from "./user-pages";

// What the admins change on accounts (roles, bans, verification, impact) and the lists they work
// from. Who may do it is policy.ts; this is only the SQL.

export interface Ban {
  reason: string;
  endsAt: Date;
  /** Who banned (an admin's id); null when set by a script or a test. */
  bannedBy?: string | null;
}

export interface UserSearch {
  search?: string;
  role?: AccountType;
  verified?: boolean;
  banned?: boolean;
  /** The cursor of the previous page; none for the first one. */
  cursor?: string;
  limit: number;
}

export function createModerationRepository(db: Queryable) {
  return {
    async setBan(userId: string, ban: Ban | null): Promise<UserRow | null> {
      return updateUser(db, userId, {
        banReason: ban?.reason ?? null,
        banEndsAt: ban?.endsAt ?? null,
        bannedBy: ban?.bannedBy ?? null,
        bannedAt: ban ? new Date() : null,
      });
    },

    async setAccountType(userId: string, accountType: AccountType): Promise<UserRow | null> {
      return updateUser(db, userId, { accountType });
    },

    /** docs/product.md#user-flags: setting admin makes the account not verified; removing it makes it verified. */
    async setAdminRole(userId: string, admin: boolean): Promise<UserRow | null> {
      return updateUser(db, userId, admin ? { accountType: "ADMIN", verified: false } : { accountType: "NORMAL", verified: true });
    },

    /** Grants verification: closes any pending request and forgets an old rejection. */
    async approveVerification(userId: string, type: VerificationType | null): Promise<UserRow | null> {
      return updateUser(db, userId, {
        verified: true,
        verificationRequested: false,
        ...(type ? { verificationType: type } : {}),
        verificationRejectionReason: null,
        verificationReviewedAt: new Date(),
      });
    },

    async revokeVerification(userId: string): Promise<UserRow | null> {
      return updateUser(db, userId, { verified: false });
    },

    /** Queues a request; a repeat only changes the type and keeps its place in the queue. */
    async requestVerification(userId: string, type: VerificationType): Promise<UserRow | null> {
      const rows = await db.query<UserRecord>(
        `UPDATE users SET verification_requested = true, verification_type = $2,
           verification_requested_at = CASE WHEN verification_requested THEN verification_requested_at ELSE now() END,
           verification_rejection_reason = NULL, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [userId, type],
      );
      return rows[0] ? toUserRow(rows[0]) : null;
    },

    /** Who reviews verification requests: every ADMIN and MASTER account not banned now. */
    async reviewerIds(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM users WHERE account_type IN ('ADMIN', 'MASTER') AND NOT (${ACTIVE_BAN_SQL})`,
      );
      return rows.map((r) => r.id);
    },

    async rejectVerification(userId: string, reason: string): Promise<UserRow | null> {
      return updateUser(db, userId, { verificationRequested: false, verificationRejectionReason: reason, verificationReviewedAt: new Date() });
    },

    async setImpact(userId: string, impact: number): Promise<UserRow | null> {
      return updateUser(db, userId, { impact });
    },

    /** Admin search: newest accounts first, filtered, keyset-paginated. */
    async search(query: UserSearch): Promise<UserPage> {
      const p = new Params();
      const conditions: string[] = [];
      if (query.search) {
        const pattern = p.add(containsPattern(query.search));
        conditions.push(`(name ILIKE ${pattern} OR email ILIKE ${pattern} OR id = ${p.add(query.search)})`);
      }
      if (query.role) conditions.push(`account_type = ${p.add(query.role)}`);
      if (query.verified !== undefined) conditions.push(`verified = ${p.add(query.verified)}`);
      if (query.banned !== undefined) conditions.push(query.banned ? ACTIVE_BAN_SQL : `NOT ${ACTIVE_BAN_SQL}`);
      return pageOfUsers(db, { conditions, params: p, orderColumn: "created_at", direction: "desc", cursor: query.cursor, limit: query.limit });
    },

    /** The admins' verification queue, oldest request first. */
    async pendingVerification(cursor: string | undefined, limit: number): Promise<UserPage> {
      return pageOfUsers(db, { conditions: ["verification_requested = true"], params: new Params(), orderColumn: "verification_requested_at", direction: "asc", cursor, limit });
    },
  };
}
