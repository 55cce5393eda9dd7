import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ImportReport } from "../../../../lib/schemas/imports";
import { REMOTE_REFUSED } from "../../../net/fetcher";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createPlace, makePerson, type Person } from "../../content/__tests__/helpers";
import { IMPORT_NOT_ALLOWED } from "../routes";

// Importing what a cultural centre already publishes, served in the real formats by a local HTTP
// server: an iCalendar feed (a weekly series with an excluded date and a moved one, in
// America/Monterrey; a UTC event; an online one; a past and a cancelled one), an event page with
// schema.org JSON-LD in @graph, and one with the h-event microformat.

const FIXTURES = path.join(__dirname, "fixtures");
const TYPES: Record<string, string> = { ".ics": "text/calendar; charset=utf-8", ".html": "text/html; charset=utf-8" };

describe("importar eventos (.ics, calendario, página con JSON-LD o h-event)", () => {
  let t: TestApp;
  let site: http.Server;
  let siteUrl: string;
  let organizer: Person;
  let placeId: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    site = http.createServer((request, response) => {
      const name = decodeURIComponent(new URL(request.url!, "http://x").pathname.slice(1));
      const body = files[name] ?? (fs.existsSync(path.join(FIXTURES, name)) ? fs.readFileSync(path.join(FIXTURES, name), "utf8") : null);
      if (body === null) return response.writeHead(404).end();
      response.writeHead(200, { "content-type": TYPES[path.extname(name)] ?? "text/plain" }).end(body);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
    siteUrl = `http://${host}`;
    t = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE_HOSTS: host } });
    organizer = await makePerson(t, { name: "Casa de la Cultura", verified: true });
    placeId = await createPlace(t, organizer, { name: "Teatro Fernando Soler" });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
  });

  const importAs = (who: Person | null, source: object, preview = false) =>
    as(t, who)({ method: "POST", url: preview ? "/api/imports/preview" : "/api/imports", payload: { source } });
  const report = (res: { statusCode: number; body: string; json: () => unknown }): ImportReport => {
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: ImportReport }).data;
  };
  const mine = async () =>
    (await t.database.query<{ id: string; title: string; starts_at: Date; place_id: string | null; address: string | null; online_url: string | null; series_id: string | null }>(
      "SELECT id, title, starts_at, place_id, address, online_url, series_id FROM events WHERE organizer_id = $1 ORDER BY starts_at",
      [organizer.uid],
    )).map((e) => ({ ...e, starts_at: new Date(e.starts_at).toISOString() }));

  it("la vista previa de un calendario dice qué se crea y qué se omite, sin cambiar nada", async () => {
    const preview = report(await importAs(organizer, { kind: "url", url: `${siteUrl}/agenda.ics` }, true));
    expect(preview.create.map((i) => [i.title, i.startsAt, i.moreDates, i.where])).toEqual([
      // 18:00 in Saltillo is 00:00 UTC the next day; of six Mondays one is excluded and one moved to 19:00.
      ["Taller de grabado", "2030-01-08T00:00:00.000Z", 4, "Teatro Fernando Soler"],
      ["Concierto en el patio", "2030-02-15T02:00:00.000Z", 0, "Patio de la Casa de la Cultura, Saltillo"],
      ["Charla en línea sobre archivo", "2030-03-01T17:00:00.000Z", 0, "En línea"],
    ]);
    expect(preview.update).toEqual([]);
    expect(preview.skip).toEqual([
      { title: "Posada 2019", reason: "Ya pasó: solo se importan fechas próximas." },
      { title: "Kermés de primavera", reason: "Está cancelado en el calendario." },
    ]);
    expect(await mine()).toEqual([]);
  });

  it("importar el mismo .ics dos veces no duplica: la serie queda con sus fechas y la segunda vez nada cambia", async () => {
    const content = fs.readFileSync(path.join(FIXTURES, "agenda.ics"), "utf8");
    const first = report(await importAs(organizer, { kind: "file", name: "agenda.ics", content }));
    expect(first.create.map((i) => i.title)).toEqual(["Taller de grabado", "Concierto en el patio", "Charla en línea sobre archivo"]);
    expect(first.create.every((i) => typeof i.eventId === "string")).toBe(true);
    const events = await mine();
    const workshop = events.filter((e) => e.title === "Taller de grabado");
    expect(workshop.map((e) => e.starts_at)).toEqual([
      "2030-01-08T00:00:00.000Z",
      "2030-01-15T00:00:00.000Z",
      "2030-01-29T01:00:00.000Z",
      "2030-02-05T00:00:00.000Z",
      "2030-02-12T00:00:00.000Z",
    ]);
    expect(new Set(workshop.map((e) => e.series_id)).size).toBe(1);
    expect(workshop.every((e) => e.place_id === placeId)).toBe(true);
    expect(events.find((e) => e.title === "Concierto en el patio")?.address).toBe("Patio de la Casa de la Cultura, Saltillo");
    expect(events.find((e) => e.title.startsWith("Charla"))?.online_url).toBe("https://meet.example/charla-archivo");

    // Again, from the feed's URL this time: same UIDs, nothing new.
    const second = report(await importAs(organizer, { kind: "url", url: `${siteUrl}/agenda.ics` }));
    expect(second.create).toEqual([]);
    expect(second.update).toEqual([]);
    expect(second.skip.filter((s) => s.reason === "Sin cambios desde la última importación.").map((s) => s.title)).toEqual([
      "Taller de grabado",
      "Concierto en el patio",
      "Charla en línea sobre archivo",
    ]);
    expect(await mine()).toEqual(events);
  });

  it("si el calendario cambió, se actualiza lo importado y se dice qué cambió", async () => {
    files["cambiado.ics"] = fs
      .readFileSync(path.join(FIXTURES, "agenda.ics"), "utf8")
      .replace("SUMMARY:Concierto en el patio", "SUMMARY:Concierto en el patio (con orquesta)")
      .replace("DTSTART:20300215T020000Z", "DTSTART:20300215T030000Z");
    const preview = report(await importAs(organizer, { kind: "url", url: `${siteUrl}/cambiado.ics` }, true));
    expect(preview.update.map((i) => [i.title, i.changes])).toEqual([["Concierto en el patio (con orquesta)", ["título", "fecha"]]]);
    const done = report(await importAs(organizer, { kind: "url", url: `${siteUrl}/cambiado.ics` }));
    expect(done.update).toHaveLength(1);
    const concert = (await mine()).find((e) => e.title.startsWith("Concierto"));
    expect(concert).toMatchObject({ title: "Concierto en el patio (con orquesta)", starts_at: "2030-02-15T03:00:00.000Z" });
    expect((await mine()).filter((e) => e.title.startsWith("Concierto"))).toHaveLength(1);
  });

  it("desde la página de un evento: JSON-LD de schema.org (en @graph) o h-event; la segunda vez no duplica", async () => {
    const festival = report(await importAs(organizer, { kind: "url", url: `${siteUrl}/evento.html` }));
    expect(festival.create.map((i) => [i.title, i.startsAt, i.where])).toEqual([["Festival de son huasteco", "2030-05-03T01:30:00.000Z", "Teatro Fernando Soler"]]);
    const reading = report(await importAs(organizer, { kind: "url", url: `${siteUrl}/lectura.html` }));
    // No offset in the page: the city's clock (18:00 in Saltillo).
    expect(reading.create.map((i) => [i.title, i.startsAt, i.where])).toEqual([["Lectura de poesía en voz alta", "2030-06-11T00:00:00.000Z", "Biblioteca Pública Central, Saltillo"]]);
    const again = report(await importAs(organizer, { kind: "url", url: `${siteUrl}/evento.html` }));
    expect([again.create, again.update]).toEqual([[], []]);
    expect((await mine()).filter((e) => e.title === "Festival de son huasteco")).toHaveLength(1);
    const event = (await as(t, null)({ url: `/api/events/${festival.create[0]!.eventId}` })).json() as { data: { description: string; place: { name: string } } };
    expect(event.data.description).toBe("Tres grupos en vivo y taller de zapateado.");
    expect(event.data.place.name).toBe("Teatro Fernando Soler");
  });

  it("solo cuentas verificadas y la administración; sin sesión 401", async () => {
    const source = { kind: "url", url: `${siteUrl}/evento.html` };
    const unverified = await makePerson(t, { verified: false });
    const res = await importAs(unverified, source, true);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(IMPORT_NOT_ALLOWED);
    expect((await importAs(null, source, true)).statusCode).toBe(401);
    const admin = await makePerson(t, { accountType: "ADMIN", verified: false });
    expect(report(await importAs(admin, source, true)).create).toHaveLength(1);
  });

  it("lo que no se puede leer se rechaza con un mensaje claro y nunca se sale a la red propia", async () => {
    const cases: [object, number, string][] = [
      [{ kind: "url", url: "http://127.0.0.1:9/agenda.ics" }, 400, REMOTE_REFUSED],
      [{ kind: "url", url: "http://169.254.169.254/latest/meta-data/" }, 400, REMOTE_REFUSED],
      [{ kind: "url", url: `${siteUrl}/no-existe.ics` }, 422, "El sitio respondió 404."],
      [{ kind: "file", content: "hola" }, 400, "El archivo no es un calendario iCalendar (.ics)."],
      [{ kind: "file", content: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n" }, 400, "El archivo no es un calendario iCalendar válido."],
    ];
    files["vacia.html"] = "<!doctype html><title>Nada</title><p>Sin eventos</p>";
    cases.push([{ kind: "url", url: `${siteUrl}/vacia.html` }, 400, "La página no describe ningún evento (schema.org Event en JSON-LD o h-event)."]);
    for (const [source, status, message] of cases) {
      const res = await importAs(organizer, source, true);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const bad = await importAs(organizer, { kind: "ftp" }, true);
    expect(bad.statusCode).toBe(400);
  });

  it("la referencia OpenAPI lista las dos llamadas, con sesión", async () => {
    const doc = (await as(t, null)({ url: "/api/openapi.json" })).json() as { paths: Record<string, { post: { security?: unknown; tags: string[] } }> };
    for (const p of ["/api/imports/preview", "/api/imports"]) {
      expect(doc.paths[p]?.post.tags).toEqual(["imports"]);
      expect(doc.paths[p]?.post.security).toBeDefined();
    }
  });
});
