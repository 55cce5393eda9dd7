import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import Fastify, { type FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { openSecondHandle, openTestDatabase } from "../../test/harness";
import { waitUntil } from "../../test/wait";
import { registerPublicCache } from "../http-cache";

// The content version (plugins/http-cache.ts) moves once per change on every instance. The NOTIFY
// that tells the others also reaches the instance that sent it; counted there a second time, it
// would drop whatever that instance remembered right after the change, and the next anonymous
// reader would wait for the database (or get a 503 while it is down) instead of the answer kept.

async function instance(database: Database): Promise<FastifyInstance> {
  const app = Fastify();
  await registerPublicCache(app, database);
  app.post("/cambio", async () => ({ data: { ok: true } }));
  await app.ready();
  return app;
}

describe("la versión del contenido entre instancias", () => {
  let database: Database;
  let second: Database;
  let here: FastifyInstance;
  let there: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
    // A second API process on the same database (on PGlite, the same handle, as in production).
    second = await openSecondHandle(database);
    here = await instance(database);
    there = await instance(second);
  });
  afterAll(async () => {
    await here.close();
    await there.close();
    await second.close();
    await database.close();
  });

  it("un cambio cuenta una vez en su instancia y una vez en las demás, aunque el aviso vuelva a quien lo envió", async () => {
    const hereBefore = here.contentVersion();
    const thereBefore = there.contentVersion();

    expect((await here.inject({ method: "POST", url: "/cambio" })).statusCode).toBe(200);
    // Counted here before the answer left.
    expect(here.contentVersion()).toBe(hereBefore + 1);

    await waitUntil(() => there.contentVersion() > thereBefore);
    // The same NOTIFY reaches this instance about when it reaches the other one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(there.contentVersion()).toBe(thereBefore + 1);
    expect(here.contentVersion()).toBe(hereBefore + 1);
  });

  it("un cambio que falla no mueve la versión en ninguna instancia", async () => {
    const hereBefore = here.contentVersion();
    const thereBefore = there.contentVersion();
    expect((await here.inject({ method: "POST", url: "/no-existe" })).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(here.contentVersion()).toBe(hereBefore);
    expect(there.contentVersion()).toBe(thereBefore);
  });
});
