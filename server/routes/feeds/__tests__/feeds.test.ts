import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import Parser from "rss-parser";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, createPlace, createTag, makePerson, type Person } from "../../content/__tests__/helpers";

// Feeds read back with rss-parser (RSS 2.0 and Atom) and as JSON Feed 1.1, the way a feed
// reader would: titles, dates, links on the configured origin, and 304 on a repeated poll.

const ORIGIN = "https://plaza.ejemplo.mx";
const forged = { host: "phishing.example", "x-forwarded-host": "phishing.example", "x-forwarded-proto": "http" };
const parser = new Parser();

interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  items: { id: string; title: string; url: string; summary?: string; content_html?: string; image?: string; author?: { name: string; url?: string } }[];
}

describe("feeds (RSS, Atom, JSON Feed)", () => {
  let t: TestApp;
  let organizer: Person;
  let admin: Person;
  let placeId: string;
  let eventId: string;
  let communityId: string;

  beforeAll(async () => {
    // Even trusting a proxy's X-Forwarded-* headers, the links stay on the configured origin.
    t = await createTestApp({ env: { PUBLIC_URL: `${ORIGIN}/`, TRUST_PROXY: "true" } });
    organizer = await makePerson(t, { name: "Colectivo Sarape" });
    admin = await makePerson(t, { accountType: "ADMIN" });
    await createTag(t, admin, "Música", "musica");
    placeId = await createPlace(t, organizer, { name: "Teatro Fernando Soler" });
    communityId = await createCommunity(t, organizer, "Fandango Norteño");
    eventId = await createEvent(t, organizer, {
      title: "Concierto de son & huapango",
      description: "Con <invitados> especiales.",
      startsAt: "2030-05-02T19:30:00-06:00",
      placeId,
      communityId,
      tags: ["musica"],
    });
    await createEvent(t, organizer, { title: "En otro lado", startsAt: "2030-05-03T19:30:00-06:00", address: "Alameda Zaragoza" });
    await as(t, organizer)({ method: "POST", url: "/api/news", payload: { title: "Llega el festival", summary: "Tres días de música.", body: "Texto.", communityId } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("el feed RSS de un lugar trae sus eventos con título, fecha y lugar en es-MX, enlace y .ics", async () => {
    const res = await as(t, null)({ url: `/api/feeds/events.rss?placeId=${placeId}`, headers: forged });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.body).not.toContain("phishing.example");
    const feed = await parser.parseString(res.body);
    expect(feed.title).toBe("Eventos en Teatro Fernando Soler · Plaza");
    expect(feed.link).toBe(`${ORIGIN}/places/${placeId}`);
    expect(feed.items.map((i) => i.title)).toEqual(["Concierto de son & huapango"]);
    const item = feed.items[0]!;
    expect(item.link).toBe(`${ORIGIN}/events/${eventId}`);
    expect(item.content).toBe("2 de mayo de 2030 a las 7:30 p.m. · Teatro Fernando Soler");
    const html = (item as Record<string, unknown>)["content:encoded"] as string;
    expect(html).toContain(`<a href="${ORIGIN}/api/events/${eventId}.ics">`);
    expect(html).toContain("&lt;invitados&gt;");
  });

  it("Atom y JSON Feed de la misma lista, por comunidad, etiqueta y persona", async () => {
    for (const query of [`communityId=${communityId}`, "tag=musica", `organizerId=${organizer.uid}`]) {
      const atom = await as(t, null)({ url: `/api/feeds/events.atom?${query}` });
      expect(atom.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
      const parsed = await parser.parseString(atom.body);
      expect(parsed.items.map((i) => i.link)).toContain(`${ORIGIN}/events/${eventId}`);
      const json = await as(t, null)({ url: `/api/feeds/events.json?${query}` });
      expect(json.headers["content-type"]).toBe("application/feed+json; charset=utf-8");
      const feed = json.json() as JsonFeed;
      expect(feed.version).toBe("https://jsonfeed.org/version/1");
      expect(feed.items.find((i) => i.url === `${ORIGIN}/events/${eventId}`)?.summary).toContain("Teatro Fernando Soler");
    }
    // A person's feed and its items' authors link to the person's page in the app.
    const byPerson = (await as(t, null)({ url: `/api/feeds/events.json?organizerId=${organizer.uid}` })).json() as JsonFeed;
    expect(byPerson.home_page_url).toBe(`${ORIGIN}/profile/${organizer.uid}`);
    expect(byPerson.items[0]!.author?.url).toBe(`${ORIGIN}/profile/${organizer.uid}`);
    const byTag = await parser.parseString((await as(t, null)({ url: "/api/feeds/events.rss?tag=musica" })).body);
    expect(byTag.title).toBe("Eventos de #Música · Plaza");
    const city = await parser.parseString((await as(t, null)({ url: "/api/feeds/events.rss" })).body);
    expect(city.items.map((i) => i.title)).toEqual(["Concierto de son & huapango", "En otro lado"]);
  });

  it("la portada sale como imagen del elemento, con dirección absoluta", async () => {
    // A stored cover as the uploads route writes it: a path on the site.
    await t.database.query("UPDATE events SET cover_image = '/uploads/portada.webp' WHERE id = $1", [eventId]);
    const json = (await as(t, null)({ url: `/api/feeds/events.json?placeId=${placeId}` })).json() as JsonFeed;
    expect(json.items[0]!.image).toBe(`${ORIGIN}/uploads/portada.webp`);
    const rss = (await as(t, null)({ url: `/api/feeds/events.rss?placeId=${placeId}` })).body;
    expect(rss).toContain(`<enclosure url="${ORIGIN}/uploads/portada.webp"`);
  });

  it("noticias: todas, de una comunidad y de una persona", async () => {
    for (const query of ["", `?communityId=${communityId}`, `?authorId=${organizer.uid}`]) {
      const feed = await parser.parseString((await as(t, null)({ url: `/api/feeds/news.atom${query}` })).body);
      expect(feed.items.map((i) => i.title)).toEqual(["Llega el festival"]);
      expect(feed.items[0]!.link).toMatch(new RegExp(`^${ORIGIN}/news/`));
    }
    const json = (await as(t, null)({ url: `/api/feeds/news.json?communityId=${communityId}` })).json() as JsonFeed;
    expect(json.title).toBe("Noticias de Fandango Norteño · Plaza");
    expect(json.items[0]!.summary).toBe("Tres días de música.");
  });

  it("lo oculto o desconocido no sale: 404 con mensaje en español", async () => {
    const hiddenPlace = await createPlace(t, organizer, { name: "Bodega" });
    const hiddenEvent = await createEvent(t, organizer, { title: "Rifa dudosa", startsAt: "2030-05-04T19:30:00-06:00", placeId });
    await as(t, admin)({ method: "POST", url: `/api/places/${hiddenPlace}/moderate`, payload: { action: "hide", reason: "Duplicado." } });
    await as(t, admin)({ method: "POST", url: `/api/events/${hiddenEvent}/moderate`, payload: { action: "hide", reason: "Sorteo sin permiso." } });
    expect((await as(t, null)({ url: `/api/feeds/events.rss?placeId=${placeId}` })).body).not.toContain("Rifa dudosa");
    const cases: [string, string][] = [
      [`/api/feeds/events.rss?placeId=${hiddenPlace}`, "Lugar no encontrado."],
      ["/api/feeds/events.atom?placeId=nada", "Lugar no encontrado."],
      ["/api/feeds/events.json?communityId=nada", "Comunidad no encontrada."],
      ["/api/feeds/events.rss?tag=no-existe", "Etiqueta no encontrada."],
      ["/api/feeds/news.rss?authorId=nadie", "Usuario no encontrado."],
    ];
    for (const [url, message] of cases) {
      const res = await as(t, null)({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    expect((await as(t, null)({ url: "/api/feeds/events.rss?colour=red" })).statusCode).toBe(400);
  });

  it("304 con If-None-Match o If-Modified-Since; el ETag cambia cuando cambia el contenido", async () => {
    const url = `/api/feeds/events.rss?placeId=${placeId}`;
    const first = await as(t, null)({ url });
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);

    const byTag = await as(t, null)({ url, headers: { "if-none-match": etag } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe("");
    const byDate = await as(t, null)({ url, headers: { "if-modified-since": lastModified } });
    expect(byDate.statusCode).toBe(304);
    expect((await as(t, null)({ url, headers: { "if-modified-since": "Mon, 01 Jan 2001 00:00:00 GMT" } })).statusCode).toBe(200);

    // Last-Modified has whole seconds: wait for the next one so the change is newer.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await as(t, organizer)({ method: "PUT", url: `/api/events/${eventId}`, payload: { title: "Concierto de son (nueva fecha)" } });
    const changed = await as(t, null)({ url, headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await parser.parseString(changed.body)).items[0]!.title).toBe("Concierto de son (nueva fecha)");
    expect((await as(t, null)({ url, headers: { "if-modified-since": lastModified } })).statusCode).toBe(200);
  });

  it("la referencia OpenAPI lista los seis feeds, públicos", async () => {
    const doc = (await as(t, null)({ url: "/api/openapi.json" })).json() as { paths: Record<string, { get: { security?: unknown; tags: string[] } }> };
    for (const scope of ["events", "news"]) {
      for (const format of ["rss", "atom", "json"]) {
        const call = doc.paths[`/api/feeds/${scope}.${format}`]?.get;
        expect(call?.tags).toEqual(["feeds"]);
        expect(call?.security).toBeUndefined();
      }
    }
  });
});
