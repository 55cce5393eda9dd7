// The database's CPU for the statements a signed-in read sends about the reader, next to their
// floor in the same run: the reader's account alone by primary key (`findUserById`). The reader
// of a public list or item: their account, which the sign-in check needs, with everything they
// follow and their community roles (`readViewer` in server/routes/content/viewer-rows.ts; what
// each instance keeps until the content changes, so this is what a miss costs). The reader of their own
// profile (my-data): their account with all their follows, followers and addresses
// (`findUserWithOwnRelations`), beside the statement bench/content-load.mjs uses as my-data's
// floor (bench/lib/floors.mjs). One connection, statements one after another, in blocks that
// alternate and rotate their order, so what is measured is PostgreSQL's work per statement (its
// backend's CPU from /proc) and not a contended machine's queueing; and, beside it, this
// process's CPU per statement: what the API spends sending it and turning the answer into rows.
//
//   node --import tsx bench/viewer-statement.mjs            # DATABASE_URL or the local PostgreSQL
//
// Options: --statements 10000 (per block) --rounds 4. Needs a PostgreSQL on this machine (the
// backend's /proc entry). Prints a table; asserts nothing.
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/client.ts";
import { findUserById, findUserWithOwnRelations } from "../server/routes/users/user-queries.ts";
import { readViewer } from "../server/routes/content/viewer-rows.ts";
import { MY_DATA } from "./lib/floors.mjs";
import { procStat, ticksToMs } from "./lib/proc.mjs";

const { values } = parseArgs({ options: { statements: { type: "string", default: "10000" }, rounds: { type: "string", default: "4" } } });
const STATEMENTS = Number(values.statements);
const ROUNDS = Number(values.rounds);
const DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/bench";
const USERS = 2_000;

const database = await openDatabase({ databaseUrl: DATABASE_URL, schema: `bench_viewer_${Date.now().toString(36)}`, dropSchemaOnClose: true, poolSize: 1 });
// An interrupted run stops after the statement in flight and still drops its throwaway schema.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => (interrupted = true));
try {
  // The shape of bench/content-server.mjs: 2,000 accounts, 200 communities with their owners,
  // 30,000 follows of events; and, for my-data, what bench/content-load.mjs's readers also keep:
  // followed places, a followed person and an address each.
  await database.query(`INSERT INTO users (id, name, email, verified) SELECT 'bench-u-' || g, 'Persona ' || g, 'bench-u-' || g || '@plaza.test', g % 2 = 0 FROM generate_series(1, ${USERS}) g`);
  await database.query(`INSERT INTO communities (id, name, created_by) SELECT 'bench-c-' || g, 'Comunidad ' || g, 'bench-u-' || g FROM generate_series(1, 200) g`);
  await database.query(`INSERT INTO community_members (community_id, user_id, role) SELECT 'bench-c-' || g, 'bench-u-' || g, 'owner' FROM generate_series(1, 200) g`);
  await database.query(`INSERT INTO follows (follower_id, target_kind, target_id)
    SELECT 'bench-u-' || (1 + g % ${USERS}), 'events', 'bench-e-' || (50000 + (g * 13) % 50000) FROM generate_series(1, 30000) g ON CONFLICT DO NOTHING`);
  await database.query(`INSERT INTO follows (follower_id, target_kind, target_id)
    SELECT 'bench-u-' || (1 + g % ${USERS}), 'places', 'bench-p-' || g FROM generate_series(1, 10000) g ON CONFLICT DO NOTHING`);
  await database.query(`INSERT INTO follows (follower_id, target_kind, target_id)
    SELECT 'bench-u-' || g, 'users', 'bench-u-' || (1 + g % ${USERS}) FROM generate_series(1, ${USERS}) g ON CONFLICT DO NOTHING`);
  await database.query(`INSERT INTO addresses (user_id, label, street, city, state, lat, lng)
    SELECT 'bench-u-' || g, 'Casa', 'Calle Hidalgo', 'Saltillo', 'Coahuila', 25.42, -101.0 FROM generate_series(1, ${USERS}) g`);
  for (const table of ["users", "communities", "community_members", "follows", "addresses"]) await database.query(`ANALYZE ${table}`);
  const [{ pid }] = await database.query("SELECT pg_backend_pid() AS pid");
  // A PostgreSQL in a container or on another host has another process behind that number.
  if (procStat(pid)?.name !== "postgres") throw new Error(`El proceso ${pid} no es el de PostgreSQL en esta máquina: este benchmark lee su CPU de /proc.`);
  const backendCpuMs = () => {
    const { fields } = procStat(pid);
    return ticksToMs(Number(fields[11]) + Number(fields[12]));
  };

  // A row marked as a floor is what the rows under it are compared with.
  const FLOOR = true;
  const cases = [
    ["suelo: la cuenta por clave primaria", (user) => findUserById(database, user), FLOOR],
    ["quien lee: su cuenta con todo lo que sigue y sus roles", (user) => readViewer(database, user)],
    ["suelo de mis datos: el de content-load", (user) => database.query(MY_DATA, [user]), FLOOR],
    ["mis datos: la cuenta con sus follows, seguidores y direcciones", (user) => findUserWithOwnRelations(database, user)],
  ];
  const totals = cases.map(() => ({ cpuMs: 0, ownCpuMs: 0, wallMs: 0, statements: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts at another case, so no case always runs first (cold) or last.
    for (let k = 0; k < cases.length; k++) {
      const index = (round + k) % cases.length;
      const [, send] = cases[index];
      const cpu = backendCpuMs();
      const ownCpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < STATEMENTS && !interrupted; i++) await send(`bench-u-${1 + (i % USERS)}`, i);
      totals[index].wallMs += performance.now() - started;
      const own = process.cpuUsage(ownCpu);
      totals[index].ownCpuMs += (own.user + own.system) / 1000;
      totals[index].cpuMs += backendCpuMs() - cpu;
      totals[index].statements += STATEMENTS;
    }
  }
  if (interrupted) {
    console.error("Interrumpido: sin cifras (las rondas quedaron incompletas).");
    process.exitCode = 130;
  } else {
    console.log(`\nPostgreSQL · una conexión · ${ROUNDS} rondas de ${STATEMENTS} sentencias por caso\n`);
    console.log("| Caso | CPU de PostgreSQL µs/sentencia | × suelo | CPU de este proceso µs/sentencia | ida y vuelta µs |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    let floorCpu = null;
    for (const [index, [title, , isFloor]] of cases.entries()) {
      const cpu = (1000 * totals[index].cpuMs) / totals[index].statements;
      const own = (1000 * totals[index].ownCpuMs) / totals[index].statements;
      const wall = (1000 * totals[index].wallMs) / totals[index].statements;
      if (isFloor) floorCpu = cpu;
      console.log(`| ${title} | ${cpu.toFixed(0)} | ${isFloor ? "" : `${(cpu / floorCpu).toFixed(2)}×`} | ${own.toFixed(0)} | ${wall.toFixed(0)} |`);
    }
  }
} finally {
  await database.close();
}
