import vm from "node:vm";
import type * as PgliteModule from "@electric-sql/pglite";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";
import type * as TrgmModule from "@electric-sql/pglite/contrib/pg_trgm";

// PGlite's Emscripten glue loads Node built-ins with dynamic import(). Inside a vm sandbox (Jest
// runs every test file in one) dynamic import() fails unless Node runs with
// --experimental-vm-modules, so there PGlite is loaded through Node's own loader from the main
// context. Everywhere else it is an ordinary import, done lazily so that PostgreSQL deployments
// never load the wasm engine.
//
// Every PGlite is created here, with the extensions the migrations use (pg_trgm for typo-tolerant
// search): a data folder whose catalog names an extension cannot be opened without it, so the
// API, the backup and the restore must all hand PGlite the same list.

type PgliteExports = typeof PgliteModule;
type TrgmExports = typeof TrgmModule;

interface Loaded {
  PGlite: PgliteExports["PGlite"];
  extensions: NonNullable<PGliteOptions["extensions"]>;
}

let loading: Promise<Loaded> | null = null;

function inVmSandbox(): boolean {
  return vm.runInThisContext("globalThis") !== globalThis;
}

function mainContextRequire(): <T>(from: string, id: string) => Promise<T> {
  return vm.runInThisContext("(async (from, id) => (await import('node:module')).createRequire(from)(id))", {
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }) as <T>(from: string, id: string) => Promise<T>;
}

async function load(): Promise<Loaded> {
  if (inVmSandbox()) {
    const nativeRequire = mainContextRequire();
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      nativeRequire<PgliteExports>(__filename, "@electric-sql/pglite"),
      nativeRequire<TrgmExports>(__filename, "@electric-sql/pglite/contrib/pg_trgm"),
    ]);
    return { PGlite, extensions: { pg_trgm } };
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  return { PGlite, extensions: { pg_trgm } };
}

/** A PGlite in memory (no folder) or on `dataDir`, with the extensions the schema needs. */
export async function createPglite(dataDir?: string, options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  loading ??= load();
  const { PGlite: Engine, extensions } = await loading;
  return Engine.create(dataDir, { ...options, extensions });
}
