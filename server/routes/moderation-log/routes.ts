import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { moderationLogEntrySchema, moderationLogQuerySchema, type ModerationLogEntry } from "../../../lib/schemas/moderation-log";
import { pageSchema } from "../../../lib/schemas/pagination";
import type { Database } from "../../db/client";
import { toIso } from "../content/sql";
import { envelope, errorResponses } from "../contract";
import { createModerationLogRepository, type ModerationLogRow } from "./repository";

export interface ModerationLogRoutesOptions {
  database: Database;
}

const PAGE_SIZE = 20;

const toEntry = (row: ModerationLogRow): ModerationLogEntry => ({
  _id: row.id,
  kind: row.target_kind as ModerationLogEntry["kind"],
  label: row.target_label,
  action: row.action as ModerationLogEntry["action"],
  reason: row.reason,
  createdAt: toIso(row.created_at),
});

export const moderationLogRoutes: FastifyPluginAsyncZod<ModerationLogRoutesOptions> = async (app, { database }) => {
  const log = createModerationLogRepository(database);
  app.get(
    "/",
    {
      schema: {
        tags: ["moderation"],
        summary: "Registro público de moderación",
        description:
          "Lo que la moderación ocultó, volvió a mostrar o borró, con su motivo, del más reciente al más antiguo. " +
          "Nombra el contenido como se llamaba entonces; nunca quién moderó ni quién lo reportó. Páginas de 20 por omisión.",
        querystring: moderationLogQuerySchema,
        response: { 200: envelope(pageSchema(moderationLogEntrySchema)), ...errorResponses(400) },
      },
    },
    async (request) => {
      const page = await log.list({ cursor: request.query.cursor, limit: request.query.limit ?? PAGE_SIZE });
      return { data: { items: page.rows.map(toEntry), nextCursor: page.nextCursor } };
    },
  );
};
