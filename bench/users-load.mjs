// Throughput and tail latency of the users API at 100 concurrent connections, next to a bare
// Fastify route running one trivial query on the same database in the same run:
//
//   node scripts/with-emulator.mjs node bench/users-load.mjs            # PGlite
//   DATABASE_URL=postgres://… node scripts/with-emulator.mjs node bench/users-load.mjs
//
// Options: --connections 100 --duration 10 --users 100. Prints figures; asserts nothing.
import { parseArgs } from "node:util";
import { describeEngine, inBatches, registeredAccount, startBenchServer } from "./lib/accounts.mjs";
import { benchTool } from "./lib/bench-tools.mjs";

const { default: autocannon } = await benchTool("autocannon");

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "100" },
    duration: { type: "string", default: "10" },
    users: { type: "string", default: "100" },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const userCount = Number(values.users);

const schema = `bench_users_${Date.now().toString(36)}`;
const server = await startBenchServer({ BENCH_SCHEMA: schema, BENCH_DROP_SCHEMA: "1", BENCH_POOL: "20" });
const api = `http://127.0.0.1:${server.apiPort}`;
const bare = `http://127.0.0.1:${server.barePort}`;

try {
  console.log(`Preparando ${userCount} cuentas (${describeEngine()})…`);
  const people = await inBatches(Array.from({ length: userCount }, (_, i) => i), 10, (i) => registeredAccount(api, `Persona ${i}`));
  const pick = () => people[Math.floor(Math.random() * people.length)];

  /** One autocannon run; `request` returns the next request's method, path and headers. */
  function run(title, url, request) {
    return new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections,
          duration,
          requests: request ? [{ setupRequest: (req) => ({ ...req, ...request() }) }] : undefined,
        },
        (error, result) => (error ? reject(error) : resolve({ title, result })),
      );
      autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
    });
  }

  const runs = [];
  // Warm-up: JIT, pools and caches, not counted.
  await run("calentamiento", bare, null);
  runs.push(await run("Fastify mínimo: SELECT 1", `${bare}/bare`, null));
  runs.push(
    await run("GET /api/users/my-data", `${api}/api/users/my-data`, () => ({ method: "GET", path: "/api/users/my-data", headers: { authorization: `Bearer ${pick().idToken}` } })),
  );
  runs.push(
    await run("POST /api/users/follow/{id}/user", `${api}/api/users/follow/x/user`, () => {
      const follower = pick();
      let target = pick();
      while (target === follower) target = pick();
      // Half follows, half unfollows, so rows are really inserted and deleted under load.
      const unfollow = Math.random() < 0.5 ? "?unfollow=true" : "";
      return { method: "POST", path: `/api/users/follow/${target.uid}/user${unfollow}`, headers: { authorization: `Bearer ${follower.idToken}` } };
    }),
  );

  console.log(`\n${describeEngine()} · ${connections} conexiones · ${duration} s por prueba · ${userCount} cuentas\n`);
  console.log("Prueba                                   req/s     p50 ms   p99 ms   errores  no-2xx");
  for (const { title, result } of runs) {
    console.log(
      `${title.padEnd(40)} ${result.requests.average.toFixed(0).padStart(7)}  ${String(result.latency.p50).padStart(7)}  ${String(result.latency.p99).padStart(7)}  ${String(result.errors).padStart(7)}  ${String(result.non2xx).padStart(6)}`,
    );
  }
} finally {
  await server.stop();
}
