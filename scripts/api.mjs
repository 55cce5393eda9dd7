// The API server process (`npm start` and the end-to-end tests): bundles server/main.ts and the
// modules it imports from this checkout into one CommonJS file with esbuild, then runs it here.
// Loading ~150 TypeScript files through tsx took ~1.2 s of every start; the bundle loads in
// ~0.6 s (docs/operations/rendimiento-bitacora.md, "El servidor en un archivo"). Packages stay in
// node_modules, loaded as usual. The bundle is made again (~0.2 s) unless every file it was made
// from still has the bytes esbuild read, their folders hold the same names, and esbuild, the
// build settings and the tsconfig files are the same.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT, isMainModule } from "./lib/processes.mjs";

const require = createRequire(import.meta.url);

/** File extensions esbuild reads from the checkout, and how. */
const LOADERS = { ".ts": "ts", ".tsx": "tsx", ".mts": "ts", ".cts": "ts", ".js": "js", ".mjs": "js", ".cjs": "js", ".json": "json" };

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/**
 * What else decides the bundle's bytes: this checkout's place (written into it), the installed
 * esbuild, this file (its settings) and the tsconfig files esbuild reads.
 */
function contextKey() {
  const hash = createHash("sha256").update(`${ROOT}\0${require("esbuild/package.json").version}\0`);
  for (const file of [fileURLToPath(import.meta.url), path.join(ROOT, "tsconfig.json"), path.join(ROOT, "server", "tsconfig.json")]) {
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : "-").update("\0");
  }
  return hash.digest("hex");
}

/**
 * Loads every file of the checkout for esbuild, noting a hash of the bytes it was given (what
 * the record vouches for, even if the file changes while bundling). A bundle has one __dirname,
 * its own; the server finds its migrations and demo pictures next to the source that names
 * them, so a source that uses __dirname or __filename gets its own declared first (esbuild keeps
 * each module's top-level names apart).
 */
function checkoutFiles(read) {
  return {
    name: "checkout-files",
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: "file" }, (args) => {
        const bytes = fs.readFileSync(args.path);
        read.set(path.relative(ROOT, args.path), sha256(bytes));
        const loader = LOADERS[path.extname(args.path)] ?? "default";
        const source = bytes.toString("utf8");
        if (loader === "json" || !/\b__(dirname|filename)\b/.test(source)) return { contents: bytes, loader };
        const prelude = `const __dirname = ${JSON.stringify(path.dirname(args.path))}, __filename = ${JSON.stringify(args.path)};`;
        // On the first line, so the source map's lines stay the source's.
        return { contents: `${prelude} ${source}`, loader };
      });
    },
  };
}

/**
 * The names in each folder that holds a source: a new file there can change what an import
 * resolves to (a `.tsx` beside a `.ts`, a `foo.ts` beside `foo/index.ts`) with no source changed.
 */
function folderListings(files) {
  const folders = [...new Set(files.map((file) => path.dirname(file)))].sort();
  return Object.fromEntries(folders.map((folder) => [folder, sha256(fs.readdirSync(path.join(ROOT, folder)).sort().join("\0"))]));
}

function isBundleCurrent(outfile, inputsFile, context) {
  try {
    const record = JSON.parse(fs.readFileSync(inputsFile, "utf8"));
    const { files, folders } = record;
    if (!fs.existsSync(outfile) || record.context !== context) return false;
    if (JSON.stringify(folderListings(Object.keys(files))) !== JSON.stringify(folders)) return false;
    return Object.entries(files).every(([file, hash]) => sha256(fs.readFileSync(path.join(ROOT, file))) === hash);
  } catch {
    // No record yet, or a source it names is gone.
    return false;
  }
}

/**
 * Writes the bundle unless it is current and returns its path. Several servers starting at once
 * (the end-to-end tests') write the same bytes; each renames its own copy into place, so none
 * reads half a file.
 */
export async function bundleApi({ entry = path.join(ROOT, "server", "main.ts"), outDir = path.join(ROOT, ".build", "api") } = {}) {
  const outfile = path.join(outDir, "main.cjs");
  // What the bundle was made from: a hash of each file's bytes, and of what else decides it.
  const inputsFile = path.join(outDir, "inputs.json");
  const context = contextKey();
  if (isBundleCurrent(outfile, inputsFile, context)) return outfile;
  const read = new Map();
  const { build, stop } = await import("esbuild");
  let result;
  try {
    result = await build({
      entryPoints: [entry],
      absWorkingDir: ROOT,
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      packages: "external",
      sourcemap: "inline",
      // Function and class names stay as written: Fastify's logs and stack traces show them.
      keepNames: true,
      plugins: [checkoutFiles(read)],
      // import.meta is empty in CommonJS: a source that used it would run with undefined.
      logOverride: { "empty-import-meta": "error" },
      outfile,
      write: false,
      logLevel: "error",
    });
  } finally {
    // esbuild's service process would otherwise live as long as the server.
    await stop();
  }
  fs.mkdirSync(outDir, { recursive: true });
  const replace = (file, contents) => {
    const written = `${file}.${process.pid}`;
    fs.writeFileSync(written, contents);
    fs.renameSync(written, file);
  };
  replace(outfile, result.outputFiles[0].contents);
  // After the bundle: a record never vouches for a bundle that was not written.
  const files = Object.fromEntries([...read].sort());
  replace(inputsFile, JSON.stringify({ context, files, folders: folderListings(Object.keys(files)) }));
  return outfile;
}

if (isMainModule(import.meta.url)) {
  const bundle = await bundleApi().catch((error) => {
    // esbuild printed where the source is wrong; say what it means for the start.
    console.error(`No se pudo empaquetar el servidor (server/main.ts): ${error.errors?.length ? "revisa los errores de arriba" : error.message}.`);
    process.exit(1);
  });
  // Stack traces and logged errors point at the TypeScript sources.
  process.setSourceMapsEnabled(true);
  require(bundle);
}
