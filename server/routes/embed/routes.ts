import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { embedQuerySchema } from "../../../lib/schemas/embed";
import type { Database } from "../../db/client";
import { lastModifiedOf, sendConditional } from "../conditional";
import { createEventSelection } from "../feeds/event-selection";
import { routeOptions } from "../routing";
import { EMBED_CSP, renderAgendaPage } from "./page";
import { EMBED_SCRIPT } from "./script";

// The embeddable agenda for venues' and communities' own sites: GET /api/embed/agenda (a page
// made for an <iframe>) and GET /api/embed.js (the one-line script that inserts and sizes it).
// Both are public and the same for everyone; only these may be framed by or loaded into other
// sites, everything else keeps frame-ancestors 'none' and same-origin resource policy.

export interface EmbedRoutesOptions {
  database: Database;
}

const MAX_AGE_SECONDS = 300;
/** The script only changes with a deployment; its ETag tells readers when. */
const SCRIPT_DATE = new Date(Math.floor(Date.now() / 1000) * 1000);

const HEADINGS = {
  city: (subject: string) => `Próximos eventos en ${subject}`,
  place: (subject: string) => `Próximos eventos en ${subject}`,
  community: (subject: string) => `Próximos eventos de ${subject}`,
  tag: (subject: string) => `Próximos eventos con ${subject}`,
  person: (subject: string) => `Próximos eventos de ${subject}`,
} as const;

/** Where these routes live under the API: the agenda is a page, the script is not. */
export const EMBED_PREFIX = "/embed";

export const embedRoutes: FastifyPluginAsyncZod<EmbedRoutesOptions> = async (app, { database }) => {
  const selection = createEventSelection(database);

  app.get(
    "/agenda",
    routeOptions("embed", "public", {
      summary: "Agenda para insertar en otro sitio (HTML para un <iframe>)",
      description:
        "Los próximos eventos visibles de un lugar (placeId), una comunidad (communityId), una etiqueta (tag) o de una búsqueda " +
        "(when, category, mode, free), en una página pequeña hecha para un <iframe>: tema claro u oscuro, compacta o con imágenes, " +
        "de 1 a 20 eventos, enlazados a Plaza. Cualquier sitio puede enmarcarla (frame-ancestors *). Sin sesión. ETag y " +
        "Last-Modified: If-None-Match o If-Modified-Since responden 304 sin cuerpo. 404 si el lugar, la comunidad o la etiqueta no existe o está oculto.",
      querystring: embedQuerySchema,
      produces: ["text/html"],
      errors: [400, 404],
    }),
    async (request, reply) => {
      const { theme, layout, limit, when, free, ...filters } = request.query;
      const { subject, kind, page } = await selection.subjectOf(filters);
      const events = await selection.upcoming({ ...filters, ...(free ? { free: true } : {}) }, limit, when);
      const origin = request.server.publicUrl;
      const body = renderAgendaPage({ heading: HEADINGS[kind](subject), events, theme, layout, origin, moreUrl: `${origin}${page}` });
      reply
        .header("content-security-policy", EMBED_CSP)
        .header("cross-origin-resource-policy", "cross-origin")
        .removeHeader("x-frame-options");
      return sendConditional(request, reply, { body, contentType: "text/html; charset=utf-8", lastModified: lastModifiedOf(events), maxAgeSeconds: MAX_AGE_SECONDS });
    },
  );

  app.get(
    ".js",
    routeOptions("embed", "public", {
      summary: "Script de una línea que inserta la agenda y ajusta su altura",
      description:
        "Inserta, justo después de sí mismo, el <iframe> de /api/embed/agenda con las opciones de sus atributos data-* " +
        "(data-place-id, data-community-id, data-tag, data-when, data-category, data-mode, data-free, data-theme, data-layout, " +
        "data-limit, data-title) y ajusta su altura a lo que la página informa. Se puede cargar desde cualquier sitio.",
      produces: ["text/javascript"],
      errors: [],
    }),
    async (request, reply) => {
      reply.header("cross-origin-resource-policy", "cross-origin");
      return sendConditional(request, reply, { body: EMBED_SCRIPT, contentType: "text/javascript; charset=utf-8", lastModified: SCRIPT_DATE, maxAgeSeconds: MAX_AGE_SECONDS });
    },
  );
};
