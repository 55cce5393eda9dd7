import { createHash } from "node:crypto";
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
    options: [
      // Reads go as named statements (below), and each is planned again on every execution while
      // PostgreSQL's default keeps preferring a custom plan: for the events list that planning
      // (2.8 ms) cost twice the execution (1.5 ms). Our statements are keyed lookups and keyset
      // pages whose plan does not depend on the values (checked with EXPLAIN in
      // docs/operations/rendimiento-bitacora.md), so each connection plans each statement once.
      "-c plan_cache_mode=force_generic_plan",
      // `public` stays visible so extensions installed there remain usable from a test schema.
      ...(options.schema ? [`-c search_path="${options.schema}",public`] : []),
    ].join(" "),
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

  const prepared = options.preparedStatements === false ? null : createStatementNames();
  const run = (q: pg.Pool | pg.PoolClient, named: boolean): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const name = named ? prepared?.nameOf(sql) : undefined;
      if (!name) return (await q.query(sql, params)).rows as T[];
      try {
        return (await q.query({ name, text: sql, values: params })).rows as T[];
      } catch (error) {
        // A migration changed a table a prepared `SELECT *` reads: plain statements from now on.
        if (!isStalePreparedPlan(error)) throw error;
        prepared?.forget(sql);
        return (await q.query(sql, params)).rows as T[];
      }
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });

  let closed = false;
  const listener = createPgListener(databaseUrl, report);
  return {
    ...run(pool, true),
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
        // Unnamed inside transactions: a failed statement there cannot be sent again.
        const result = await fn(run(client, false));
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
        if (options.schema && options.dropSchemaOnClose) await dropSchema(pool, options.schema);
      } finally {
        await pool.end();
      }
    },
  };
}

/**
 * Drops a throwaway schema. The drop locks the schema's objects one by one, so another session
 * still using them (a statement finishing, a test's background work) can meet it in a deadlock,
 * which PostgreSQL settles by aborting the drop: it is tried again rather than left behind.
 */
async function dropSchema(pool: pg.Pool, schema: string, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "40P01" || attempt === attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Prepared statements a process keeps per connection, at most (the rest go unnamed). */
const MAX_PREPARED = 400;

/**
 * Names for prepared statements. Every read the API makes is one of a bounded set of texts
 * (values are always parameters), so each pooled connection parses and plans it once and then
 * only binds and executes it: planning was as long as running for the content lists.
 */
function createStatementNames() {
  const names = new Map<string, string>();
  const refused = new Set<string>();
  return {
    nameOf(sql: string): string | undefined {
      const known = names.get(sql);
      if (known || refused.has(sql) || names.size >= MAX_PREPARED) return known;
      const name = `plaza_${createHash("sha1").update(sql).digest("hex").slice(0, 24)}`;
      names.set(sql, name);
      return name;
    },
    forget(sql: string) {
      names.delete(sql);
      refused.add(sql);
    },
  };
}

function isStalePreparedPlan(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "0A000" && /cached plan must not change result type/.test((error as Error).message);
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

// What a statement must not do to be sent twice: write (a WITH may hold a write, only at its top
// level), notify, move a sequence, change a setting, lock, touch large objects or end sessions,
// create a table (SELECT … INTO), or be more than one statement.
const EFFECTS =
  /\b(INSERT|UPDATE|DELETE|MERGE|INTO)\b|\b(pg_notify|nextval|setval|currval|lastval|set_config|pg_(try_)?advisory_\w+|lo_\w+|pg_terminate_backend|pg_cancel_backend)\s*\(|;\s*\S/i;

/**
 * Whether a statement may be sent again after its connection was lost mid-way, when nobody can
 * know if it ran: a read (SELECT, or WITH … SELECT) with none of the effects above. Writes and
 * notices fail as an outage (503) instead, and so does anything in a transaction. Decided by the
 * statement, not by the request: a GET's write is never repeated, a POST's read may be. A function
 * of ours that writes would have to be added to EFFECTS (the one in the migrations, plaza_fold, is
 * immutable). This was an AsyncLocalStorage around GET requests, which in Node 20 hooks every
 * promise: ~15 % of the API's CPU for a signed-in read (docs/operations/rendimiento-bitacora.md).
 */
export function isRepeatable(sql: string): boolean {
  // Literals and comments hold words, not effects ("flattened into hash joins"); one pass, left to
  // right, so a quote inside a comment or dashes inside a literal are read as what they are in.
  const code = sql.replace(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g, " ");
  return /^\s*(SELECT|WITH)\b/i.test(code) && !EFFECTS.test(code);
}

/**
 * A restart ends the statements running at that moment. Each repeatable one (above) is sent once
 * more, through `connect()`, which waits for the server to be back. Only `pool.query` (single
 * statements); transactions use their own client.
 */
function retryReadsCutShort(pool: pg.Pool): void {
  const queryOnce = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = queryOnce(...args);
    // The callback form (which we do not use) is left as it is.
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (!isDatabaseUnavailable(error) || alreadyWaited.has(error as object) || pool.ending) throw error;
      const sql = typeof args[0] === "string" ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
      if (typeof sql !== "string" || !isRepeatable(sql)) throw error;
      return queryOnce(...args);
    });
  };
}
