// 10,000 notification streams open on one API process: what each stream costs in memory, and how
// long a notification takes to arrive with all of them open, side by side with a floor (a bare
// Node http server holding the same number of streams and writing the same frames):
//
//   node scripts/with-emulator.mjs node bench/notifications-streams.mjs     (the emulator may already run)
//   DATABASE_URL=postgres://… node scripts/with-emulator.mjs node bench/notifications-streams.mjs
//
// Options: --streams 10000 --notifications 200 --broadcasts 3. The stream users and their
// tickets are stored straight in the database (bench/lib/accounts-server.ts); the admin who sends
// is a real emulator account. "Uno a la vez": POST /notifications/send to one random user among
// the N, timed until the event reaches that user's stream. "Difusión": audience `all`, timed until
// the event reaches each of the N streams. Memory is the server's after a full GC, before opening
// vs with every stream open. Prints figures; asserts nothing.
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { API_NODE_FLAGS } from "../scripts/lib/processes.mjs";
import { ROOT, describeEngine, inBatches, percentile, signIn, startBenchServer } from "./lib/accounts.mjs";

const { values } = parseArgs({
  options: {
    streams: { type: "string", default: "10000" },
    notifications: { type: "string", default: "200" },
    broadcasts: { type: "string", default: "3" },
  },
});
const streamCount = Number(values.streams);
const notificationCount = Number(values.notifications);
const broadcastCount = Number(values.broadcasts);

// Every stream is a socket in this process and one in the server: raise the soft limit on open
// files to the hard one by running again under a shell that did (children inherit it).
if (!process.env.BENCH_NOFILE_RAISED) {
  const script = 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"';
  const child = spawn("sh", ["-c", script, "sh", process.execPath, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_NOFILE_RAISED: "1" },
  });
  child.on("exit", (code) => process.exit(code ?? 1));
} else {
  await main();
}

async function main() {
  const nofile = Number(spawnSync("sh", ["-c", "ulimit -n"]).stdout.toString().trim());
  if (nofile < streamCount + 200) {
    console.error(`Límite de archivos abiertos ${nofile}: no alcanza para ${streamCount} streams (sube ulimit -Hn).`);
    process.exit(1);
  }
  // --expose-gc: /memory answers after a full GC, so the difference is what the streams hold.
  const gcEnv = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --expose-gc`.trim() };
  const results = [];

  const floor = await startFloor(gcEnv);
  try {
    results.push(
      await measure("Piso: http de Node", {
        base: `http://127.0.0.1:${floor.port}`,
        streamUrl: (i) => `/stream?ticket=u${i}`,
        send: (i, title) => post(`http://127.0.0.1:${floor.port}/send?ticket=u${i}`, { title, body: "Aviso del benchmark" }),
        broadcast: (title) => post(`http://127.0.0.1:${floor.port}/broadcast`, { title, body: "Aviso del benchmark" }),
        memoryUrl: `http://127.0.0.1:${floor.port}/memory`,
      }),
    );
  } finally {
    await floor.stop();
  }

  const schema = `bench_str_${Date.now().toString(36)}`;
  const api = await startBenchServer({ ...gcEnv, BENCH_SCHEMA: schema, BENCH_DROP_SCHEMA: "1", BENCH_CREATE_ADMIN: "1", BENCH_STREAM_USERS: String(streamCount) });
  try {
    const base = `http://127.0.0.1:${api.apiPort}`;
    const admin = await signIn(api.admin.email, api.admin.password);
    const send = (body) => post(`${base}/api/notifications/send`, { ...body, body: "Aviso del benchmark" }, { authorization: `Bearer ${admin.idToken}` });
    results.push(
      await measure(`Plaza API (${describeEngine()})`, {
        base,
        streamUrl: (i) => `/api/notifications/stream?ticket=${api.streamTicketPrefix}${i}`,
        send: (i, title) => send({ audience: "user", userId: `bench-stream-${i}`, title }),
        broadcast: (title) => send({ audience: "all", title }),
        memoryUrl: `http://127.0.0.1:${api.barePort}/memory`,
      }),
    );
  } finally {
    await api.stop();
  }

  report(results);
}

async function measure(label, target) {
  console.log(`\n${label}: abriendo ${streamCount} streams…`);
  const before = await getJson(target.memoryUrl);
  const streams = new Array(streamCount);
  const arrivals = new Map();
  const opening = performance.now();
  await inBatches(
    Array.from({ length: streamCount }, (_, i) => i),
    100,
    async (i) => {
      streams[i] = await openStream(`${target.base}${target.streamUrl(i)}`, (title, at) => arrivals.get(title)?.(at));
    },
  );
  const openSeconds = (performance.now() - opening) / 1000;
  const after = await getJson(target.memoryUrl);
  console.log(`${after.streams} streams abiertos en ${openSeconds.toFixed(1)} s.`);

  const waitFor = (title, expected) =>
    new Promise((resolve, reject) => {
      const times = [];
      arrivals.set(title, (at) => {
        times.push(at);
        if (times.length === expected) resolve(times);
      });
      setTimeout(() => reject(new Error(`${title}: llegaron ${times.length} de ${expected} en 60 s`)), 60_000).unref();
    });

  try {
    // One at a time, to random streams; the first 10 warm up and are not counted.
    const single = [];
    for (let k = -10; k < notificationCount; k++) {
      const i = Math.floor(Math.random() * streamCount);
      const title = `Aviso ${k} para ${i}`;
      const arrived = waitFor(title, 1);
      const started = performance.now();
      const status = await target.send(i, title);
      if (status !== 200) throw new Error(`send: HTTP ${status}`);
      const [at] = await arrived;
      if (k >= 0) single.push(at - started);
    }

    const broadcast = [];
    let broadcastLast = [];
    for (let b = 0; b < broadcastCount; b++) {
      const title = `Difusión ${b}`;
      const arrived = waitFor(title, streamCount);
      const started = performance.now();
      const status = await target.broadcast(title);
      if (status !== 200) throw new Error(`broadcast: HTTP ${status}`);
      const times = (await arrived).map((at) => at - started);
      broadcast.push(...times);
      broadcastLast.push(Math.max(...times));
    }
    single.sort((a, b) => a - b);
    broadcast.sort((a, b) => a - b);
    broadcastLast = broadcastLast.sort((a, b) => a - b);
    return { label, openSeconds, before, after, single, broadcast, broadcastLast };
  } finally {
    for (const stream of streams) stream?.close();
  }
}

function report(results) {
  const fmt = (n, width = 8) => n.toFixed(1).padStart(width);
  const kib = (bytes) => fmt(bytes / 1024, 7);
  console.log(`\n${streamCount} streams abiertos a la vez · ${notificationCount} avisos uno a la vez · ${broadcastCount} difusiones a todos\n`);
  console.log("                               ---- uno a la vez (ms) ----   ------ difusión a todos (ms) ------   memoria por stream (KiB)");
  console.log("                                   p50      p95      p99       p50      p95      p99  última(med)  RSS   heap");
  for (const r of results) {
    const perStream = (key) => (r.after[key] - r.before[key]) / streamCount;
    console.log(
      `${r.label.padEnd(28)}${fmt(percentile(r.single, 50))} ${fmt(percentile(r.single, 95))} ${fmt(percentile(r.single, 99))}  ` +
        `${fmt(percentile(r.broadcast, 50))} ${fmt(percentile(r.broadcast, 95))} ${fmt(percentile(r.broadcast, 99))} ${fmt(percentile(r.broadcastLast, 50), 10)} ` +
        `${kib(perStream("rss"))}${kib(perStream("heapUsed"))}`,
    );
  }
  console.log("\nMemoria del servidor tras GC, antes de abrir → con todos abiertos (MiB):");
  const mib = (bytes) => (bytes / 1048576).toFixed(0);
  for (const r of results) {
    console.log(`  ${r.label.padEnd(28)} RSS ${mib(r.before.rss)} → ${mib(r.after.rss)} · heap ${mib(r.before.heapUsed)} → ${mib(r.after.heapUsed)} · abrir: ${r.openSeconds.toFixed(1)} s`);
  }
}

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
        const at = performance.now();
        buffer += chunk;
        let index;
        while ((index = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          if (block.includes("event: ready")) resolve({ close: () => req.destroy() });
          else if (block.includes("event: notification")) {
            const data = block.split("\n").find((line) => line.startsWith("data: "));
            onNotification(JSON.parse(data.slice(6)).title, at);
          }
        }
      });
    });
  });
}

async function post(url, body, headers = {}) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

async function getJson(url) {
  const response = await fetch(url);
  return (await response.json()).data;
}

function startFloor(env) {
  // With the API process's V8 flags, so the comparison is of the servers, not of their settings.
  const child = spawn(process.execPath, [...API_NODE_FLAGS, path.join(ROOT, "bench/lib/sse-floor.mjs")], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once("line", (line) => {
      const { port } = JSON.parse(line);
      resolve({ port, stop: () => new Promise((done) => (child.once("exit", done), child.kill("SIGTERM"))) });
    });
    child.once("exit", (code) => reject(new Error(`El piso terminó (código ${code})`)));
  });
}
