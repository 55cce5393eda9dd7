// A ban runs while `users.ban_ends_at` is in the future (0001_users.sql). These fragments are the
// one definition of "banned" for SQL, shared with the content modules: a banned person's content
// stays visible where it is linked, but listings and recommendations must not promote it.

/** Condition on a row of `users` (unaliased): it is under a running ban. */
export const ACTIVE_BAN_SQL = "(ban_ends_at IS NOT NULL AND ban_ends_at > now())";

/**
 * Condition for content queries: the author in `authorColumnSql` (a users id, possibly null for a
 * deleted account) is not under a running ban. E.g. `authorNotBannedSql("e.organizer_id")`.
 */
export function authorNotBannedSql(authorColumnSql: string): string {
  return `NOT EXISTS (SELECT 1 FROM users banned_author WHERE banned_author.id = ${authorColumnSql} AND banned_author.ban_ends_at > now())`;
}
