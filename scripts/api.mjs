// The API server process (`npm start` and the end-to-end tests): bundles server/main.ts and the
// modules it imports from this checkout into one CommonJS file with esbuild, then runs it here.
// Loading ~150 TypeScript files through tsx took ~1.2 s of every start; the bundle takes ~0.1 s
// to make and its modules load in ~0.6 s (docs/operations/rendimiento.md, "El servidor en un
// archivo"). It is made on every start, so it can never be older than the sources. Packages
// stay in node_modules, loaded as usual.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build, stop } from "esbuild";
import { ROOT } from "./lib/processes.mjs";

const OUT_DIR = path.join(ROOT, ".build", "api");

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

/**
 * Writes the bundle and returns its path. Several servers starting at once (the end-to-end
 * tests') write the same bytes; each renames its own copy into place, so none reads half a file.
 */
export async function bundleApi() {
  const outfile = path.join(OUT_DIR, "main.cjs");
  const result = await build({
    entryPoints: [path.join(ROOT, "server", "main.ts")],
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
    logLevel: "silent",
  });
  // esbuild's service process would otherwise live as long as the server.
  await stop();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const written = `${outfile}.${process.pid}`;
  fs.writeFileSync(written, result.outputFiles[0].contents);
  fs.renameSync(written, outfile);
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bundle = await bundleApi();
  // Stack traces and logged errors point at the TypeScript sources.
  process.setSourceMapsEnabled(true);
  createRequire(import.meta.url)(bundle);
}
