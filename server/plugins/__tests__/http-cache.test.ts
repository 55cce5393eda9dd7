import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import Fastify, { type FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { openSecondHandle, openTestDatabase } from "../../test/harness";
import { waitUntil } from "../../test/wait";
import { itemScope, LISTS_SCOPE, narrowChange, registerPublicCache, viewerScope } from "../http-cache";

// The content version (plugins/http-cache.ts) moves once per change on every instance. The NOTIFY
// that tells the others also reaches the instance that sent it; counted there a second time, it
// would drop whatever that instance remembered right after the change, and the next anonymous
// reader would wait for the database (or get a 503 while it is down) instead of the answer kept.

/** How many times each item's handler answered (not its remembered answer). */
const answered = new Map<string, number>();

async function instance(database: Database): Promise<FastifyInstance> {
  const app = Fastify();
  await registerPublicCache(app, database);
  app.post("/cambio", async () => ({ data: { ok: true } }));
  // A follow: the lists, the item and the follower.
  app.post<{ Params: { id: string } }>("/seguir/:id", async (request) => {
    narrowChange(request, [LISTS_SCOPE, itemScope("events", request.params.id), viewerScope("ana")]);
    return { data: { ok: true } };
  });
  app.post("/visto", { config: { changesOnlyOwnData: true } }, async () => ({ data: { ok: true } }));
  app.get<{ Params: { id: string } }>("/eventos/:id", { config: { publicCache: { scope: (request) => itemScope("events", (request.params as { id: string }).id) } } }, async (request) => {
    answered.set(request.params.id, (answered.get(request.params.id) ?? 0) + 1);
    return { data: { id: request.params.id } };
  });
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

  it("un cambio acotado (seguir un evento) solo mueve lo suyo, en todas las instancias: lo demás guardado sigue sirviendo", async () => {
    const stamps = (app: FastifyInstance) => ({
      version: app.contentVersion(),
      lists: app.contentStamp(LISTS_SCOPE),
      followed: app.contentStamp(itemScope("events", "a")),
      other: app.contentStamp(itemScope("events", "b")),
      follower: app.contentStamp(viewerScope("ana")),
      someoneElse: app.contentStamp(viewerScope("beto")),
    });
    // Both items answered once and remembered.
    for (const id of ["a", "b"]) for (let i = 0; i < 2; i++) expect((await here.inject({ url: `/eventos/${id}` })).statusCode).toBe(200);
    expect([answered.get("a"), answered.get("b")]).toEqual([1, 1]);
    const hereBefore = stamps(here);
    const thereBefore = stamps(there);

    expect((await here.inject({ method: "POST", url: "/seguir/a" })).statusCode).toBe(200);
    await waitUntil(() => there.contentStamp(itemScope("events", "a")) !== thereBefore.followed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [app, before] of [[here, hereBefore], [there, thereBefore]] as const) {
      const after = stamps(app);
      expect({ version: after.version, other: after.other, someoneElse: after.someoneElse }).toEqual({ version: before.version, other: before.other, someoneElse: before.someoneElse });
      for (const moved of ["lists", "followed", "follower"] as const) expect(after[moved]).not.toBe(before[moved]);
    }
    // The item followed is read again; the other one still comes from memory.
    for (const id of ["a", "b"]) expect((await here.inject({ url: `/eventos/${id}` })).statusCode).toBe(200);
    expect([answered.get("a"), answered.get("b")]).toEqual([2, 1]);

    // A change to everything still drops everything.
    expect((await here.inject({ method: "POST", url: "/cambio" })).statusCode).toBe(200);
    expect((await here.inject({ url: "/eventos/b" })).statusCode).toBe(200);
    expect(answered.get("b")).toBe(2);
    await waitUntil(() => there.contentVersion() > thereBefore.version);
  });

  it("lo que solo cambia los datos de quien llama (marcar vistas sus notificaciones) no mueve nada en ninguna instancia", async () => {
    const before = [here.contentVersion(), there.contentVersion(), here.contentStamp(LISTS_SCOPE), there.contentStamp(viewerScope("ana"))];
    expect((await here.inject({ method: "POST", url: "/visto" })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([here.contentVersion(), there.contentVersion(), here.contentStamp(LISTS_SCOPE), there.contentStamp(viewerScope("ana"))]).toEqual(before);
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
