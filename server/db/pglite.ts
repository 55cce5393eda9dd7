import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { assertChannelName, type Database, type OpenDatabaseOptions } from "./database";
import { acquireFolderLock, type FolderLock } from "./lock";
import { createPglite } from "./pglite-loader";
import type { Queryable } from "./queryable";

// The embedded engine: one PGlite per process, in memory (tests) or in a data folder guarded by a
// lock file (PGlite cannot share its files with another process).

/**
 * Dates become ISO strings: PGlite may live in another JS realm (see pglite-loader.ts), where
 * `instanceof Date` is false for our dates and they would be sent as JSON objects.
 */
function normaliseParam(value: unknown): unknown {
  return Object.prototype.toString.call(value) === "[object Date]" ? (value as Date).toISOString() : value;
}

export async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let lock: FolderLock | null = null;
  let client: PGlite;
  if (options.inMemory || !options.dataDir) {
    client = await createPglite(undefined, options.template ? { loadDataDir: options.template } : {});
  } else {
    const dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireFolderLock(path.join(dataDir, "pglite.lock"));
    try {
      client = await createPglite(path.join(dataDir, "pglite"));
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
