// Builds the exported PWA into out/: `next build` (static export), the brand's manifest, icons
// and splash screens (scripts/lib/brand-assets.mjs), the compile hint on the pages' first-load
// scripts (scripts/lib/compile-hints.mjs), then `serwist build` (service worker
// precaching the export), then the CSP hashes and the .br/.gz siblings.
// `--if-stale` skips the build when out/ is current.
// `quickBrotli` (`npm start` outside production) writes Brotli at quality 10 when it builds; a
// later build that wants the best finds the export current and only compresses it again.
// Aborting `signal` stops the build (its exit code is then not 0).
import { execSync } from "node:child_process";
import path from "node:path";
import { BIN, ROOT, isMainModule, run } from "./lib/processes.mjs";
import { clientSourcesHash, isBuildFresh, readBuildStamp, writeBuildStamp } from "./lib/build-state.mjs";
import { brandIdFrom, writeBrandAssets } from "./lib/brand-assets.mjs";
import { addCompileHints } from "./lib/compile-hints.mjs";
import { writeCspManifest } from "./lib/csp-manifest.mjs";
import { BEST_BROTLI, QUICK_BROTLI, precompressExport } from "./lib/precompress.mjs";

export async function buildClient({ ifStale = false, buildId, quickBrotli = false, signal } = {}) {
  if (ifStale && isBuildFresh()) {
    console.log("[build] La PWA exportada en out/ está al día.");
    if (!quickBrotli) await bestCompression();
    return 0;
  }
  const id = buildId ?? process.env.NEXT_PUBLIC_BUILD_ID ?? defaultBuildId();
  // The brand resolved once, so the pages (lib/config.ts) and the manifest and icons agree.
  const env = { NEXT_TELEMETRY_DISABLED: "1", NEXT_PUBLIC_BUILD_ID: id, NEXT_PUBLIC_BRAND: brandIdFrom() };
  const started = Date.now();
  console.log(`[build] Construyendo la PWA ${env.NEXT_PUBLIC_BRAND} (versión ${id})…`);
  let code = await run(path.join(BIN, "next"), ["build"], { env, signal });
  if (code === 0 && !signal?.aborted) {
    const brand = await writeBrandAssets(path.join(ROOT, "out"), { ...process.env, ...env });
    console.log(`[build] Identidad «${brand.name}»: manifiesto, iconos y pantallas de inicio (${brand.files} archivos).`);
    // Before serwist and precompression, which must see the scripts' final bytes.
    console.log(`[build] Pista de compilación en ${addCompileHints(path.join(ROOT, "out"))} scripts de primera carga.`);
    code = await run(path.join(BIN, "serwist"), ["build", "serwist.config.mjs"], { env, signal });
  }
  if (signal?.aborted) return 1;
  if (code !== 0) {
    console.error("[build] La construcción falló.");
    return code;
  }
  // After serwist: the manifest is for the server only, not something the worker should precache.
  const pages = writeCspManifest(path.join(ROOT, "out"));
  console.log(`[build] Hashes de CSP de ${pages} páginas en out/csp-manifest.json.`);
  // Last: every file that will be served exists by now, the manifest included.
  const brotliQuality = quickBrotli ? QUICK_BROTLI : BEST_BROTLI;
  if (signal?.aborted) return 1;
  await finishExport(path.join(ROOT, "out"), { buildId: id, sourcesHash: clientSourcesHash(), builtAt: new Date().toISOString(), brotliQuality });
  console.log(`[build] Listo en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

const kib = (n) => `${Math.round(n / 1024)} KiB`;

/** Precompresses the export at the stamp's Brotli quality, then writes the stamp that makes it current. */
export async function finishExport(outDir, stamp) {
  const packed = await precompressExport(outDir, { brotliQuality: stamp.brotliQuality });
  console.log(`[build] ${packed.files} archivos precomprimidos: ${kib(packed.raw)} → ${kib(packed.br)} brotli ${stamp.brotliQuality}, ${kib(packed.gz)} gzip.`);
  writeBuildStamp(stamp, outDir);
}

/**
 * Compresses again at the best Brotli an export a quick build left (`npm start` outside
 * production), so production, `npm test` and the benchmarks serve what a full build would.
 * Resolves with whether it had to.
 */
export async function bestCompression(outDir = path.join(ROOT, "out")) {
  const stamp = readBuildStamp(outDir);
  // A stamp without the field is from before quick builds: written at the best.
  if (!stamp || (stamp.brotliQuality ?? BEST_BROTLI) >= BEST_BROTLI) return false;
  await finishExport(outDir, { ...stamp, brotliQuality: BEST_BROTLI });
  return true;
}

function defaultBuildId() {
  let sha = "local";
  try {
    sha = execSync("git rev-parse --short HEAD", { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    /* not a git checkout */
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 13);
  return `${sha}-${stamp}`;
}

if (isMainModule(import.meta.url)) {
  process.exit(await buildClient({ ifStale: process.argv.includes("--if-stale") }));
}
