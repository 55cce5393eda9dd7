import type { ContentKind } from "../../../lib/schemas/content";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import type { Queryable } from "../../db/client";
import { HttpError } from "../../plugins/errors";
import { KINDS } from "./kinds";
import type { Viewer } from "./viewer";

// Anti-spam policy (docs/authorization-content.md, "Cuentas sin verificar"):
// - Verified accounts and admins publish at once, without quotas.
// - Unverified accounts also publish at once (a new neighbour's first event should not wait for
//   a moderator), but within a daily quota per kind, counted over the last 24 hours; a series
//   counts once. Their items are never promoted: not in the "popular" fallback of Eventos para
//   ti and not featured unless an admin features them on purpose.
// - Admins hide anything that slips through; hiding notifies the author with the reason.

export function isTrusted(viewer: Viewer): boolean {
  return viewer.isAdmin || viewer.user?.verified === true;
}

/** Throws 429 when an unverified account already used today's quota for this kind. */
export async function assertWithinQuota(db: Queryable, viewer: Viewer, kind: ContentKind): Promise<void> {
  if (isTrusted(viewer) || !viewer.id) return;
  const { table, author, quotaCount, dailyQuota: limit, words } = KINDS[kind];
  const rows = await db.query<{ n: number }>(
    `SELECT ${quotaCount}::int AS n FROM ${table} WHERE ${author} = $1 AND created_at > now() - interval '1 day'`,
    [viewer.id],
  );
  if ((rows[0]?.n ?? 0) >= limit) {
    throw new HttpError(
      429,
      ERROR_CODES.RATE_LIMITED,
      `Las cuentas sin verificar pueden publicar hasta ${limit} ${words.many} al día. Solicita la verificación de tu cuenta para publicar sin este límite.`,
    );
  }
}
