import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";

// The server as npm start and the end-to-end tests run it is one file esbuild makes
// (scripts/api.mjs). What would go wrong without the care it takes: a module that finds a folder
// beside itself (the migrations, the demo pictures) would look beside the bundle instead, and a
// bundle kept from an older start would serve old code. Here on a small entry of its own, in
// a separate process as `node scripts/api.mjs` runs it.

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

  it("is reused while its sources keep their bytes, and made again when one changes", () => {
    const file = bundle();
    const made = fs.statSync(file).mtimeMs;
    expect(bundle()).toBe(file);
    expect(fs.statSync(file).mtimeMs).toBe(made);

    fs.writeFileSync(path.join(dir, "db", "migrate.ts"), fs.readFileSync(path.join(dir, "db", "migrate.ts"), "utf8").replace('"uno"', '"dos"'));
    expect(JSON.parse(run(bundle()))).toEqual({ migrations: ["001.sql"], version: "dos" });
  });

  it("refuses a source that does not compile, instead of running the bundle made before it", () => {
    fs.writeFileSync(path.join(dir, "db", "migrate.ts"), `export const VERSION: string = ;\n`);
    expect(() => bundle()).toThrow(/Unexpected ";"/);
    // The next start tries again rather than trusting the older bundle.
    expect(() => bundle()).toThrow(/Unexpected ";"/);
  });
});
