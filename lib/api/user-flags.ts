import type { AccountType } from "@/lib/schemas/users";

// docs/product.md#user-flags: the edits an admin action or the user's own action makes to cached
// copies of a user, applied at once (before the server answers) and undone if the call fails.
// Pure functions over the fields they touch, so they apply to my-data, a public profile and a
// row of the admin list alike.

interface Flagged {
  _id: string;
  verified: boolean;
  accountType: AccountType;
  requestingVerification: { sent: boolean; type: string | null; rejectionReason?: string | null };
}

interface Follower {
  following: { users: string[] };
  followingCount?: number;
}

interface Followed {
  followersCount?: number;
}

/** Verify sets verified true; unverify sets it false. An approved request is no longer pending. */
export function withVerified<T extends Pick<Flagged, "verified"> & Partial<Pick<Flagged, "requestingVerification">>>(
  user: T,
  verified: boolean,
): T {
  const next = { ...user, verified };
  if (verified && user.requestingVerification) next.requestingVerification = { ...user.requestingVerification, sent: false };
  return next;
}

/** Set as admin: ADMIN and not verified. Removal: NORMAL and verified. */
export function withAdminRole<T extends Pick<Flagged, "verified" | "accountType">>(user: T, remove: boolean): T {
  return remove ? { ...user, accountType: "NORMAL", verified: true } : { ...user, accountType: "ADMIN", verified: false };
}

/** After a verification request: sent, with the chosen type. */
export function withVerificationRequest<T extends Pick<Flagged, "requestingVerification">>(user: T, type: string): T {
  const previous = user.requestingVerification;
  const next = { ...previous, sent: true, type };
  // A new request clears the reason the last one was rejected.
  if ("rejectionReason" in previous) next.rejectionReason = null;
  return { ...user, requestingVerification: next };
}

/** A rejected request is no longer pending (the type is kept so the form can offer it again). */
export function withVerificationRejected<T extends Pick<Flagged, "requestingVerification">>(user: T): T {
  return { ...user, requestingVerification: { ...user.requestingVerification, sent: false } };
}

/**
 * The follower's side: adds or removes the id in following.users (never twice), and keeps a
 * following count in step when the copy carries one.
 */
export function withFollowing<T extends Follower>(user: T, targetId: string, follow: boolean): T {
  const has = user.following.users.includes(targetId);
  if (has === follow) return user;
  const users = follow ? [...user.following.users, targetId] : user.following.users.filter((id) => id !== targetId);
  const next: T = { ...user, following: { ...user.following, users } };
  if (typeof user.followingCount === "number") next.followingCount = Math.max(0, user.followingCount + (follow ? 1 : -1));
  return next;
}

/** The followed user's side: the followers count, when the copy carries one. */
export function withFollower<T extends Followed>(user: T, follow: boolean): T {
  if (typeof user.followersCount !== "number") return user;
  return { ...user, followersCount: Math.max(0, user.followersCount + (follow ? 1 : -1)) };
}

/** Whether `user` follows `targetId` according to a cached copy. */
export function isFollowing(user: Follower | null | undefined, targetId: string): boolean {
  return user?.following.users.includes(targetId) ?? false;
}
