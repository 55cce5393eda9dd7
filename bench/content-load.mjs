// Latency of the content lists at 100 concurrent connections with 100,000 events, 5,000 places
// and 20,000 news items loaded, next to a bare indexed SELECT of the same page in the same run:
//
//   node scripts/with-emulator.mjs node bench/content-load.mjs            # PGlite
//   DATABASE_URL=postgres://… node scripts/with-emulator.mjs node bench/content-load.mjs
//
// Options: --connections 100 --duration 10. Prints p50/p99 per endpoint; asserts nothing.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { describeEngine, registeredAccount, ROOT } from "./lib/accounts.mjs";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "100" },
    duration: { type: "string", default: "10" },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);

function startServer() {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "bench/content-server.mjs")], {
    cwd: ROOT,
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        const message = JSON.parse(line);
        if (message.ready) resolve({ ...message, child });
      } catch {
        process.stdout.write(`[servidor] ${line}\n`);
      }
    });
    child.once("exit", (code) => reject(new Error(`El servidor del benchmark terminó (código ${code})`)));
  });
}

function run(title, url, headers = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers }, (error, result) => (error ? reject(error) : resolve({ title, result })));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

console.log(`Cargando datos (${describeEngine()})…`);
const server = await startServer();
const api = `http://127.0.0.1:${server.apiPort}`;
const bare = `http://127.0.0.1:${server.barePort}`;
try {
  console.log(`Datos cargados en ${server.loadSeconds.toFixed(1)} s: ${JSON.stringify(server.counts)}`);
  // A signed-in person with things to rank: followed places, communities, organisers and events, and an address.
  const reader = await registeredAccount(api, "Lectora del benchmark");
  const auth = { authorization: `Bearer ${reader.idToken}` };
  const post = (url, body) =>
    fetch(`${api}${url}`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  for (let i = 1; i <= 5; i++) await post(`/api/places/bench-p-${i * 97}/follow`);
  for (let i = 1; i <= 2; i++) await post(`/api/communities/bench-c-${i * 7}/follow`);
  for (let i = 1; i <= 5; i++) await post(`/api/events/bench-e-${60_000 + i * 101}/follow`);
  await post("/api/addresses", { label: "Casa", street: "Calle Hidalgo", city: "Saltillo", state: "Coahuila", lat: 25.42, lng: -101.0 });
  const forYou = await (await fetch(`${api}/api/events/for-you`, { headers: auth })).json();
  console.log(`Eventos para ti: ${forYou.data.items.length} sugerencias; la primera por ${forYou.data.items[0]?.reasons.join(", ")}`);

  await run("calentamiento", `${api}/api/events?limit=20`);
  const runs = [];
  runs.push(await run("SELECT indexado: próximos (bare)", `${bare}/upcoming`));
  runs.push(await run("GET /api/events (próximos)", `${api}/api/events?limit=20`));
  runs.push(await run("SELECT indexado: eventos de un lugar (bare)", `${bare}/place/${server.placeId}`));
  runs.push(await run("GET /api/events?placeId= (página de lugar)", `${api}/api/events?placeId=${server.placeId}&limit=20`));
  runs.push(await run("GET /api/events/for-you (con sesión)", `${api}/api/events/for-you`, auth));
  runs.push(await run("GET /api/events/for-you (sin sesión)", `${api}/api/events/for-you`));

  console.log(`\n${describeEngine()} · ${connections} conexiones · ${duration} s por prueba\n`);
  console.log("| Prueba | req/s | p50 ms | p99 ms | errores |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const { title, result } of runs) {
    const failures = result.errors + result.timeouts + (result.non2xx ?? 0);
    console.log(`| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${failures} |`);
  }
} finally {
  server.child.kill("SIGTERM");
}
