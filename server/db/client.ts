import { assertSchemaName, type Database, type OpenDatabaseOptions } from "./database";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";

// One factory for both engines (database.ts has the handle they share): code above this module
// only sees `Database`, so repositories are written once.

export type { Database, DatabaseKind, OpenDatabaseOptions } from "./database";
export type { Queryable } from "./queryable";

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
