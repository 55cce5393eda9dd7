import type { AccessibilityFeature } from "../../../lib/schemas/accessibility";
import type { AccountType, Following, ProfileLink } from "../../../lib/schemas/users";
import { fromJson, toDate, toDateOrNull } from "../../db/sql";

// The account tables as the server code sees them (server/db/migrations/0001_users.sql and
// 0002_accounts.sql are the source of truth). Repositories read snake_case records and hand out
// these camelCase rows with real Dates; nothing above a repository sees column names.

export const FOLLOW_TARGET_KINDS = ["users", "events", "places", "news", "communities", "tags"] as const;
export type FollowTargetKind = (typeof FOLLOW_TARGET_KINDS)[number];

/** Nothing followed yet, one list per kind, to be filled: written out, since every own-profile answer makes one. */
export function noFollowing(): Following {
  return { users: [], events: [], places: [], news: [], communities: [], tags: [] } satisfies Record<FollowTargetKind, string[]>;
}

export type { ProfileLink };

/** Every stored size of one uploaded image (0002_accounts.sql). */
export interface StoredImageSet {
  /** Store keys of the files, so a replacement can delete them. */
  keys: string[];
  /** Public URL per size label ("96", "256", "1280", …). */
  sizes: Record<string, string>;
}

/** One row of `users`. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  accountType: AccountType;
  verified: boolean;
  bio: string | null;
  profileImage: string | null;
  coverImage: string | null;
  impact: number;
  verificationRequested: boolean;
  verificationType: string | null;
  verificationRequestedAt: Date | null;
  banReason: string | null;
  banEndsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  links: ProfileLink[];
  profileImageSet: StoredImageSet | null;
  coverImageSet: StoredImageSet | null;
  verificationRejectionReason: string | null;
  verificationReviewedAt: Date | null;
  bannedBy: string | null;
  bannedAt: Date | null;
  accessibilityNeeds: AccessibilityFeature[];
}

/** The fields a repository may change, and the column each one is stored in. */
export type UserChanges = Partial<Omit<UserRow, "id" | "createdAt" | "updatedAt">>;

export const USER_COLUMN: { readonly [K in keyof Required<UserChanges>]: string } = {
  name: "name",
  email: "email",
  accountType: "account_type",
  verified: "verified",
  bio: "bio",
  profileImage: "profile_image",
  coverImage: "cover_image",
  impact: "impact",
  verificationRequested: "verification_requested",
  verificationType: "verification_type",
  verificationRequestedAt: "verification_requested_at",
  banReason: "ban_reason",
  banEndsAt: "ban_ends_at",
  links: "links",
  profileImageSet: "profile_image_set",
  coverImageSet: "cover_image_set",
  verificationRejectionReason: "verification_rejection_reason",
  verificationReviewedAt: "verification_reviewed_at",
  bannedBy: "banned_by",
  bannedAt: "banned_at",
  accessibilityNeeds: "accessibility_needs",
};

/** jsonb columns: sent as JSON text and cast. */
export const USER_JSON_FIELDS: ReadonlySet<keyof UserChanges> = new Set(["links", "profileImageSet", "coverImageSet"]);

/** A `users` row as the drivers return it (`SELECT users.*`), or as `to_json` gives it (timestamps as text). */
export type UserRecord = Record<string, unknown>;

export function toUserRow(r: UserRecord): UserRow {
  return {
    id: r.id as string,
    name: r.name as string,
    email: r.email as string,
    accountType: r.account_type as AccountType,
    verified: r.verified as boolean,
    bio: r.bio as string | null,
    profileImage: r.profile_image as string | null,
    coverImage: r.cover_image as string | null,
    impact: Number(r.impact),
    verificationRequested: r.verification_requested as boolean,
    verificationType: r.verification_type as string | null,
    verificationRequestedAt: toDateOrNull(r.verification_requested_at),
    banReason: r.ban_reason as string | null,
    banEndsAt: toDateOrNull(r.ban_ends_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    links: fromJson<ProfileLink[] | null>(r.links) ?? [],
    profileImageSet: fromJson<StoredImageSet | null>(r.profile_image_set) ?? null,
    coverImageSet: fromJson<StoredImageSet | null>(r.cover_image_set) ?? null,
    verificationRejectionReason: r.verification_rejection_reason as string | null,
    verificationReviewedAt: toDateOrNull(r.verification_reviewed_at),
    bannedBy: r.banned_by as string | null,
    bannedAt: toDateOrNull(r.banned_at),
    accessibilityNeeds: (r.accessibility_needs as AccessibilityFeature[] | null | undefined) ?? [],
  };
}
