// The server side of bench/content-load.mjs, run with tsx (it imports the TypeScript app):
// opens a database (in-memory PGlite, or a throwaway schema on DATABASE_URL), fills it with
// 100,000 events, 5,000 places and 20,000 news through generate_series, then serves the real
// API and, on a second port, a bare Fastify route that runs only the indexed SELECT of the same
// page. Prints one JSON line `{ ready, apiPort, barePort, placeId, loadSeconds }`.
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import Fastify from "fastify";
import { buildApp } from "../server/app.ts";
import { openDatabase } from "../server/db/client.ts";
import { loadEnv } from "../server/env.ts";
import { forYou, popularUpcoming } from "../server/routes/events/for-you.ts";
import { BY_PLACE, EVENT, MY_DATA, PLACE, UPCOMING } from "./lib/floors.mjs";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const PLACES = Number(process.env.BENCH_PLACES ?? 5_000);
const NEWS = Number(process.env.BENCH_NEWS ?? 20_000);
// Characters of each event's description: a city agenda's run to several hundred; 0 keeps the
// one-line "Descripción del evento número N".
const DESCRIPTION_CHARS = Number(process.env.BENCH_DESCRIPTION_CHARS ?? 0);
const description = DESCRIPTION_CHARS > 0
  ? `left(repeat('Una tarde de música, charla y convivencia en el centro de la ciudad. ', ${Math.ceil(DESCRIPTION_CHARS / 70)}), ${DESCRIPTION_CHARS})`
  : "'Descripción del evento número ' || g";
const USERS = 2_000;

// Load from one address: limits stay on but scaled up, so they do not shape what is measured.
const env = loadEnv({ LOG_LEVEL: "silent", GEOCODER_URL: "off", SEED_DEMO: "false", RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE || "1000" });
const schema = env.databaseUrl ? `bench_content_${Date.now().toString(36)}` : undefined;
const database = await openDatabase(
  env.databaseUrl ? { databaseUrl: env.databaseUrl, schema, dropSchemaOnClose: true, poolSize: 20 } : { inMemory: true },
);

const started = process.hrtime.bigint();
// Spread over two years around today: about half the agenda is upcoming.
const spacing = Math.floor((730 * 86_400) / EVENTS);
await database.exec(`
  INSERT INTO users (id, name, email, verified)
    SELECT 'bench-u-' || g, 'Organizadora ' || g, 'bench-u-' || g || '@plaza.test', g % 2 = 0 FROM generate_series(1, ${USERS}) g;
  INSERT INTO places (id, name, category, street, neighbourhood, lat, lng, author_id)
    SELECT 'bench-p-' || g, 'Lugar ' || g, (ARRAY['museo','teatro','parque','cafe','bar','foro'])[1 + g % 6], 'Calle ' || g,
      'Colonia ' || (g % 50), 25.35 + (g % 100) * 0.002, -101.08 + (g / 100) * 0.003, 'bench-u-' || (1 + g % ${USERS})
    FROM generate_series(1, ${PLACES}) g;
  INSERT INTO communities (id, name, created_by) SELECT 'bench-c-' || g, 'Comunidad ' || g, 'bench-u-' || g FROM generate_series(1, 200) g;
  INSERT INTO community_members (community_id, user_id, role) SELECT 'bench-c-' || g, 'bench-u-' || g, 'owner' FROM generate_series(1, 200) g;
  INSERT INTO tags (id, name, slug) SELECT 'bench-t-' || g, 'Etiqueta ' || g, 'etiqueta-' || g FROM generate_series(1, 12) g;
  INSERT INTO events (id, title, description, starts_at, ends_at, place_id, community_id, organizer_id, price_type, price_amount)
    SELECT 'bench-e-' || g, 'Evento ' || g, ${description},
      now() - interval '365 days' + g * interval '${spacing} seconds',
      now() - interval '365 days' + g * interval '${spacing} seconds' + interval '2 hours',
      'bench-p-' || (1 + (g * 7919) % ${PLACES}),
      CASE WHEN g % 3 = 0 THEN 'bench-c-' || (1 + g % 200) END,
      'bench-u-' || (1 + (g * 31) % ${USERS}),
      CASE WHEN g % 2 = 0 THEN 'free' ELSE 'paid' END, CASE WHEN g % 2 = 0 THEN NULL ELSE 120 END
    FROM generate_series(1, ${EVENTS}) g;
  INSERT INTO event_tags (event_id, tag_id) SELECT 'bench-e-' || g, 'bench-t-' || (1 + g % 12) FROM generate_series(1, ${EVENTS}) g;
  INSERT INTO news (id, title, summary, body, author_id, published_at)
    SELECT 'bench-n-' || g, 'Noticia ' || g, 'Resumen ' || g, 'Texto de la noticia ' || g, 'bench-u-' || (1 + g % ${USERS}),
      now() - g * interval '20 minutes'
    FROM generate_series(1, ${NEWS}) g;
  INSERT INTO follows (follower_id, target_kind, target_id)
    SELECT 'bench-u-' || (1 + g % ${USERS}), 'events', 'bench-e-' || (${Math.floor(EVENTS / 2)} + (g * 13) % ${Math.floor(EVENTS / 2)})
    FROM generate_series(1, 30000) g ON CONFLICT DO NOTHING;
  INSERT INTO follows (follower_id, target_kind, target_id)
    SELECT 'bench-u-' || (1 + g % ${USERS}), 'places', 'bench-p-' || (1 + (g * 17) % ${PLACES})
    FROM generate_series(1, 10000) g ON CONFLICT DO NOTHING;
  ANALYZE;
`);
const loadSeconds = Number(process.hrtime.bigint() - started) / 1e9;

// A place with upcoming events, for the place page.
const [place] = await database.query(
  "SELECT place_id FROM events WHERE starts_at > now() GROUP BY place_id ORDER BY count(*) DESC, place_id LIMIT 1",
);

const app = await buildApp({ config: env, database });
await app.listen({ host: "127.0.0.1", port: 0 });

const bare = Fastify({ logger: false });
bare.get("/health", async () => ({ data: await database.query("SELECT 1 AS ok") }));
bare.get("/upcoming", async () => ({ data: await database.query(UPCOMING) }));
bare.get("/place-events/:id", async (request) => ({ data: await database.query(BY_PLACE, [request.params.id]) }));
bare.get("/event/:id", async (request) => ({ data: (await database.query(EVENT, [request.params.id]))[0] }));
bare.get("/place/:id", async (request) => ({ data: (await database.query(PLACE, [request.params.id]))[0] }));
bare.get("/my-data/:id", async (request) => ({ data: (await database.query(MY_DATA, [request.params.id]))[0] }));
// The ranking statement of "para ti" itself (with the cached popular ids, as the API has them).
const popular = await popularUpcoming(database, new Date(), 60);
bare.get("/for-you/:id", async (request) => ({ data: await forYou(database, request.params.id, new Date(), 20, popular) }));
// Setup for bench/content-load.mjs --history: a reader who has followed `count` past events over
// time (follows are kept after an event ends), then the table settled as autovacuum would leave it.
bare.post("/history/:id", async (request) => {
  const count = Math.min(Number(request.query.count) || 0, Math.floor(EVENTS / 2));
  const step = Math.max(1, Math.floor(EVENTS / 2 / Math.max(count, 1)));
  const [inserted] = await database.query(
    `WITH added AS (
       INSERT INTO follows (follower_id, target_kind, target_id)
         SELECT $1, 'events', 'bench-e-' || (1 + g * $2) FROM generate_series(0, $3 - 1) g ON CONFLICT DO NOTHING
         RETURNING 1)
     SELECT count(*)::int AS followed FROM added`,
    [request.params.id, step, count],
  );
  return { followed: inserted.followed };
});
bare.post("/settle", async () => {
  await database.exec("VACUUM (ANALYZE) follows");
  return { ok: true };
});
// Each measured turn of bench/content-load.mjs, watched from inside: how late the event loop ran
// (a p99 of many milliseconds when the mean answer takes a few comes from stalls here, or from the
// machine), the garbage collector's pauses, and with --profile a V8 CPU profile of the turn alone
// (not the loading nor the other side's turns), so an API turn and its floor's compare sample for sample.
const inspector = new Session();
inspector.connect();
await inspector.post("Profiler.enable");
// A sample every 100 µs instead of V8's 1 ms: a request here takes 30–200 µs.
await inspector.post("Profiler.setSamplingInterval", { interval: 100 });
const LOOP_RESOLUTION_MS = 1;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
let pauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push({ kind: entry.detail?.kind, ms: entry.duration });
}).observe({ entryTypes: ["gc"] });
let profiling = false;
// What moved to V8's old generation in the turn: what its old and large-object spaces grew by in
// each minor collection. Objects that outlive two of them move there, and what dies there is what
// the full collections (a pause of every request) come to clear. A floor: what V8 allocates
// there directly (sites whose objects tend to survive) is not counted.
let collections = null;
const OLD_SPACES = new Set(["old_space", "lo_space"]);
const oldUsed = (when) => when.heapSpaceStatistics.reduce((sum, space) => sum + (OLD_SPACES.has(space.spaceName) ? space.spaceUsedSize : 0), 0);
bare.post("/turn/start", async (request) => {
  profiling = request.query.profile === "1";
  if (profiling) await inspector.post("Profiler.start");
  loopDelay.reset();
  loopDelay.enable();
  pauses = [];
  // A turn that never stopped leaves its profiler running: it is stopped, not left behind.
  collections?.stop();
  collections = new v8.GCProfiler();
  collections.start();
  return { ok: true };
});
bare.post("/turn/stop", async (request) => {
  loopDelay.disable();
  // The histogram holds the time between the timer's calls: its own interval is not a delay.
  const late = (ns) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  const byKind = (kind) => pauses.filter((pause) => pause.kind === kind);
  const summary = (list) => ({ count: list.length, totalMs: list.reduce((sum, pause) => sum + pause.ms, 0), maxMs: Math.max(0, ...list.map((pause) => pause.ms)) });
  const promotedBytes = (collections?.stop()?.statistics ?? [])
    .filter((collection) => collection.gcType === "Scavenge")
    .reduce((sum, collection) => sum + Math.max(0, oldUsed(collection.afterGC) - oldUsed(collection.beforeGC)), 0);
  // Read before the profile is taken out: what that allocates is not the turn's.
  const seen = {
    loopDelay: { p50: late(loopDelay.percentile(50)), p99: late(loopDelay.percentile(99)), max: late(loopDelay.max) },
    gc: { minor: summary(byKind(constants.NODE_PERFORMANCE_GC_MINOR)), major: summary(byKind(constants.NODE_PERFORMANCE_GC_MAJOR)), all: summary(pauses) },
    promotedBytes,
  };
  collections = null;
  if (profiling) {
    const { profile } = await inspector.post("Profiler.stop");
    fs.writeFileSync(String(request.query.file), JSON.stringify(profile));
  }
  return seen;
});
await bare.listen({ host: "127.0.0.1", port: 0 });

// Upcoming events for the detail rows: the API and the floor ask for the same ids.
const upcomingIds = (await database.query("SELECT id FROM events WHERE starts_at > now() ORDER BY starts_at LIMIT 2000")).map((r) => r.id);

console.log(
  JSON.stringify({
    ready: true,
    engine: database.kind,
    apiPort: app.server.address().port,
    barePort: bare.server.address().port,
    placeId: place.place_id,
    upcomingIds,
    loadSeconds,
    counts: { events: EVENTS, places: PLACES, news: NEWS, descriptionChars: DESCRIPTION_CHARS },
  }),
);

const stop = async () => {
  await app.close();
  await bare.close();
  // Drops the throwaway schema (retried if it loses a deadlock with the last statements).
  await database.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
