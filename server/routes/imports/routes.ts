import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { importReportSchema, importRequestSchema, IMPORT_MAX_EVENTS } from "../../../lib/schemas/imports";
import type { Database } from "../../db/client";
import type { FetchText } from "../../net/fetcher";
import { forbidden } from "../../plugins/errors";
import { isTrusted } from "../content/spam";
import { actorOf } from "../content/viewer";
import { routeOptions } from "../routing";
import { applyImport, planImport, previewOf } from "./plan";
import { readSource } from "./read";
import { registerSubscriptionTimer, subscriptionRoutes } from "./subscriptions";

// Importing events that organisers already publish elsewhere (issue 13): POST /imports/preview
// says what an .ics file, a calendar feed or an event page would create, update or skip;
// POST /imports does it. Verified accounts and admins only; remote documents come through the
// bounded fetcher (net/fetcher.ts).

export interface ImportsRoutesOptions {
  database: Database;
  fetchText: FetchText;
}

export const IMPORT_NOT_ALLOWED = "Solo las cuentas verificadas y la administración pueden importar eventos.";
const BODY_LIMIT = 3 * 1024 * 1024;

export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, { database, fetchText }) => {
  async function importer(request: FastifyRequest) {
    const me = await actorOf(request);
    if (!isTrusted(me)) throw forbidden(IMPORT_NOT_ALLOWED);
    return me;
  }

  await app.register(subscriptionRoutes, { prefix: "/subscriptions", database, fetchText, importer });
  registerSubscriptionTimer(app, database, fetchText);

  const common = {
    body: importRequestSchema,
    data: { 200: importReportSchema },
    errors: [400, 401, 403, 413, 422, 429],
  };

  app.post(
    "/preview",
    {
      ...routeOptions("imports", "publisher", {
        ...common,
        summary: "Vista previa de una importación de eventos",
        description:
          "Lee un archivo .ics (`source: { kind: \"file\", content }`) o una dirección (`{ kind: \"url\", url }`: un calendario .ics o la página de un evento con schema.org JSON-LD o h-event) " +
          "y dice qué eventos se crearían, cuáles se actualizarían (importados antes por la misma cuenta, con qué cambia) y cuáles se omitirían y por qué. No cambia nada. " +
          `Solo cuentas verificadas y administración. Una serie (RRULE) es un evento con sus fechas próximas. Hasta ${IMPORT_MAX_EVENTS} eventos por importación.`,
      }),
      bodyLimit: BODY_LIMIT,
    },
    async (request) => {
      const me = await importer(request);
      const parsed = await readSource(fetchText, request.body.source);
      return { data: previewOf(await planImport(database, me.id, parsed.candidates, parsed.skipped)) };
    },
  );

  app.post(
    "",
    {
      ...routeOptions("imports", "publisher", {
        ...common,
        summary: "Importar eventos de un .ics, un calendario o la página de un evento",
        description:
          "Hace lo que la vista previa dice: crea los eventos nuevos (guardan su origen, UID o dirección, así una segunda importación actualiza en vez de duplicar), " +
          "actualiza los que cambiaron y lista lo omitido. Cada evento pasa por las mismas reglas que publicarlo a mano. Repetir la misma importación no duplica nada.",
      }),
      bodyLimit: BODY_LIMIT,
    },
    async (request) => {
      const me = await importer(request);
      const parsed = await readSource(fetchText, request.body.source);
      const plan = await planImport(database, me.id, parsed.candidates, parsed.skipped);
      return { data: await applyImport(app, { authorization: request.headers.authorization, ip: request.ip }, database, me.id, plan) };
    },
  );
};
