import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { isDatabaseUnavailable } from "./errors";
import { acquireFolderLock, type FolderLock } from "./lock";
import { migrate } from "./migrate";
import type { Queryable } from "./queryable";
import { loadPglite } from "./pglite-loader";
import { schema } from "./schema";

// One factory for both engines: PGlite (embedded, the zero-setup default) and PostgreSQL (when
// DATABASE_URL is set, for N API instances sharing one database). Code above this module only
// sees `Database`, so repositories are written once.

export type DatabaseKind = "pglite" | "postgres";

/** The Drizzle handle typed against the shared pg-core surface of both drivers. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type { Queryable };

export interface Database extends Queryable {
  db: AppDb;
  kind: DatabaseKind;
  /** The PostgreSQL schema this handle works in, when one was requested. */
  schema: string | undefined;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a LISTEN/NOTIFY channel (a plain lower-case identifier); resolves once the
   * subscription is active, to a function that ends it. Payloads arrive after the sender commits.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string;
  /** Data folder for PGlite (the database lives in `<dataDir>/pglite`). */
  dataDir?: string;
  /** PGlite in memory (tests); wins over dataDir. */
  inMemory?: boolean;
  /** Work inside this schema (created if missing) so test runs do not see each other. */
  schema?: string;
  /** Drop `schema` when the handle closes (throwaway test schemas). */
  dropSchemaOnClose?: boolean;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** How long to wait for a new PostgreSQL connection before failing (default 5000 ms). */
  connectionTimeoutMs?: number;
  /** How long to keep retrying refused connections (a restart) before failing (default 3000 ms). */
  reconnectWaitMs?: number;
  /** Where to report errors of idle pooled connections (default: stderr). */
  onBackgroundError?: (error: Error) => void;
}

/**
 * Dates become ISO strings: PGlite may live in another JS realm (see pglite-loader.ts), where
 * `instanceof Date` is false for our dates and they would be sent as JSON objects.
 */
function normaliseParam(value: unknown): unknown {
  return Object.prototype.toString.call(value) === "[object Date]" ? (value as Date).toISOString() : value;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const CHANNEL_NAME = SCHEMA_NAME;

function assertChannelName(name: string): void {
  // LISTEN takes an identifier, not a parameter; PGlite folds case like PostgreSQL does.
  if (!CHANNEL_NAME.test(name)) throw new Error(`Nombre de canal no válido: ${name}`);
}

function assertSchemaName(name: string): void {
  // The name is interpolated into SQL (identifiers cannot be parameters), so only plain ones pass.
  if (!SCHEMA_NAME.test(name)) throw new Error(`Nombre de esquema no válido: ${name}`);
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.schema !== undefined) assertSchemaName(options.schema);
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl, options) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await migrate(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const { PGlite } = await loadPglite();
  let lock: FolderLock | null = null;
  let client: PGlite;
  if (options.inMemory || !options.dataDir) {
    client = await PGlite.create();
  } else {
    const dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireFolderLock(path.join(dataDir, "pglite.lock"));
    try {
      client = await PGlite.create(path.join(dataDir, "pglite"));
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  if (options.schema) {
    await client.exec(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"; SET search_path TO "${options.schema}", public;`);
  }

  const run = (q: Pick<PGlite, "query" | "exec">): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params.map(normaliseParam));
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });

  let closed = false;
  return {
    ...run(client),
    db: drizzlePglite({ client, schema }) as unknown as AppDb,
    kind: "pglite",
    schema: options.schema,
    transaction: (fn) => client.transaction((tx) => fn(run(tx))),
    async listen(channel, onPayload) {
      assertChannelName(channel);
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!closed) await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (options.schema && options.dropSchemaOnClose) await client.exec(`DROP SCHEMA IF EXISTS "${options.schema}" CASCADE`);
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  if (options.schema) {
    // The schema must exist before the pool's connections name it in their search_path.
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    // While the server is unreachable a connect can hang (no RST from a dead host or proxy); give
    // up soon so the request answers 503 instead of waiting for the client's own timeout.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    // `public` stays visible so extensions installed there remain usable from a test schema.
    ...(options.schema ? { options: `-c search_path="${options.schema}",public` } : {}),
  });
  const report = options.onBackgroundError ?? ((error: Error) => console.error("Error en la conexión a PostgreSQL:", error));
  // Without a listener an idle connection dropped by the server would crash the process.
  pool.on("error", report);
  // The pool listens only to idle clients; a checked-out one (our transactions, Drizzle's) that
  // loses the server emits 'error' with nobody listening, which ends the process. Its pending
  // query rejects on its own, so the event itself needs no handling.
  pool.on("connect", (client) => client.on("error", () => undefined));
  waitThroughRestarts(pool, options.reconnectWaitMs ?? 3000);
  retryReadsCutShort(pool);

  const run = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });

  let closed = false;
  const listener = createPgListener(databaseUrl, report);
  return {
    ...run(pool),
    listen(channel, onPayload) {
      assertChannelName(channel);
      return listener.listen(channel, onPayload);
    },
    db: drizzleNodePg({ client: pool, schema }) as unknown as AppDb,
    kind: "postgres",
    schema: options.schema,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(run(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await listener.close();
        if (options.schema && options.dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS "${options.schema}" CASCADE`);
      } finally {
        await pool.end();
      }
    },
  };
}

/**
 * Makes `pool` ride out a short restart: while the server refuses connections (down, starting up)
 * getting one is retried with backoff for up to `waitMs`, so requests arriving during a restart
 * wait a moment instead of failing. Safe because nothing was sent yet; queries already running
 * when the server went away still fail (they may have been applied). Every path takes a client
 * through `connect()`: pool.query (with a callback), our transactions and Drizzle's (promise).
 */
/** Connection failures that `waitThroughRestarts` already waited out: repeating would double the wait. */
const alreadyWaited = new WeakSet<object>();

function waitThroughRestarts(pool: pg.Pool, waitMs: number): void {
  type Done = (release?: Error | boolean) => void;
  type Callback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;
  const connectOnce = pg.Pool.prototype.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connectPatiently = async (): Promise<pg.PoolClient> => {
    const giveUpAt = Date.now() + waitMs;
    for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
      try {
        return await connectOnce();
      } catch (error) {
        // A pool timeout already waited its share; anything else is not an outage.
        const retriable = isDatabaseUnavailable(error) && !/^timeout exceeded/.test((error as Error).message) && !pool.ending;
        if (!retriable || Date.now() + delay > giveUpAt) {
          if (typeof error === "object" && error !== null) alreadyWaited.add(error);
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  (pool as unknown as { connect: (callback?: Callback) => Promise<pg.PoolClient> | undefined }).connect = (callback) => {
    const attempt = connectPatiently();
    if (!callback) return attempt;
    attempt.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  };
}

const retryableWork = new AsyncLocalStorage<true>();

/**
 * Runs `fn` (and everything it starts) as work that may be repeated: a statement outside a
 * transaction whose connection is lost mid-way is then sent once more. The app uses it for GET
 * and HEAD requests, which HTTP defines as safe to repeat (clients retry them too).
 */
export function runAsRetryable<T>(fn: () => T): T {
  return retryableWork.run(true, fn);
}

/**
 * A restart ends the statements running at that moment. For retryable work (above) each such
 * statement is sent once more, through `connect()`, which waits for the server to be back. Only
 * `pool.query` (single statements, Drizzle's included); transactions use their own client.
 */
function retryReadsCutShort(pool: pg.Pool): void {
  const queryOnce = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = queryOnce(...args);
    // The callback form (unused by us and Drizzle) is left as it is.
    if (!(result instanceof Promise) || retryableWork.getStore() !== true) return result;
    return result.catch((error: unknown) => {
      if (!isDatabaseUnavailable(error) || alreadyWaited.has(error as object) || pool.ending) throw error;
      return queryOnce(...args);
    });
  };
}

/**
 * LISTEN needs a session of its own (a pooled connection would be handed to other queries), so
 * each handle keeps one dedicated client, opened on the first subscription and reopened with the
 * same channels if the server drops it. Notifications sent while it is down are lost: callers
 * that cannot afford that re-read their state from tables (SSE clients reconnect and re-fetch).
 */
function createPgListener(databaseUrl: string, report: (error: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on("notification", (message) => {
        const set = handlers.get(message.channel);
        if (!set) return;
        for (const handler of set) {
          try {
            handler(message.payload ?? "");
          } catch (error) {
            report(error as Error);
          }
        }
      });
      const dropped = (error?: Error) => {
        if (client !== next) return;
        client = null;
        connecting = null;
        if (error) report(error);
        if (!closed && handlers.size > 0) scheduleReconnect();
      };
      next.on("error", dropped);
      next.on("end", () => dropped());
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN "${channel}"`);
      client = next;
      return next;
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };

  const scheduleReconnect = () => {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: unknown) => {
        report(error as Error);
        scheduleReconnect();
      });
    }, 1000);
    retryTimer.unref();
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
      if (closed) throw new Error("La base de datos está cerrada.");
      let set = handlers.get(channel);
      const isNewChannel = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      const active = await connect();
      // LISTEN twice is harmless, so a connection that already subscribed while opening is fine.
      if (isNewChannel) await active.query(`LISTEN "${channel}"`);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        handlers.delete(channel);
        if (client && !closed) await client.query(`UNLISTEN "${channel}"`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      handlers.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
