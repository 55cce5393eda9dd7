import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { openTestDatabase } from "../../test/harness";
import type { Database } from "../client";

// Reads go out as named prepared statements on PostgreSQL (server/db/postgres.ts). A migration
// applied by another instance while this one runs changes what a prepared `SELECT *` returns,
// which PostgreSQL refuses for the old plan; the read must still answer, with the new column.
// (On PGlite there are no named statements; the same reads must behave the same.)

describe("lecturas preparadas", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.exec("CREATE TABLE prepared_probe (id int PRIMARY KEY, name text); INSERT INTO prepared_probe VALUES (1, 'uno');");
  });
  afterAll(async () => {
    await database.close();
  });

  it("la misma lectura repetida da lo mismo, y tras un cambio de tabla ve la columna nueva", async () => {
    const read = () => database.query<Record<string, unknown>>("SELECT * FROM prepared_probe WHERE id = $1", [1]);
    // More reads than pooled connections, so every connection has prepared it.
    for (let i = 0; i < 12; i++) expect(await read()).toEqual([{ id: 1, name: "uno" }]);

    await database.exec("ALTER TABLE prepared_probe ADD COLUMN city text DEFAULT 'Saltillo'");
    for (let i = 0; i < 12; i++) expect(await read()).toEqual([{ id: 1, name: "uno", city: "Saltillo" }]);
  });

  it("los mismos parámetros con otros valores no se confunden entre sentencias", async () => {
    await database.exec("INSERT INTO prepared_probe (id, name) VALUES (2, 'dos'), (3, 'tres')");
    const names = await Promise.all([1, 2, 3].map(async (id) => (await database.query<{ name: string }>("SELECT name FROM prepared_probe WHERE id = $1", [id]))[0]?.name));
    expect(names).toEqual(["uno", "dos", "tres"]);
    const count = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM prepared_probe WHERE id > $1", [1]);
    expect(count).toEqual([{ n: 2 }]);
  });
});
