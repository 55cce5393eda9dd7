// @database-independent: compresses a small export of its own (scripts/test.mjs runs it in one API run).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";

// The export's .br/.gz siblings, as the server sends them (scripts/lib/precompress.mjs): a build
// writes Brotli 11; `npm start` outside production writes 10 when it builds, to be ready sooner,
// and whatever wants the best compresses such an export again (scripts/build.mjs). Run in a
// separate process, as the scripts are.

const ROOT = path.join(__dirname, "../../..");
// Real script text, where Brotli 11 and 10 give different bytes.
const SCRIPT = fs.readFileSync(path.join(ROOT, "node_modules/react/cjs/react.production.js"));

let out: string;

function brotliAt(quality: number): Buffer {
  return zlib.brotliCompressSync(SCRIPT, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: SCRIPT.length,
    },
  });
}

/** Runs `code` as an ES module with `out` as OUT; returns what it printed. */
function script(code: string): string {
  const source = `const OUT = ${JSON.stringify(out)};\n${code}`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", source], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

const PRECOMPRESS = JSON.stringify(path.join(ROOT, "scripts/lib/precompress.mjs"));
const BUILD = JSON.stringify(path.join(ROOT, "scripts/build.mjs"));
const STAMP = ".plaza-build.json";

beforeEach(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-precompress-"));
  fs.mkdirSync(path.join(out, "_next", "static"), { recursive: true });
  fs.mkdirSync(path.join(out, "events", "_"), { recursive: true });
  fs.writeFileSync(path.join(out, "_next", "static", "app.js"), SCRIPT);
  fs.writeFileSync(path.join(out, "events", "_", "index.txt"), SCRIPT);
  fs.writeFileSync(path.join(out, "events", "_", "__next._tree.txt"), SCRIPT);
  fs.writeFileSync(path.join(out, "tiny.js"), "console.log(1);\n");
});

afterEach(() => fs.rmSync(out, { recursive: true, force: true }));

const read = (relative: string) => fs.readFileSync(path.join(out, relative));

describe("los archivos precomprimidos de la PWA", () => {
  it("una construcción escribe Brotli 11 y gzip de lo que se sirve, y nada de lo que la app nunca pide ni de lo muy pequeño", () => {
    script(`import { precompressExport } from ${PRECOMPRESS}; await precompressExport(OUT);`);
    expect(read("_next/static/app.js.br").equals(brotliAt(11))).toBe(true);
    expect(zlib.brotliDecompressSync(read("events/_/index.txt.br")).equals(SCRIPT)).toBe(true);
    expect(zlib.gunzipSync(read("_next/static/app.js.gz")).equals(SCRIPT)).toBe(true);
    // Next's prefetch-only payload, and a body smaller than the headers compression costs.
    expect(fs.existsSync(path.join(out, "events/_/__next._tree.txt.br"))).toBe(false);
    expect(fs.existsSync(path.join(out, "events/_/__next._tree.txt.gz"))).toBe(false);
    expect(fs.existsSync(path.join(out, "tiny.js.br"))).toBe(false);
  });

  it("npm start fuera de producción construye con Brotli 10 y lo anota; lo que pide lo mejor lo comprime otra vez en 11", () => {
    expect(brotliAt(11).length).toBeLessThan(brotliAt(10).length);
    script(`import { finishExport } from ${BUILD}; await finishExport(OUT, { buildId: "b1", sourcesHash: "h1", builtAt: "2026-11-30T23:00:00.000Z", brotliQuality: 10 });`);
    expect(read("_next/static/app.js.br").equals(brotliAt(10))).toBe(true);
    expect(JSON.parse(read(STAMP).toString())).toEqual({ buildId: "b1", sourcesHash: "h1", builtAt: "2026-11-30T23:00:00.000Z", brotliQuality: 10 });

    expect(script(`import { bestCompression } from ${BUILD}; console.log(await bestCompression(OUT));`)).toMatch(/true$/);
    for (const file of ["_next/static/app.js.br", "events/_/index.txt.br"]) expect(read(file).equals(brotliAt(11))).toBe(true);
    // The rest of the stamp stays the build's: the sources it was made from have not changed.
    expect(JSON.parse(read(STAMP).toString())).toEqual({ buildId: "b1", sourcesHash: "h1", builtAt: "2026-11-30T23:00:00.000Z", brotliQuality: 11 });
    // Once done, nothing to do.
    expect(script(`import { bestCompression } from ${BUILD}; console.log(await bestCompression(OUT));`)).toBe("false");
  });

  it("una construcción de antes, sin calidad anotada, ya estaba en 11: no se toca", () => {
    script(`import { precompressExport } from ${PRECOMPRESS}; await precompressExport(OUT, { brotliQuality: 10 });`);
    fs.writeFileSync(path.join(out, STAMP), JSON.stringify({ buildId: "b0" }));
    expect(script(`import { bestCompression } from ${BUILD}; console.log(await bestCompression(OUT));`)).toBe("false");
    expect(read("_next/static/app.js.br").equals(brotliAt(10))).toBe(true);
  });
});
