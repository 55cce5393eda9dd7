import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import Fastify, { type FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../test/harness";
import { waitUntil } from "../../test/wait";
import { sharedRows } from "../../routes/content/shared-rows";
import { itemScope, registerPublicCache } from "../http-cache";

// An anonymous item is answered from the answer kept for everyone (plugins/http-cache.ts), built
// from rows kept apart (routes/content/shared-rows.ts), which a read in their last stretch loads
// again in the background. Both lived as long, and the rows were asked for before the answer was
// kept, so the read after the answer ended always found its rows gone and waited for the
// database: with a city's agenda of 2,000 events read at random, ~200 readers a second. Time is a
// hand-moved clock shared by both; the database is a list of loads the test settles.

describe("una respuesta guardada para todos y las filas de las que sale", () => {
  const clock = { t: 1_000, now: () => clock.t };
  const loads: { askedAt: number; resolve: (value: string) => void }[] = [];
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
    app = Fastify();
    await registerPublicCache(app, database, { clock });
    const rows = sharedRows((scope) => app.contentStamp(scope), { clock });
    app.get<{ Params: { id: string } }>(
      "/eventos/:id",
      { config: { publicCache: { scope: (request) => itemScope("events", (request.params as { id: string }).id) } } },
      async (request) => {
        const { id } = request.params;
        const title = await rows.get(`event:${id}`, itemScope("events", id), 1, () => new Promise<string>((resolve) => loads.push({ askedAt: clock.t, resolve })));
        return { data: { id, title } };
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /**
   * Whether the answer arrived without the database answering anything meanwhile: a read that
   * waits for a load never arrives, since loads are only answered between reads.
   */
  async function answeredAtOnce(): Promise<{ done: boolean; title?: string }> {
    let state: { done: boolean; title?: string } = { done: false };
    void app.inject({ url: "/eventos/e1" }).then((response) => (state = { done: true, title: (response.json() as { data: { title: string } }).data.title }));
    await waitUntil(() => state.done, 2_000).catch(() => undefined);
    return state;
  }

  it("quien la sigue pidiendo nunca espera a la base: la respuesta vence antes que sus filas, y armarla de nuevo las renueva en segundo plano", async () => {
    // The first reader of all waits for the rows: nothing was kept.
    const first = app.inject({ url: "/eventos/e1" });
    await waitUntil(() => loads.length === 1);
    loads[0]!.resolve("v1 (pedida a los 1 s)");
    expect((await first).statusCode).toBe(200);

    // Then one reader a second for 40 s, and the database answers each load a second after it is asked.
    const served: string[] = [];
    for (let second = 2; second <= 41; second++) {
      clock.t += 1_000;
      for (const [index, load] of loads.entries()) if (clock.t - load.askedAt >= 1_000) load.resolve(`v${index + 1} (pedida a los ${load.askedAt / 1_000} s)`);
      const state = await answeredAtOnce();
      expect({ second, ...state }).toEqual({ second, done: true, title: expect.any(String) });
      served.push(state.title!);
    }
    // The rows kept being loaded again: what a reader gets is never older than the rows' life plus the answer's.
    expect(loads.length).toBeGreaterThanOrEqual(4);
    expect(served.at(-1)).not.toBe(served[0]);
  });
});
