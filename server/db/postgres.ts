import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { assertChannelName, type Database, type OpenDatabaseOptions } from "./database";
import { isDatabaseUnavailable } from "./errors";
import { createPgListener } from "./pg-listener";
import type { Queryable } from "./queryable";

// PostgreSQL through a node-postgres pool, for N API instances sharing one database. The pool is
// made to ride out short restarts (waitThroughRestarts, retryReadsCutShort) so requests answer
// instead of failing while the server comes back.

export async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
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
  // The pool listens only to idle clients; a checked-out one (a transaction's) that
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

/** Connection failures that `waitThroughRestarts` already waited out: repeating would double the wait. */
const alreadyWaited = new WeakSet<object>();

/**
 * Makes `pool` ride out a short restart: while the server refuses connections (down, starting up)
 * getting one is retried with backoff for up to `waitMs`, so requests arriving during a restart
 * wait a moment instead of failing. Safe because nothing was sent yet; queries already running
 * when the server went away still fail (they may have been applied). Every path takes a client
 * through `connect()`: pool.query (with a callback) and our transactions (promise).
 */

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
 * `pool.query` (single statements); transactions use their own client.
 */
function retryReadsCutShort(pool: pg.Pool): void {
  const queryOnce = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = queryOnce(...args);
    // The callback form (which we do not use) is left as it is.
    if (!(result instanceof Promise) || retryableWork.getStore() !== true) return result;
    return result.catch((error: unknown) => {
      if (!isDatabaseUnavailable(error) || alreadyWaited.has(error as object) || pool.ending) throw error;
      return queryOnce(...args);
    });
  };
}
