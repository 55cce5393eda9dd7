import type { PublicUser, UserSummary } from "../../../lib/schemas/public-users";
import type { Address } from "../../../lib/schemas/addresses";
import type { Following, InitialData, User } from "../../../lib/schemas/users";
import { isAdminAccount } from "../../../lib/schemas/users";
import type { UserRow } from "./rows";
import { isBanActive } from "../../plugins/auth";

// Rows → the wire contract of lib/schemas/users.ts.


function banOf(row: UserRow, now: Date): User["ban"] {
  return isBanActive(row, now) && row.banReason && row.banEndsAt ? { reason: row.banReason, endDate: row.banEndsAt.toISOString() } : null;
}

function requestingVerificationOf(row: UserRow): User["requestingVerification"] {
  return {
    sent: row.verificationRequested,
    type: row.verificationType,
    requestedAt: row.verificationRequested && row.verificationRequestedAt ? row.verificationRequestedAt.toISOString() : null,
    rejectionReason: row.verificationRequested ? null : row.verificationRejectionReason,
  };
}

/**
 * `addresses` and `accessibilityNeeds` are private: only the person's own answers (my-data,
 * initial data, own edits) carry them (`own`); everyone else, admins included, gets them empty.
 */
export function toUser(row: UserRow, following: Following, followersCount: number, now: Date = new Date(), addresses: Address[] = [], own = false): User {
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
    addresses,
    following,
    requestingVerification: requestingVerificationOf(row),
    createdAt: row.createdAt.toISOString(),
    links: row.links ?? [],
    profileImageSizes: row.profileImageSet?.sizes ?? null,
    coverImageSizes: row.coverImageSet?.sizes ?? null,
    followersCount,
    followingCount: following.users.length,
    ban: banOf(row, now),
    accessibilityNeeds: own ? row.accessibilityNeeds : [],
  };
}

/** Whether `viewer` may see the private parts (email, ban) of `row`. */
function isPrivileged(row: UserRow, viewer: UserRow | null): boolean {
  return viewer !== null && (viewer.id === row.id || isAdminAccount(viewer.accountType));
}

/** Someone else's profile hides the email and the ban unless the viewer moderates users. */
export function toPublicUser(row: UserRow, following: Following, followersCount: number, viewer: UserRow | null): PublicUser {
  const user = toUser(row, following, followersCount);
  const privileged = isPrivileged(row, viewer);
  return { ...user, email: privileged ? user.email : null, ban: privileged ? user.ban : null };
}

export function toUserSummary(row: UserRow, followersCount: number, viewer: UserRow | null, now: Date = new Date()): UserSummary {
  const privileged = isPrivileged(row, viewer);
  return {
    _id: row.id,
    name: row.name,
    email: privileged ? row.email : null,
    accountType: row.accountType,
    verified: row.verified,
    bio: row.bio,
    profileImage: row.profileImage,
    profileImageSizes: row.profileImageSet?.sizes ?? null,
    impact: row.impact,
    requestingVerification: requestingVerificationOf(row),
    followersCount,
    ban: privileged ? banOf(row, now) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toInitialData(user: User | null): InitialData {
  return user ? { banned: user.ban !== null, ban: user.ban, user } : { banned: false, ban: null, user: null };
}
