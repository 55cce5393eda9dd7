import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { REPORTS_PER_HOUR } from "../../../../lib/schemas/reports";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, createPlace, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";

// Filing reports: who may report what, the Spanish 400s, de-duplication and the hourly limit.

describe("reportar contenido y perfiles", () => {
  let t: TestApp;
  let author: Person;
  let reporter: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t, { name: "Autora" });
    reporter = await makePerson(t, { name: "Vecina" });
    admin = await makePerson(t, { name: "Moderadora", accountType: "ADMIN" });
  });
  afterAll(() => t?.close());

  const report = (who: Person | null, payload: unknown) => as(t, who)({ method: "POST", url: "/api/reports", payload });

  it("reporta un evento (201) y repetirlo actualiza el mismo reporte (200)", async () => {
    const eventId = await createEvent(t, author, { title: "Rifa sospechosa" });
    const first = await report(reporter, { targetKind: "event", targetId: eventId, reason: "spam" });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ targetKind: "event", targetId: eventId, reason: "spam", text: null });
    const again = await report(reporter, { targetKind: "event", targetId: eventId, reason: "other", text: "Piden dinero por adelantado." });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ _id: first.json().data._id, reason: "other", text: "Piden dinero por adelantado." });
    const rows = await t.database.query("SELECT id FROM reports WHERE reporter_id = $1 AND target_id = $2", [reporter.uid, eventId]);
    expect(rows).toHaveLength(1);
  });

  it("reporta lugares, noticias, comunidades y perfiles", async () => {
    const placeId = await createPlace(t, author, { name: "Bodega clandestina" });
    const communityId = await createCommunity(t, author, "Club dudoso");
    const news = await as(t, author)({ method: "POST", url: "/api/news", payload: { title: "Noticia falsa", body: "Texto." } });
    for (const [targetKind, targetId] of [
      ["place", placeId],
      ["community", communityId],
      ["news", news.json().data._id],
      ["user", author.uid],
    ]) {
      const res = await report(reporter, { targetKind, targetId, reason: "false_information" });
      expect({ targetKind, status: res.statusCode }).toEqual({ targetKind, status: 201 });
    }
  });

  it("valida en español: motivo, detalle obligatorio con «Otro», largo y tipo", async () => {
    const eventId = await createEvent(t, author);
    const bad = async (payload: unknown) => {
      const res = await report(reporter, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", message: "Los datos enviados no son válidos." });
      return (res.json().issues as { message: string }[]).map((issue) => issue.message);
    };
    expect(await bad({ targetKind: "event", targetId: eventId, reason: "aburrido" })).toEqual([
      "Elige un motivo: spam, contenido inapropiado, información falsa u otro.",
    ]);
    expect(await bad({ targetKind: "event", targetId: eventId, reason: "other" })).toEqual([
      "Cuéntanos qué pasa: el detalle es obligatorio cuando eliges «Otro».",
    ]);
    expect(await bad({ targetKind: "event", targetId: eventId, reason: "other", text: "x".repeat(1001) })).toEqual([
      "El detalle admite hasta 1000 caracteres.",
    ]);
    expect(await bad({ targetKind: "tag", targetId: eventId, reason: "spam" })).toEqual([
      "Solo se puede reportar un evento, lugar, noticia, comunidad o perfil.",
    ]);
  });

  it("sin sesión 401; suspendida 403", async () => {
    const eventId = await createEvent(t, author);
    expect((await report(null, { targetKind: "event", targetId: eventId, reason: "spam" })).statusCode).toBe(401);
    const banned = await makePerson(t, { banned: true });
    expect((await report(banned, { targetKind: "event", targetId: eventId, reason: "spam" })).statusCode).toBe(403);
  });

  it("404 para lo que no existe o está oculto para quien reporta", async () => {
    const unknown = await report(reporter, { targetKind: "event", targetId: "no-existe", reason: "spam" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
    const eventId = await createEvent(t, author, { title: "Ya oculto" });
    await as(t, admin)({ method: "POST", url: `/api/events/${eventId}/moderate`, payload: { action: "hide", reason: "Spam" } });
    expect((await report(reporter, { targetKind: "event", targetId: eventId, reason: "spam" })).statusCode).toBe(404);
    expect((await report(reporter, { targetKind: "user", targetId: "nadie-aqui", reason: "spam" })).statusCode).toBe(404);
    // News scheduled for later is as unknown to a reader as a hidden item.
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = await as(t, author)({ method: "POST", url: "/api/news", payload: { title: "Aún no", body: "Texto.", publishedAt: later } });
    expect(scheduled.statusCode).toBe(201);
    expect((await report(reporter, { targetKind: "news", targetId: scheduled.json().data._id, reason: "spam" })).statusCode).toBe(404);
  });

  it("nadie reporta lo suyo ni a sí mismo", async () => {
    const eventId = await createEvent(t, author);
    const own = await report(author, { targetKind: "event", targetId: eventId, reason: "spam" });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("No puedes reportar tu propio contenido.");
    const self = await report(author, { targetKind: "user", targetId: author.uid, reason: "spam" });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("No puedes reportarte a ti mismo.");
  });

  it(`más de ${REPORTS_PER_HOUR} reportes en una hora: 429 con Retry-After; repetir uno abierto no cuenta`, async () => {
    const busy = await makePerson(t, { name: "Muy activa" });
    const ids: string[] = [];
    for (let i = 0; i < REPORTS_PER_HOUR + 1; i++) ids.push(await createPlace(t, author, { name: `Lugar ${i}` }));
    for (const id of ids.slice(0, REPORTS_PER_HOUR)) {
      expect((await report(busy, { targetKind: "place", targetId: id, reason: "spam" })).statusCode).toBe(201);
    }
    const over = await report(busy, { targetKind: "place", targetId: ids[REPORTS_PER_HOUR], reason: "spam" });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("Enviaste muchos reportes") });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3500);
    expect((await report(busy, { targetKind: "place", targetId: ids[0], reason: "inappropriate" })).statusCode).toBe(200);
  });

  it("quien reporta no recibe avisos hasta que se resuelve", async () => {
    expect((await notificationsOf(t, reporter.uid)).filter((n) => n.kind === "report_resolved")).toEqual([]);
  });
});

describe("reportar con los límites de peticiones reales", () => {
  let t: TestApp;

  beforeAll(async () => {
    // A small global ceiling per address, so whose address the inner look-up of the target counts against shows.
    t = await createTestApp({ env: { RATE_LIMIT: "on", RATE_LIMIT_SCALE: "1", RATE_LIMIT_GLOBAL_MAX: "30", TRUST_PROXY: "true" } });
  });
  afterAll(() => t?.close());

  it("cada reporte cuenta contra la dirección de quien reporta, no contra una cuenta común del servidor", async () => {
    const author = await makePerson(t, { name: "Autora" });
    const placeId = await createPlace(t, author, { name: "Local reportado" });
    const reporters = await Promise.all(Array.from({ length: 20 }, () => makePerson(t)));
    // 22 calls from this test's own address so far; 20 inner look-ups more on one shared address would pass 30.
    const statuses: number[] = [];
    for (const [i, who] of reporters.entries()) {
      const res = await as(t, who)({
        method: "POST",
        url: "/api/reports",
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        payload: { targetKind: "place", targetId: placeId, reason: "spam" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(reporters.map(() => 201));
  });
});
