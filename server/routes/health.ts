import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/client";
import { envelope } from "./contract";

export interface HealthRoutesOptions {
  database: Pick<Database, "kind" | "query">;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { database }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Estado del servidor",
        response: { 200: envelope(z.object({ status: z.literal("ok"), db: z.enum(["pglite", "postgres"]) })) },
      },
    },
    async () => {
      // A round trip, so a load balancer stops sending traffic to an instance that lost its database.
      await database.query("SELECT 1");
      return { data: { status: "ok" as const, db: database.kind } };
    },
  );
};
