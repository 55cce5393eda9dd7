import type { ContentKind } from "../../../lib/schemas/content";
import type { Queryable } from "../../db/client";
import { KINDS } from "./kinds";
import { Params } from "../../db/sql";
import { afterCursor, pageOf, type Page, type PageRequest, type SortKey } from "../paging";

// SQL every content repository shares. A kind's repository says how to select its full rows and
// which filters are its own; finding rows by id, the keyset list, the filters every list has
// (visibility, featured, followed by) and deleting are written once here.

export type Visibility = "visible" | "hidden" | "all";

/** Filters every kind's list accepts. */
export interface SharedFilters {
  visibility: Visibility;
  featured?: boolean;
  /** Only items this user follows. */
  followedBy?: string;
}

/** The conditions of SharedFilters on the kind's aliased table. */
export function sharedConditions(kind: ContentKind, filters: SharedFilters, p: Params): string[] {
  const a = KINDS[kind].alias;
  const where = [{ visible: `NOT ${a}.hidden`, hidden: `${a}.hidden`, all: "true" }[filters.visibility]];
  if (filters.featured !== undefined) where.push(filters.featured ? `${a}.featured` : `NOT ${a}.featured`);
  if (filters.followedBy) {
    where.push(`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${p.add(filters.followedBy)} AND f.target_kind = '${kind}' AND f.target_id = ${a}.id)`);
  }
  return where;
}

/** The statement of one page for rowFinder's findPage: selects `id`, `ord` and `columns`. */
export interface PageQuery {
  sql: string;
  columns: string[];
  p: Params;
}

/**
 * Finds full rows by id, in the order of the ids given (lists pick ids first, then load them).
 * `select` writes the kind's SELECT … FROM for a viewer (whose follows and roles it reports).
 */
export function rowFinder<Row extends { id: string }>(db: Queryable, kind: ContentKind, select: (p: Params, viewerId: string | null) => string) {
  async function findMany(ids: string[], viewerId: string | null): Promise<Row[]> {
    if (ids.length === 0) return [];
    const p = new Params();
    const sql = select(p, viewerId);
    const rows = await db.query<Row>(`${sql} WHERE ${KINDS[kind].alias}.id = ANY(${p.add(ids)}::text[])`, p.values);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
  /**
   * One page of full rows in one statement: `page.sql` selects the page (`id`, its place `ord`
   * and `columns`, e.g. cursor keys), each row is then read by id. Rows carry `page_<column>`.
   */
  async function findPage(page: PageQuery, viewerId: string | null): Promise<(Row & Record<string, unknown>)[]> {
    const { p } = page;
    const keys = ["ord", ...page.columns].map((c) => `page.${c} AS page_${c}`).join(", ");
    return db.query<Row & Record<string, unknown>>(
      `WITH page AS MATERIALIZED (${page.sql})
       SELECT ${keys}, r.* FROM page CROSS JOIN LATERAL (${select(p, viewerId)} WHERE ${KINDS[kind].alias}.id = page.id) r
       ORDER BY page.ord`,
      p.values,
    );
  }
  return {
    findMany,
    findPage,
    async findById(id: string, viewerId: string | null): Promise<Row | null> {
      return (await findMany([id], viewerId))[0] ?? null;
    },
  };
}

/**
 * The statement of one page of the kind's table matching `where`, ordered by `keys` (the last one
 * unique, usually the id) and continuing after `page.cursor`: `id`, the keys as `k0…` and `ord`.
 */
function keysetQuery(kind: ContentKind, query: { where: string[]; keys: SortKey[]; descending?: boolean; p: Params }, page: PageRequest): string {
  const { table, alias } = KINDS[kind];
  const { keys, p } = query;
  const after = afterCursor(keys, page.cursor, query.descending === true, p);
  const where = after ? [...query.where, after] : query.where;
  const order = keys.map((k) => `${k.column}${query.descending ? " DESC" : ""}`).join(", ");
  return `SELECT ${alias}.id, ${keys.map((k, i) => `${k.text ?? k.column} AS k${i}`).join(", ")}, row_number() OVER (ORDER BY ${order}) AS ord
      FROM ${table} ${alias} WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT ${p.add(page.limit + 1)}`;
}

/** One page of full rows in one statement (keysetQuery, then each row by `findPage`). */
export async function keysetRows<Row>(
  kind: ContentKind,
  query: { where: string[]; keys: SortKey[]; descending?: boolean; p: Params },
  page: PageRequest,
  findPage: (page: PageQuery) => Promise<(Row & Record<string, unknown>)[]>,
): Promise<Page<Row>> {
  const rows = await findPage({ sql: keysetQuery(kind, query, page), columns: query.keys.map((_, i) => `k${i}`), p: query.p });
  return pageOf(rows, page.limit, (row) => query.keys.map((_, i) => String(row[`page_k${i}`])));
}

/**
 * keysetRows in two statements (the ids, then the rows by `findMany`), for the kinds that have
 * not moved to findPage yet (news, communities).
 */
export async function keysetPage<Row>(
  db: Queryable,
  kind: ContentKind,
  query: { where: string[]; keys: SortKey[]; descending?: boolean; p: Params },
  page: PageRequest,
  findMany: (ids: string[]) => Promise<Row[]>,
): Promise<Page<Row>> {
  const rows = await db.query<Record<string, string>>(keysetQuery(kind, query, page), query.p.values);
  const result = pageOf(rows, page.limit, (row) => query.keys.map((_, i) => row[`k${i}`]!));
  return { rows: await findMany(result.rows.map((row) => row.id!)), nextCursor: result.nextCursor };
}

/** Deletes items; their follows go in deletion.ts, their other rows by foreign keys. */
export async function removeRows(db: Queryable, kind: ContentKind, ids: string[]): Promise<void> {
  await db.query(`DELETE FROM ${KINDS[kind].table} WHERE id = ANY($1::text[])`, [ids]);
}

/** A user's role in a community that exists for them (hidden ones only for admins); undefined when it does not. */
export async function communityRoleOf(db: Queryable, communityId: string, userId: string | null, includeHidden: boolean): Promise<string | null | undefined> {
  const rows = await db.query<{ role: string | null }>(
    `SELECT (SELECT role FROM community_members m WHERE m.community_id = c.id AND m.user_id = $2) AS role
       FROM communities c WHERE c.id = $1 AND (NOT c.hidden OR $3)`,
    [communityId, userId, includeHidden],
  );
  return rows.length === 0 ? undefined : (rows[0]?.role ?? null);
}
