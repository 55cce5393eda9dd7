// Memory and latency of image uploads under a burst of "pixel bombs": 16 parallel uploads of a
// 7000×7000 PNG (a few hundred KB on the wire, 49 megapixels decoded) to PUT
// /api/users/profile-image, beside 16 parallel uploads of an ordinary phone-sized photo, 16 of a
// large PNG still under the pixel limit (6000×6000, 36 MP), and the photo's latency while the
// bombs are in flight. Peak RSS is the whole server process tree's.
//
//   node scripts/with-emulator.mjs node bench/image-upload.mjs
//
// Options: --parallel 16 --side 7000 --large-side 6000. Prints figures; asserts nothing.
import { parseArgs } from "node:util";
import sharp from "sharp";
import { describeEngine, percentile, registeredAccount, startBenchServer } from "./lib/accounts.mjs";
import { allPids, procStat, procStatusKb } from "./lib/proc.mjs";

const { values } = parseArgs({
  options: { parallel: { type: "string", default: "16" }, side: { type: "string", default: "7000" }, "large-side": { type: "string", default: "6000" } },
});
const parallel = Number(values.parallel);
const side = Number(values.side);
const largeSide = Number(values["large-side"]);

const flatPng = (edge) =>
  sharp({ create: { width: edge, height: edge, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
const bomb = await flatPng(side);
const large = await flatPng(largeSide);
// An ordinary photo: 1600×1200 JPEG with real detail (noise), ~ what a phone app sends after resizing.
const photo = await sharp(Buffer.from(Array.from({ length: 160 * 120 * 3 }, (_, i) => (i * 7919) % 256)), {
  raw: { width: 160, height: 120, channels: 3 },
})
  .resize(1600, 1200)
  .jpeg({ quality: 85 })
  .toBuffer();

/** Resident memory (kB) of `pid` and all its descendants, read from /proc. */
function treeRssKb(pid) {
  const children = new Map();
  for (const entry of allPids()) {
    const stat = procStat(entry);
    // The process ended while being read.
    if (stat === null) continue;
    const ppid = Number(stat.fields[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(entry);
  }
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop();
    total += procStatusKb(current, "VmRSS") ?? 0;
    pending.push(...(children.get(current) ?? []));
  }
  return total;
}

function upload(api, account, image, name) {
  const form = new FormData();
  form.append("file", new Blob([image], { type: name.endsWith(".png") ? "image/png" : "image/jpeg" }), name);
  const started = performance.now();
  return fetch(`${api}/api/users/profile-image`, { method: "PUT", headers: { authorization: `Bearer ${account.idToken}` }, body: form }).then(
    async (response) => {
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get("retry-after") };
    },
  );
}

const server = await startBenchServer({});
const api = `http://127.0.0.1:${server.apiPort}`;

/** Runs `work` while sampling the server's RSS every 25 ms; returns its result and the peak. */
async function sampled(work) {
  let peak = treeRssKb(server.pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(server.pid))), 25);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, treeRssKb(server.pid)) / 1024 };
  } finally {
    clearInterval(timer);
  }
}

function describe(title, results, peakMb) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const codes = Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(" ");
  console.log(
    `${title.padEnd(44)} ${peakMb === null ? "      -" : peakMb.toFixed(0).padStart(7)}  ${percentile(ms, 50).toFixed(0).padStart(7)}  ${percentile(ms, 100).toFixed(0).padStart(7)}  ${codes}`,
  );
}

try {
  const accounts = [];
  for (let i = 0; i < 4; i++) accounts.push(await registeredAccount(api, `Imagen ${i}`));
  const account = (i) => accounts[i % accounts.length];
  // Warm-up: sharp's first call loads codecs.
  await upload(api, account(0), photo, "foto.jpg");
  const idleMb = treeRssKb(server.pid) / 1024;

  const photos = await sampled(() => Promise.all(Array.from({ length: parallel }, (_, i) => upload(api, account(i), photo, "foto.jpg"))));
  const larges = await sampled(() => Promise.all(Array.from({ length: parallel }, (_, i) => upload(api, account(i), large, "grande.png"))));
  const bombs = await sampled(() => Promise.all(Array.from({ length: parallel }, (_, i) => upload(api, account(i), bomb, "bomba.png"))));
  // The ordinary photo again, sent while a second burst of bombs is being handled.
  const mixed = await sampled(async () => {
    const storm = Promise.all(Array.from({ length: parallel }, (_, i) => upload(api, account(i), bomb, "bomba.png")));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = await Promise.all(Array.from({ length: 4 }, (_, i) => upload(api, account(i), photo, "foto.jpg")));
    return { storm: await storm, during };
  });

  console.log(`\n${describeEngine()} · ${parallel} subidas en paralelo · bomba ${side}×${side} PNG de ${(bomb.length / 1024).toFixed(0)} KB · foto 1600×1200 JPEG de ${(photo.length / 1024).toFixed(0)} KB`);
  console.log(`RSS del servidor en reposo: ${idleMb.toFixed(0)} MB\n`);
  console.log("Prueba                                       RSS pico MB  p50 ms  máx ms  respuestas");
  describe(`${parallel} fotos en paralelo`, photos.result, photos.peakMb);
  describe(`${parallel} PNG ${largeSide}×${largeSide} en paralelo`, larges.result, larges.peakMb);
  describe(`${parallel} bombas en paralelo`, bombs.result, bombs.peakMb);
  describe(`${parallel} bombas + 4 fotos a la vez: bombas`, mixed.result.storm, mixed.peakMb);
  describe(`${parallel} bombas + 4 fotos a la vez: fotos`, mixed.result.during, null);
  const retryAfter = [...photos.result, ...larges.result, ...bombs.result, ...mixed.result.storm].find((r) => r.retryAfter)?.retryAfter;
  if (retryAfter) console.log(`\nRetry-After en las respuestas rechazadas: ${retryAfter} s`);
} finally {
  await server.stop();
}
