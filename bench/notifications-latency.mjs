// Time from an admin's action (POST /api/notifications/send to one user) to the notification
// arriving on that user's open SSE stream, over 200 notifications, with 1,000 other streams open:
//
//   node scripts/with-emulator.mjs node bench/notifications-latency.mjs
//   DATABASE_URL=postgres://… node scripts/with-emulator.mjs node bench/notifications-latency.mjs --instances 2
//
// With --instances 2 (PostgreSQL only) the admin calls one API process and every stream is held
// by another, so each notification crosses instances through LISTEN/NOTIFY.
// Options: --notifications 200 --streams 1000 --instances 1. Prints figures; asserts nothing.
import http from "node:http";
import { parseArgs } from "node:util";
import { describeEngine, inBatches, percentile, registeredAccount, signIn, startBenchServer } from "./lib/accounts.mjs";

const { values } = parseArgs({
  options: {
    notifications: { type: "string", default: "200" },
    streams: { type: "string", default: "1000" },
    instances: { type: "string", default: "1" },
  },
});
const notificationCount = Number(values.notifications);
const streamCount = Number(values.streams);
const instances = process.env.DATABASE_URL ? Math.max(1, Number(values.instances)) : 1;

const schema = `bench_ntf_${Date.now().toString(36)}`;
const first = await startBenchServer({ BENCH_SCHEMA: schema, BENCH_CREATE_ADMIN: "1", BENCH_DROP_SCHEMA: instances === 1 ? "1" : "0" });
const second = instances > 1 ? await startBenchServer({ BENCH_SCHEMA: schema, BENCH_DROP_SCHEMA: "1" }) : first;
const actionApi = `http://127.0.0.1:${first.apiPort}`;
const streamApi = `http://127.0.0.1:${second.apiPort}`;
const openStreams = [];

/** Opens an SSE stream and resolves once its `ready` event arrived. */
function openStream(url, onNotification) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: "text/event-stream" } });
    req.on("error", reject);
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        buffer += chunk;
        let index;
        while ((index = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          if (block.includes("event: ready")) resolve({ close: () => req.destroy() });
          else if (block.includes("event: notification")) {
            const data = block.split("\n").find((line) => line.startsWith("data: "));
            onNotification?.(JSON.parse(data.slice(6)), performance.now());
          }
        }
      });
    });
  });
}

async function ticketUrl(api, idToken) {
  const response = await fetch(`${api}/api/notifications/stream-ticket`, { method: "POST", headers: { authorization: `Bearer ${idToken}` } });
  return `${api}${(await response.json()).data.url}`;
}

try {
  console.log(`Preparando ${streamCount + 1} cuentas y sus streams (${describeEngine()}, ${instances} instancia${instances > 1 ? "s" : ""})…`);
  const admin = await signIn(first.admin.email, first.admin.password);
  const target = await registeredAccount(actionApi, "Destinataria");
  const others = await inBatches(Array.from({ length: streamCount }, (_, i) => i), 20, (i) => registeredAccount(actionApi, `Persona ${i}`));
  await inBatches(others, 50, async (person) => openStreams.push(await openStream(await ticketUrl(streamApi, person.idToken))));

  const arrivals = new Map();
  openStreams.push(
    await openStream(await ticketUrl(streamApi, target.idToken), (notification, at) => {
      arrivals.get(notification.title)?.(at);
    }),
  );
  console.log(`${openStreams.length} streams abiertos.`);

  const send = (title) =>
    fetch(`${actionApi}/api/notifications/send`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.idToken}` },
      body: JSON.stringify({ audience: "user", userId: target.uid, title, body: "Aviso del benchmark" }),
    });

  // Warm-up, not counted.
  for (let i = 0; i < 10; i++) {
    const arrived = new Promise((resolve) => arrivals.set(`calentamiento ${i}`, resolve));
    await send(`calentamiento ${i}`);
    await arrived;
  }

  const latencies = [];
  const answers = [];
  for (let i = 0; i < notificationCount; i++) {
    const title = `Aviso ${i}`;
    const arrived = new Promise((resolve, reject) => {
      arrivals.set(title, resolve);
      setTimeout(() => reject(new Error(`${title} no llegó en 10 s`)), 10_000).unref();
    });
    const started = performance.now();
    const response = await send(title);
    answers.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`send: HTTP ${response.status}`);
    latencies.push((await arrived) - started);
  }

  latencies.sort((a, b) => a - b);
  answers.sort((a, b) => a - b);
  const fmt = (n) => n.toFixed(1).padStart(7);
  console.log(`\n${describeEngine()} · ${instances} instancia${instances > 1 ? "s" : ""} · ${notificationCount} notificaciones · ${streamCount} streams más abiertos\n`);
  console.log("                                         p50 ms   p99 ms   máx ms");
  console.log(`Acción del admin → evento en el stream ${fmt(percentile(latencies, 50))}  ${fmt(percentile(latencies, 99))}  ${fmt(latencies.at(-1))}`);
  console.log(`Respuesta HTTP de la acción            ${fmt(percentile(answers, 50))}  ${fmt(percentile(answers, 99))}  ${fmt(answers.at(-1))}`);
} finally {
  for (const stream of openStreams) stream.close();
  await first.stop();
  if (second !== first) await second.stop();
}
