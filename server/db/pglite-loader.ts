import vm from "node:vm";
import type * as PgliteModule from "@electric-sql/pglite";

// PGlite's Emscripten glue loads Node built-ins with dynamic import(). Inside a vm sandbox (Jest
// runs every test file in one) dynamic import() fails unless Node runs with
// --experimental-vm-modules, so there PGlite is loaded through Node's own loader from the main
// context. Everywhere else it is an ordinary import, done lazily so that PostgreSQL deployments
// never load the wasm engine.

type PgliteExports = typeof PgliteModule;

let loading: Promise<PgliteExports> | null = null;

function inVmSandbox(): boolean {
  return vm.runInThisContext("globalThis") !== globalThis;
}

async function loadFromMainContext(): Promise<PgliteExports> {
  const nativeRequire = vm.runInThisContext("(async (from, id) => (await import('node:module')).createRequire(from)(id))", {
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }) as (from: string, id: string) => Promise<PgliteExports>;
  return nativeRequire(__filename, "@electric-sql/pglite");
}

export function loadPglite(): Promise<PgliteExports> {
  loading ??= inVmSandbox() ? loadFromMainContext() : import("@electric-sql/pglite");
  return loading;
}
