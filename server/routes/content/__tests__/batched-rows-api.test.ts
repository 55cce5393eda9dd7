import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, openTestDatabase, type TestApp } from "../../../test/harness";
import { createEvent, makePerson } from "./helpers";

// Several readers opening different events that nobody has kept (at a start, or after a change
// that drops everything) are answered from one statement, each with their own event
// (batched-rows.ts, used by resource.ts for the rows everyone sees).

describe("eventos abiertos a la vez por lectores distintos", () => {
  let t: TestApp;
  const statements: { sql: string; params: unknown[] }[] = [];
  let ids: string[];

  beforeAll(async () => {
    const database = await openTestDatabase();
    t = await createTestApp({
      database: {
        ...database,
        query: (sql: string, params?: unknown[]) => {
          statements.push({ sql, params: params ?? [] });
          return database.query(sql, params);
        },
      } as typeof database,
    });
    const owner = await makePerson(t);
    ids = [];
    for (const title of ["Danza en la Alameda", "Cine en el Ateneo", "Feria del libro", "Jazz en el patio", "Taller de grabado"]) {
      ids.push(await createEvent(t, owner, { title }));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it("cada quien recibe su evento, y la base recibe las lecturas por id juntas, no una por lector", async () => {
    statements.length = 0;
    // Five readers at once, each through the whole app (hooks, cache, handler).
    const answers = await Promise.all(ids.map((id) => t.app.inject({ method: "GET", url: `/api/events/${id}` })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((res) => res.json().data._id)).toEqual(ids);
    expect(answers.map((res) => res.json().data.title)).toEqual(["Danza en la Alameda", "Cine en el Ateneo", "Feria del libro", "Jazz en el patio", "Taller de grabado"]);
    // One at a time, they were five statements with one id each.
    const byId = statements.filter(({ sql }) => /FROM events e\b/.test(sql) && /\.id = ANY\(/.test(sql));
    expect(byId.length).toBeLessThan(ids.length);
    expect(byId.flatMap(({ params }) => params.filter(Array.isArray).flat()).sort()).toEqual([...ids].sort());
  });
});
