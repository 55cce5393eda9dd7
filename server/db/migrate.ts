import fs from "node:fs";
import path from "node:path";
import type { Queryable } from "./queryable";

// Plain SQL migrations, applied in file-name order, each in its own transaction and recorded in
// `schema_migrations`. Several API instances may start together on one PostgreSQL, so every step
// runs under a transaction-scoped advisory lock and re-checks what is already applied.

export const MIGRATIONS_DIR = path.join(__dirname, "migrations");

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_-]+\.sql$/;
// Any fixed number works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 7_331_001;

export interface Migration {
  name: string;
  sql: string;
}

interface Migratable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const names = fs
    .readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort();
  const seen = new Set<string>();
  for (const name of names) {
    const number = name.slice(0, 4);
    if (seen.has(number)) throw new Error(`Dos migraciones comparten el número ${number}`);
    seen.add(number);
  }
  return names.map((name) => ({ name: name.replace(/\.sql$/, ""), sql: fs.readFileSync(path.join(dir, name), "utf8") }));
}

/** Applies the pending migrations and returns the names it applied (empty when up to date). */
export async function migrate(database: Migratable, migrations: Migration[] = readMigrations()): Promise<string[]> {
  await database.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  });

  const applied: string[] = [];
  for (const migration of migrations) {
    const didApply = await database.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE name = $1", [migration.name]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [migration.name]);
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return applied;
}
