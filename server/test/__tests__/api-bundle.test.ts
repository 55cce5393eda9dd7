// @database-independent: bundles and runs small entries of its own (scripts/test.mjs runs it in one API run).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";

// The server as npm start and the end-to-end tests run it is one file esbuild makes
// (scripts/api.mjs). What would go wrong without the care it takes: a module that finds a folder
// beside itself (the migrations, the demo pictures) would look beside the bundle instead, and a
// bundle kept from an older start would serve old code. Here on small entries of their own, in
// separate processes as `node scripts/api.mjs` runs them.

const ROOT = path.join(__dirname, "../../..");
const API = path.join(ROOT, "scripts/api.mjs");

let dir: string;
let entry: string;
let outDir: string;

/** Bundles the entry (in a separate process, as a start does) and returns the bundle's path. */
function bundle(): string {
  const script = `import { bundleApi } from ${JSON.stringify(API)}; console.log(await bundleApi(${JSON.stringify({ entry, outDir })}));`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: os.tmpdir(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** What the bundled program prints when run. */
function run(file: string): string {
  return execFileSync(process.execPath, [file], { encoding: "utf8" }).trim();
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-api-bundle-"));
  fs.mkdirSync(path.join(dir, "db", "migrations"), { recursive: true });
  fs.writeFileSync(path.join(dir, "db", "migrations", "001.sql"), "SELECT 1;");
  // Like server/db/migrate.ts: a folder found from the module's own place.
  fs.writeFileSync(
    path.join(dir, "db", "migrate.ts"),
    `import fs from "node:fs";\nimport path from "node:path";\nexport const MIGRATIONS = fs.readdirSync(path.join(__dirname, "migrations"));\nexport const VERSION: string = "uno";\n`,
  );
  entry = path.join(dir, "main.ts");
  fs.writeFileSync(entry, `import { MIGRATIONS, VERSION } from "./db/migrate";\nconsole.log(JSON.stringify({ migrations: MIGRATIONS, version: VERSION }));\n`);
  outDir = path.join(dir, "build");
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the API bundle (scripts/api.mjs)", () => {
  it("runs from its own folder, and each module still finds the folder beside its source", () => {
    const file = bundle();
    expect(path.dirname(file)).toBe(outDir);
    expect(JSON.parse(run(file))).toEqual({ migrations: ["001.sql"], version: "uno" });
  });

  it("is reused while its sources keep their bytes, and made again when one changes or a new one takes its place", () => {
    const file = bundle();
    const made = fs.statSync(file).mtimeMs;
    expect(bundle()).toBe(file);
    expect(fs.statSync(file).mtimeMs).toBe(made);

    fs.writeFileSync(path.join(dir, "db", "migrate.ts"), fs.readFileSync(path.join(dir, "db", "migrate.ts"), "utf8").replace('"uno"', '"dos"'));
    expect(JSON.parse(run(bundle()))).toEqual({ migrations: ["001.sql"], version: "dos" });

    // A new file that the same import now resolves to (esbuild tries .tsx before .ts), no source changed.
    fs.writeFileSync(path.join(dir, "db", "migrate.tsx"), `export const MIGRATIONS: string[] = [];\nexport const VERSION: string = "tres";\n`);
    expect(JSON.parse(run(bundle()))).toEqual({ migrations: [], version: "tres" });
    fs.rmSync(path.join(dir, "db", "migrate.tsx"));
  });

  it("refuses a source that does not compile, instead of running the bundle made before it", () => {
    const source = fs.readFileSync(path.join(dir, "db", "migrate.ts"), "utf8");
    fs.writeFileSync(path.join(dir, "db", "migrate.ts"), `export const VERSION: string = ;\n`);
    expect(() => bundle()).toThrow(/Unexpected ";"/);
    // The next start tries again rather than trusting the older bundle.
    expect(() => bundle()).toThrow(/Unexpected ";"/);
    // import.meta is empty in a CommonJS bundle: refused rather than run as undefined.
    fs.writeFileSync(path.join(dir, "db", "migrate.ts"), `${source}export const HERE = import.meta.url;\n`);
    expect(() => bundle()).toThrow(/import\.meta/);
  });

  it("starts from a checkout whose folder has a space and an accent, and says in Spanish when it cannot", () => {
    // The script and its helper as a checkout holds them, with this checkout's packages.
    const checkout = path.join(dir, "Plaza de Ana María");
    fs.mkdirSync(path.join(checkout, "scripts", "lib"), { recursive: true });
    fs.mkdirSync(path.join(checkout, "server"));
    fs.copyFileSync(API, path.join(checkout, "scripts", "api.mjs"));
    fs.copyFileSync(path.join(ROOT, "scripts/lib/processes.mjs"), path.join(checkout, "scripts", "lib", "processes.mjs"));
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(checkout, "node_modules"));
    fs.writeFileSync(path.join(checkout, "server", "main.ts"), `const port: number = 3000;\nconsole.log(\`lista en \${port}, desde \${__dirname}\`);\n`);
    const start = () => spawnSync(process.execPath, [path.join(checkout, "scripts", "api.mjs")], { cwd: os.tmpdir(), encoding: "utf8" });

    const started = start();
    expect(started.status).toBe(0);
    expect(started.stdout.trim()).toBe(`lista en 3000, desde ${path.join(checkout, "server")}`);

    fs.writeFileSync(path.join(checkout, "server", "main.ts"), "const port: number = ;\n");
    const failed = start();
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("No se pudo empaquetar el servidor (server/main.ts): revisa los errores de arriba.");
    expect(failed.stderr).toContain("server/main.ts:1:");
  });
});
