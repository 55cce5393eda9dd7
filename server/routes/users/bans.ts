import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "../../db/schema";

// A ban runs while `users.ban_ends_at` is in the future (0001_users.sql). These helpers are the
// one definition of "banned" for SQL, shared with the content modules: a banned person's content
// stays visible where it is linked, but listings and recommendations must not promote it.

/** Drizzle condition: the row of `users` is under a running ban. */
export function activeBan(): SQL {
  return sql`(${users.banEndsAt} IS NOT NULL AND ${users.banEndsAt} > now())`;
}

/**
 * Drizzle condition for content queries: the author in `authorColumn` (a users id, possibly null
 * for a deleted account) is not under a running ban. E.g.
 * `.where(and(eq(events.status, "published"), authorNotBanned(events.organizerId)))`.
 */
export function authorNotBanned(authorColumn: AnyPgColumn): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM users banned_author WHERE banned_author.id = ${authorColumn} AND banned_author.ban_ends_at > now())`;
}

/** The same condition as plain SQL text, for raw queries: `authorNotBannedSql("e.organizer_id")`. */
export function authorNotBannedSql(authorColumnSql: string): string {
  return `NOT EXISTS (SELECT 1 FROM users banned_author WHERE banned_author.id = ${authorColumnSql} AND banned_author.ban_ends_at > now())`;
}
