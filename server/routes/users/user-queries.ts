import type { Queryable } from "../../db/queryable";
import { Params, toJsonParam } from "../../db/sql";
import { toUserRow, USER_COLUMN, USER_JSON_FIELDS, type UserChanges, type UserRecord, type UserRow } from "./rows";

// The two statements on `users` that every part of the users repository builds on.

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
