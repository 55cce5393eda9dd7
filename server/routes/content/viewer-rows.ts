import type { FastifyRequest } from "fastify";
import type { ContentKind } from "../../../lib/schemas/content";
import type { Queryable } from "../../db/client";
import { fromJson } from "../../db/sql";
import { alongsideOf, type Alongside } from "../users/user-queries";
import { toViewer, type Viewer } from "./viewer";

// Rows read without a viewer (shared-rows.ts) say nobody follows them and give no community
// role. For a signed-in viewer both are read here, for all the rows at once, and set on copies:
// what toItem then derives (following, canEdit, who sees why it was hidden) is the same as for
// rows read with the viewer.

/** Where a kind's rows carry the viewer's role in a community: that column and its community. */
export interface ViewerRole<Row> {
  column: keyof Row & string;
  communityOf(row: Row): string | null;
}

interface ViewerFacts {
  followed: string[];
  roles: Record<string, string> | null;
}

type ViewedRow = { id: string; following: boolean };

/** The viewer's follows and roles among `rows`, as columns keyed by `$1` (the viewer's id). */
export function viewerFacts<Row extends ViewedRow>(kind: ContentKind, rows: Row[], role?: ViewerRole<Row>): Alongside<ViewerFacts> {
  const communities = role ? [...new Set(rows.map((row) => role.communityOf(row)).filter((id): id is string => id !== null))] : [];
  // The generic plan reads every follow the viewer has of this kind and keeps those on the page,
  // so its cost grows with their history (follows of past events are kept): ~1.3 ms of database
  // CPU per list page with 2,000 followed events. Probing each row by primary key bounds it by the
  // page, but added ~0.08 ms per page for a reader with a handful of follows, and pays off only
  // above roughly 60–140 followed events; how many real readers have is unknown, so revisit this
  // if it grows. And the probe is fragile: on a table autovacuum has not reached yet (and with
  // `target_id = ($3)[1]` for one-row reads), the generic plan probed the event's followers index
  // instead, reading every follower of a popular event. Figures: docs/operations/rendimiento.md,
  // "El historial de quien lee".
  const followed = `ARRAY(SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = $2 AND target_id = ANY($3::text[])) AS viewer_followed`;
  // Most rows belong to no community: then there is no role to look up, and no subquery (nor $4).
  const withRoles = communities.length > 0;
  const roles = withRoles
    ? `(SELECT json_object_agg(community_id, role) FROM community_members WHERE user_id = $1 AND community_id = ANY($4::text[])) AS viewer_roles`
    : `NULL::json AS viewer_roles`;
  return {
    columns: `${followed},\n       ${roles}`,
    params: [kind, rows.map((row) => row.id), ...(withRoles ? [communities] : [])],
    read: (record) => ({ followed: record.viewer_followed as string[], roles: fromJson<Record<string, string> | null>(record.viewer_roles) }),
  };
}

function seenBy<Row extends ViewedRow>(rows: Row[], facts: ViewerFacts | null, role?: ViewerRole<Row>): Row[] {
  const followed = new Set(facts?.followed ?? []);
  return rows.map((row) => {
    const community = role?.communityOf(row) ?? null;
    const viewerRole = role ? { [role.column]: (community !== null ? facts?.roles?.[community] : undefined) ?? null } : {};
    return { ...row, following: followed.has(row.id), ...viewerRole };
  });
}

export async function withViewer<Row extends ViewedRow>(db: Queryable, kind: ContentKind, rows: Row[], viewerId: string | null, role?: ViewerRole<Row>): Promise<Row[]> {
  if (viewerId === null || rows.length === 0) return rows;
  return seenBy(rows, await alongsideOf(db, viewerId, viewerFacts(kind, rows, role)), role);
}

/**
 * For public reads marked `viewerInline`: who is looking and the rows as they see them, with
 * their account, follows and roles read in one statement instead of two (one round trip less to
 * the database per signed-in read; docs/operations/rendimiento.md has what it measured).
 */
export async function viewerWithRows<Row extends ViewedRow>(
  request: FastifyRequest,
  db: Queryable,
  kind: ContentKind,
  rows: Row[],
  role?: ViewerRole<Row>,
): Promise<{ viewer: Viewer; rows: Row[] }> {
  // Signed out (most public reads), nothing to build a statement for.
  if (!request.identity) return { viewer: toViewer(null), rows };
  const { user, alongside } = await request.loadCurrentUserWith(viewerFacts(kind, rows, role));
  const viewer = toViewer(user);
  if (viewer.id === null || rows.length === 0) return { viewer, rows };
  return { viewer, rows: alongside ? seenBy(rows, alongside, role) : await withViewer(db, kind, rows, viewer.id, role) };
}
