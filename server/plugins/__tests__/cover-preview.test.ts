import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import Fastify, { type FastifyInstance } from "fastify";
import { as, createEvent, createPlace, makePerson, type Person } from "../../routes/content/__tests__/helpers";
import { createTestApp, type TestApp } from "../../test/harness";
import { withCoverPreview } from "../cover-preview";
import { registerStatic } from "../static";

// A detail page opens with its item's cover already in the HTML, so a phone paints the picture
// before the page's scripts arrive. The exported page's loading box is what React renders
// (components/content/detail-page.tsx).

const BOX = '<div class="caja" aria-hidden="true" data-cover-preview=""></div>';
const page = (body: string) => `<!doctype html><html lang="es-MX"><body><main>${body}<p>${"Cargando el evento… ".repeat(60)}</p></main></body></html>`;
const DETAIL = page(BOX);
const STORED = "/uploads/content/0b3c2a52-1d7e-4a55-9d44-3f6f1c1b2a10/960.webp";

function exportWith(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-cover-"));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

/** The `<img>` the page carries inside its cover box, as the browser would find it. */
function coverIn(html: string): Record<string, string> | null {
  const box = /data-cover-preview="">(<img [^>]*>)<\/div>/.exec(html);
  if (!box) return null;
  return Object.fromEntries([...box[1]!.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe("la portada dentro de la página, como texto", () => {
  it("pone la portada guardada en la caja, con el juego de tamaños que pide la página", () => {
    expect(coverIn(withCoverPreview(DETAIL, STORED)!)).toEqual({
      src: STORED,
      srcset: [480, 960, 1600].map((w) => `${STORED.replace("960.webp", `${w}.webp`)} ${w}w`).join(", "),
      sizes: "(min-width: 960px) 960px, 100vw",
      alt: "",
      width: "960",
      height: "540",
      fetchpriority: "high",
    });
  });

  it("una dirección cualquiera va sola y escapada: no puede salir del atributo", () => {
    const html = withCoverPreview(DETAIL, 'https://fotos.example/a.jpg"><script>alert(1)</script>')!;
    expect(html).not.toContain("<script>");
    expect(coverIn(html)).toEqual({ src: "https://fotos.example/a.jpg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;", alt: "", width: "960", height: "540", fetchpriority: "high" });
  });

  it("no toca una página sin caja, con la caja ya llena o con dos cajas", () => {
    expect(withCoverPreview(page("<p>hola</p>"), STORED)).toBeNull();
    expect(withCoverPreview(withCoverPreview(DETAIL, STORED)!, STORED)).toBeNull();
    expect(withCoverPreview(page(BOX + BOX), STORED)).toBeNull();
  });
});

describe("páginas de detalle servidas con su portada", () => {
  let t: TestApp;
  let organizer: Person;
  let admin: Person;
  let root: string;
  const fetchPage = (url: string, acceptEncoding = "gzip, deflate, br", headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { "accept-encoding": acceptEncoding, ...headers } });
  const htmlOf = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
    res.headers["content-encoding"] === "br"
      ? zlib.brotliDecompressSync(res.rawPayload).toString()
      : res.headers["content-encoding"] === "gzip"
        ? zlib.gunzipSync(res.rawPayload).toString()
        : res.rawPayload.toString();

  beforeAll(async () => {
    root = exportWith({ "index.html": page("inicio"), "events/_/index.html": DETAIL, "places/_/index.html": DETAIL });
    t = await createTestApp({ staticDir: root });
    organizer = await makePerson(t, { name: "Colectivo Sarape" });
    admin = await makePerson(t, { accountType: "ADMIN" });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("un evento con portada llega con ella en la página, comprimido y revalidable", async () => {
    const id = await createEvent(t, organizer);
    await t.database.query("UPDATE events SET cover_image = $2 WHERE id = $1", [id, STORED]);
    const res = await fetchPage(`/events/${id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("no-cache");
    // The item's data is still fetched alongside the scripts, and the page's CSP still applies.
    expect(res.headers.link).toBe(`</api/events/${id}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    expect(String(res.headers["content-security-policy"])).toMatch(/script-src 'self'/);
    expect(coverIn(htmlOf(res))).toMatchObject({ src: STORED, fetchpriority: "high" });
    // The same page for a client that only takes gzip, or nothing compressed.
    expect(coverIn(htmlOf(await fetchPage(`/events/${id}`, "gzip")))).toMatchObject({ src: STORED });
    const plain = await fetchPage(`/events/${id}/`, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(coverIn(plain.body)).toMatchObject({ src: STORED });
  });

  it("volver a abrir la página cuesta un 304 mientras la portada no cambia, y la nueva llega en cuanto cambia", async () => {
    const id = await createEvent(t, organizer);
    await t.database.query("UPDATE events SET cover_image = $2 WHERE id = $1", [id, STORED]);
    const first = await fetchPage(`/events/${id}/`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    // The same tag whatever the encoding: it names the page, not the bytes.
    expect((await fetchPage(`/events/${id}/`, "identity")).headers.etag).toBe(etag);
    const again = await fetchPage(`/events/${id}/`, "br", { "if-none-match": etag });
    expect([again.statusCode, again.rawPayload.length, again.headers.etag, again.headers["cache-control"]]).toEqual([304, 0, etag, "no-cache"]);
    expect(String(again.headers["content-security-policy"])).toMatch(/script-src 'self'/);
    // A HEAD asks the same: its 304 names no length, since only the 200's would be true (RFC 9110,
    // 8.6); a HEAD without the tag gets the 200's headers and no body.
    const head = (headers: Record<string, string> = {}) => t.app.inject({ method: "HEAD", url: `/events/${id}/`, headers: { "accept-encoding": "br", ...headers } });
    const headAgain = await head({ "if-none-match": etag });
    expect([headAgain.statusCode, headAgain.headers["content-length"], headAgain.headers.etag, headAgain.rawPayload.length]).toEqual([304, undefined, etag, 0]);
    const headFirst = await head();
    expect([headFirst.statusCode, headFirst.headers["content-length"], headFirst.headers["content-encoding"], headFirst.headers.etag, headFirst.rawPayload.length]).toEqual([
      200,
      String(first.rawPayload.length),
      "br",
      etag,
      0,
    ]);

    // A new cover: the old tag no longer matches, and the page carries the new picture.
    const NEW = STORED.replace("0b3c2a52", "7e1d0c44");
    await t.database.query("UPDATE events SET cover_image = $2 WHERE id = $1", [id, NEW]);
    // Any change through the API retires what the server kept of public content.
    expect((await as(t, organizer)({ method: "PUT", url: `/api/events/${id}`, payload: { description: "Con foto nueva." } })).statusCode).toBe(200);
    const changed = await fetchPage(`/events/${id}/`, "br", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(coverIn(htmlOf(changed))).toMatchObject({ src: NEW });
  });

  it("lo que no se ve sin sesión no se asoma: oculto, sin portada, desconocido o mal escrito, la página va tal cual", async () => {
    const hidden = await createEvent(t, organizer, { title: "Rifa dudosa" });
    await t.database.query("UPDATE events SET cover_image = $2 WHERE id = $1", [hidden, STORED]);
    expect(coverIn(htmlOf(await fetchPage(`/events/${hidden}/`)))).not.toBeNull();
    const hide = await as(t, admin)({ method: "POST", url: `/api/events/${hidden}/moderate`, payload: { action: "hide", reason: "Sorteo sin permiso." } });
    expect(hide.statusCode).toBe(200);

    const bare = await createPlace(t, organizer, { name: "Foro sin foto" });
    for (const url of [`/events/${hidden}/`, `/places/${bare}/`, "/events/00000000-0000-4000-8000-000000000000/", "/events/no-es-un-id/", "/places/nada/"]) {
      const res = await fetchPage(url);
      expect({ url, status: res.statusCode, html: htmlOf(res) }).toEqual({ url, status: 200, html: DETAIL });
    }
  });

  it("la portada de un lugar también", async () => {
    const id = await createPlace(t, organizer, { name: "Foro con foto" });
    await t.database.query("UPDATE places SET cover_image = $2 WHERE id = $1", [id, STORED]);
    expect(coverIn(htmlOf(await fetchPage(`/places/${id}/`)))).toMatchObject({ src: STORED });
  });
});

describe("quien pide páginas sin parar", () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = exportWith({ "index.html": page("inicio"), "events/_/index.html": DETAIL });
    // The real limiter with a ceiling of 3 a minute per IP (the harness otherwise raises limits).
    t = await createTestApp({ staticDir: root, env: { RATE_LIMIT: "on", RATE_LIMIT_SCALE: "1", RATE_LIMIT_GLOBAL_MAX: "3", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("sigue recibiendo la página, y sin portada pasado su límite: la base deja de trabajar para esa IP", async () => {
    const organizer = await makePerson(t, { name: "Colectivo Sarape" });
    const id = await createEvent(t, organizer);
    await t.database.query("UPDATE events SET cover_image = $2 WHERE id = $1", [id, STORED]);
    const from = (ip: string) => t.app.inject({ method: "GET", url: `/events/${id}/`, headers: { "x-forwarded-for": ip } });
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const res = await from("203.0.113.7");
      seen.push([res.statusCode, coverIn(res.body) !== null]);
    }
    expect(seen).toEqual([
      [200, true],
      [200, true],
      [200, true],
      [200, false],
    ]);
    // Another client is not affected.
    expect(coverIn((await from("203.0.113.8")).body)).toMatchObject({ src: STORED });
  });
});

describe("si la portada no llega", () => {
  let root: string;
  let app: FastifyInstance;
  const serve = async (coverOf: () => Promise<string | null>) => {
    app = Fastify();
    await registerStatic(app, { root, apiPrefix: "/api", coverOf });
    return app.inject({ method: "GET", url: "/events/abc/" });
  };

  beforeAll(() => {
    root = exportWith({ "index.html": page("inicio"), "events/_/index.html": DETAIL });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("un error al buscarla no tumba la página: se envía sin portada", async () => {
    const res = await serve(() => Promise.reject(new Error("la base no responde")));
    expect([res.statusCode, res.body]).toEqual([200, DETAIL]);
    await app.close();
  });

  it("una búsqueda que no termina no la detiene: la página sale sin portada", async () => {
    // Without the budget this request would never be answered and the test would time out.
    const res = await serve(() => new Promise(() => {}));
    expect([res.statusCode, res.body]).toEqual([200, DETAIL]);
  });
});
