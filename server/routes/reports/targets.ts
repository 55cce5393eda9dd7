import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ContentKind } from "../../../lib/schemas/content";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import type { ReportTargetKind } from "../../../lib/schemas/report-reasons";
import type { Queryable } from "../../db/client";
import { badRequest, HttpError } from "../../plugins/errors";
import { KINDS, linkTo } from "../content/kinds";

// What a report points at, and how the queue acts on it. Both go through the API's own calls,
// made in-process with the caller's token (`app.inject`), so a report sees exactly what its
// reporter may open (hidden items, scheduled news and unknown ids are all the same 404), and
// hiding, deleting and banning from the queue are the very calls of the content and users
// modules: same policies, the public moderation log and the author's notice, series and
// follower notices included.

export const CONTENT_KIND_OF: Record<Exclude<ReportTargetKind, "user">, ContentKind> = {
  event: "events",
  place: "places",
  news: "news",
  community: "communities",
};

export function apiPathOf(kind: ReportTargetKind, id: string): string {
  return kind === "user" ? `/api/users/${encodeURIComponent(id)}` : `/api/${CONTENT_KIND_OF[kind]}/${encodeURIComponent(id)}`;
}

/** The app's page of a target. */
export function linkOf(kind: ReportTargetKind, id: string): string {
  return kind === "user" ? `/profile/${id}` : linkTo(CONTENT_KIND_OF[kind], id);
}

/** Calls the API as the requester; an error answer is thrown as the same error. */
async function call(app: FastifyInstance, request: FastifyRequest, options: { method: "GET" | "POST" | "DELETE"; url: string; payload?: object }) {
  const authorization = request.headers.authorization;
  // From the caller's own address: the inner call counts against their limits, never against a
  // bucket for 127.0.0.1 that every report and decision would share.
  const res = await app.inject({ ...options, headers: authorization ? { authorization } : {}, remoteAddress: request.ip });
  const body = res.body ? (JSON.parse(res.body) as { data?: unknown; message?: string; code?: string; issues?: never }) : {};
  if (res.statusCode >= 400) throw new HttpError(res.statusCode, body.code ?? ERROR_CODES.BAD_REQUEST, body.message ?? "Error inesperado");
  return body.data as Record<string, unknown>;
}

export interface ReportTarget {
  label: string;
  /** Who published it (the person, for a profile); null when their account is gone. */
  authorId: string | null;
}

/** The target as the requester may see it: 404 exactly when opening it would be a 404. */
export async function loadTarget(app: FastifyInstance, db: Queryable, request: FastifyRequest, kind: ReportTargetKind, id: string): Promise<ReportTarget> {
  const item = await call(app, request, { method: "GET", url: apiPathOf(kind, id) });
  if (kind === "user") return { label: String(item.name ?? ""), authorId: id };
  const facts = KINDS[CONTENT_KIND_OF[kind]];
  const rows = await db.query<{ label: string; author_id: string | null }>(
    `SELECT ${facts.label} AS label, ${facts.author} AS author_id FROM ${facts.table} WHERE id = $1`,
    [id],
  );
  return { label: rows[0]?.label ?? String(item.title ?? item.name ?? ""), authorId: rows[0]?.author_id ?? null };
}

const NO_HIDE_FOR_PROFILES = "Un perfil no se oculta ni se borra desde aquí: descarta el reporte o suspende la cuenta.";
const NO_AUTHOR = "Quien lo publicó ya no tiene cuenta: no hay a quién suspender.";

/** Applies the queue's decision through the moderation calls (dismiss does nothing here). */
export async function applyDecision(
  app: FastifyInstance,
  request: FastifyRequest,
  target: { kind: ReportTargetKind; id: string; authorId: string | null },
  decision: { action: "dismiss" | "hide" | "delete" | "ban"; reason: string; banDays?: number },
): Promise<void> {
  const { kind, id } = target;
  if ((decision.action === "hide" || decision.action === "delete") && kind === "user") {
    throw badRequest(NO_HIDE_FOR_PROFILES, ERROR_CODES.VALIDATION, [{ path: ["action"], message: NO_HIDE_FOR_PROFILES }]);
  }
  switch (decision.action) {
    case "dismiss":
      return;
    case "hide":
      await call(app, request, { method: "POST", url: `${apiPathOf(kind, id)}/moderate`, payload: { action: "hide", reason: decision.reason } });
      return;
    case "delete":
      await call(app, request, { method: "DELETE", url: `${apiPathOf(kind, id)}?reason=${encodeURIComponent(decision.reason)}` });
      return;
    case "ban": {
      if (!target.authorId) throw new HttpError(409, ERROR_CODES.CONFLICT, NO_AUTHOR);
      const endDate = new Date(Date.now() + (decision.banDays ?? 1) * 86_400_000).toISOString();
      await call(app, request, { method: "POST", url: "/api/users/ban", payload: { userId: target.authorId, reason: decision.reason, endDate } });
    }
  }
}
