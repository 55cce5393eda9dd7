import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireFolderLock, type FolderLock } from "./lock";
import { migrate } from "./migrate";
import { loadPglite } from "./pglite-loader";
import { schema } from "./schema";

// One factory for both engines: PGlite (embedded, the zero-setup default) and PostgreSQL (when
// DATABASE_URL is set, for N API instances sharing one database). Code above this module only
// sees `Database`, so repositories are written once.

export type DatabaseKind = "pglite" | "postgres";

/** The Drizzle handle typed against the shared pg-core surface of both drivers. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  db: AppDb;
  kind: DatabaseKind;
  /** The PostgreSQL schema this handle works in, when one was requested. */
  schema: string | undefined;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
    // `public` stays visible so extensions installed there remain usable from a test schema.
    ...(options.schema ? { options: `-c search_path="${options.schema}",public` } : {}),
  });
  const report = options.onBackgroundError ?? ((error: Error) => console.error("Error en la conexión a PostgreSQL:", error));
  // Without a listener an idle connection dropped by the server would crash the process.
  pool.on("error", report);

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
  return {
    ...run(pool),
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
        if (options.schema && options.dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS "${options.schema}" CASCADE`);
      } finally {
        await pool.end();
      }
    },
  };
}
