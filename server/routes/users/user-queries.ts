import type { Following } from "../../../lib/schemas/users";
import type { Queryable } from "../../db/queryable";
import { fromJson, Params, toJsonParam } from "../../db/sql";
import type { AddressRow } from "../addresses/repository";
import { noFollowing, toUserRow, USER_COLUMN, USER_JSON_FIELDS, type UserChanges, type UserRecord, type UserRow } from "./rows";

// The statements on `users` that every part of the users repository builds on, and the one read
// of a person's own relations.

// The account every signed-in request reads travels as one json column rather than its ~24: for
// each column of each result node-postgres looks up a parser and builds the row's keys, and it
// parses every timestamp in JavaScript, where JSON.parse does the whole row in one native call.
// With the same PostgreSQL time per statement, the API process spent ~30-36 µs less on the account
// alone and ~57-66 µs less on my-data's read (docs/operations/rendimiento-bitacora.md, "La cuenta en una
// columna").
const ACCOUNT = "to_json(u) AS account";

function accountOf(record: Record<string, unknown>): UserRow {
  return toUserRow(fromJson<UserRecord>(record.account));
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<Record<string, unknown>>(`SELECT ${ACCOUNT} FROM users u WHERE u.id = $1 LIMIT 1`, [id]);
  return rows[0] ? accountOf(rows[0]) : null;
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

// A person's own relations as columns of one SELECT, keyed by `$1` (their id): asked alone, or
// next to their row when the sign-in check reads it anyway (findUserWithOwnRelations). Each list
// is aggregated from a sorted subquery, which PostgreSQL's manual says "will usually work" in
// place of ORDER BY inside the aggregate: it holds while the outer level only aggregates (no join,
// GROUP BY or DISTINCT around it), so keep it that way; tests store follows and addresses in id
// order, each older than the one before. ORDER BY inside json_agg sorted apart for the aggregate:
// my-data's statement took 94–96 µs of PostgreSQL CPU, and 87–88 like this
// (docs/operations/rendimiento-bitacora.md, "Menos trabajo por petición en my-data").
const OWN_RELATIONS_COLUMNS = `
       coalesce((SELECT json_agg(json_build_array(f.target_kind, f.target_id))
         FROM (SELECT target_kind, target_id FROM follows WHERE follower_id = $1 ORDER BY created_at, target_id) f), '[]'::json) AS own_following,
       (SELECT count(*)::int FROM follows f WHERE f.target_kind = 'users' AND f.target_id = $1) AS own_followers,
       coalesce((SELECT json_agg(a) FROM (SELECT * FROM addresses WHERE user_id = $1 ORDER BY created_at, id) a), '[]'::json) AS own_addresses`;

interface OwnRelationsRecord {
  own_following: [string, string][] | string;
  own_followers: number;
  own_addresses: AddressRow[] | string;
}

function toOwnRelations(record: OwnRelationsRecord): OwnRelations {
  const following = noFollowing();
  for (const [kind, id] of fromJson<[string, string][]>(record.own_following)) following[kind as keyof Following]?.push(id);
  return { following, followersCount: record.own_followers, addresses: fromJson<AddressRow[]>(record.own_addresses) };
}

const OWN_RELATIONS: Alongside<OwnRelations> = { columns: OWN_RELATIONS_COLUMNS, params: [], read: (record) => toOwnRelations(record as unknown as OwnRelationsRecord) };

/**
 * OwnRelations in one statement (own edits, and whenever the row came without them): one round
 * trip, and no second statement for a restart to cut in between. Follows keep the order
 * relationsOf gives (oldest first).
 */
export async function ownRelations(db: Queryable, userId: string): Promise<OwnRelations> {
  return (await alongsideOf(db, userId, OWN_RELATIONS))!;
}

/**
 * What a read computes about a person next to their row, when the sign-in check reads the row
 * anyway: one statement instead of two, so one round trip less to the database
 * (docs/operations/rendimiento-bitacora.md has what each use measured).
 */
export interface Alongside<T> {
  /** SELECT columns; `$1` is the person's id and `params` follow from `$2`. `account` is taken (findUserWith). */
  columns: string;
  params: unknown[];
  read(record: Record<string, unknown>): T;
}

/** The columns alone, for a row that was read without them. */
export async function alongsideOf<T>(db: Queryable, userId: string, alongside: Alongside<T>): Promise<T | null> {
  const rows = await db.query<Record<string, unknown>>(`SELECT ${alongside.columns}`, [userId, ...alongside.params]);
  return rows[0] ? alongside.read(rows[0]) : null;
}

// The statement text of each Alongside, built once: the same string every time is hashed once
// and found at once among the prepared statements (server/db/postgres.ts), where a new one of
// ~700 characters was joined, flattened and hashed on every signed-in request.
const withAccount = new WeakMap<Alongside<unknown>, string>();
function withAccountStatement(alongside: Alongside<unknown>): string {
  let sql = withAccount.get(alongside);
  if (sql === undefined) withAccount.set(alongside, (sql = `SELECT ${ACCOUNT}, ${alongside.columns} FROM users u WHERE u.id = $1 LIMIT 1`));
  return sql;
}

/** The user's row and the columns in one statement; both null when there is no such user. */
export async function findUserWith<T>(db: Queryable, id: string, alongside: Alongside<T>): Promise<{ user: UserRow | null; alongside: T | null }> {
  const rows = await db.query<Record<string, unknown>>(withAccountStatement(alongside), [id, ...alongside.params]);
  return rows[0] ? { user: accountOf(rows[0]), alongside: alongside.read(rows[0]) } : { user: null, alongside: null };
}

// Rows read together with their relations carry them, on the row object itself, so an answer
// built from another row (an edit's RETURNING, an email just mirrored) reads its relations
// afresh: a property no copy carries (not enumerable, so neither a spread nor JSON sees it). Not a
// WeakMap keyed by the row: V8's minor collections keep a WeakMap's values alive whatever becomes
// of their keys, so the relations of every signed-in profile read moved to the old generation and
// died there (my-data: 2.3–2.7 MB/s of it, 0.14 like this, as its floor;
// docs/operations/rendimiento-bitacora.md, "Lo que un WeakMap hace durar").
const RELATIONS_READ_WITH = Symbol("ownRelationsReadWith");
type ReadWithRelations = UserRow & { [RELATIONS_READ_WITH]?: OwnRelations };

/**
 * The user and their own relations in one statement, for the routes that answer the person's own
 * profile (my-data, initial data): the sign-in check needs the row anyway. With the relations as a
 * second statement my-data did 0.61–0.76× of its floor's requests a second, in one 0.69–0.83×
 * (bench/content-load.mjs, PostgreSQL; docs/operations/rendimiento-bitacora.md).
 */
export async function findUserWithOwnRelations(db: Queryable, id: string): Promise<UserRow | null> {
  const { user, alongside } = await findUserWith(db, id, OWN_RELATIONS);
  if (user && alongside) Object.defineProperty(user, RELATIONS_READ_WITH, { value: alongside });
  return user;
}

/** The relations read with `row` by findUserWithOwnRelations, or read now. */
export function ownRelationsOf(db: Queryable, row: UserRow): Promise<OwnRelations> {
  const known = (row as ReadWithRelations)[RELATIONS_READ_WITH];
  return known ? Promise.resolve(known) : ownRelations(db, row.id);
}
