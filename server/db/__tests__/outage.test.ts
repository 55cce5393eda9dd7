import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv } from "../../env";
import { createTestApp, expectedDatabaseKind, type TestApp } from "../../test/harness";
import { as, makePerson, type Person } from "../../routes/content/__tests__/helpers";
import { openDatabase } from "../client";
import { isDatabaseUnavailable } from "../errors";
import { isRepeatable } from "../postgres";

// The database going away must read as "come back in a moment" (503 + Retry-After, Spanish
// message), never as a 500, and the API must recover by itself. The shared PostgreSQL is never
// stopped: the app reaches it through a TCP proxy that this test cuts and restores.

const UNAVAILABLE = {
  code: "SERVICE_UNAVAILABLE",
  message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
};

/** A TCP proxy in front of PostgreSQL; `cut()` refuses and drops every connection until `restore()`. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("errores de conexión a la base de datos", () => {
  it("reconoce los fallos de conexión de PostgreSQL y node-postgres, también envueltos", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("the database system is starting up"), { code: "57P03" })))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(true);
  });

  it("solo una lectura se puede repetir tras perder la conexión: ni escrituras (tampoco dentro de un WITH), ni avisos, secuencias, ajustes, bloqueos o varias sentencias", () => {
    for (const sql of [
      "SELECT 1",
      "  select * FROM events WHERE id = $1",
      "SELECT u.*, ARRAY(SELECT target_id FROM follows) AS f FROM users u",
      "WITH page AS MATERIALIZED (SELECT id FROM events LIMIT 21) SELECT e.updated_at, e.deleted_reason FROM page JOIN events e USING (id);",
      "-- a comment first\nSELECT id FROM events /* not flattened into a join */ WHERE title = 'insert; delete'",
    ]) {
      expect([sql, isRepeatable(sql)]).toEqual([sql, true]);
    }
    for (const sql of [
      "INSERT INTO follows VALUES ($1, $2, $3)",
      "UPDATE users SET name = $2 WHERE id = $1",
      "DELETE FROM follows WHERE follower_id = $1",
      "WITH inserted AS (INSERT INTO notifications VALUES ($1) RETURNING *) SELECT * FROM inserted",
      "SELECT pg_notify($1, $2)",
      "SELECT r.*, PG_NOTIFY ($2, r.id) FROM inserted r",
      "SELECT nextval('s')",
      "SELECT set_config('pg_trgm.strict_word_similarity_threshold', $1, true)",
      "SELECT pg_advisory_xact_lock(7)",
      "SELECT * INTO copia FROM events",
      "SELECT currval('s')",
      "SELECT 1; DELETE FROM users",
      "with gone as (delete from follows returning *) select count(*) from gone",
      "SELECT 'it''s -- not a comment', pg_notify($1, $2)",
      "SELECT 1 -- it's a comment\n, pg_notify($1, $2)",
    ]) {
      expect([sql, isRepeatable(sql)]).toEqual([sql, false]);
    }
  });

  it("un error de SQL o de datos no es una caída (sigue siendo 4xx/500)", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("los errores reales de PGlite no se confunden con una caída", async () => {
    const pglite = await openDatabase({ inMemory: true, migrate: false });
    try {
      const failures = await Promise.all(
        ["SELECT * FROM no_existe", "SELECT 1/0", "SELEC 1", "CREATE TABLE t (id int primary key); INSERT INTO t VALUES (1), (1)"].map((sql) =>
          pglite.exec(sql).then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      );
      expect(failures.every((error) => error !== null)).toBe(true);
      expect(failures.map(isDatabaseUnavailable)).toEqual([false, false, false, false]);
    } finally {
      await pglite.close();
    }
  });
});

if (expectedDatabaseKind() === "postgres") {
  describe("PostgreSQL cae y vuelve a mitad de las peticiones", () => {
    let proxy: Awaited<ReturnType<typeof startProxy>>;
    let t: TestApp;
    let person: Person;
    let direct: pg.Client;
    const backgroundErrors: Error[] = [];
    // Every statement the app sends outside a transaction (transactions use their own client).
    const sent: string[] = [];

    beforeAll(async () => {
      const directUrl = new URL(loadEnv().databaseUrl!);
      proxy = await startProxy({ host: directUrl.hostname, port: Number(directUrl.port || 5432) });
      direct = new pg.Client({ connectionString: directUrl.toString() });
      await direct.connect();
      const viaProxy = new URL(directUrl);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      const database = await openDatabase({
        databaseUrl: viaProxy.toString(),
        schema: `test_${randomBytes(6).toString("hex")}`,
        dropSchemaOnClose: true,
        poolSize: 8,
        connectionTimeoutMs: 2000,
        onBackgroundError: (error) => backgroundErrors.push(error),
      });
      await database.exec("CREATE TABLE prueba_escrituras (n int)");
      const recording = {
        ...database,
        query<T>(sql: string, params?: unknown[]) {
          sent.push(sql);
          return database.query<T>(sql, params);
        },
      };
      t = await createTestApp({
        database: recording,
        configure: (app) => {
          const slow = (sql: string) => async () => ({ data: await database.query(sql) });
          const read = slow("SELECT pg_sleep(2) AS slept");
          app.get("/api/prueba/lenta", read);
          app.post("/api/prueba/lenta", read);
          app.get("/api/prueba/escribe", slow("INSERT INTO prueba_escrituras SELECT 1 FROM pg_sleep(2) RETURNING n"));
          app.get("/api/prueba/avisa", slow("SELECT pg_sleep(2), pg_notify('prueba', 'hola')"));
        },
      });
      person = await makePerson(t);
    });
    afterAll(async () => {
      proxy.restore();
      await t?.close();
      await proxy?.close();
      await direct?.end();
    });

    /** Waits until PostgreSQL is running `count` statements that contain `text` (not this one). */
    async function untilRunning(text: string, count: number) {
      for (const giveUpAt = Date.now() + 10_000; Date.now() < giveUpAt; ) {
        const { rows } = await direct.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND strpos(query, $1) > 0",
          [text],
        );
        if (rows[0]!.n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`PostgreSQL no llegó a correr ${count} sentencias con «${text}»`);
    }

    it("responde 503 con Retry-After mientras no hay base de datos, y se recupera sola", async () => {
      const remembered = await t.request({ url: "/api/events" });
      expect(remembered.statusCode).toBe(200);

      proxy.cut();
      const during = await Promise.all([
        // A list this instance has not answered in the last seconds needs the database.
        t.request({ url: "/api/events?limit=7" }),
        t.request({ url: "/api/health" }),
        as(t, person)({ url: "/api/users/my-data" }),
        as(t, person)({ method: "POST", url: "/api/addresses", payload: { label: "Casa", street: "Hidalgo", city: "Saltillo", state: "Coahuila" } }),
      ]);
      for (const res of during) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(UNAVAILABLE);
        expect(res.headers["retry-after"]).toBe("5");
      }
      // The anonymous answer given a moment ago is still served, as a shared cache would
      // (plugins/http-cache.ts: kept KEPT_ANSWER_MS).
      const fromMemory = await t.request({ url: "/api/events" });
      expect(fromMemory.statusCode).toBe(200);
      expect(fromMemory.headers.etag).toBe(remembered.headers.etag);
      // Dropped idle connections were reported, not thrown (an unhandled 'error' ends the process).
      expect(backgroundErrors.length).toBeGreaterThan(0);

      proxy.restore();
      const restoredAt = Date.now();
      let status = 0;
      while (Date.now() - restoredAt < 10_000) {
        status = (await t.request({ url: "/api/events" })).statusCode;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      expect(Date.now() - restoredAt).toBeLessThan(5000);
      const created = await as(t, person)({ method: "POST", url: "/api/addresses", payload: { label: "Casa", street: "Hidalgo", city: "Saltillo", state: "Coahuila" } });
      expect(created.statusCode).toBe(201);
    });

    it("un reinicio corto no se nota: las peticiones que llegan mientras tanto esperan la reconexión", async () => {
      proxy.cut();
      const started = Date.now();
      const pending = Promise.all([t.request({ url: "/api/events" }), as(t, person)({ url: "/api/users/my-data" })]);
      await new Promise((resolve) => setTimeout(resolve, 700));
      proxy.restore();
      const answers = await pending;
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    });

    it("una lectura cortada a mitad por el reinicio se repite sola, venga de un GET o de un POST; una escritura o un aviso no (503), aunque venga de un GET", async () => {
      const answers = Promise.all(
        [
          { url: "/api/prueba/lenta" },
          { method: "POST" as const, url: "/api/prueba/lenta" },
          { url: "/api/prueba/escribe" },
          { url: "/api/prueba/avisa" },
        ].map((request) => t.request(request)),
      );
      await untilRunning("pg_sleep(2)", 4);
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 300));
      proxy.restore();
      const [getRead, postRead, write, notice] = await answers;
      expect(getRead!.statusCode).toBe(200);
      expect(postRead!.statusCode).toBe(200);
      for (const answer of [write!, notice!]) {
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual(UNAVAILABLE);
      }
    });

    it("lo que leen las listas, un detalle, para ti y mis datos se puede repetir tras un reinicio", async () => {
      sent.length = 0;
      const reads = [
        await t.request({ url: "/api/events?limit=3" }),
        await t.request({ url: "/api/places?limit=3" }),
        await t.request({ url: "/api/news?limit=3" }),
        await as(t, person)({ url: "/api/events?limit=4" }),
        await as(t, person)({ url: "/api/events/for-you" }),
        await as(t, person)({ url: "/api/users/my-data" }),
      ];
      const [event] = (reads[0]!.json() as { data: { items: { _id: string }[] } }).data.items;
      if (event) reads.push(await as(t, person)({ url: `/api/events/${event._id}` }));
      expect(reads.map((res) => res.statusCode)).toEqual(reads.map(() => 200));
      expect(sent.length).toBeGreaterThan(reads.length);
      expect(sent.filter((sql) => !isRepeatable(sql))).toEqual([]);
    });

    it("una transacción en curso cuando cae la conexión falla como caída y el proceso sigue en pie", async () => {
      // Checked-out connections have no pool listener: without one of ours their 'error' event
      // would be thrown as an uncaught exception and fail this test (and end a real server).
      const transaction = t.database.transaction((tx) => tx.query("SELECT pg_sleep(3)"));
      // A write outside a transaction is never sent again either: it fails like the transaction.
      const statement = t.database.query("INSERT INTO prueba_escrituras SELECT 1 FROM pg_sleep(3)");
      // A read is sent again, but with the server still gone it fails after the reconnect wait.
      const read = t.database.query("SELECT pg_sleep(3)");
      await untilRunning("pg_sleep(3)", 3);
      proxy.cut();
      const results = await Promise.allSettled([transaction, statement, read]);
      proxy.restore();
      for (const result of results) {
        expect(result.status).toBe("rejected");
        expect(isDatabaseUnavailable((result as PromiseRejectedResult).reason)).toBe(true);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await t.request({ url: "/api/events" })).statusCode).toBe(200);
    });
  });
} else {
  describe("PGlite (embebida, no se cae por la red)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        configure: (app) => {
          app.get("/api/prueba/sql-roto", async () => t.database.query("SELECT * FROM tabla_que_no_existe"));
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it("un error de SQL sigue siendo un 500 genérico, no un 503", async () => {
      const res = await t.request({ url: "/api/prueba/sql-roto" });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe("INTERNAL_ERROR");
      expect(res.headers["retry-after"]).toBeUndefined();
    });
  });
}
