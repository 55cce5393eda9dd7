import type { Following } from "../../../lib/schemas/users";
import type { Queryable } from "../../db/queryable";
import { fromJson, Params, toJsonParam } from "../../db/sql";
import type { AddressRow } from "../addresses/repository";
import { FOLLOW_TARGET_KINDS, toUserRow, USER_COLUMN, USER_JSON_FIELDS, type UserChanges, type UserRecord, type UserRow } from "./rows";

// The statements on `users` that every part of the users repository builds on, and the one read
// of a person's own relations.

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRecord>("SELECT * FROM users WHERE id = $1 LIMIT 1", [id]);
  return rows[0] ? toUserRow(rows[0]) : null;
}

/** Sets the given fields (undefined ones are left alone) and `updated_at`; null when no such user. */
export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow | null> {
  const p = new Params();
  const where = p.add(id);
  const sets = ["updated_at = now()"];
  for (const [field, value] of Object.entries(changes) as [keyof UserChanges, unknown][]) {
    // Unknown keys (a wider object passed through) are ignored, like undefined ones.
    if (value === undefined || !Object.hasOwn(USER_COLUMN, field)) continue;
    sets.push(USER_JSON_FIELDS.has(field) ? `${USER_COLUMN[field]} = ${p.add(toJsonParam(value))}::jsonb` : `${USER_COLUMN[field]} = ${p.add(value)}`);
  }
  const rows = await db.query<UserRecord>(`UPDATE users SET ${sets.join(", ")} WHERE id = ${where} RETURNING *`, p.values);
  return rows[0] ? toUserRow(rows[0]) : null;
}

/** What a person's own profile answer adds to their row: whom and what they follow, followers, addresses. */
export interface OwnRelations {
  following: Following;
  followersCount: number;
  addresses: AddressRow[];
}

/**
 * OwnRelations in one statement (my-data, initial data, own edits): one round trip after the
 * row the sign-in check already loaded, and no second statement for a restart to cut in between.
 * Follows keep the order relationsOf gives (oldest first).
 */
export async function ownRelations(db: Queryable, userId: string): Promise<OwnRelations> {
  const rows = await db.query<{ following: [string, string][] | string; followers: number; addresses: AddressRow[] | string }>(
    `SELECT
       coalesce((SELECT json_agg(json_build_array(f.target_kind, f.target_id) ORDER BY f.created_at, f.target_id)
         FROM follows f WHERE f.follower_id = $1), '[]'::json) AS following,
       (SELECT count(*)::int FROM follows f WHERE f.target_kind = 'users' AND f.target_id = $1) AS followers,
       coalesce((SELECT json_agg(a ORDER BY a.created_at, a.id) FROM addresses a WHERE a.user_id = $1), '[]'::json) AS addresses`,
    [userId],
  );
  const row = rows[0]!;
  const following = Object.fromEntries(FOLLOW_TARGET_KINDS.map((kind) => [kind, [] as string[]])) as Following;
  for (const [kind, id] of fromJson<[string, string][]>(row.following)) following[kind as keyof Following]?.push(id);
  return { following, followersCount: row.followers, addresses: fromJson<AddressRow[]>(row.addresses) };
}
