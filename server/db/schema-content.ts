import { boolean, date, doublePrecision, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema";

// Drizzle entries of the content tables (migrations/0003_content.sql), re-exported by schema.ts.
// Content repositories (server/routes/{events,places,…}/repository.ts) write parameterised SQL
// for keyset pagination, ranking and full-text search; these entries keep Drizzle aware of the
// tables. The generated `search` tsvector columns are left out (never written).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const contentFlags = {
  hidden: boolean("hidden").notNull().default(false),
  hiddenReason: text("hidden_reason"),
  featured: boolean("featured").notNull().default(false),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
};

export const places = pgTable("places", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug"),
  description: text("description").notNull().default(""),
  category: text("category").notNull(),
  street: text("street"),
  number: text("number"),
  neighbourhood: text("neighbourhood"),
  city: text("city").notNull(),
  state: text("state").notNull(),
  postalCode: text("postal_code"),
  country: text("country").notNull(),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  openingHours: jsonb("opening_hours").notNull(),
  openingHoursNote: text("opening_hours_note"),
  contact: jsonb("contact").notNull(),
  accessibility: text("accessibility"),
  coverImage: text("cover_image"),
  coverImageSet: jsonb("cover_image_set"),
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  ...contentFlags,
});

export const communities = pgTable("communities", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  image: text("image"),
  imageSet: jsonb("image_set"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  ...contentFlags,
});

export const communityMembers = pgTable(
  "community_members",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<"owner" | "admin" | "member">().notNull().default("member"),
    joinedAt: timestamptz("joined_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);

export const tags = pgTable("tags", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export const eventSeries = pgTable("event_series", {
  id: text("id").primaryKey(),
  rule: text("rule").$type<"weekly" | "monthly" | "dates">().notNull(),
  interval: integer("interval").notNull().default(1),
  until: date("until"),
  dates: jsonb("dates").notNull(),
  firstStartsAt: timestamptz("first_starts_at").notNull(),
  durationMinutes: integer("duration_minutes"),
  timeZone: text("time_zone").notNull(),
  materialisedUntil: timestamptz("materialised_until").notNull(),
  organizerId: text("organizer_id").references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export const events = pgTable("events", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  startsAt: timestamptz("starts_at").notNull(),
  endsAt: timestamptz("ends_at"),
  allDay: boolean("all_day").notNull().default(false),
  timeZone: text("time_zone").notNull().default("America/Monterrey"),
  placeId: text("place_id").references(() => places.id, { onDelete: "set null" }),
  address: text("address"),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  onlineUrl: text("online_url"),
  priceType: text("price_type").$type<"free" | "paid">().notNull().default("free"),
  priceAmount: numeric("price_amount", { precision: 10, scale: 2 }),
  priceNote: text("price_note"),
  capacity: integer("capacity"),
  accessibility: text("accessibility"),
  coverImage: text("cover_image"),
  coverImageSet: jsonb("cover_image_set"),
  organizerId: text("organizer_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
  status: text("status").$type<"published" | "cancelled" | "postponed">().notNull().default("published"),
  statusNote: text("status_note"),
  seriesId: text("series_id").references(() => eventSeries.id, { onDelete: "cascade" }),
  seriesDetached: boolean("series_detached").notNull().default(false),
  ...contentFlags,
});

export const eventTags = pgTable(
  "event_tags",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] })],
);

export const news = pgTable("news", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  summary: text("summary").notNull().default(""),
  body: text("body").notNull().default(""),
  coverImage: text("cover_image"),
  coverImageSet: jsonb("cover_image_set"),
  authorId: text("author_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
  publishedAt: timestamptz("published_at").notNull().defaultNow(),
  ...contentFlags,
});

export const addresses = pgTable("addresses", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  label: text("label").notNull(),
  street: text("street").notNull(),
  number: text("number"),
  neighbourhood: text("neighbourhood"),
  city: text("city").notNull(),
  state: text("state").notNull(),
  postalCode: text("postal_code"),
  country: text("country").notNull(),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    resourceKind: text("resource_kind").notNull(),
    resourceId: text("resource_id").notNull(),
    /** sha256 of method, route and canonical JSON body; null for keys stored before it existed. */
    requestHash: text("request_hash"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const contentModerationLog = pgTable("content_moderation_log", {
  id: text("id").primaryKey(),
  adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
  targetKind: text("target_kind").notNull(),
  targetId: text("target_id").notNull(),
  targetLabel: text("target_label"),
  action: text("action").notNull(),
  reason: text("reason"),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});
