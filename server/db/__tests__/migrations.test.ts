import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../client";
import { migrate, readMigrations } from "../migrate";
import { openTestDatabase } from "../../test/harness";

async function tablesOf(database: Database): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
  );
  return rows.map((r) => r.table_name);
}

describe("migraciones", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.close();
  });

  it("crean las tablas en una base vacía y no hacen nada la segunda vez", async () => {
    expect(await tablesOf(database)).toEqual([]);

    const files = readMigrations().map((m) => m.name);
    expect(files[0]).toBe("0001_users");

    expect(await migrate(database)).toEqual(files);
    expect(await tablesOf(database)).toEqual(expect.arrayContaining(["follows", "schema_migrations", "users"]));
    const recorded = await database.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(recorded.map((r) => r.name)).toEqual(files);

    expect(await migrate(database)).toEqual([]);
    const again = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations");
    expect(again[0]?.n).toBe(files.length);
  });

  it("deshacen por completo una migración que falla y no la registran", async () => {
    const broken = [{ name: "9999_rota", sql: "CREATE TABLE a_medias (id int); SELECT columna_que_no_existe FROM a_medias;" }];
    await expect(migrate(database, broken)).rejects.toThrow();
    expect(await tablesOf(database)).not.toContain("a_medias");
    const recorded = await database.query("SELECT 1 FROM schema_migrations WHERE name = $1", ["9999_rota"]);
    expect(recorded).toHaveLength(0);
  });

  it("hacen el correo único sin distinguir mayúsculas y exigen motivo y fecha juntos en una suspensión", async () => {
    await database.query("INSERT INTO users (id, name, email) VALUES ('u1', 'Ana', 'ana@plaza.test')");
    await expect(database.query("INSERT INTO users (id, name, email) VALUES ('u2', 'Otra', 'ANA@Plaza.test')")).rejects.toThrow();
    await expect(database.query("UPDATE users SET ban_reason = 'spam' WHERE id = 'u1'")).rejects.toThrow();
    await expect(database.query("UPDATE users SET account_type = 'ROOT' WHERE id = 'u1'")).rejects.toThrow();
    await expect(
      database.query("INSERT INTO follows (follower_id, target_kind, target_id) VALUES ('u1', 'planetas', 'x')"),
    ).rejects.toThrow();
  });
});
