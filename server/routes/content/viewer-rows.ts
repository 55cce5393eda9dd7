import type { FastifyRequest } from "fastify";
import type { ContentKind } from "../../../lib/schemas/content";
import type { Queryable } from "../../db/client";
import { fromJson } from "../../db/sql";
import type { UserRow } from "../users/rows";
import { alongsideOf, findUserWith, type Alongside } from "../users/user-queries";
import { viewerScope } from "../../plugins/http-cache";
import type { SharedRows } from "./shared-rows";
import { toViewer, type Viewer } from "./viewer";

// Rows read without a viewer (shared-rows.ts) say nobody follows them and give no community
// role. For a signed-in viewer both come from what they follow and the communities they belong
// to, set on copies: what toItem then derives (following, canEdit, who sees why it was hidden)
// is the same as for rows read with the viewer.

/** Where a kind's rows carry the viewer's role in a community: that column and its community. */
export interface ViewerRole<Row> {
  column: keyof Row & string;
  communityOf(row: Row): string | null;
}

/** Everything the viewer follows (by kind) and their role in each community they belong to. */
export interface ViewerFacts {
  followed: Map<string, Set<string>>;
  roles: Map<string, string>;
}

type ViewedRow = { id: string; following: boolean };

interface ViewerFactsRecord {
  viewer_follows: [string, string][] | string;
  viewer_roles: Record<string, string> | string | null;
}

// All of them rather than those among the rows: the same facts serve every list and item the
// viewer opens while they are kept (keptViewers). A reader with 2,000 followed events reads them
// all on each miss; one with a handful, a few hundred bytes.
const VIEWER_FACTS: Alongside<ViewerFacts> = {
  columns: `coalesce((SELECT json_agg(json_build_array(target_kind, target_id)) FROM follows WHERE follower_id = $1), '[]'::json) AS viewer_follows,
       (SELECT json_object_agg(community_id, role) FROM community_members WHERE user_id = $1) AS viewer_roles`,
  params: [],
  read: (record) => {
    const { viewer_follows, viewer_roles } = record as unknown as ViewerFactsRecord;
    const followed = new Map<string, Set<string>>();
    for (const [kind, id] of fromJson<[string, string][]>(viewer_follows)) {
      const ids = followed.get(kind) ?? new Set<string>();
      ids.add(id);
      followed.set(kind, ids);
    }
    return { followed, roles: new Map(Object.entries(fromJson<Record<string, string> | null>(viewer_roles) ?? {})) };
  },
};

/** What a viewer's account and facts are counted as in memory: their JSON's length, roughly. */
function weightOf({ user, alongside }: ViewerRead): number {
  let ids = 0;
  for (const set of alongside?.followed.values() ?? []) ids += set.size;
  return (user ? 2048 : 64) + 64 * (ids + (alongside?.roles.size ?? 0));
}

type ViewerRead = { user: UserRow | null; alongside: ViewerFacts | null };

/**
 * Viewers' accounts and facts, kept per instance under the content stamps (shared-rows.ts): every
 * change through the API, on this instance or another, to everything (joining, a role, a ban, a
 * deletion) or to the viewer (their follows, an email mirrored), makes them unused, and nothing
 * is kept longer than an anonymous answer, which bounds a change made outside the API (a script
 * on the database). A signed-in read then costs no statement until something changes. Measured:
 * docs/operations/rendimiento-bitacora.md, "Lo que quien lee sigue, guardado".
 */
export interface KeptViewers {
  read(db: Queryable, userId: string): Promise<ViewerRead>;
}

/** The viewer's account with everything they follow and their roles, in one statement. */
export function readViewer(db: Queryable, userId: string): Promise<ViewerRead> {
  return findUserWith(db, userId, VIEWER_FACTS);
}

export function keptViewers(kept: SharedRows): KeptViewers {
  return {
    read: (db, userId) => kept.get(`viewer:${userId}`, viewerScope(userId), weightOf, () => readViewer(db, userId)),
  };
}

function seenBy<Row extends ViewedRow>(kind: ContentKind, rows: Row[], facts: ViewerFacts, role?: ViewerRole<Row>): Row[] {
  const followed = facts.followed.get(kind);
  return rows.map((row) => {
    const community = role?.communityOf(row) ?? null;
    const viewerRole = role ? { [role.column]: (community !== null ? facts.roles.get(community) : undefined) ?? null } : {};
    return { ...row, following: followed?.has(row.id) ?? false, ...viewerRole };
  });
}

/**
 * For public reads marked `viewerInline`: who is looking and the rows as they see them. Their
 * account, follows and roles come in one statement, kept when `kept` is given.
 */
export async function viewerWithRows<Row extends ViewedRow>(
  request: FastifyRequest,
  db: Queryable,
  kept: KeptViewers | null,
  kind: ContentKind,
  rows: Row[],
  role?: ViewerRole<Row>,
): Promise<{ viewer: Viewer; rows: Row[] }> {
  // Signed out (most public reads), nothing to read.
  if (!request.identity) return { viewer: toViewer(null), rows };
  const { user, alongside } = await request.loadCurrentUserWith((userId) => (kept ? kept.read(db, userId) : readViewer(db, userId)));
  const viewer = toViewer(user);
  if (viewer.id === null) return { viewer, rows };
  if (rows.length === 0) return { viewer, rows };
  // Without facts when the sign-in check changed the account (its email mirrored): it announced
  // that change (plugins/auth.ts), so what was kept with the old row is not used again, and the
  // facts are read now.
  return { viewer, rows: seenBy(kind, rows, alongside ?? (await alongsideOf(db, viewer.id, VIEWER_FACTS))!, role) };
}
