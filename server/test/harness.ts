import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { loadEnv } from "../env";
import { createUsersRepository, type UsersRepository } from "../routes/users/repository";

// Builds the real app on a fresh database for one test file: an in-memory PGlite, or, when
// DATABASE_URL is set, a throwaway schema on that PostgreSQL (dropped on close) so runs never
// see each other's rows.

export interface TestDatabaseOptions {
  migrate?: boolean;
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const { databaseUrl } = loadEnv();
  if (databaseUrl) {
    return openDatabase({
      databaseUrl,
      schema: `test_${randomBytes(6).toString("hex")}`,
      dropSchemaOnClose: true,
      migrate: options.migrate,
      poolSize: 4,
    });
  }
  return openDatabase({ inMemory: true, migrate: options.migrate });
}

/** The engine the suites run on, for assertions that name it. */
export function expectedDatabaseKind(): "pglite" | "postgres" {
  return loadEnv().databaseUrl ? "postgres" : "pglite";
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  users: UsersRepository;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The exported PWA folder; by default one that does not exist. */
  staticDir?: string;
  /** Extra env variables (strings, as in process.env). */
  env?: Record<string, string>;
  /** Registers extra routes (e.g. one that throws) before the app is sealed. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadEnv({
    LOG_LEVEL: "silent",
    STATIC_DIR: options.staticDir ?? path.join(os.tmpdir(), `plaza-sin-export-${randomBytes(4).toString("hex")}`),
    ...options.env,
  });
  const database = await openTestDatabase();
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp({ config, database });
    await options.configure?.(app);
    await app.ready();
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  const ready = app;
  return {
    app: ready,
    database,
    users: createUsersRepository(database.db),
    async close() {
      await ready.close();
      await database.close();
    },
  };
}
