import type { Queryable } from "./queryable";

// The one handle the rest of the server sees, whichever engine is behind it: PGlite (embedded,
// the zero-setup default) or PostgreSQL (when DATABASE_URL is set, for N API instances sharing one
// database). Repositories take it (or just its `Queryable` part) and send parameterised SQL.

export type DatabaseKind = "pglite" | "postgres";

export interface Database extends Queryable {
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
  /**
   * PGlite in memory starting from this dumped data folder (`dumpDataDir`) instead of an empty
   * cluster: tests start from a migrated copy, skipping initdb and the migrations.
   */
  template?: Blob;
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
  /**
   * Send reads as named prepared statements (PostgreSQL; default true). Turn off behind a pooler
   * that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  preparedStatements?: boolean;
  /** Where to report errors of idle pooled connections (default: stderr). */
  onBackgroundError?: (error: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const CHANNEL_NAME = SCHEMA_NAME;

export function assertChannelName(name: string): void {
  // LISTEN takes an identifier, not a parameter; PGlite folds case like PostgreSQL does.
  if (!CHANNEL_NAME.test(name)) throw new Error(`Nombre de canal no válido: ${name}`);
}

export function assertSchemaName(name: string): void {
  // The name is interpolated into SQL (identifiers cannot be parameters), so only plain ones pass.
  if (!SCHEMA_NAME.test(name)) throw new Error(`Nombre de esquema no válido: ${name}`);
}
