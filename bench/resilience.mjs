// Resilience of the API to a PostgreSQL restart under load: 200 connections of mixed reads and
// writes for 60 s against a real `server/main.ts` process, with the database restarted halfway.
//
//   node scripts/with-emulator.mjs node bench/resilience.mjs      # or with the emulator already up
//
// The database is a throwaway cluster created for the run (initdb in a temporary folder, its own
// port, run as the `postgres` user; needs root or that user), never the shared one on 5432, which
// is why DATABASE_URL is ignored. Reports: answers by status (goal: no 500; 503 carry Retry-After),
// writes acknowledged and found afterwards (goal: all), and the time to recover (goal ≤ 5 s).
// Options: --connections 200 --duration 60 --restart-at 30 --writers 20 --pg-bin /usr/lib/postgresql/15/bin
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import readline from "node:readline";
import { parseArgs } from "node:util";
import pg from "pg";
import { API_NODE_FLAGS } from "../scripts/lib/processes.mjs";
import { EMULATOR, PROJECT, ROOT, inBatches, registeredAccount } from "./lib/accounts.mjs";
import { freePort } from "./lib/free-port.mjs";
import { benchTool } from "./lib/bench-tools.mjs";

const { default: autocannon } = await benchTool("autocannon");

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    "restart-at": { type: "string", default: "30" },
    writers: { type: "string", default: "20" },
    "pg-bin": { type: "string", default: "/usr/lib/postgresql/15/bin" },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const restartAt = Number(values["restart-at"]);
const writerCount = Number(values.writers);
const PG_BIN = values["pg-bin"];

// ── The throwaway cluster ────────────────────────────────────────────────────────────────────

/** The command line running a PostgreSQL binary as the `postgres` user (initdb and the server refuse root). */
function asPostgresArgs(binary, args) {
  const command = [path.join(PG_BIN, binary), ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  return os.userInfo().username === "postgres" ? ["sh", ["-c", command]] : ["su", ["postgres", "-c", command]];
}
const asPostgres = (binary, args) => execFileSync(...asPostgresArgs(binary, args), { stdio: "pipe" });
/** Asynchronous, so the load keeps flowing while it runs. */
const asPostgresAsync = (binary, args) =>
  new Promise((resolve, reject) => execFile(...asPostgresArgs(binary, args), (error, stdout) => (error ? reject(error) : resolve(stdout))));

async function createCluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-resiliencia-"));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  if (os.userInfo().username !== "postgres") execFileSync("chown", ["postgres", dir]);
  asPostgres("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const start = () => asPostgres("pg_ctl", ["-D", data, "-l", path.join(dir, "postgres.log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`, "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** A fast restart: active sessions are terminated (57P01), new ones refused until it is up. */
    // With -l: otherwise the server inherits pg_ctl's stdout and the pipe never closes.
    restart: () => asPostgresAsync("pg_ctl", ["-D", data, "-l", path.join(dir, "postgres.log"), "-m", "fast", "-w", "restart"]),
    destroy() {
      try {
        asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ── The API process ─────────────────────────────────────────────────────────────────────────

function startApi(databaseUrl) {
  const child = spawn(process.execPath, [...API_NODE_FLAGS, path.join(ROOT, "scripts/api.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Not NODE_ENV=production: production refuses the Auth emulator this run signs in with.
      DATABASE_URL: databaseUrl,
      PORT: "0",
      SEED_DEMO: "false",
      LOG_LEVEL: "error",
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
      FIREBASE_PROJECT_ID: PROJECT,
      STATIC_DIR: path.join(os.tmpdir(), "plaza-sin-export"),
      GEOCODER_URL: "off",
      // 200 connections from one address: the per-IP and per-user limits stay on, scaled up so
      // they do not shape the traffic being measured.
      RATE_LIMIT_SCALE: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /Plaza API lista en http:\/\/localhost:(\d+)/.exec(line);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, child, stderr: () => stderr });
    });
    child.once("exit", (code) => reject(new Error(`La API terminó (código ${code}):\n${stderr}`)));
  });
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────

console.log("Creando un clúster PostgreSQL desechable…");
const cluster = await createCluster();
// Interrupted (Ctrl-C, a time limit): still remove the cluster.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    cluster.destroy();
    process.exit(130);
  });
}
let api = null;
try {
  api = await startApi(cluster.url);
  let apiExited = null;
  api.child.once("exit", (code, signal) => (apiExited = { code, signal }));
  console.log(`API en ${api.url} sobre ${cluster.url}`);

  const writers = await inBatches(Array.from({ length: writerCount }, (_, i) => i), 5, (i) => registeredAccount(api.url, `Resiliencia ${i}`));
  // Verified, so the anti-spam quota of new accounts does not refuse their events.
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("UPDATE users SET verified = true WHERE id = ANY($1)", [writers.map((w) => w.uid)]);
  await admin.end();

  const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const responses = []; // [ms since start, status]
  const acknowledged = [];
  const retryAfterMissing = { count: 0 };
  let sequence = 0;
  const started = Date.now();

  const restart = new Promise((resolve) => {
    setTimeout(async () => {
      const at = Date.now() - started;
      console.log(`t=${(at / 1000).toFixed(1)} s: reiniciando PostgreSQL…`);
      try {
        await cluster.restart();
      } catch (error) {
        console.error(`pg_ctl restart falló: ${error.stderr ?? error}`);
      }
      const upAt = Date.now() - started;
      console.log(`t=${(upAt / 1000).toFixed(1)} s: PostgreSQL aceptando conexiones otra vez`);
      resolve({ at, upAt });
    }, restartAt * 1000);
  });

  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: api.url,
        connections,
        duration,
        timeout: 20,
        requests: [
          {
            setupRequest(request, context) {
              const roll = Math.random();
              const writer = writers[Math.floor(Math.random() * writers.length)];
              if (roll < 0.2) {
                const key = `bench-${process.pid}-${++sequence}`;
                context.kind = "write";
                return {
                  ...request,
                  method: "POST",
                  path: "/api/events",
                  headers: { "content-type": "application/json", authorization: `Bearer ${writer.idToken}`, "idempotency-key": key },
                  body: JSON.stringify({ title: `Evento de resiliencia ${sequence}`, startsAt, address: "Plaza de Armas, Saltillo" }),
                };
              }
              context.kind = "read";
              if (roll < 0.35) return { ...request, method: "GET", path: "/api/users/my-data", headers: { authorization: `Bearer ${writer.idToken}` } };
              if (roll < 0.5) return { ...request, method: "GET", path: "/api/events/for-you", headers: { authorization: `Bearer ${writer.idToken}` } };
              return { ...request, method: "GET", path: "/api/events?limit=20", headers: {} };
            },
            onResponse(status, body, context, headers) {
              responses.push([Date.now() - started, status, context.kind]);
              if (status === 503 && !Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "retry-after")) retryAfterMissing.count++;
              if (context.kind === "write" && status === 201) {
                try {
                  acknowledged.push(JSON.parse(body).data._id);
                } catch {
                  acknowledged.push(null);
                }
              }
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
  const { at: restartedAt, upAt } = await restart;

  // Every acknowledged write must be in the database.
  const check = new pg.Client({ connectionString: cluster.url });
  await check.connect();
  const ids = acknowledged.filter((id) => id !== null);
  const { rows } = await check.query("SELECT count(*)::int AS n FROM events WHERE id::text = ANY($1)", [ids]);
  await check.end();

  const byStatus = new Map();
  for (const [, status] of responses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const failures = responses.filter(([t, status]) => status >= 500 && t >= restartedAt - 1000);
  const fiveHundreds = responses.filter(([, status]) => status >= 500);
  const lastFailure = failures.length > 0 ? failures[failures.length - 1][0] : null;
  const firstOkAfter = responses.find(([t, status]) => t >= upAt && status < 500);

  console.log(`\nPostgreSQL (clúster desechable) · ${connections} conexiones · ${duration} s · reinicio en t=${restartAt} s\n`);
  console.log("| Medida | Valor |");
  console.log("| --- | ---: |");
  console.log(`| Peticiones respondidas | ${responses.length} |`);
  console.log(`| Por estado | ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(", ")} |`);
  console.log(`| 5xx en total (500 inesperados) | ${fiveHundreds.length} (${fiveHundreds.filter(([, s]) => s === 500).length}) |`);
  console.log(`| 5xx en lecturas / escrituras | ${fiveHundreds.filter(([, , k]) => k === "read").length} / ${fiveHundreds.filter(([, , k]) => k === "write").length} |`);
  console.log(`| 503 sin Retry-After | ${retryAfterMissing.count} |`);
  console.log(`| Errores de conexión / timeouts del cliente | ${result.errors} / ${result.timeouts} |`);
  console.log(`| Escrituras confirmadas (201) | ${acknowledged.length} |`);
  console.log(`| … encontradas después en la base | ${rows[0].n} |`);
  console.log(`| Reinicio: pg_ctl tardó | ${((upAt - restartedAt) / 1000).toFixed(2)} s |`);
  console.log(
    `| Recuperación: del inicio del reinicio a la última 5xx | ${lastFailure === null ? "sin 5xx" : `${((lastFailure - restartedAt) / 1000).toFixed(2)} s`} |`,
  );
  console.log(`| Primera respuesta correcta tras volver PostgreSQL | ${firstOkAfter ? `${((firstOkAfter[0] - upAt) / 1000).toFixed(2)} s después` : "ninguna"} |`);
  console.log(`| Proceso de la API | ${apiExited ? `TERMINÓ (${JSON.stringify(apiExited)})` : "siguió en pie"} |`);
  if (apiExited) console.log(`\nSalida de error de la API:\n${api.stderr().slice(-4000)}`);
} finally {
  if (api) {
    api.child.kill("SIGTERM");
    await new Promise((resolve) => (api.child.exitCode !== null ? resolve() : api.child.once("exit", resolve)));
  }
  cluster.destroy();
}
