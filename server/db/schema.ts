import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ACCOUNT_TYPES, type AccountType } from "../../lib/schemas/users";

// Mirrors server/db/migrations/*.sql, which are the source of truth for the database; this file
// only gives Drizzle the column names and types. Change both together.

export const FOLLOW_TARGET_KINDS = ["users", "events", "places", "news", "communities"] as const;
export type FollowTargetKind = (typeof FOLLOW_TARGET_KINDS)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Every stored size of one uploaded image (0002_accounts.sql). */
export interface StoredImageSet {
  /** Store keys of the files, so a replacement can delete them. */
  keys: string[];
  /** Public URL per size label ("96", "256", "1280", …). */
  sizes: Record<string, string>;
}

export interface ProfileLink {
  label: string;
  url: string;
}

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    accountType: text("account_type").$type<AccountType>().notNull().default("NORMAL"),
    verified: boolean("verified").notNull().default(false),
    bio: text("bio"),
    profileImage: text("profile_image"),
    coverImage: text("cover_image"),
    impact: integer("impact").notNull().default(0),
    verificationRequested: boolean("verification_requested").notNull().default(false),
    verificationType: text("verification_type"),
    verificationRequestedAt: timestamptz("verification_requested_at"),
    banReason: text("ban_reason"),
    banEndsAt: timestamptz("ban_ends_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    // 0002_accounts.sql
    links: jsonb("links").$type<ProfileLink[]>().notNull().default([]),
    profileImageSet: jsonb("profile_image_set").$type<StoredImageSet>(),
    coverImageSet: jsonb("cover_image_set").$type<StoredImageSet>(),
    verificationRejectionReason: text("verification_rejection_reason"),
    verificationReviewedAt: timestamptz("verification_reviewed_at"),
    bannedBy: text("banned_by"),
    bannedAt: timestamptz("banned_at"),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_verification_pending_idx").on(t.verificationRequestedAt).where(sql`${t.verificationRequested}`),
    check("users_account_type_check", sql`${t.accountType} IN (${sql.raw(ACCOUNT_TYPES.map((a) => `'${a}'`).join(", "))})`),
    check("users_ban_check", sql`(${t.banReason} IS NULL) = (${t.banEndsAt} IS NULL)`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const follows = pgTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: text("target_kind").$type<FollowTargetKind>().notNull(),
    targetId: text("target_id").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.targetKind, t.targetId] }), index("follows_target_idx").on(t.targetKind, t.targetId)],
);

export type FollowRow = typeof follows.$inferSelect;

export const userProviderTokens = pgTable(
  "user_provider_tokens",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token").notNull(),
    idToken: text("id_token").notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId] })],
);

export const userNotificationTokens = pgTable("user_notification_tokens", {
  token: text("token").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export const notifications = pgTable("notifications", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  link: text("link"),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  idempotencyKey: text("idempotency_key"),
  viewedAt: timestamptz("viewed_at"),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;

export const notificationStreamTickets = pgTable("notification_stream_tickets", {
  ticketHash: text("ticket_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamptz("expires_at").notNull(),
});

export const schema = { users, follows, userProviderTokens, userNotificationTokens, notifications, notificationStreamTickets };
