// The API server process (`npm start` and the end-to-end tests): bundles server/main.ts and the
// modules it imports from this checkout into one CommonJS file with esbuild, then runs it here.
// Loading ~150 TypeScript files through tsx took ~1.2 s of every start; the bundle loads in
// ~0.6 s (docs/operations/rendimiento.md, "El servidor en un archivo"). Packages stay in
// node_modules, loaded as usual. The bundle is made again (~0.2 s) unless the files it was made
// from still have the same bytes, so it is never older than its sources.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT } from "./lib/processes.mjs";


// A bundle has one __dirname, its own; the server finds its migrations and demo pictures next to
// the source file that names them, so each source file gets its own folder written in.
const sourceFolders = {
  name: "source-folders",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, "utf8");
      if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
      const contents = source
        .replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path)))
        .replace(/\b__filename\b/g, JSON.stringify(args.path));
      return { contents, loader: "ts" };
    });
  },
};

/** The bundle's key: this checkout's place (written into it), esbuild's version and the sources' bytes. */
function inputsKey(files, esbuildVersion) {
  const hash = createHash("sha256").update(`${ROOT}\0${esbuildVersion}\0`);
  for (const file of files) hash.update(`${file}\0`).update(fs.readFileSync(path.join(ROOT, file))).update("\0");
  return hash.digest("hex");
}

function isBundleCurrent(outfile, inputsFile) {
  try {
    const { key, files, esbuildVersion } = JSON.parse(fs.readFileSync(inputsFile, "utf8"));
    return fs.existsSync(outfile) && inputsKey(files, esbuildVersion) === key;
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
  // What the bundle was made from: its source files and a hash of their bytes.
  const inputsFile = path.join(outDir, "inputs.json");
  if (isBundleCurrent(outfile, inputsFile)) return outfile;
  const { build, stop, version } = await import("esbuild");
  let result;
  try {
    result = await build({
      entryPoints: [entry],
      // The metafile names inputs relative to this, wherever the server is started from.
      absWorkingDir: ROOT,
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      packages: "external",
      sourcemap: "inline",
      // Function and class names stay as written: Fastify's logs and stack traces show them.
      keepNames: true,
      plugins: [sourceFolders],
      outfile,
      write: false,
      metafile: true,
      logLevel: "error",
    });
  } finally {
    // esbuild's service process would otherwise live as long as the server.
    await stop();
  }
  const files = Object.keys(result.metafile.inputs).sort();
  fs.mkdirSync(outDir, { recursive: true });
  const replace = (file, contents) => {
    const written = `${file}.${process.pid}`;
    fs.writeFileSync(written, contents);
    fs.renameSync(written, file);
  };
  replace(outfile, result.outputFiles[0].contents);
  // After the bundle: a record never vouches for a bundle that was not written.
  replace(inputsFile, JSON.stringify({ key: inputsKey(files, version), esbuildVersion: version, files }));
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bundle = await bundleApi().catch((error) => {
    // esbuild printed where the source is wrong; say what it means for the start.
    console.error(`No se pudo empaquetar el servidor (server/main.ts): ${error.errors?.length ? "revisa los errores de arriba" : error.message}.`);
    process.exit(1);
  });
  // Stack traces and logged errors point at the TypeScript sources.
  process.setSourceMapsEnabled(true);
  createRequire(import.meta.url)(bundle);
}
