import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, createPlace, createTag, makePerson, type Person } from "../../content/__tests__/helpers";

// The embeddable agenda read as a browser would: the HTML parsed, its list, links, times and
// images; the headers that let any site frame it (and only it); 304 on a repeated load.

const ORIGIN = "https://plaza.ejemplo.mx";

/** The little of the DOM these checks read: typed here so the server's types stay free of the DOM library. */
interface Node {
  textContent: string | null;
  getAttribute(name: string): string | null;
  parentElement: Node | null;
}
interface Doc {
  documentElement: Node;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
}
// jsdom parses as a browser would; loaded untyped because its types pull in the DOM library.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { JSDOM } = require("jsdom") as { JSDOM: new (html: string) => { window: { document: Doc } } };
const parse = (html: string) => new JSDOM(html).window.document;
const titles = (doc: Doc) => Array.from(doc.querySelectorAll("li a.title")).map((a) => a.textContent);
const attr = (node: Node | null, name: string) => node?.getAttribute(name) ?? null;

describe("agenda para insertar (GET /api/embed/agenda, /api/embed.js)", () => {
  let t: TestApp;
  let organizer: Person;
  let admin: Person;
  let placeId: string;
  let communityId: string;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: `${ORIGIN}/`, TRUST_PROXY: "true" } });
    organizer = await makePerson(t, { name: "Colectivo Sarape" });
    admin = await makePerson(t, { accountType: "ADMIN" });
    await createTag(t, admin, "Música", "musica");
    placeId = await createPlace(t, organizer, { name: "Teatro Fernando Soler" });
    communityId = await createCommunity(t, organizer, "Fandango <Norteño>");
    eventId = await createEvent(t, organizer, {
      title: "Concierto de son & <huapango>",
      startsAt: "2030-05-02T19:30:00-06:00",
      placeId,
      communityId,
      tags: ["musica"],
    });
    await createEvent(t, organizer, { title: "Taller en línea", startsAt: "2030-05-03T19:30:00-06:00", onlineUrl: "https://meet.example/taller" });
    await createEvent(t, organizer, { title: "Tercero en el teatro", startsAt: "2030-05-04T19:30:00-06:00", placeId });
  });
  afterAll(async () => {
    await t.close();
  });

  it("la agenda de una comunidad: sus eventos enlazados a Plaza, con fecha y lugar en es-MX, texto escapado", async () => {
    const res = await as(t, null)({ url: `/api/embed/agenda?communityId=${communityId}`, headers: { host: "phishing.example", "x-forwarded-host": "phishing.example" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).not.toContain("phishing.example");
    expect(res.body).not.toContain("<huapango>");
    const doc = parse(res.body);
    expect(attr(doc.documentElement, "lang")).toBe("es-MX");
    expect(doc.querySelector("h1")?.textContent).toBe("Próximos eventos de Fandango <Norteño>");
    expect(titles(doc)).toEqual(["Concierto de son & <huapango>"]);
    const link = doc.querySelector("li a.title");
    expect(attr(link, "href")).toBe(`${ORIGIN}/events/${eventId}`);
    expect(attr(link, "target")).toBe("_blank");
    expect(attr(link, "rel")).toBe("noopener");
    const time = doc.querySelector("li time");
    expect(time?.textContent).toBe("2 de mayo de 2030 a las 7:30 p.m.");
    expect(attr(time, "datetime")).toBe("2030-05-03T01:30:00.000Z");
    expect(time?.parentElement?.textContent).toContain("Teatro Fernando Soler");
    expect(attr(doc.querySelector("footer a"), "href")).toBe(`${ORIGIN}/communities/${communityId}`);
    // Compact by default: no images.
    expect(doc.querySelector("img")).toBeNull();
  });

  it("por lugar, etiqueta o búsqueda; límite; tema oscuro y diseño con imágenes", async () => {
    expect(titles(parse((await as(t, null)({ url: `/api/embed/agenda?placeId=${placeId}` })).body))).toEqual(["Concierto de son & <huapango>", "Tercero en el teatro"]);
    expect(titles(parse((await as(t, null)({ url: `/api/embed/agenda?placeId=${placeId}&limit=1` })).body))).toEqual(["Concierto de son & <huapango>"]);
    const byTag = parse((await as(t, null)({ url: "/api/embed/agenda?tag=musica" })).body);
    expect(byTag.querySelector("h1")?.textContent).toBe("Próximos eventos con #Música");
    expect(titles(byTag)).toEqual(["Concierto de son & <huapango>"]);
    expect(titles(parse((await as(t, null)({ url: "/api/embed/agenda?mode=online" })).body))).toEqual(["Taller en línea"]);
    const city = parse((await as(t, null)({ url: "/api/embed/agenda" })).body);
    expect(city.querySelector("h1")?.textContent).toBe("Próximos eventos en Saltillo");
    expect(titles(city)).toHaveLength(3);

    await t.database.query("UPDATE events SET cover_image = '/uploads/portada.webp' WHERE id = $1", [eventId]);
    const res = await as(t, null)({ url: `/api/embed/agenda?placeId=${placeId}&theme=dark&layout=images` });
    const doc = parse(res.body);
    expect(res.body).toContain("--scheme:dark");
    const image = doc.querySelector("li img");
    expect(attr(image, "src")).toBe(`${ORIGIN}/uploads/portada.webp`);
    expect(attr(image, "alt")).toBe("");
    expect([attr(image, "width"), attr(image, "height")]).toEqual(["96", "64"]);
  });

  it("sin eventos lo dice; lo oculto no sale; lo desconocido es 404 y lo mal escrito 400, en español", async () => {
    const empty = await createPlace(t, organizer, { name: "Foro vacío" });
    expect(parse((await as(t, null)({ url: `/api/embed/agenda?placeId=${empty}` })).body).querySelector(".empty")?.textContent).toBe("No hay eventos próximos.");
    const hidden = await createEvent(t, organizer, { title: "Rifa dudosa", startsAt: "2030-05-05T19:30:00-06:00", placeId });
    await as(t, admin)({ method: "POST", url: `/api/events/${hidden}/moderate`, payload: { action: "hide", reason: "Sorteo sin permiso." } });
    expect((await as(t, null)({ url: `/api/embed/agenda?placeId=${placeId}` })).body).not.toContain("Rifa dudosa");

    for (const [url, message] of [
      ["/api/embed/agenda?placeId=nada", "Lugar no encontrado."],
      ["/api/embed/agenda?communityId=nada", "Comunidad no encontrada."],
      ["/api/embed/agenda?tag=no-existe", "Etiqueta no encontrada."],
    ]) {
      const res = await as(t, null)({ url: url! });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    for (const [query, message] of [
      ["theme=rosa", "Tema no válido: usa light o dark."],
      ["layout=grande", "Diseño no válido: usa compact o images."],
      ["limit=50", "Muestra como mucho 20 eventos."],
      ["limit=0", "Muestra al menos 1 evento."],
    ]) {
      const res = await as(t, null)({ url: `/api/embed/agenda?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Los datos enviados no son válidos.");
      expect((res.json().issues as { message: string }[]).map((issue) => issue.message)).toContain(message);
    }
    expect((await as(t, null)({ url: "/api/embed/agenda?colour=red" })).statusCode).toBe(400);
  });

  it("cualquier sitio puede enmarcar la agenda y cargar el script; el resto de Plaza no se deja enmarcar", async () => {
    const page = await as(t, null)({ url: `/api/embed/agenda?placeId=${placeId}` });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.headers["x-frame-options"]).toBeUndefined();
    // A page: the headers only a document reads come with it (server/plugins/security.ts).
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(page.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    // The inline script is the one the policy allows, and nothing loads the app or a worker.
    const doc = parse(page.body);
    expect(doc.querySelectorAll("script").length).toBe(1);
    expect(doc.querySelector("script[src], link[rel=manifest]")).toBeNull();
    expect(page.body).not.toContain("serviceWorker");

    const script = await as(t, null)({ url: "/api/embed.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(script.body).toContain("/api/embed/agenda?");

    for (const url of ["/api/events", "/api/feeds/events.rss", "/api/health"]) {
      const other = await as(t, null)({ url });
      expect(String(other.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(other.headers["x-frame-options"]).toBe("SAMEORIGIN");
    }
  });

  it("304 con If-None-Match o If-Modified-Since, como los feeds", async () => {
    const url = `/api/embed/agenda?placeId=${placeId}`;
    const first = await as(t, null)({ url });
    expect(first.headers["cache-control"]).toBe("public, max-age=300");
    const again = await as(t, null)({ url, headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect((await as(t, null)({ url, headers: { "if-modified-since": String(first.headers["last-modified"]) } })).statusCode).toBe(304);
    const script = await as(t, null)({ url: "/api/embed.js" });
    expect((await as(t, null)({ url: "/api/embed.js", headers: { "if-none-match": String(script.headers.etag) } })).statusCode).toBe(304);
  });

  it("la referencia OpenAPI lista las dos llamadas, públicas", async () => {
    const doc = (await as(t, null)({ url: "/api/openapi.json" })).json() as { paths: Record<string, { get: { security?: unknown; tags: string[] } }> };
    for (const path of ["/api/embed/agenda", "/api/embed.js"]) {
      expect(doc.paths[path]?.get.tags).toEqual(["embed"]);
      expect(doc.paths[path]?.get.security).toBeUndefined();
    }
  });
});
