import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { EXTEND_EVERY_MS, extendOpenSeries } from "./extender";

// Open-ended series keep their dates materialised ahead of time: extended when the server is
// ready and every few hours after, until it closes.

export function registerSeriesTimer(app: FastifyInstance, database: Database): void {
  let timer: NodeJS.Timeout | null = null;
  const extend = () =>
    extendOpenSeries(database).catch((error: unknown) => app.log.error({ err: error }, "No se pudieron extender las series de eventos"));
  app.addHook("onReady", async () => {
    await extend();
    timer = setInterval(() => void extend(), EXTEND_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
