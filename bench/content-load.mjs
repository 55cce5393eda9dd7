// Throughput and latency of the API's reads at 100 concurrent connections with 100,000 events,
// 5,000 places and 20,000 news items loaded, each next to its floor in the same run: a bare
// Fastify route running one indexed SELECT of the same data (bench/content-server.mjs). Rows:
// the upcoming list, one event and one place (signed out: served with ETag and brief caching;
// signed in: personal, never cached), a place's events, my-data and "para ti" of 40 people
// with follows and an address, and /api/health (the PGlite target compares the list with it):
//
//   node scripts/with-emulator.mjs node bench/content-load.mjs            # PGlite
//   DATABASE_URL=postgres://… node scripts/with-emulator.mjs node bench/content-load.mjs
//   BENCH_DESCRIPTION_CHARS=800 …   # events with descriptions of that length (a real agenda's)
//
// Options: --connections 100 --duration 10 --rounds 1 (turns of --duration seconds, alternating
// each row with its floor; × /api/health stays against the one health run before them) --people 40
// --profile <dir> (a V8 CPU profile of the server in each turn, for bench/profile-compare.mjs) --only <text> (only the rows whose title contains it) --history <n> (each reader
// has also followed n past events, as a long-time user has) --writes <n> (while each API row runs,
// n changes a second through the API elsewhere: people following and unfollowing an event, so
// what each change touches is read again, as in a city where things change) --write evento|persona|comunidad
// (what those changes are: following an event, following a person, joining a community) --accept-encoding
// "gzip, deflate, br, zstd" (every request asks for a compressed answer, as a browser does; the
// floor answers uncompressed either way).
// --node-flags="--single-threaded-gc" (more V8 flags for the server process, to try one).
// Prints a table (req/s, p50, p99,
// errors, × its floor, × /api/health, the API process's CPU ms per request, and with a PostgreSQL
// on this machine its processes' CPU ms per request), what the server saw in each row (its event
// loop's delay, the collector's pauses, what moved to V8's old generation) and the server
// process's peak memory; asserts nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { API_NODE_FLAGS } from "../scripts/lib/processes.mjs";
import { describeEngine, inBatches, registeredAccount, ROOT } from "./lib/accounts.mjs";
import { allPids, procStat, procStatusKb, threadSchedstat, ticksToMs } from "./lib/proc.mjs";
import { benchTool } from "./lib/bench-tools.mjs";

const { default: autocannon } = await benchTool("autocannon");

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "100" },
    duration: { type: "string", default: "10" },
    // Each row and its floor in this many alternating turns of --duration seconds (floor, API,
    // API, floor, floor, API…), so a slow stretch of a shared machine falls on both sides alike.
    rounds: { type: "string", default: "1" },
    people: { type: "string", default: "40" },
    // Writes a V8 CPU profile of the server process for each turn here, with profiles.json
    // listing them with their requests (bench/profile-compare.mjs puts a row's API beside its floor).
    profile: { type: "string" },
    // Runs only the rows whose title contains this text (e.g. "con sesión"), to profile them alone.
    only: { type: "string" },
    // Each signed-in reader has also followed this many past events (a long-time user's history).
    history: { type: "string", default: "0" },
    // Changes a second through the API while each API row runs (each drops what it touched).
    writes: { type: "string", default: "0" },
    // What those changes are: "evento" (follow and unfollow an event), "persona" (follow and
    // unfollow a person) or "comunidad" (join and leave a community).
    write: { type: "string", default: "evento" },
    // Every request asks for a compressed answer as a browser does ("gzip, deflate, br, zstd" is
    // Chrome's); without it the API answers uncompressed, which no browser asks for.
    "accept-encoding": { type: "string" },
    // More flags for the server process after the API's own (API_NODE_FLAGS), to try one: "--single-threaded-gc".
    "node-flags": { type: "string", default: "" },
  },
});
const acceptEncoding = values["accept-encoding"];
const connections = Number(values.connections);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds es un número entero de turnos (1 o más).");
const history = Number(values.history);
if (!Number.isInteger(history) || history < 0) throw new Error("--history es un número entero de eventos (0 o más).");
const writesPerSecond = Number(values.writes);
if (!(writesPerSecond >= 0)) throw new Error("--writes es un número de cambios por segundo (0 o más).");
// Each change as its URL, the undoing one when `undo` (every person does, then undoes, in turns).
const WRITES = {
  evento: (eventId, undo) => `/api/events/${eventId}/follow${undo ? "?unfollow=true" : ""}`,
  persona: (_eventId, undo) => `/api/users/follow/bench-u-2000/user${undo ? "?unfollow=true" : ""}`,
  comunidad: (_eventId, undo) => `/api/communities/bench-c-1/${undo ? "leave" : "join"}`,
};
const writeUrl = WRITES[values.write];
if (!writeUrl) throw new Error(`--write es uno de: ${Object.keys(WRITES).join(", ")}.`);
// Only a PostgreSQL on this machine has its processes in /proc (a socket path leaves the host empty).
const DATABASE_CPU = (() => {
  if (!process.env.DATABASE_URL || !fs.existsSync("/proc")) return false;
  try {
    return ["", "localhost", "127.0.0.1", "[::1]"].includes(new URL(process.env.DATABASE_URL).hostname);
  } catch {
    return false;
  }
})();
const PEOPLE = Number(values.people);

function startServer() {
  // Plain node with tsx as a loader, so the API's V8 flags reach the process that serves. The
  // floor lives in the same process, so it runs with the API's flags too.
  const extraFlags = values["node-flags"].split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...extraFlags, "--import", "tsx", path.join(ROOT, "bench/content-server.mjs")], {
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

// The server process's CPU time (user + system), read from /proc: both servers live in that one
// process and run one at a time, so CPU per request compares a row with its floor even when
// other work on a shared machine moves the requests a second. null where /proc is missing.
function cpuMs(pid) {
  const stat = procStat(pid);
  return stat === null ? null : ticksToMs(Number(stat.fields[11]) + Number(stat.fields[12]));
}

/**
 * CPU time (ms) of every process named postgres that this machine shows in /proc, or null
 * (PGlite, or a server elsewhere). On one machine the API, its floor and PostgreSQL share the same
 * cores, so what a statement costs the database also limits the requests a second; this tells
 * that part (with whatever else PostgreSQL does meanwhile: other databases, autovacuum).
 */
function postgresCpuMs() {
  let ticks = 0;
  let found = false;
  for (const pid of allPids()) {
    const stat = procStat(pid);
    if (stat?.name !== "postgres") continue;
    // utime and stime, plus cutime and cstime: a backend that ends (the pool lets idle ones go)
    // leaves its time to the postmaster, which reaps it.
    ticks += Number(stat.fields[11]) + Number(stat.fields[12]) + Number(stat.fields[13]) + Number(stat.fields[14]);
    found = true;
  }
  return found ? ticksToMs(ticks) : null;
}

/** The server process's peak resident memory in MiB (VmHWM), or null where /proc is missing. */
function peakRssMiB(pid) {
  const kib = procStatusKb(pid, "VmHWM");
  return kib === null ? null : kib / 1024;
}

/** `pick` of every turn, added up. */
const sumOf = (turns, pick) => turns.reduce((total, turn) => total + pick(turn), 0);

/**
 * Turns of one side as one result: requests a second over all of them, CPU per request over all
 * their requests, failures added up; p50 the median turn's and p99 the worst turn's (autocannon
 * gives percentiles, not the histograms to merge).
 */
function combined(turns) {
  if (turns.length === 1) return turns[0];
  const sum = (pick) => sumOf(turns, pick);
  const total = sum((turn) => turn.requests.total);
  const perRequest = (field) => (turns.some((turn) => turn[field] === null) || total === 0 ? null : sum((turn) => turn[field] * turn.requests.total) / total);
  const p50s = turns.map((turn) => turn.latency.p50).sort((a, b) => a - b);
  const middle = Math.floor(p50s.length / 2);
  return {
    requests: { average: sum((turn) => turn.requests.average) / turns.length, total },
    latency: { p50: p50s.length % 2 === 1 ? p50s[middle] : (p50s[middle - 1] + p50s[middle]) / 2, p99: Math.max(...turns.map((turn) => turn.latency.p99)) },
    errors: sum((turn) => turn.errors),
    timeouts: sum((turn) => turn.timeouts),
    non2xx: sum((turn) => turn.non2xx ?? 0),
    cpuPerRequest: perRequest("cpuPerRequest"),
    databaseCpuPerRequest: perRequest("databaseCpuPerRequest"),
    inside: combinedInside(turns.map((turn) => turn.inside)),
  };
}

/** What the server saw in several turns: the worst delays and pauses, the pauses' time added up. */
function combinedInside(turns) {
  const worst = (pick) => Math.max(...turns.map(pick));
  const pauses = (kind) => ({
    count: sumOf(turns, (turn) => turn.gc[kind].count),
    totalMs: sumOf(turns, (turn) => turn.gc[kind].totalMs),
    maxMs: worst((turn) => turn.gc[kind].maxMs),
  });
  return {
    loopDelay: { p50: worst((turn) => turn.loopDelay.p50), p99: worst((turn) => turn.loopDelay.p99), max: worst((turn) => turn.loopDelay.max) },
    gc: { minor: pauses("minor"), major: pauses("major"), all: pauses("all") },
    promotedBytes: sumOf(turns, (turn) => turn.promotedBytes),
    waitingMs: turns.some((turn) => turn.waitingMs === null) ? null : sumOf(turns, (turn) => turn.waitingMs),
    seconds: sumOf(turns, (turn) => turn.seconds),
  };
}

/** The request with the browser's Accept-Encoding when --accept-encoding is given. */
function withEncoding(req) {
  return acceptEncoding === undefined ? req : { ...req, headers: { ...req.headers, "accept-encoding": acceptEncoding } };
}

/**
 * One autocannon run, watched from inside the server (its event loop's delay and GC pauses; with
 * --profile, a CPU profile of the run alone). `request()` gives each request's path and headers (a
 * different event or person each time), so neither side answers the same row over and over.
 */
async function run(title, base, request, changes = null) {
  await control(`/turn/start${values.profile ? "?profile=1" : ""}`);
  const scheduledBefore = threadSchedstat(server.child.pid);
  const measured = await load(title, base, request, changes);
  const scheduledAfter = threadSchedstat(server.child.pid);
  // The server's JavaScript thread runnable but without a core: the machine's share of a long tail.
  const waitingMs = scheduledBefore && scheduledAfter ? (scheduledAfter.waitingNs - scheduledBefore.waitingNs) / 1e6 : null;
  const file = values.profile ? path.join(path.resolve(values.profile), `${String(profiles.length + 1).padStart(2, "0")}-${slugOf(title)}.cpuprofile`) : null;
  const inside = await (await control(`/turn/stop${file ? `?file=${encodeURIComponent(file)}` : ""}`)).json();
  if (file) {
    profiles.push({ file: path.basename(file), title, requests: measured.result.requests.total, root: ROOT });
    fs.writeFileSync(path.join(path.resolve(values.profile), "profiles.json"), JSON.stringify(profiles, null, 2));
  }
  return { title, result: { ...measured.result, inside: { ...inside, waitingMs, seconds: duration } } };
}

// --profile: each turn's profile, listed in profiles.json for bench/profile-compare.mjs.
const profiles = [];
const slugOf = (title) => title.normalize("NFD").replace(/\p{M}/gu, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();

/** A request to the benchmark server's own routes (bench/content-server.mjs), next to the floor. */
async function control(url) {
  const response = await fetch(`${bare}${url}`, { method: "POST" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

function load(title, base, request, changes) {
  const stopChanges = changes?.();
  const cpuBefore = cpuMs(server.child.pid);
  const databaseBefore = DATABASE_CPU ? postgresCpuMs() : null;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration, requests: [{ setupRequest: (req) => withEncoding({ ...req, ...request() }) }] },
      (error, result) => {
        stopChanges?.();
        if (error) return reject(error);
        const cpuAfter = cpuMs(server.child.pid);
        const databaseAfter = DATABASE_CPU ? postgresCpuMs() : null;
        const perRequest = (before, after) => (before === null || after === null || !result.requests.total || after < before ? null : (after - before) / result.requests.total);
        resolve({ title, result: { ...result, cpuPerRequest: perRequest(cpuBefore, cpuAfter), databaseCpuPerRequest: perRequest(databaseBefore, databaseAfter) } });
      },
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const get = (path, headers = {}) => () => ({ method: "GET", path: typeof path === "function" ? path() : path, headers });

console.log(`Cargando datos (${describeEngine()})…`);
if (values.profile) fs.mkdirSync(values.profile, { recursive: true });
const server = await startServer();
const api = `http://127.0.0.1:${server.apiPort}`;
const bare = `http://127.0.0.1:${server.barePort}`;
try {
  console.log(`Datos cargados en ${server.loadSeconds.toFixed(1)} s: ${JSON.stringify(server.counts)}`);
  // Signed-in people with things to rank and to list in my-data: followed places, communities,
  // organisers, events and tags, and an address each.
  const people = await inBatches(Array.from({ length: PEOPLE }, (_, i) => i), 8, async (i) => {
    const person = await registeredAccount(api, `Lectora ${i}`);
    const auth = { authorization: `Bearer ${person.idToken}` };
    const post = async (url, body) => {
      const response = await fetch(`${api}${url}`, {
        method: "POST",
        headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    };
    for (let j = 1; j <= 5; j++) await post(`/api/places/bench-p-${(i * 31 + j * 97) % 5000 + 1}/follow`);
    for (let j = 1; j <= 2; j++) await post(`/api/communities/bench-c-${(i + j * 7) % 200 + 1}/follow`);
    for (let j = 1; j <= 5; j++) await post(`/api/events/bench-e-${60_000 + i * 13 + j * 101}/follow`);
    // Two of the 12 tags, each on 1 in 12 events (bench/content-server.mjs).
    for (let j = 1; j <= 2; j++) await post(`/api/tags/bench-t-${(i + j * 5) % 12 + 1}/follow`);
    await post(`/api/users/follow/bench-u-${i + 1}/user`);
    await post("/api/addresses", { label: "Casa", street: "Calle Hidalgo", city: "Saltillo", state: "Coahuila", lat: 25.42, lng: -101.0 });
    return { ...person, auth };
  });
  if (history > 0) {
    const setUp = async (url) => {
      const response = await fetch(`${bare}${url}`, { method: "POST" });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    };
    const followed = [];
    for (const p of people) followed.push((await setUp(`/history/${p.uid}?count=${history}`)).followed);
    await setUp("/settle");
    // The server caps it at the past half of the agenda: say what was set up, not what was asked.
    const [least, most] = [Math.min(...followed), Math.max(...followed)];
    console.log(`Cada persona sigue además ${least === most ? least : `${least}–${most}`} eventos pasados`);
  }
  const forYou = await (await fetch(`${api}/api/events/for-you`, { headers: people[0].auth })).json();
  console.log(`Eventos para ti: ${forYou.data.items.length} sugerencias; la primera por ${forYou.data.items[0]?.reasons.join(", ")}`);
  const page = await fetch(`${api}/api/events?limit=20`);
  console.log(`Una página de 20 eventos: ${(await page.arrayBuffer()).byteLength} bytes sin comprimir`);

  const eventId = () => pick(server.upcomingIds);
  const person = () => pick(people);
  const asPerson = (path) => () => {
    const p = person();
    return { method: "GET", path: path(p), headers: p.auth };
  };
  // Each API call next to its floor; `floor: null` rows are read against /api/health.
  const pairs = [
    ["Próximos: GET /api/events", get("/api/events?limit=20"), get("/upcoming")],
    // With a token the answer is personal (follow flags, what one may edit): never cached.
    ["Próximos con sesión: GET /api/events", asPerson(() => "/api/events?limit=20"), get("/upcoming")],
    ["Un evento: GET /api/events/{id}", get(() => `/api/events/${eventId()}`), get(() => `/event/${eventId()}`)],
    ["Un evento con sesión: GET /api/events/{id}", asPerson(() => `/api/events/${eventId()}`), get(() => `/event/${eventId()}`)],
    ["Un lugar: GET /api/places/{id}", get(`/api/places/${server.placeId}`), get(`/place/${server.placeId}`)],
    ["Eventos del lugar: GET /api/events?placeId=", get(`/api/events?placeId=${server.placeId}&limit=20`), get(`/place-events/${server.placeId}`)],
    ["Mis datos: GET /api/users/my-data", asPerson(() => "/api/users/my-data"), () => ({ method: "GET", path: `/my-data/${person().uid}` })],
    ["Para ti: GET /api/events/for-you (con sesión)", asPerson(() => "/api/events/for-you"), () => ({ method: "GET", path: `/for-you/${person().uid}` })],
  ];

  // --writes: people follow and unfollow one event (or a person, or join and leave a community) at
  // a steady rate. Each change drops, on every instance, what it touched (plugins/http-cache.ts).
  let changesMade = 0;
  let changesFailed = 0;
  const changes = () => {
    if (writesPerSecond === 0) return null;
    let k = 0;
    const timer = setInterval(() => {
      const p = people[k % people.length];
      const url = writeUrl(server.upcomingIds[0], Math.floor(k / people.length) % 2 === 1);
      k++;
      fetch(`${api}${url}`, { method: "POST", headers: p.auth })
        .then((response) => (response.ok ? changesMade++ : changesFailed++))
        .catch(() => changesFailed++);
    }, 1000 / writesPerSecond);
    return () => clearInterval(timer);
  };

  await run("calentamiento", api, get("/api/events?limit=20"));
  const rows = [];
  const health = await run("GET /api/health", api, get("/api/health"));
  rows.push({ title: health.title, result: health.result });
  const turnRatios = [];
  for (const [title, apiRequest, floorRequest] of pairs.filter(([title]) => !values.only || title.includes(values.only))) {
    const floorTurns = [];
    const apiTurns = [];
    // ABBA: in every other turn the API goes first, so a machine that keeps slowing down (or
    // speeding up) through a row does not always favour the same side.
    for (let turn = 0; turn < rounds; turn++) {
      const floorTurn = () => run(`${title} (suelo)`, bare, floorRequest);
      const apiTurn = () => run(title, api, apiRequest, changes);
      if (turn % 2 === 0) {
        floorTurns.push((await floorTurn()).result);
        apiTurns.push((await apiTurn()).result);
      } else {
        apiTurns.push((await apiTurn()).result);
        floorTurns.push((await floorTurn()).result);
      }
    }
    const floor = combined(floorTurns);
    const measured = combined(apiTurns);
    // The floor's line right under its row, indented: read as the row's own, as it is.
    rows.push({ title, result: measured, ratio: measured.requests.average / floor.requests.average, health: measured.requests.average / health.result.requests.average });
    rows.push({ title: `  suelo: SELECT indexado`, result: floor });
    if (rounds > 1) turnRatios.push(`${title}: ${apiTurns.map((r, k) => `${(r.requests.average / floorTurns[k].requests.average).toFixed(2)}×`).join(" · ")}`);
  }

  const writing = writesPerSecond > 0 ? ` · ${writesPerSecond} cambios por segundo (--write ${values.write}) durante cada fila de la API (${changesMade} hechos, ${changesFailed} fallidos)` : "";
  const encoding = acceptEncoding === undefined ? "" : ` · Accept-Encoding: ${acceptEncoding}`;
  // What changes the figures themselves: a V8 flag tried, or the profiler sampling every 100 µs.
  const settings = `${values["node-flags"] ? ` · opciones de V8: ${values["node-flags"]}` : ""}${values.profile ? " · con perfil de CPU en cada turno" : ""}`;
  const turns = rounds > 1 ? ` en ${rounds} turnos alternados con su suelo (p50: la mediana de los turnos; p99: el peor; × /api/health, contra su única corrida)` : "";
  console.log(`\n${describeEngine()} · ${connections} conexiones · ${duration} s por prueba${turns} · ${PEOPLE} cuentas${writing}${encoding}${settings}\n`);
  console.log("| Prueba | req/s | p50 ms | p99 ms | errores | × suelo | × /api/health | CPU ms/petición | CPU de PostgreSQL ms/petición |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const { title, result, ratio, health: vsHealth } of rows) {
    const failures = result.errors + result.timeouts + (result.non2xx ?? 0);
    const fmt = (x) => (x === undefined ? "" : `${x.toFixed(2)}×`);
    const ms = (x) => (x === null ? "" : x.toFixed(3));
    console.log(`| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${failures} | ${fmt(ratio)} | ${fmt(vsHealth)} | ${ms(result.cpuPerRequest)} | ${ms(result.databaseCpuPerRequest)} |`);
  }
  if (turnRatios.length > 0) console.log(`\n× suelo en cada turno:\n${turnRatios.map((line) => `- ${line}`).join("\n")}`);
  // Where a p99 of many milliseconds comes from when the mean answer takes a few: the server's own
  // stalls (a late event loop, a collector's pause) or the machine (the process waiting for a core).
  console.log("\nDentro del proceso del servidor, en cada fila (el peor turno; la recolección, sumada; el retraso, sin el milisegundo del propio temporizador):\n");
  console.log("| Prueba | retraso del bucle p99 ms | máximo ms | pausas menores de GC por segundo · media ms · máx. ms | mayores: cuántas · máx. ms | GC ms por segundo | a la generación vieja, MB por segundo | esperando un núcleo, ms por segundo |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const { title, result } of rows) {
    const { loopDelay, gc, promotedBytes, waitingMs, seconds } = result.inside;
    const minor = `${(gc.minor.count / seconds).toFixed(1)} · ${(gc.minor.count ? gc.minor.totalMs / gc.minor.count : 0).toFixed(1)} · ${gc.minor.maxMs.toFixed(1)}`;
    console.log(`| ${title} | ${loopDelay.p99.toFixed(1)} | ${loopDelay.max.toFixed(1)} | ${minor} | ${gc.major.count} · ${gc.major.maxMs.toFixed(1)} | ${(gc.all.totalMs / seconds).toFixed(1)} | ${(promotedBytes / 1e6 / seconds).toFixed(2)} | ${waitingMs === null ? "" : (waitingMs / seconds).toFixed(0)} |`);
  }
  const peak = peakRssMiB(server.child.pid);
  // Both servers and the loaded data share that process: compare runs with each other, not with a row.
  if (peak !== null) console.log(`\nMemoria máxima del proceso del servidor (VmHWM): ${Math.round(peak)} MiB`);
} finally {
  server.child.kill("SIGTERM");
}
