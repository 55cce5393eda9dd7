import { randomBytes } from "node:crypto";
import { jest } from "@jest/globals";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { loadEnv } from "../env";
import { contentVersionChannel, noticeOf } from "../plugins/http-cache";
import { createUsersRepository, type UsersRepository } from "../routes/users/repository";
import { migratedTemplate } from "./pglite-template";
import { requestTo, type RequestOptions, type TestResponse } from "./http";
import { waitUntil } from "./wait";

// Builds the real app on a fresh database for one test file: an in-memory PGlite, or, when
// DATABASE_URL is set, a throwaway schema on that PostgreSQL (dropped on close) so runs never
// see each other's rows.

// Suites open real databases and call the emulator. The `testTimeout` in jest.config.ts sits in
// a project, where Jest ignores it, so the limit is raised here for every file using the harness.
jest.setTimeout(60_000);

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
  if (options.migrate === false) return openDatabase({ inMemory: true, migrate: false });
  return openDatabase({ inMemory: true, template: await migratedTemplate() });
}

/** The engine the suites run on, for assertions that name it. */
export function expectedDatabaseKind(): "pglite" | "postgres" {
  return loadEnv().databaseUrl ? "postgres" : "pglite";
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  users: UsersRepository;
  /** Sends a request to the app, listening on a free loopback port. */
  request(options: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The exported PWA folder; by default one that does not exist. */
  staticDir?: string;
  /** Extra env variables (strings, as in process.env). */
  env?: Record<string, string>;
  /** Registers extra routes (e.g. one that throws) before the app is sealed. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Run on this database instead of a fresh one (a second instance); closed with the app unless shared. */
  database?: Database;
  /** Receives the app's log lines (set env.LOG_LEVEL to see them; silent by default). */
  logStream?: { write(line: string): void };
}

/**
 * Another handle on the same test database, as a second API process would have: on PostgreSQL
 * its own pool and LISTEN connection to the same schema; on PGlite (one process by design, one
 * connection) the same handle, which the second app must not close.
 */
export async function openSecondHandle(database: Database): Promise<Database> {
  const { databaseUrl } = loadEnv();
  if (!databaseUrl || !database.schema) return { ...database, close: async () => undefined };
  return openDatabase({ databaseUrl, schema: database.schema, migrate: false, poolSize: 4 });
}

/** How much later than the instance that sent it a late second instance hears a NOTIFY. */
const LATE_NOTICE_MS = 150;

export interface LateSecondHandle {
  /** For the second app (createTestApp's `database`). */
  database: Database;
  /** Resolves once both instances have heard every content change announced before the call. */
  caughtUp: () => Promise<void>;
}

/**
 * A second instance's handle (openSecondHandle) that hears every NOTIFY `delayMs` late, as on a
 * busy machine. A step that reads one instance after a change made on the other waits for
 * `caughtUp()`, never for a fixed time: on a busy CI machine a change's notice reached the second
 * instance after the next step had read there (02/12/2026), and a fixed sleep of any length can be
 * too short. Open it once the first instance's app is ready: its own listener then runs before the
 * one this adds, for each notice.
 */
export async function openLateSecondHandle(first: Database, { delayMs = LATE_NOTICE_MS } = {}): Promise<LateSecondHandle> {
  const second = await openSecondHandle(first);
  const channel = contentVersionChannel(first);
  const heardHere = new Set<string>();
  const heardThere = new Set<string>();
  const listen = second.listen.bind(second);
  second.listen = (name, onPayload) =>
    listen(name, (payload) =>
      setTimeout(() => {
        // A handler that throws is the app's failure to report, not a notice never heard.
        try {
          onPayload(payload);
        } finally {
          heardThere.add(payload);
        }
      }, delayMs).unref(),
    );
  await first.listen(channel, (payload) => heardHere.add(payload));
  // NOTIFYs reach each listener in the order they were sent: once both instances hear one sent
  // now, they have heard those before it. This one names a scope nothing is kept under, so it
  // drops nothing.
  const caughtUp = async () => {
    const notice = noticeOf("test", [`test:${randomBytes(8).toString("hex")}`]);
    await first.query("SELECT pg_notify($1, $2)", [channel, notice]);
    await waitUntil(() => heardHere.has(notice) && heardThere.has(notice), 10_000);
  };
  return { database: second, caughtUp };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadEnv({
    LOG_LEVEL: "silent",
    STATIC_DIR: options.staticDir ?? path.join(os.tmpdir(), `plaza-sin-export-${randomBytes(4).toString("hex")}`),
    // Uploaded images of a test run go to a throwaway folder, never into the project's .data.
    UPLOADS_DIR: path.join(os.tmpdir(), `plaza-uploads-${randomBytes(4).toString("hex")}`),
    // Limits stay on, raised 50×: suites create many people and rows from one address in seconds.
    // The rate-limit suite sets RATE_LIMIT_SCALE=1 to check the real values.
    RATE_LIMIT_SCALE: "50",
    // Pages that should carry their cover must not lose it to a loaded CI machine; the budget
    // itself is checked against a lookup that never ends (plugins/__tests__/cover-preview.test.ts).
    COVER_PREVIEW_BUDGET_MS: "2000",
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp({ config, database, logStream: options.logStream });
    await options.configure?.(app);
    await app.listen({ host: "127.0.0.1", port: 0 });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  const ready = app;
  const address = ready.server.address() as AddressInfo;
  return {
    app: ready,
    database,
    users: createUsersRepository(database),
    request: (requestOptions) => requestTo(address, requestOptions),
    async close() {
      await ready.close();
      await database.close();
    },
  };
}
