import type { PublicUser } from "../../../lib/schemas/public-users";
import type { Following, InitialData, User } from "../../../lib/schemas/users";
import { isAdminAccount } from "../../../lib/schemas/users";
import type { UserRow } from "../../db/schema";
import { isBanActive } from "../../plugins/auth";

// Rows → the wire contract of lib/schemas/users.ts.

export function toUser(row: UserRow, following: Following): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    accountType: row.accountType,
    verified: row.verified,
    bio: row.bio,
    profileImage: row.profileImage,
    coverImage: row.coverImage,
    impact: row.impact,
    // Addresses arrive with their own issue; the contract already carries the list.
    addresses: [],
    following,
    requestingVerification: { sent: row.verificationRequested, type: row.verificationType },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Someone else's profile hides the email unless the viewer moderates users. */
export function toPublicUser(row: UserRow, following: Following, viewer: UserRow | null): PublicUser {
  const user = toUser(row, following);
  const privileged = viewer !== null && (viewer.id === row.id || isAdminAccount(viewer.accountType));
  return { ...user, email: privileged ? user.email : null };
}

export function toInitialData(row: UserRow | null, following: Following | null, now: Date = new Date()): InitialData {
  if (!row) return { banned: false, ban: null, user: null };
  const banned = isBanActive(row, now);
  return {
    banned,
    ban: banned && row.banReason && row.banEndsAt ? { reason: row.banReason, endDate: row.banEndsAt.toISOString() } : null,
    user: toUser(row, following ?? { users: [], events: [], places: [], news: [], communities: [] }),
  };
}
