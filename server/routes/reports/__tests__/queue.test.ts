import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";

// The admins' queue: open reports grouped by target, and each decision's effect — through the
// moderation calls (public log, author told), reports closed, every reporter told.

describe("cola de reportes", () => {
  let t: TestApp;
  let author: Person;
  let ana: Person;
  let beto: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t, { name: "Autora" });
    ana = await makePerson(t, { name: "Ana" });
    beto = await makePerson(t, { name: "Beto" });
    admin = await makePerson(t, { name: "Moderadora", accountType: "ADMIN" });
  });
  afterAll(() => t?.close());

  const report = (who: Person, targetKind: string, targetId: string, reason = "spam", text?: string) =>
    as(t, who)({ method: "POST", url: "/api/reports", payload: { targetKind, targetId, reason, ...(text ? { text } : {}) } });
  const resolve = (who: Person | null, kind: string, id: string, payload: unknown) =>
    as(t, who)({ method: "POST", url: `/api/admin/reports/${kind}/${id}/resolve`, payload });
  const queue = async (query = "") => {
    const res = await as(t, admin)({ url: `/api/admin/reports${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: Record<string, unknown>[]; nextCursor: string | null };
  };
  const openReports = async (id: string) =>
    (await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM reports WHERE target_id = $1 AND status = 'open'", [id]))[0]!.n;

  it("agrupa por objetivo con conteo, motivos y textos, sin quién reportó; solo administración", async () => {
    const eventId = await createEvent(t, author, { title: "Concierto fantasma" });
    await report(ana, "event", eventId, "false_information");
    await report(beto, "event", eventId, "other", "No existe ese lugar.");
    const { items } = await queue();
    const group = items.find((g) => g.targetId === eventId)!;
    expect(group).toMatchObject({
      targetKind: "event",
      label: "Concierto fantasma",
      link: `/events/${eventId}`,
      count: 2,
      reasons: { spam: 0, inappropriate: 0, false_information: 1, other: 1 },
      texts: ["No existe ese lugar."],
    });
    expect(String(group.firstReportedAt) <= String(group.lastReportedAt)).toBe(true);
    const body = JSON.stringify(items);
    expect(body).not.toContain(ana.uid);
    expect(body).not.toContain(beto.uid);

    expect((await as(t, ana)({ url: "/api/admin/reports" })).statusCode).toBe(403);
    expect((await as(t, null)({ url: "/api/admin/reports" })).statusCode).toBe(401);
    expect((await resolve(ana, "event", eventId, { action: "dismiss", reason: "No" })).statusCode).toBe(403);
  });

  it("pagina con cursor, el reportado más recientemente primero", async () => {
    for (let i = 0; i < 3; i++) await report(ana, "place", await createPlace(t, author, { name: `Paginado ${i}` }));
    const first = await queue("?limit=2");
    expect(first.items).toHaveLength(2);
    const second = await queue(`?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const ids = [...first.items, ...second.items].map((g) => `${g.targetKind}:${g.targetId}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(String(first.items[0]!.lastReportedAt) >= String(first.items[1]!.lastReportedAt)).toBe(true);
    expect((await as(t, admin)({ url: "/api/admin/reports?cursor=roto" })).statusCode).toBe(400);
  });

  it("resolver exige motivo (400 en español) y un objetivo con reportes abiertos (404)", async () => {
    const eventId = await createEvent(t, author);
    await report(ana, "event", eventId);
    const empty = await resolve(admin, "event", eventId, { action: "hide", reason: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: ["reason"], message: "Indica el motivo de la decisión." }]);
    const noDays = await resolve(admin, "event", eventId, { action: "ban", reason: "Spam" });
    expect(noDays.json().issues).toEqual([{ path: ["banDays"], message: "Indica cuántos días dura la suspensión." }]);
    const none = await resolve(admin, "place", "sin-reportes", { action: "dismiss", reason: "Nada" });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No hay reportes pendientes sobre esto.");
  });

  it("ocultar: la misma moderación (registro público, aviso al autor), reportes cerrados, cada reportante avisado", async () => {
    const eventId = await createEvent(t, author, { title: "Venta de boletos falsos" });
    await report(ana, "event", eventId);
    await report(beto, "event", eventId, "inappropriate");
    const res = await resolve(admin, "event", eventId, { action: "hide", reason: "Fraude." });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ targetKind: "event", targetId: eventId, action: "hide", closed: 2 });
    expect((await as(t, ana)({ url: `/api/events/${eventId}` })).statusCode).toBe(404);
    expect(await openReports(eventId)).toBe(0);
    for (const who of [ana, beto]) {
      expect((await notificationsOf(t, who.uid))[0]).toEqual({
        kind: "report_resolved",
        title: "Revisamos tu reporte",
        body: "Revisamos tu reporte sobre «Venta de boletos falsos»: lo ocultamos.",
        link: "/moderation",
      });
    }
    expect((await notificationsOf(t, author.uid))[0]).toMatchObject({ kind: "content_hidden", body: "La moderación lo ocultó. Motivo: Fraude." });
    const log = (await t.request({ url: "/api/moderation-log" })).json().data.items;
    expect(log[0]).toMatchObject({ kind: "events", label: "Venta de boletos falsos", action: "hide", reason: "Fraude." });
    expect(JSON.stringify(log)).not.toContain(ana.uid);
    expect((await queue()).items.some((g) => g.targetId === eventId)).toBe(false);
  });

  it("borrar: se borra con motivo, queda en el registro y se avisa", async () => {
    const placeId = await createPlace(t, author, { name: "Lugar duplicado" });
    await report(ana, "place", placeId);
    const res = await resolve(admin, "place", placeId, { action: "delete", reason: "Duplicado." });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ url: `/api/places/${placeId}` })).statusCode).toBe(404);
    expect((await notificationsOf(t, ana.uid))[0]!.body).toBe("Revisamos tu reporte sobre «Lugar duplicado»: lo borramos.");
    expect((await notificationsOf(t, author.uid))[0]).toMatchObject({ kind: "content_deleted" });
    const log = (await t.request({ url: "/api/moderation-log" })).json().data.items;
    expect(log[0]).toMatchObject({ kind: "places", label: "Lugar duplicado", action: "delete", reason: "Duplicado." });
  });

  it("descartar: nada cambia en el contenido y se avisa que no hubo infracción", async () => {
    const eventId = await createEvent(t, author, { title: "Taller de barro" });
    await report(beto, "event", eventId, "inappropriate");
    const res = await resolve(admin, "event", eventId, { action: "dismiss", reason: "Es un taller normal." });
    expect(res.json().data.closed).toBe(1);
    expect((await t.request({ url: `/api/events/${eventId}` })).statusCode).toBe(200);
    expect((await notificationsOf(t, beto.uid))[0]).toMatchObject({
      body: "Revisamos tu reporte sobre «Taller de barro»: no encontramos una infracción.",
      link: `/events/${eventId}`,
    });
    // Closed: the same person may report it again later.
    expect((await report(beto, "event", eventId)).statusCode).toBe(201);
  });

  it("suspender: la cuenta de quien lo publicó (o el perfil) queda suspendida los días indicados", async () => {
    const spammer = await makePerson(t, { name: "Spammer" });
    const eventId = await createEvent(t, spammer, { title: "Gana dinero fácil" });
    await report(ana, "event", eventId);
    const res = await resolve(admin, "event", eventId, { action: "ban", reason: "Spam repetido.", banDays: 7 });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.query<{ ban_reason: string; ban_ends_at: Date }>("SELECT ban_reason, ban_ends_at FROM users WHERE id = $1", [spammer.uid]);
    expect(row!.ban_reason).toBe("Spam repetido.");
    const days = (new Date(row!.ban_ends_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect((await notificationsOf(t, ana.uid))[0]!.body).toBe("Revisamos tu reporte sobre «Gana dinero fácil»: suspendimos la cuenta de quien lo publicó.");

    const troll = await makePerson(t, { name: "Trol" });
    await report(beto, "user", troll.uid, "inappropriate");
    const hide = await resolve(admin, "user", troll.uid, { action: "hide", reason: "No" });
    expect(hide.statusCode).toBe(400);
    expect((await resolve(admin, "user", troll.uid, { action: "ban", reason: "Acoso.", banDays: 30 })).statusCode).toBe(200);
    expect((await notificationsOf(t, beto.uid))[0]!.body).toBe("Revisamos tu reporte sobre «Trol»: suspendimos la cuenta.");
    // A suspended person cannot report any more (every write is refused).
    expect((await report(troll, "event", eventId)).statusCode).toBe(403);
  });
});
