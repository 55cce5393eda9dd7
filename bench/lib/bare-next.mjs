// Builds bench/bare-next (a one-heading Next 16 page, `output: 'export'`) the way Plaza's export
// is built and served: the same `next build`, then the same CSP manifest and .br/.gz siblings, so
// the real server can serve it and a measurement of it is the floor for Plaza's figures.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { writeCspManifest } from "../../scripts/lib/csp-manifest.mjs";
import { addCompileHints } from "../../scripts/lib/compile-hints.mjs";
import { precompressExport } from "../../scripts/lib/precompress.mjs";
import { startServer } from "./app-server.mjs";

/** Resolves with the bare export's out/ folder and a function that removes it. */
export async function buildBareNext(root) {
  fs.mkdirSync(path.join(root, ".bench"), { recursive: true });
  // Inside the project: Turbopack does not follow a node_modules symlink out of a tmp folder.
  const dir = fs.mkdtempSync(path.join(root, ".bench", "bare-next-"));
  fs.cpSync(path.join(root, "bench", "bare-next"), dir, { recursive: true });
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    execFileSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
      cwd: dir,
      stdio: "ignore",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    const out = path.join(dir, "out");
    addCompileHints(out);
    writeCspManifest(out);
    await precompressExport(out);
    return { out, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * The floor of the browser benchmarks, measured in the same run as Plaza: the bare export served
 * by the real server (without the demo seed). `stop()` stops that server and removes the build.
 */
export async function startFloorServer(root) {
  console.log("Construyendo el export mínimo de Next (el piso)…");
  const bare = await buildBareNext(root);
  try {
    const server = await startServer({ staticDir: bare.out, seed: false });
    return {
      base: server.base,
      stop: async () => {
        await server.stop();
        bare.remove();
      },
    };
  } catch (error) {
    bare.remove();
    throw error;
  }
}
