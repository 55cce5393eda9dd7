// Writes Brotli (.br, quality 11) and gzip (.gz, level 9) siblings of every compressible file in
// the export, once at build time, so the server sends them as they are (@fastify/static's
// `preCompressed`) instead of compressing on each request or not at all.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest|ics|map)$/;
// Below this a compressed body saves less than its own headers cost.
const MIN_BYTES = 512;

function* compressibleFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressOne(file) {
  const raw = await fs.promises.readFile(file);
  const written = { raw: raw.length, br: 0, gz: 0 };
  // A stale sibling from an earlier build would be served in place of the new file.
  for (const ext of [".br", ".gz"]) await fs.promises.rm(file + ext, { force: true });
  if (raw.length < MIN_BYTES) return written;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: 9 }),
  ]);
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

/** Compresses the export in place; resolves with totals for the build log. */
export async function precompressExport(outDir, { concurrency = 4 } = {}) {
  const files = [...compressibleFiles(outDir)];
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < files.length) {
        const result = await compressOne(files[next++]);
        if (result.br === 0 && result.gz === 0) continue;
        totals.files += 1;
        totals.raw += result.raw;
        totals.br += result.br || result.raw;
        totals.gz += result.gz || result.raw;
      }
    }),
  );
  return totals;
}
