// What an installed app downloads when a new version arrives: the service worker precaches every
// entry of the new export's list (out/sw.js) whose URL and revision its cache does not hold yet,
// and the server sends each as Brotli (a browser always asks for it). Compares two exports, the
// one a phone has and the next, and prints how many entries and bytes the update fetches, split
// into hashed build files (/_next/static/) and the rest (pages, RSC payloads, icons). Asserts
// nothing.
//   node bench/update-size.mjs <export before> <export after>
// Two exports of the same commit still differ in every page (the build id is in each one): that
// part is the floor of any update.
import fs from "node:fs";
import path from "node:path";

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error("Uso: node bench/update-size.mjs <export antes> <export después>");
  process.exit(1);
}

/** The precache list Serwist wrote into an export's service worker: "url revision" keys. */
function precacheEntries(dir) {
  const source = fs.readFileSync(path.join(dir, "sw.js"), "utf8");
  const entries = [...source.matchAll(/\{revision:(null|"[0-9a-f]+"),url:"([^"]+)"\}/g)].map(([, revision, url]) => ({ url, revision }));
  // Every entry has a url: if some did not match (another key order, an extra field), say so.
  const urls = source.match(/\burl:"/g)?.length ?? 0;
  if (entries.length === 0 || entries.length !== urls) throw new Error(`No pude leer la lista de precaché de ${dir}/sw.js (${entries.length} de ${urls} entradas).`);
  return entries;
}

/** Bytes the server sends for a URL of the export: its .br sibling when there is one. */
function sentBytes(dir, url) {
  const relative = decodeURIComponent(url).replace(/^\//, "");
  const file = path.join(dir, relative.endsWith("/") || relative === "" ? `${relative}index.html` : relative);
  for (const candidate of [`${file}.br`, file]) if (fs.existsSync(candidate)) return fs.statSync(candidate).size;
  throw new Error(`La lista de precaché nombra ${url}, que no está en ${dir}`);
}

const had = new Set(precacheEntries(before).map(({ url, revision }) => `${url} ${revision}`));
const totals = { static: { count: 0, bytes: 0 }, rest: { count: 0, bytes: 0 }, all: { count: 0, bytes: 0 } };
for (const { url, revision } of precacheEntries(after)) {
  const bytes = sentBytes(after, url);
  totals.all.count += 1;
  totals.all.bytes += bytes;
  if (had.has(`${url} ${revision}`)) continue;
  const part = url.startsWith("/_next/static/") ? totals.static : totals.rest;
  part.count += 1;
  part.bytes += bytes;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`Actualizar de ${before} a ${after} (Brotli, como lo baja el service worker):`);
console.log(`  archivos del build (/_next/static/): ${totals.static.count} · ${kib(totals.static.bytes)}`);
console.log(`  páginas, RSC, iconos y demás:        ${totals.rest.count} · ${kib(totals.rest.bytes)}`);
console.log(`  total de la actualización:           ${totals.static.count + totals.rest.count} · ${kib(totals.static.bytes + totals.rest.bytes)}`);
console.log(`  (la app entera, instalada de cero:   ${totals.all.count} · ${kib(totals.all.bytes)})`);
