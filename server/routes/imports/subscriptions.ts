import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { entityIdSchema } from "../../../lib/schemas/content";
import {
  IMPORT_SUBSCRIPTION_EVERY_HOURS,
  IMPORT_SUBSCRIPTIONS_MAX,
  importSubscriptionPayloadSchema,
  importSubscriptionSchema,
  type ImportRun,
  type ImportSubscription,
} from "../../../lib/schemas/imports";
import type { Database, Queryable } from "../../db/client";
import type { FetchText } from "../../net/fetcher";
import { badRequest, conflict, notFound } from "../../plugins/errors";
import { routeOptions } from "../routing";
import { actorOf } from "../content/viewer";
import { applyImport, planImport } from "./plan";
import { readSource } from "./read";

// Subscribed calendars (issue 13): an organiser gives a calendar's address once; it is imported
// at once and again every few hours, and the last run's report (what was created, updated, or
// why the calendar could not be read) is kept for the import page. Runs are claimed with
// FOR UPDATE SKIP LOCKED, so with several instances each subscription runs on one of them.

export const SUBSCRIPTION_NOT_FOUND = "Suscripción no encontrada.";
export const ONLY_CALENDARS = "Solo se puede suscribir un calendario .ics; para la página de un evento, usa «Vista previa» e «Importar».";

interface SubscriptionRow {
  id: string;
  user_id: string;
  url: string;
  created_at: string | Date;
  next_run_at: string | Date;
  last_report: ImportRun | null;
}

const toSubscription = (row: SubscriptionRow): ImportSubscription => ({
  _id: row.id,
  url: row.url,
  createdAt: new Date(row.created_at).toISOString(),
  nextRunAt: new Date(row.next_run_at).toISOString(),
  lastRun: row.last_report,
});

const NEXT_RUN = `now() + interval '${IMPORT_SUBSCRIPTION_EVERY_HOURS} hours'`;

/** Imports the subscription's calendar as its owner and keeps the report. */
export async function runSubscription(app: FastifyInstance, db: Queryable, fetchText: FetchText, row: Pick<SubscriptionRow, "id" | "user_id" | "url">): Promise<ImportRun> {
  const at = new Date().toISOString();
  let run: ImportRun;
  try {
    const owner = await app.loadUserById(row.user_id);
    if (!owner) throw new Error("La cuenta ya no existe.");
    const parsed = await readSource(fetchText, { kind: "url", url: row.url });
    const plan = await planImport(db, row.user_id, parsed.candidates, parsed.skipped);
    // The owner is not here to send a token: an in-process credential stands for them, and every
    // inner call still checks their role and ban.
    const caller = { authorization: `Bearer ${app.internalToken(row.user_id, owner.email)}`, ip: "127.0.0.1" };
    const report = await applyImport(app, caller, db, row.user_id, plan);
    run = { at, created: report.create.map((i) => i.title), updated: report.update.map((i) => i.title), skipped: report.skip.length, error: null };
  } catch (error) {
    run = { at, created: [], updated: [], skipped: 0, error: (error as Error).message || "No se pudo leer el calendario." };
  }
  await db.query(`UPDATE import_subscriptions SET last_run_at = now(), last_report = $2::jsonb WHERE id = $1`, [row.id, JSON.stringify(run)]);
  return run;
}

/** Runs the due subscriptions (claimed so that no other instance runs them too). */
export async function runDueSubscriptions(app: FastifyInstance, db: Database, fetchText: FetchText, batch = 5): Promise<number> {
  const due = await db.query<SubscriptionRow>(
    `UPDATE import_subscriptions SET next_run_at = ${NEXT_RUN}
      WHERE id IN (SELECT id FROM import_subscriptions WHERE next_run_at <= now() ORDER BY next_run_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, user_id, url`,
    [batch],
  );
  for (const row of due) await runSubscription(app, db, fetchText, row);
  return due.length;
}

export function registerSubscriptionTimer(app: FastifyInstance, db: Database, fetchText: FetchText, everyMs = 60_000): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueSubscriptions(app, db, fetchText);
    } catch (error) {
      app.log.error({ err: error }, "No se pudieron importar los calendarios suscritos");
    } finally {
      running = false;
    }
  };
  app.addHook("onReady", async () => {
    timer = setInterval(() => void tick(), everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}

export interface SubscriptionRoutesOptions {
  database: Database;
  fetchText: FetchText;
  /** Checks that the caller may import (verified or admin), as the import routes do. */
  importer: (request: import("fastify").FastifyRequest) => Promise<{ id: string }>;
}

export const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRoutesOptions> = async (app, { database, fetchText, importer }) => {
  app.get(
    "",
    routeOptions("imports", "signedIn", {
      summary: "Calendarios suscritos",
      description: `Los calendarios que la cuenta importa cada ${IMPORT_SUBSCRIPTION_EVERY_HOURS} horas, con el informe de la última vez.`,
      data: { 200: z.array(importSubscriptionSchema) },
      errors: [401, 403],
    }),
    async (request) => {
      const me = await actorOf(request);
      const rows = await database.query<SubscriptionRow>("SELECT * FROM import_subscriptions WHERE user_id = $1 ORDER BY created_at", [me.id]);
      return { data: rows.map(toSubscription) };
    },
  );

  app.post(
    "",
    routeOptions("imports", "publisher", {
      summary: "Suscribirse a un calendario",
      description:
        `Importa el calendario (.ics) de la dirección ahora y luego cada ${IMPORT_SUBSCRIPTION_EVERY_HOURS} horas, como POST /imports; responde la suscripción con el informe de esta primera vez. ` +
        `La misma dirección dos veces es la misma suscripción (200). Hasta ${IMPORT_SUBSCRIPTIONS_MAX} por cuenta. Solo cuentas verificadas y administración.`,
      body: importSubscriptionPayloadSchema,
      data: { 200: importSubscriptionSchema, 201: importSubscriptionSchema },
      errors: [400, 401, 403, 409, 413, 422, 429],
    }),
    async (request, reply) => {
      const me = await importer(request);
      const url = request.body.url;
      const existing = await database.query<SubscriptionRow>("SELECT * FROM import_subscriptions WHERE user_id = $1 AND url = $2", [me.id, url]);
      if (existing[0]) return { data: toSubscription(existing[0]) };
      const count = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM import_subscriptions WHERE user_id = $1", [me.id]);
      if ((count[0]?.n ?? 0) >= IMPORT_SUBSCRIPTIONS_MAX) {
        throw conflict(`Puedes suscribirte a hasta ${IMPORT_SUBSCRIPTIONS_MAX} calendarios. Quita uno para agregar otro.`);
      }
      // Only a calendar can be subscribed: reading it first gives the person the reason now.
      const fetched = await fetchText(url, ["text/calendar", "application/calendar", "text/plain", "application/octet-stream"]);
      if (!/^\s*BEGIN:VCALENDAR/i.test(fetched.text)) throw badRequest(ONLY_CALENDARS);
      const id = randomUUID();
      await database.query(`INSERT INTO import_subscriptions (id, user_id, url, next_run_at) VALUES ($1, $2, $3, ${NEXT_RUN}) ON CONFLICT (user_id, url) DO NOTHING`, [id, me.id, url]);
      const rows = await database.query<SubscriptionRow>("SELECT * FROM import_subscriptions WHERE user_id = $1 AND url = $2", [me.id, url]);
      const row = rows[0]!;
      if (row.id !== id) return { data: toSubscription(row) };
      await runSubscription(app, database, fetchText, row);
      const fresh = await database.query<SubscriptionRow>("SELECT * FROM import_subscriptions WHERE id = $1", [id]);
      return reply.code(201).send({ data: toSubscription(fresh[0]!) });
    },
  );

  app.delete(
    "/:id",
    routeOptions("imports", "writer", {
      summary: "Quitar la suscripción a un calendario",
      description: "Deja de importar el calendario; lo ya importado se queda. Solo la propia cuenta (404 para cualquier otra).",
      params: z.object({ id: entityIdSchema }),
      data: { 200: z.object({ _id: z.string(), deleted: z.literal(true) }) },
      errors: [401, 403, 404],
    }),
    async (request) => {
      const me = await actorOf(request);
      const rows = await database.query<{ id: string }>("DELETE FROM import_subscriptions WHERE id = $1 AND user_id = $2 RETURNING id", [request.params.id, me.id]);
      if (!rows[0]) throw notFound(SUBSCRIPTION_NOT_FOUND);
      return { data: { _id: rows[0].id, deleted: true as const } };
    },
  );
};
