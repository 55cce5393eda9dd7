import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ImportSubscription } from "../../../../lib/schemas/imports";
import { createFetcher } from "../../../net/fetcher";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createPlace, makePerson, type Person } from "../../content/__tests__/helpers";
import { ONLY_CALENDARS, runDueSubscriptions, SUBSCRIPTION_NOT_FOUND } from "../subscriptions";
import { IMPORT_NOT_ALLOWED } from "../routes";

// A subscribed calendar feed, served in the real format by a local HTTP server: imported at once,
// then again when it is due, with a report of what changed; one subscription per address, only
// calendars, only the owner removes it. The scheduled run acts for the owner with an in-process
// credential that a real request can never use.

const FIXTURES = path.join(__dirname, "fixtures");

describe("calendarios suscritos", () => {
  let t: TestApp;
  let site: http.Server;
  let siteUrl: string;
  let host: string;
  let organizer: Person;
  let calendar = fs.readFileSync(path.join(FIXTURES, "agenda.ics"), "utf8");

  beforeAll(async () => {
    site = http.createServer((request, response) => {
      const name = new URL(request.url!, "http://x").pathname.slice(1);
      if (name === "agenda.ics") return response.writeHead(200, { "content-type": "text/calendar" }).end(calendar);
      if (name === "evento.html") return response.writeHead(200, { "content-type": "text/html" }).end(fs.readFileSync(path.join(FIXTURES, "evento.html")));
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
    siteUrl = `http://${host}`;
    t = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE_HOSTS: host } });
    organizer = await makePerson(t, { name: "Casa de la Cultura" });
    await createPlace(t, organizer, { name: "Teatro Fernando Soler" });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
  });

  const subscribe = (who: Person | null, url: string) => as(t, who)({ method: "POST", url: "/api/imports/subscriptions", payload: { url } });
  const titles = async () =>
    (await t.database.query<{ title: string }>("SELECT title FROM events WHERE organizer_id = $1 ORDER BY starts_at", [organizer.uid])).map((r) => r.title);

  it("suscribirse importa al momento; la misma dirección otra vez es la misma suscripción", async () => {
    const res = await subscribe(organizer, `${siteUrl}/agenda.ics`);
    expect(res.statusCode).toBe(201);
    const subscription = res.json().data as ImportSubscription;
    expect(subscription.url).toBe(`${siteUrl}/agenda.ics`);
    expect(subscription.lastRun).toMatchObject({ created: ["Taller de grabado", "Concierto en el patio", "Charla en línea sobre archivo"], updated: [], skipped: 2, error: null });
    expect(Date.parse(subscription.nextRunAt) - Date.now()).toBeGreaterThan(5 * 3600_000);
    const before = await titles();
    expect(before).toHaveLength(7); // five dates of the workshop, the concert, the talk

    const again = await subscribe(organizer, `${siteUrl}/agenda.ics`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(subscription._id);
    expect(await titles()).toEqual(before);
    const list = await as(t, organizer)({ url: "/api/imports/subscriptions" });
    expect((list.json().data as ImportSubscription[]).map((s) => s._id)).toEqual([subscription._id]);
  });

  it("cuando toca, se vuelve a importar y el informe dice qué cambió; si no se puede leer, dice por qué", async () => {
    calendar = calendar.replace("SUMMARY:Concierto en el patio", "SUMMARY:Concierto en el patio (nueva hora)").replace("DTSTART:20300215T020000Z", "DTSTART:20300215T030000Z");
    await t.database.query("UPDATE import_subscriptions SET next_run_at = now() - interval '1 minute'");
    const fetchText = createFetcher({ allowPrivateHosts: [host] });
    expect(await runDueSubscriptions(t.app, t.database, fetchText)).toBe(1);
    // Claimed for the next run: nothing is due any more.
    expect(await runDueSubscriptions(t.app, t.database, fetchText)).toBe(0);
    const [subscription] = (await as(t, organizer)({ url: "/api/imports/subscriptions" })).json().data as ImportSubscription[];
    expect(subscription!.lastRun).toMatchObject({ created: [], updated: ["Concierto en el patio (nueva hora)"], error: null });
    expect((await titles()).filter((title) => title.startsWith("Concierto"))).toEqual(["Concierto en el patio (nueva hora)"]);

    calendar = "no es un calendario";
    await t.database.query("UPDATE import_subscriptions SET next_run_at = now() - interval '1 minute'");
    await runDueSubscriptions(t.app, t.database, fetchText);
    const [broken] = (await as(t, organizer)({ url: "/api/imports/subscriptions" })).json().data as ImportSubscription[];
    expect(broken!.lastRun).toMatchObject({ created: [], updated: [], error: "El archivo no es un calendario iCalendar (.ics)." });
    calendar = fs.readFileSync(path.join(FIXTURES, "agenda.ics"), "utf8");
  });

  it("solo calendarios, solo cuentas verificadas; solo la dueña la quita", async () => {
    const page = await subscribe(organizer, `${siteUrl}/evento.html`);
    expect([page.statusCode, page.json().message]).toEqual([422, "El sitio no devolvió un documento compatible (text/html)."]);
    const unverified = await makePerson(t, { verified: false });
    const refused = await subscribe(unverified, `${siteUrl}/agenda.ics`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, IMPORT_NOT_ALLOWED]);
    expect((await subscribe(null, `${siteUrl}/agenda.ics`)).statusCode).toBe(401);

    const [mine] = (await as(t, organizer)({ url: "/api/imports/subscriptions" })).json().data as ImportSubscription[];
    const other = await makePerson(t);
    const stranger = await as(t, other)({ method: "DELETE", url: `/api/imports/subscriptions/${mine!._id}` });
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, SUBSCRIPTION_NOT_FOUND]);
    const removed = await as(t, organizer)({ method: "DELETE", url: `/api/imports/subscriptions/${mine!._id}` });
    expect(removed.statusCode).toBe(200);
    expect((await as(t, organizer)({ url: "/api/imports/subscriptions" })).json().data).toEqual([]);
    expect(ONLY_CALENDARS).toContain("Solo se puede suscribir un calendario .ics");
  });

  it("la credencial interna solo vale dentro del proceso: por la red es un token inválido", async () => {
    const token = t.app.internalToken(organizer.uid, null);
    const fromOutside = await t.request({ url: "/api/imports/subscriptions", headers: { authorization: `Bearer ${token}` } });
    expect(fromOutside.statusCode).toBe(401);
    const inside = await t.app.inject({ url: "/api/imports/subscriptions", headers: { authorization: `Bearer ${token}` } });
    expect(inside.statusCode).toBe(200);
    const forged = await t.app.inject({ url: "/api/imports/subscriptions", headers: { authorization: "Bearer plaza-internal.inventado" } });
    expect(forged.statusCode).toBe(401);
  });
});
