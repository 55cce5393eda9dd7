import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import { loadEnv } from "../../env";
import { expectedDatabaseKind } from "../../test/harness";
import { waitUntil } from "../../test/wait";
import { openDatabase } from "../client";

// Test runs and benchmarks work in a throwaway schema that closing the handle drops; one left
// behind keeps its tables on disk for good (a benchmark's holds 100,000 events).

const schemaName = () => `test_${randomBytes(6).toString("hex")}`;

if (expectedDatabaseKind() === "postgres") {
  describe("un esquema desechable en PostgreSQL", () => {
    const databaseUrl = loadEnv().databaseUrl!;
    const other = new pg.Client({ connectionString: databaseUrl });
    afterAll(async () => {
      await other.end().catch(() => undefined);
    });

    const schemaExists = async (schema: string) =>
      (await other.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema])).rowCount === 1;

    it("se borra al cerrar aunque el borrado pierda un interbloqueo con otra sesión", async () => {
      const schema = schemaName();
      const database = await openDatabase({ databaseUrl, schema, dropSchemaOnClose: true, migrate: false, poolSize: 2 });
      await database.exec("CREATE TABLE probe (id int)");
      await other.connect();
      // Another session reads a table of the schema and, while the drop waits for that table,
      // creates one in the schema the drop already holds: PostgreSQL aborts the drop (40P01).
      await other.query("BEGIN");
      await other.query(`SELECT * FROM "${schema}".probe`);
      const closing = database.close();
      // The drop waits on this table (other suites share the cluster, so only this lock counts):
      // having waited first, it is the one PostgreSQL aborts when the cycle closes.
      await waitUntil(async () => (await other.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND relation = '"${schema}".probe'::regclass`)).rowCount! > 0);
      await other.query(`CREATE TABLE "${schema}".late (id int)`);
      await other.query("COMMIT");

      await closing;
      expect(await schemaExists(schema)).toBe(false);
    });
  });
} else {
  describe("un esquema desechable en PGlite", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-schema-"));
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it("se borra al cerrar y no está al volver a abrir la carpeta", async () => {
      const schema = schemaName();
      const database = await openDatabase({ dataDir, schema, dropSchemaOnClose: true, migrate: false });
      await database.exec("CREATE TABLE probe (id int)");
      await database.close();

      const reopened = await openDatabase({ dataDir, migrate: false });
      try {
        expect(await reopened.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema])).toEqual([]);
      } finally {
        await reopened.close();
      }
    });
  });
}
