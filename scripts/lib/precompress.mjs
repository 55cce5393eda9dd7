// Writes Brotli (.br) and gzip (.gz, level 9) siblings of every compressible file in the export,
// once at build time, so the server sends them as they are (@fastify/static's `preCompressed`)
// instead of compressing on each request or not at all.
//
// Brotli's quality 11 took 8.8 s of CPU on the export, quality 10 2.6 s, for 2 % more bytes (the
// home's first-load scripts 185.0 → 188.4 KB). A build writes 11; `npm start` outside production
// writes 10 when it has to build, to be ready sooner (scripts/build.mjs, `quickBrotli`).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest|ics|map)$/;
// Next's per-segment payloads, for its router's prefetching, which the app never does (the
// service worker skips them too, serwist.config.mjs): served as they are if anyone asks.
const PREFETCH_ONLY = /^__next\..*\.txt$/;
// Below this a compressed body saves less than its own headers cost.
const MIN_BYTES = 512;

export const BEST_BROTLI = 11;
export const QUICK_BROTLI = 10;

function* compressibleFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name) && !PREFETCH_ONLY.test(entry.name)) yield full;
  }
}

function brotliAt(raw, quality) {
  return brotli(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

async function compressOne(file, brotliQuality) {
  const raw = await fs.promises.readFile(file);
  const written = { raw: raw.length, br: 0, gz: 0 };
  // A stale sibling from an earlier build would be served in place of the new file.
  for (const ext of [".br", ".gz"]) await fs.promises.rm(file + ext, { force: true });
  if (raw.length < MIN_BYTES) return written;
  const [br, gz] = await Promise.all([brotliAt(raw, brotliQuality), gzip(raw, { level: 9 })]);
  // Only when it pays: otherwise the server falls back to the next encoding or the file itself.
  if (br.length < raw.length) {
    await fs.promises.writeFile(file + ".br", br);
    written.br = br.length;
  }
  if (gz.length < raw.length) {
    await fs.promises.writeFile(file + ".gz", gz);
    written.gz = gz.length;
  }
  return written;
}

/** Runs `work` on each file, `concurrency` at a time, largest first (so none runs alone at the end). */
async function eachFile(files, concurrency, work) {
  const bySize = files.map((file) => ({ file, size: fs.statSync(file).size })).sort((a, b) => b.size - a.size);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bySize.length) await work(bySize[next++].file);
    }),
  );
}

/** Compresses the export in place; resolves with totals for the build log. */
export async function precompressExport(outDir, { concurrency = 4, brotliQuality = BEST_BROTLI } = {}) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  await eachFile([...compressibleFiles(outDir)], concurrency, async (file) => {
    const result = await compressOne(file, brotliQuality);
    if (result.br === 0 && result.gz === 0) return;
    totals.files += 1;
    totals.raw += result.raw;
    totals.br += result.br || result.raw;
    totals.gz += result.gz || result.raw;
  });
  return totals;
}
