// What compressing an API answer costs and saves, per setting, on the demo agenda's real answers,
// next to its floor in the same run: copying the text into a Buffer, which every answer pays on
// its way to the socket. "Brotli 4" (PER_REQUEST_BROTLI) is what an answer compressed for one
// request gets over 4 KB (a personal list), "Brotli 1" (SMALL_ANSWER_BROTLI) up to it (my-data);
// "Brotli 5" (BUILT_BROTLI) what an answer kept for everyone
// is compressed with, once (server/plugins/http-cache.ts); gzip 6 both do for clients without
// Brotli. Brotli 3, Brotli 2 and gzip 1 are settings not taken (docs/operations/rendimiento-bitacora.md,
// "Lo que pide un navegador"). Settings are timed in alternating rounds.
//
//   node scripts/with-emulator.mjs node --import tsx bench/compression.mjs [--iterations 2000] [--rounds 5] [--cold]
//
// --cold: before each call, reads and writes 8 MB elsewhere, as a server's other requests do
// between two compressions, so each setting pays for the memory it touches as it would there
// (in a loop its tables stay in the processor's cache, which no busy server sees).
//
// Prints, for each answer, the median µs per call and the bytes each setting gives; asserts nothing.
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { BUILT_BROTLI, PER_REQUEST_BROTLI, SMALL_ANSWER_BROTLI, SMALL_ANSWER_BYTES } from "../server/plugins/compression.ts";
import { registeredAccount } from "./lib/accounts.mjs";
import { startServer } from "./lib/app-server.mjs";

const { values } = parseArgs({
  options: { iterations: { type: "string", default: "2000" }, rounds: { type: "string", default: "5" }, cold: { type: "boolean", default: false } },
});
const rounds = Number(values.rounds);
// Cold calls are slower to set up: fewer of them, and only the compression itself is timed.
const iterations = values.cold ? Math.max(1, Math.floor(Number(values.iterations) / 10)) : Number(values.iterations);
const elsewhere = new Uint32Array((8 * 1024 * 1024) / 4);
function touchElsewhere() {
  // One write per 64-byte cache line: evicts every line of a last-level cache of up to 8 MB.
  for (let i = 0; i < elsewhere.length; i += 16) elsewhere[i]++;
}

const brotli = (quality) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
const settings = [
  ["suelo: Buffer.from", (text) => Buffer.from(text)],
  [`Brotli 4 (por petición, más de ${SMALL_ANSWER_BYTES / 1024} KB)`, (text) => zlib.brotliCompressSync(text, PER_REQUEST_BROTLI)],
  [`Brotli 1 (por petición, hasta ${SMALL_ANSWER_BYTES / 1024} KB)`, (text) => zlib.brotliCompressSync(text, SMALL_ANSWER_BROTLI)],
  ["Brotli 5 (guardada)", (text) => zlib.brotliCompressSync(text, BUILT_BROTLI)],
  ["gzip 6", (text) => zlib.gzipSync(text)],
  ["Brotli 3", (text) => zlib.brotliCompressSync(text, brotli(3))],
  ["Brotli 2", (text) => zlib.brotliCompressSync(text, brotli(2))],
  ["gzip 1", (text) => zlib.gzipSync(text, { level: 1 })],
];

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

function timeOne(compress, text) {
  if (!values.cold) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) compress(text);
    return Number(process.hrtime.bigint() - started) / iterations / 1000;
  }
  let spent = 0n;
  for (let i = 0; i < iterations; i++) {
    touchElsewhere();
    const started = process.hrtime.bigint();
    compress(text);
    spent += process.hrtime.bigint() - started;
  }
  return Number(spent) / iterations / 1000;
}

// The demo agenda as `npm start` serves it; no export is needed for API answers.
const server = await startServer({ staticDir: path.join(os.tmpdir(), "plaza-sin-export") });
let answers;
try {
  const text = async (url) => {
    const response = await fetch(`${server.base}${url}`);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.text();
  };
  const ids = async (url) => JSON.parse(await text(url)).data.items.map((item) => item._id);
  const firstEvent = (await ids("/api/events?limit=1"))[0];
  // A signed-in reader's own data, as bench/content-load.mjs sets up its readers: five places,
  // two communities and five events followed, and an address.
  const reader = await registeredAccount(server.base, "Lectora");
  const auth = { authorization: `Bearer ${reader.idToken}` };
  const post = async (url, body) => {
    const init = { method: "POST", headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) }, body: body && JSON.stringify(body) };
    const response = await fetch(`${server.base}${url}`, init);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  };
  for (const id of await ids("/api/places?limit=5")) await post(`/api/places/${id}/follow`);
  for (const id of await ids("/api/communities?limit=2")) await post(`/api/communities/${id}/follow`);
  for (const id of await ids("/api/events?limit=5")) await post(`/api/events/${id}/follow`);
  await post("/api/addresses", { label: "Casa", street: "Calle Hidalgo", city: "Saltillo", state: "Coahuila", lat: 25.42, lng: -101.0 });
  const myData = await (await fetch(`${server.base}/api/users/my-data`, { headers: auth })).text();
  answers = [
    ["Mis datos", myData],
    ["Un evento", await text(`/api/events/${firstEvent}`)],
    ["20 lugares", await text("/api/places?limit=20")],
    ["20 eventos", await text("/api/events?limit=20")],
    ["50 eventos", await text("/api/events?limit=50")],
  ];
} finally {
  await server.stop();
}

console.log(`${iterations} llamadas por medición${values.cold ? ", cada una con la caché del procesador fría" : ""}, ${rounds} rondas alternadas; mediana en µs por llamada · bytes\n`);
console.log(`| Respuesta | bytes | ${settings.map(([title]) => title).join(" | ")} |`);
console.log(`| --- | ---: | ${settings.map(() => "---:").join(" | ")} |`);
for (const [title, text] of answers) {
  const times = settings.map(() => []);
  for (let round = 0; round < rounds; round++) {
    settings.forEach(([, compress], i) => times[i].push(timeOne(compress, text)));
  }
  const cells = settings.map(([, compress], i) => `${median(times[i]).toFixed(1)} µs · ${compress(text).length} B`);
  console.log(`| ${title} | ${Buffer.byteLength(text)} | ${cells.join(" | ")} |`);
}
