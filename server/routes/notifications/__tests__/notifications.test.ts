import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { notificationPageSchema, notificationSchema } from "../../../../lib/schemas/notifications";
import { addressOf, bannedUser, registeredUser, type TestPerson } from "../../../test/accounts";
import { bearer } from "../../../test/emulator";
import { createTestApp, openSecondHandle, type TestApp } from "../../../test/harness";
import { openStream, type TestStream } from "../../../test/sse";
import { API_SECURITY_HEADERS } from "../../../test/security-headers";
import { notifyUsers } from "../service";

// Stored notifications (list, viewed, admin send) and their live delivery over SSE.

describe("notificaciones", () => {
  let t: TestApp;
  let admin: TestPerson;

  beforeAll(async () => {
    t = await createTestApp({ env: { SSE_HEARTBEAT_MS: "1000" } });
    admin = await registeredUser(t, { accountType: "ADMIN", name: "Admin Uno" });
  });
  afterAll(async () => {
    await t.close();
  });

  async function ticketFor(person: TestPerson): Promise<string> {
    const res = await t.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(person) });
    expect(res.statusCode).toBe(200);
    return res.json().data.url;
  }

  async function streamOf(person: TestPerson, headers: Record<string, string> = {}): Promise<TestStream> {
    const stream = await openStream(addressOf(t), await ticketFor(person), headers);
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === "ready");
    return stream;
  }

  describe("GET /api/notifications y POST /api/notifications/viewed", () => {
    it("lista las propias, más recientes primero, con cursor y el conteo sin ver", async () => {
      const person = await registeredUser(t);
      for (let i = 1; i <= 5; i++) {
        await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: `Aviso ${i}`, body: `Cuerpo ${i}` }]);
      }
      // One second apart, as notices come: PGlite's clock can give two inserts in a row the same
      // instant, and then their order is the ids' (random), not the one they were sent in.
      await t.database.query("UPDATE notifications SET created_at = now() - make_interval(secs => 6 - substring(title from 7)::int) WHERE user_id = $1", [person.uid]);
      const first = await t.request({ url: "/api/notifications?limit=2", headers: bearer(person) });
      expect(first.statusCode).toBe(200);
      const page1 = notificationPageSchema.parse(first.json().data);
      expect(page1.items.map((n) => n.title)).toEqual(["Aviso 5", "Aviso 4"]);
      expect(page1.unviewed).toBe(5);
      expect(page1.nextCursor).not.toBeNull();

      const second = await t.request({ url: `/api/notifications?limit=2&cursor=${page1.nextCursor}`, headers: bearer(person) });
      expect(second.json().data.items.map((n: { title: string }) => n.title)).toEqual(["Aviso 3", "Aviso 2"]);
      const third = await t.request({ url: `/api/notifications?limit=2&cursor=${second.json().data.nextCursor}`, headers: bearer(person) });
      expect(third.json().data).toMatchObject({ items: [{ title: "Aviso 1" }], nextCursor: null });

      const dates = [...page1.items, ...second.json().data.items].map((n) => Date.parse(n.createdAt));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);

      // Nobody else sees them.
      const other = await registeredUser(t);
      expect((await t.request({ url: "/api/notifications", headers: bearer(other) })).json().data).toEqual({ items: [], nextCursor: null, unviewed: 0 });

      const one = page1.items[0]!._id;
      const markOne = await t.request({ method: "POST", url: "/api/notifications/viewed", headers: bearer(person), payload: { ids: [one] } });
      expect(markOne.json().data).toEqual({ updated: 1, unviewed: 4 });
      const markAll = await t.request({ method: "POST", url: "/api/notifications/viewed", headers: bearer(person) });
      expect(markAll.statusCode).toBe(200);
      expect(markAll.json().data).toEqual({ updated: 4, unviewed: 0 });
      const after = await t.request({ url: "/api/notifications", headers: bearer(person) });
      expect(after.json().data.items.every((n: { viewed: boolean }) => n.viewed)).toBe(true);
    });

    it("rechaza un cursor inválido, límites fuera de rango y parámetros desconocidos", async () => {
      const person = await registeredUser(t);
      for (const query of ["cursor=basura", "limit=0", "limit=101", "otro=1"]) {
        const res = await t.request({ url: `/api/notifications?${query}`, headers: bearer(person) });
        expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      }
      const forged = await t.request({ url: "/api/notifications?cursor=basura", headers: bearer(person) });
      expect(forged.json().message).toBe("El cursor no es válido.");
    });

    it("no deja marcar como vistas las de otra persona", async () => {
      const owner = await registeredUser(t);
      const intruder = await registeredUser(t);
      await notifyUsers(t.database, [{ userId: owner.uid, kind: "prueba", title: "Privada", body: "x" }]);
      const id = (await t.request({ url: "/api/notifications", headers: bearer(owner) })).json().data.items[0]._id;
      const res = await t.request({ method: "POST", url: "/api/notifications/viewed", headers: bearer(intruder), payload: { ids: [id] } });
      expect(res.json().data.updated).toBe(0);
      expect((await t.request({ url: "/api/notifications", headers: bearer(owner) })).json().data.unviewed).toBe(1);
    });

    it("responde 401 sin sesión", async () => {
      expect((await t.request({ url: "/api/notifications" })).statusCode).toBe(401);
      expect((await t.request({ method: "POST", url: "/api/notifications/viewed" })).statusCode).toBe(401);
    });
  });

  describe("POST /api/notifications/send", () => {
    it("envía a una persona, a las verificadas o a todas", async () => {
      const verified = await registeredUser(t, { verified: true });
      const plain = await registeredUser(t);

      const toOne = await t.request({
        method: "POST",
        url: "/api/notifications/send",
        headers: bearer(admin),
        payload: { audience: "user", userId: plain.uid, title: "Hola", body: "Solo para ti", link: "/events/abc" },
      });
      expect(toOne.statusCode).toBe(200);
      expect(toOne.json().data).toEqual({ sent: 1 });
      const mine = (await t.request({ url: "/api/notifications", headers: bearer(plain) })).json().data.items;
      expect(mine[0]).toMatchObject({ title: "Hola", body: "Solo para ti", link: "/events/abc", kind: "admin_message", viewed: false });

      const total = await t.users.count();
      const verifiedCount = (await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE verified"))[0]!.n;
      const toVerified = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(admin), payload: { audience: "verified", title: "V", body: "Para verificadas" } });
      expect(toVerified.json().data).toEqual({ sent: verifiedCount });
      expect((await t.request({ url: "/api/notifications", headers: bearer(verified) })).json().data.items[0].body).toBe("Para verificadas");
      expect((await t.request({ url: "/api/notifications", headers: bearer(plain) })).json().data.items[0].body).toBe("Solo para ti");

      const toAll = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(admin), payload: { audience: "all", title: "Todos", body: "Para todas" } });
      expect(toAll.json().data).toEqual({ sent: total });
      expect((await t.request({ url: "/api/notifications", headers: bearer(plain) })).json().data.items[0].body).toBe("Para todas");
    });

    it("valida el destino y los textos", async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{ audience: "user", title: "T", body: "B" }, 400, "ID required"],
        [{ audience: "user", userId: "no-existe", title: "T", body: "B" }, 404, "Usuario no encontrado."],
        [{ audience: "todos", title: "T", body: "B" }, 400, "Los datos enviados no son válidos."],
        [{ audience: "all", title: "", body: "B" }, 400, "Los datos enviados no son válidos."],
        [{ audience: "all", title: "T", body: "x".repeat(1001) }, 400, "Los datos enviados no son válidos."],
        [{ audience: "all", title: "T", body: "B", link: "https://fuera.example" }, 400, "Los datos enviados no son válidos."],
        [{ audience: "all", title: "T", body: "B", extra: 1 }, 400, "Los datos enviados no son válidos."],
      ];
      for (const [payload, status, message] of cases) {
        const res = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(admin), payload });
        expect({ payload, status: res.statusCode, message: res.json().message }).toEqual({ payload, status, message });
      }
    });

    it("solo acepta enlaces que se quedan en la app (sin redirecciones abiertas)", async () => {
      const offSite = [
        "/\\evil.example",
        "//evil.example",
        "/\\/evil.example",
        "/%5Cevil.example",
        "/%5cevil.example",
        "/%2F%2Fevil.example",
        "/%2F/evil.example",
        "/%252F%252Fevil.example",
        "/events/\\evil",
        "/\tevil.example",
        "/events/a\nb",
        "javascript:alert(1)",
        "https://evil.example/",
        "evil.example",
      ];
      for (const link of offSite) {
        const res = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(admin), payload: { audience: "all", title: "T", body: "B", link } });
        expect({ link, status: res.statusCode, code: res.json().code, issues: res.json().issues }).toEqual({
          link,
          status: 400,
          code: "VALIDATION_ERROR",
          issues: [{ path: ["link"], message: "El enlace debe ser una ruta de la app que empiece con /." }],
        });
      }
      const person = await registeredUser(t);
      for (const link of ["/events/abc", "/search/?q=tamales%20de%20elote", "/profile/#ajustes", "/"]) {
        const res = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(admin), payload: { audience: "user", userId: person.uid, title: "T", body: "B", link } });
        expect({ link, status: res.statusCode }).toEqual({ link, status: 200 });
      }
    });

    it("solo administradores no suspendidos", async () => {
      const normal = await registeredUser(t);
      const payload = { audience: "all", title: "T", body: "B" };
      expect((await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(normal), payload })).statusCode).toBe(403);
      expect((await t.request({ method: "POST", url: "/api/notifications/send", payload })).statusCode).toBe(401);
      const bannedAdmin = await registeredUser(t, { accountType: "ADMIN" });
      await t.users.setBan(bannedAdmin.uid, { reason: "Abuso", endsAt: new Date(Date.now() + 3600_000) });
      const res = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(bannedAdmin), payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("BANNED");
    });
  });

  describe("GET /api/notifications/stream (SSE)", () => {
    it("exige un ticket válido", async () => {
      const noTicket = await openStream(addressOf(t), "/api/notifications/stream");
      expect(noTicket.status).toBe(400);
      await noTicket.ended;
      const bad = await openStream(addressOf(t), "/api/notifications/stream?ticket=inventado");
      expect(bad.status).toBe(401);
      await bad.ended;
      expect(JSON.parse(bad.body())).toEqual({
        message: "El permiso para recibir notificaciones no es válido o expiró. Pide uno nuevo.",
        code: "INVALID_TOKEN",
      });
      // An expired ticket is refused too.
      const person = await registeredUser(t);
      const url = await ticketFor(person);
      await t.database.query("UPDATE notification_stream_tickets SET expires_at = now() - interval '1 second'");
      const expired = await openStream(addressOf(t), url);
      expect(expired.status).toBe(401);
      await expired.ended;
      expect((await t.request({ method: "POST", url: "/api/notifications/stream-ticket" })).statusCode).toBe(401);
    });

    it("entrega un seguimiento en menos de un segundo, solo al stream de esa persona", async () => {
      const followed = await registeredUser(t, { name: "Lucía Garza" });
      const follower = await registeredUser(t, { name: "Pedro Ríos" });
      const bystander = await registeredUser(t);
      const stream = await streamOf(followed);
      const other = await streamOf(bystander);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(stream.headers["cache-control"]).toBe("no-store");
      try {
        const started = performance.now();
        const res = await t.request({ method: "POST", url: `/api/users/follow/${followed.uid}/user`, headers: bearer(follower) });
        expect(res.statusCode).toBe(200);
        const event = await stream.waitFor((e) => e.event === "notification", 1000);
        expect(event.receivedAt - started).toBeLessThan(1000);
        const notification = notificationSchema.parse(event.data);
        expect(notification).toMatchObject({ userId: followed.uid, kind: "follow", title: "Nuevo seguidor", body: "Pedro Ríos empezó a seguirte", link: `/profile/${follower.uid}`, viewed: false });
        expect(event.id).toBe(notification._id);
        // The stored copy is the same notification.
        const listed = (await t.request({ url: "/api/notifications", headers: bearer(followed) })).json().data.items[0];
        expect(listed).toEqual(notification);
        await new Promise((r) => setTimeout(r, 200));
        expect(other.events.filter((e) => e.event === "notification")).toHaveLength(0);
      } finally {
        stream.close();
        other.close();
      }
    });

    it("el stream, que escribe su propia cabecera, lleva las de seguridad de toda respuesta de la API", async () => {
      const stream = await streamOf(await registeredUser(t));
      try {
        expect(stream.headers).toMatchObject({ "content-type": "text/event-stream; charset=utf-8", ...API_SECURITY_HEADERS });
      } finally {
        stream.close();
      }
    });

    it("envía latidos y el conteo sin ver al conectar", async () => {
      const person = await registeredUser(t);
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "a", body: "b" }]);
      const stream = await streamOf(person);
      try {
        expect(stream.events.find((e) => e.event === "ready")?.data).toEqual({ unviewed: 1 });
        await new Promise((r) => setTimeout(r, 1300));
        expect(stream.comments).toContain("ping");
      } finally {
        stream.close();
      }
    });

    it("con Last-Event-ID reenvía las que se perdieron, en orden", async () => {
      const person = await registeredUser(t);
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "vista", body: "b" }]);
      const seen = (await t.request({ url: "/api/notifications", headers: bearer(person) })).json().data.items[0]._id;
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "perdida 1", body: "b" }]);
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "perdida 2", body: "b" }]);
      const stream = await streamOf(person, { "last-event-id": seen });
      try {
        expect(stream.events.filter((e) => e.event === "notification").map((e) => e.data.title)).toEqual(["perdida 1", "perdida 2"]);
      } finally {
        stream.close();
      }
    });

    it("libera la suscripción al desconectarse y cierra los streams de una cuenta borrada", async () => {
      const hub = t.app.realtimeHub;
      // Streams closed by earlier tests may still be going away.
      const drained = Date.now() + 2000;
      while (hub.size() > 0 && Date.now() < drained) await new Promise((r) => setTimeout(r, 20));
      const before = hub.size();
      const person = await registeredUser(t);
      const stream = await streamOf(person);
      expect(hub.size()).toBe(before + 1);
      stream.close();
      const deadline = Date.now() + 2000;
      while (hub.size() > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(hub.size()).toBe(before);

      const leaving = await registeredUser(t);
      const leavingStream = await streamOf(leaving);
      const res = await t.request({ method: "DELETE", url: "/api/users/delete-account", headers: bearer(leaving) });
      expect(res.statusCode).toBe(200);
      await leavingStream.ended;
      expect(hub.size()).toBe(before);
    });
  });

  describe("entre instancias", () => {
    it("un aviso creado en una instancia llega al stream abierto en otra (misma base)", async () => {
      // A second app, like a second API process: on PostgreSQL it opens its own pool and its
      // own LISTEN connection to the same schema; PGlite (one process by design) shares the handle.
      const second = await createTestApp({ database: await openSecondHandle(t.database) });
      try {
        const followed = await registeredUser(t);
        const follower = await registeredUser(t, { name: "Desde la otra instancia" });
        const stream = await openStream(addressOf(second), (await (await second.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(followed) })).json()).data.url);
        expect(stream.status).toBe(200);
        await stream.waitFor((e) => e.event === "ready");
        try {
          const started = performance.now();
          const res = await t.request({ method: "POST", url: `/api/users/follow/${followed.uid}/user`, headers: bearer(follower) });
          expect(res.statusCode).toBe(200);
          const event = await stream.waitFor((e) => e.event === "notification", 1000);
          expect(event.receivedAt - started).toBeLessThan(1000);
          expect(event.data.body).toBe("Desde la otra instancia empezó a seguirte");
        } finally {
          stream.close();
        }
      } finally {
        await second.close();
      }
    });
  });

  it("un usuario suspendido puede leer pero no marcar como vistas", async () => {
    const banned = await bannedUser(t);
    expect((await t.request({ url: "/api/notifications", headers: bearer(banned) })).statusCode).toBe(200);
    expect((await t.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(banned) })).statusCode).toBe(200);
    const res = await t.request({ method: "POST", url: "/api/notifications/viewed", headers: bearer(banned) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("BANNED");
  });
});
