// The API process the accounts benchmarks talk to (run with tsx by bench/users-load.mjs and
// bench/notifications-latency.mjs). It serves the real app and, beside it, a bare Fastify
// instance with one route running one trivial query on the same database handle: the floor the
// API's numbers are compared with. Prints one JSON line when ready; SIGTERM closes everything.
// BENCH_STREAM_USERS=N also stores N users with one stream ticket each, straight in the database
// (bench/notifications-streams.mjs: 10,000 emulator sign-ups would be the benchmark); their
// tickets are `${streamTicketPrefix}${i}` for i in 0…N-1. GET /memory on the bare instance
// answers this process's memory after a full GC (run with --expose-gc) and the hub's stream count.
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { loadEnv } from "../../server/env";
import { firebaseAuthFor } from "../../server/firebase";
import { createUsersRepository } from "../../server/routes/users/repository";

async function main(): Promise<void> {
  const scratch = path.join(os.tmpdir(), `plaza-bench-${randomBytes(4).toString("hex")}`);
  // Load from one address: limits stay on but scaled up, so they do not shape what is measured.
  const env = loadEnv({ LOG_LEVEL: "silent", SEED_DEMO: "false", DATA_DIR: process.env.DATA_DIR || scratch, STATIC_DIR: scratch, RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE || "1000" });
  const schema = process.env.BENCH_SCHEMA || undefined;
  const database = await openDatabase(
    env.databaseUrl ? { databaseUrl: env.databaseUrl, schema, poolSize: Number(process.env.BENCH_POOL || 10) } : { dataDir: env.dataDir },
  );
  const auth = firebaseAuthFor(env.firebaseProjectId);

  const app = await buildApp({ config: env, database, auth });
  await app.listen({ host: "127.0.0.1", port: 0 });

  const bare = Fastify({ logger: false });
  bare.get("/bare", async () => {
    const rows = await database.query<{ ok: number }>("SELECT 1 AS ok");
    return { data: rows[0] };
  });
  bare.get("/memory", async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    return { data: { ...process.memoryUsage(), streams: app.realtimeHub.size(), gc: Boolean(gc) } };
  });
  await bare.listen({ host: "127.0.0.1", port: 0 });

  let admin: { email: string; password: string } | null = null;
  if (process.env.BENCH_CREATE_ADMIN === "1") {
    admin = { email: `bench-admin-${randomBytes(4).toString("hex")}@plaza.test`, password: "Bench-Admin-2026!" };
    const created = await auth.createUser({ email: admin.email, password: admin.password, displayName: "Admin del benchmark" });
    await createUsersRepository(database).create({ id: created.uid, name: "Admin del benchmark", email: admin.email, accountType: "ADMIN" });
  }

  const streamUsers = Number(process.env.BENCH_STREAM_USERS || 0);
  const streamTicketPrefix = `bench-${randomBytes(8).toString("hex")}-`;
  if (streamUsers > 0) {
    await database.query(
      `INSERT INTO users (id, name, email)
       SELECT 'bench-stream-' || i, 'Persona ' || i, 'bench-stream-' || i || '-' || $2 || '@plaza.test' FROM generate_series(0, $1 - 1) AS i`,
      [streamUsers, streamTicketPrefix],
    );
    // Same hash as the stream route (sha256 hex of the ticket).
    await database.query(
      `INSERT INTO notification_stream_tickets (ticket_hash, user_id, expires_at)
       SELECT encode(sha256(convert_to($2 || i, 'UTF8')), 'hex'), 'bench-stream-' || i, now() + interval '2 hours' FROM generate_series(0, $1 - 1) AS i`,
      [streamUsers, streamTicketPrefix],
    );
  }

  const shutdown = async () => {
    await bare.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    if (schema && process.env.BENCH_DROP_SCHEMA === "1") await database.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());

  console.log(
    JSON.stringify({
      ready: true,
      engine: database.kind,
      apiPort: (app.server.address() as AddressInfo).port,
      barePort: (bare.server.address() as AddressInfo).port,
      admin,
      streamUsers,
      streamTicketPrefix,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
