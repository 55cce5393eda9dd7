import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import { NOTIFICATION_KINDS } from "../../../lib/schemas/notifications";
import { pageSchema } from "../../../lib/schemas/pagination";
import {
  adminReportsQuerySchema,
  createReportPayloadSchema,
  REPORTS_PER_HOUR,
  reportGroupSchema,
  reportOutcomeText,
  reportSchema,
  reportTargetParamsSchema,
  resolvedReportsSchema,
  resolveReportsPayloadSchema,
  type ReportGroup,
  type Report,
} from "../../../lib/schemas/reports";
import type { Database } from "../../db/client";
import { fromJson } from "../../db/sql";
import { badRequest, forbidden, HttpError, notFound } from "../../plugins/errors";
import { createContentNotifier } from "../content/notify";
import { toIso } from "../content/sql";
import { actorOf } from "../content/viewer";
import { routeOptions } from "../routing";
import { createReportsRepository, type ReportGroupRow, type ReportRow } from "./repository";
import { applyDecision, linkOf, loadTarget } from "./targets";

// Reports (docs/authorization-content.md, "Reportes"): anyone signed in reports what they can
// see, once per target while it is open, within an hourly limit; admins work through a queue
// grouped by target, and every reporter is told what was decided.

export interface ReportsRoutesOptions {
  database: Database;
}

const OWN_CONTENT = "No puedes reportar tu propio contenido.";
const SELF = "No puedes reportarte a ti mismo.";
const NO_OPEN_REPORTS = "No hay reportes pendientes sobre esto.";
const PAGE_SIZE = 20;

const toReport = (row: ReportRow): Report => ({
  _id: row.id,
  targetKind: row.target_kind,
  targetId: row.target_id,
  reason: row.reason,
  text: row.text,
  createdAt: toIso(row.created_at),
});

const toGroup = (row: ReportGroupRow): ReportGroup => ({
  targetKind: row.target_kind,
  targetId: row.target_id,
  label: row.label,
  link: linkOf(row.target_kind, row.target_id),
  count: row.count,
  reasons: { spam: row.spam, inappropriate: row.inappropriate, false_information: row.false_information, other: row.other },
  texts: fromJson<string[] | null>(row.texts) ?? [],
  firstReportedAt: toIso(row.first_at),
  lastReportedAt: toIso(row.last_at),
});

function tooMany(seconds: number): HttpError {
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    ERROR_CODES.RATE_LIMITED,
    `Enviaste muchos reportes en poco tiempo. Podrás reportar de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  );
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { database }) => {
  const reports = createReportsRepository(database);
  const notify = createContentNotifier(database, app.log);

  app.post(
    "/reports",
    routeOptions("reports", "writer", {
      summary: "Reportar un evento, lugar, noticia, comunidad o perfil",
      description:
        "`targetKind` (event, place, news, community, user), `targetId`, `reason` (spam, inappropriate, false_information, other) y `text` (obligatorio con other, hasta 1000). " +
        "404 si quien reporta no puede verlo. Nadie reporta lo suyo ni a sí mismo. Una persona tiene un solo reporte abierto por objetivo: repetirlo lo actualiza y responde 200 (201 el primero). " +
        `Hasta ${REPORTS_PER_HOUR} reportes por hora (429 con Retry-After).`,
      body: createReportPayloadSchema,
      data: { 200: reportSchema, 201: reportSchema },
      errors: [400, 401, 403, 404, 429],
    }),
    async (request, reply) => {
      const me = await actorOf(request);
      const { targetKind, targetId, reason, text } = request.body;
      if (targetKind === "user" && targetId === me.id) throw badRequest(SELF);
      const target = await loadTarget(app, database, request, targetKind, targetId);
      if (target.authorId === me.id) throw forbidden(OWN_CONTENT);
      // A repeat of an open report is an edit, not a new report: it never counts against the limit.
      if (!(await reports.findOpen(me.id, targetKind, targetId))) {
        const recent = await reports.recent(me.id);
        if (recent.count >= REPORTS_PER_HOUR) {
          reply.header("retry-after", String(recent.retryAfter));
          throw tooMany(recent.retryAfter);
        }
      }
      const { row, created } = await reports.file({ reporterId: me.id, kind: targetKind, targetId, label: target.label, reason, text: text || null });
      return reply.code(created ? 201 : 200).send({ data: toReport(row) });
    },
  );

  app.get(
    "/admin/reports",
    routeOptions("reports", "adminReader", {
      summary: "Cola de reportes (panel)",
      description:
        "Solo administración. Reportes abiertos agrupados por objetivo, el reportado más recientemente primero: cuántos, por qué motivo, los últimos textos (sin quién los escribió), primera y última fecha. `{ items, nextCursor }`, `limit` 1–50 (20).",
      querystring: adminReportsQuerySchema,
      data: { 200: pageSchema(reportGroupSchema) },
      errors: [400, 401, 403],
    }),
    async (request) => {
      const page = await reports.queue({ cursor: request.query.cursor, limit: request.query.limit ?? PAGE_SIZE });
      return { data: { items: page.rows.map(toGroup), nextCursor: page.nextCursor } };
    },
  );

  app.post(
    "/admin/reports/:targetKind/:targetId/resolve",
    routeOptions("reports", "admin", {
      summary: "Resolver los reportes de un objetivo",
      description:
        "Solo administración. `action`: dismiss (no hay infracción), hide (ocultar), delete (borrar), ban (suspender a quien lo publicó o al perfil, `banDays` días); `reason` obligatorio. " +
        "Ocultar, borrar y suspender son las mismas llamadas de moderación (registro público, aviso al autor). Cierra todos los reportes abiertos del objetivo y avisa a cada persona que reportó. 404 sin reportes abiertos.",
      params: reportTargetParamsSchema,
      body: resolveReportsPayloadSchema,
      data: { 200: resolvedReportsSchema },
      errors: [400, 401, 403, 404, 409],
    }),
    async (request) => {
      const me = await actorOf(request);
      const { targetKind, targetId } = request.params;
      const { action, reason, banDays } = request.body;
      if ((await reports.countOpen(targetKind, targetId)) === 0) throw notFound(NO_OPEN_REPORTS);
      if (action !== "dismiss") {
        const target = action === "ban" ? await loadTarget(app, database, request, targetKind, targetId) : { authorId: null };
        await applyDecision(app, request, { kind: targetKind, id: targetId, authorId: target.authorId }, { action, reason, banDays });
      }
      const closed = await reports.close(targetKind, targetId, { action, reason, adminId: me.id });
      const outcome = reportOutcomeText(action, targetKind);
      // Hidden or deleted things no longer open for the reporter: the public log says what happened.
      const link = action === "hide" || action === "delete" ? "/moderation" : linkOf(targetKind, targetId);
      await notify(
        closed.map((row) => ({
          userId: row.reporter_id,
          kind: NOTIFICATION_KINDS.REPORT_RESOLVED,
          title: "Revisamos tu reporte",
          body: `Revisamos tu reporte sobre «${row.target_label ?? "un contenido"}»: ${outcome}`,
          link,
          data: { targetKind, targetId, action },
        })),
      );
      return { data: { targetKind, targetId, action, closed: closed.length } };
    },
  );
};
