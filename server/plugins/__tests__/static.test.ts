import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../test/harness";
import { cacheControlFor, safeSegments } from "../static";

// A tiny fake Next export (trailingSlash: true, dynamic pages under the placeholder `_`).

const FILES: Record<string, string> = {
  "index.html": "<html>inicio</html>",
  "index.txt": "rsc-inicio",
  "404.html": "<html>no encontrada</html>",
  "login/index.html": "<html>login</html>",
  "events/_/index.html": "<html>evento placeholder</html>",
  "events/_/index.txt": "rsc-evento",
  "events/_/__next.x.txt": "rsc-evento-segmento",
  "events/_/edit/index.html": "<html>editar evento</html>",
  "events/create/index.html": "<html>crear evento</html>",
  "communities/_/edit.members/index.html": "<html>miembros</html>",
  "_next/static/a.js": "console.log('a')",
  "sw.js": "self.addEventListener('fetch', () => {})",
  "manifest.webmanifest": "{}",
  "icons/icon-192.png": "png",
  ".env": "SECRETO=1",
};

// Big enough to be worth compressing, with the `.br`/`.gz` siblings the build writes.
const BIG_PAGE = `<html>${"<p>Agenda cultural de la ciudad</p>".repeat(200)}</html>`;
const BIG_ASSET = `console.log(${JSON.stringify("Plaza ".repeat(400))});`;
const PRECOMPRESSED: Record<string, string> = {
  "places/_/index.html": BIG_PAGE,
  "_next/static/chunks/app.js": BIG_ASSET,
};

describe("PWA estática con reescrituras", () => {
  let base: string;
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-static-"));
    root = path.join(base, "out");
    for (const [file, content] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    }
    for (const [file, content] of Object.entries(PRECOMPRESSED)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
      fs.writeFileSync(path.join(root, `${file}.br`), zlib.brotliCompressSync(content));
      fs.writeFileSync(path.join(root, `${file}.gz`), zlib.gzipSync(content));
    }
    // Outside the export: must never be reachable.
    fs.writeFileSync(path.join(base, "secreto.txt"), "no-deberias-verme");
    t = await createTestApp({ staticDir: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  const get = (url: string) => t.request({ url });

  it("sirve la página de inicio", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FILES["index.html"]);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("reescribe un id real de una ruta dinámica a la página del placeholder, con y sin diagonal final", async () => {
    for (const url of ["/events/abc123/", "/events/abc123", "/events/abc123/?ref=compartido"]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 200, body: FILES["events/_/index.html"] });
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    expect((await get("/events/abc123/edit/")).body).toBe(FILES["events/_/edit/index.html"]);
    expect((await get("/communities/c-9/edit.members/")).body).toBe(FILES["communities/_/edit.members/index.html"]);
  });

  it("pide al navegador, junto con la página de un detalle, el elemento que esa página va a leer", async () => {
    const preload = (url: string) => get(url).then((res) => res.headers.link ?? null);
    expect(await preload("/events/abc123/")).toBe("</api/events/abc123>; rel=preload; as=fetch; crossorigin=use-credentials");
    expect(await preload("/events/abc123")).toBe("</api/events/abc123>; rel=preload; as=fetch; crossorigin=use-credentials");
    // The id travels encoded exactly as the client's request writes it.
    expect(await preload("/events/caf%C3%A9%20y%20pan/")).toBe("</api/events/caf%C3%A9%20y%20pan>; rel=preload; as=fetch; crossorigin=use-credentials");
    // Not for the placeholder itself, the client navigation's payloads, editors or other pages.
    for (const url of ["/events/_/", "/events/abc123/index.txt", "/events/abc123/edit/", "/events/create/", "/"]) {
      expect({ url, link: await preload(url) }).toEqual({ url, link: null });
    }
  });

  it("reescribe los archivos RSC (.txt) que pide la navegación del cliente", async () => {
    const index = await get("/events/abc123/index.txt");
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(FILES["events/_/index.txt"]);
    expect(index.headers["content-type"]).toMatch(/^text\/plain/);
    expect(index.headers["cache-control"]).toBe("no-cache");

    const segment = await get("/events/abc123/__next.x.txt");
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe(FILES["events/_/__next.x.txt"]);

    expect((await get("/events/abc123/__next.no-existe.txt")).statusCode).toBe(404);
  });

  it("no confunde una ruta estática con un id", async () => {
    const res = await get("/events/create/");
    expect(res.body).toBe(FILES["events/create/index.html"]);
  });

  it("sirve las páginas estáticas con o sin diagonal final", async () => {
    for (const url of ["/login/", "/login"]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 200, body: FILES["login/index.html"] });
    }
  });

  it("marca los recursos con hash como inmutables y revalida el worker y el manifiesto", async () => {
    const asset = await get("/_next/static/a.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const worker = await get("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.body).toBe(FILES["sw.js"]);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(worker.headers["content-type"]).toMatch(/javascript/);

    expect((await get("/manifest.webmanifest")).headers["cache-control"]).toBe("no-cache");
    expect((await get("/icons/icon-192.png")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("responde 404 con la página 404 a rutas desconocidas", async () => {
    for (const url of ["/no-existe", "/no-existe/", "/events", "/events/abc123/extra/otra/"]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 404, body: FILES["404.html"] });
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
  });

  it("a un archivo que falta en las carpetas de archivos responde un 404 de texto, no la página 404 (que llegaría sin la política de una página)", async () => {
    for (const url of ["/_next/static/no.js", "/_next/static/chunks/viejo.css?v=1", "/icons/no.png", "/icons/"]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, body: res.body, type: res.headers["content-type"] }).toEqual({
        url,
        status: 404,
        body: "Archivo no encontrado.",
        type: "text/plain; charset=utf-8",
      });
    }
  });

  it("nunca sirve HTML a rutas de /api", async () => {
    for (const url of ["/api/no-existe", "/api/users/x/y/z", "/api"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: "Recurso no encontrado.", code: "NOT_FOUND" });
    }
  });

  it("impide salir de la carpeta del export y leer archivos ocultos", async () => {
    const attempts = [
      "/../secreto.txt",
      "/%2e%2e/secreto.txt",
      "/..%2fsecreto.txt",
      "/events/..%2f..%2fsecreto.txt",
      "/events/abc/..%2f..%2f..%2fsecreto.txt",
      "/_next/static/..%5c..%5c..%5csecreto.txt",
      "/%00index.html",
      "/.env",
      "/%2eenv",
      "/%E0%A4%A",
    ];
    for (const url of attempts) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: res.statusCode === 400 ? 400 : 404 });
      expect(res.body).not.toContain("no-deberias-verme");
      expect(res.body).not.toContain("SECRETO");
    }
  });

  it("responde HEAD sin cuerpo", async () => {
    const res = await t.request({ method: "HEAD", url: "/events/abc123/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
  });

  it("revalida una página con GET y con HEAD: 304 sin cuerpo y sin largo, que solo podría ser el del 200", async () => {
    const first = await t.app.inject({ method: "GET", url: "/login/" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/"/);
    for (const method of ["GET", "HEAD"] as const) {
      const again = await t.app.inject({ method, url: "/login/", headers: { "if-none-match": etag } });
      expect([method, again.statusCode, again.headers["content-length"], again.rawPayload.length]).toEqual([method, 304, undefined, 0]);
    }
    const head = await t.app.inject({ method: "HEAD", url: "/login/" });
    expect([head.statusCode, head.headers["content-length"], head.rawPayload.length]).toEqual([200, String(first.rawPayload.length), 0]);
  });

  describe("archivos precomprimidos por la construcción", () => {
    const fetchRaw = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
      t.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

    it("envía brotli a quien lo acepta, con las cabeceras correctas y los mismos bytes", async () => {
      const res = await fetchRaw("/places/abc123/", "gzip, deflate, br");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(BIG_PAGE.length);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_PAGE);
      // The page keeps its own CSP, as the uncompressed one does.
      expect(String(res.headers["content-security-policy"])).toMatch(/script-src 'self'/);
    });

    it("envía gzip a quien solo acepta gzip", async () => {
      const res = await fetchRaw("/_next/static/chunks/app.js", "gzip");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(BIG_ASSET);
    });

    it("envía el archivo tal cual sin Accept-Encoding", async () => {
      for (const acceptEncoding of [undefined, "identity"]) {
        const res = await fetchRaw("/places/abc123/", acceptEncoding);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBeUndefined();
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.body).toBe(BIG_PAGE);
      }
    });

    it("responde HEAD con las cabeceras de la versión comprimida y sin cuerpo", async () => {
      const res = await fetchRaw("/_next/static/chunks/app.js", "br", "HEAD");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(Number(res.headers["content-length"])).toBe(fs.statSync(path.join(root, "_next/static/chunks/app.js.br")).size);
      expect(res.body).toBe("");
    });

    it("marca inmutable el recurso con hash comprimido y revalida el HTML", async () => {
      const asset = await fetchRaw("/_next/static/chunks/app.js", "br");
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const page = await fetchRaw("/places/abc123/", "br");
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.headers["cache-control"]).not.toContain("immutable");
    });

    it("envía el original cuando no hay versión comprimida", async () => {
      const res = await fetchRaw("/login/", "br");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body).toBe(FILES["login/index.html"]);
    });
  });

  it("envía las cabeceras de seguridad con una CSP que permite el emulador de Auth", async () => {
    const res = await get("/");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:9099/);
    expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:9099/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });

  it("envía las mismas cabeceras de seguridad en las respuestas de la API, también en un error", async () => {
    for (const url of ["/api/health", "/api/no-existe"]) {
      const res = await get(url);
      expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
    }
  });
});

describe("PWA sin construir", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ staticDir: path.join(os.tmpdir(), "plaza-no-existe-este-export") });
  });
  afterAll(async () => {
    await t.close();
  });

  it("explica en español que falta construir la app en vez de fallar", async () => {
    const res = await t.request({ url: "/events/abc/" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("npm run build");
    expect(res.body).toContain("aún no está construida");
  });

  it("a los archivos del build responde lo mismo en texto: no son páginas", async () => {
    const res = await t.request({ url: "/_next/static/chunks/a.js" });
    expect({ status: res.statusCode, type: res.headers["content-type"], body: res.body }).toEqual({ status: 503, type: "text/plain; charset=utf-8", body: "La app aún no está construida." });
  });

  it("la API sigue funcionando", async () => {
    const res = await t.request({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
  });
});

describe("reglas puras", () => {
  it("rechaza segmentos peligrosos", () => {
    expect(safeSegments("/a/b/")).toEqual(["a", "b"]);
    expect(safeSegments("/a/%20b")).toEqual(["a", " b"]);
    expect(safeSegments("/a/../b")).toBeNull();
    expect(safeSegments("/a/%2e%2e/b")).toBeNull();
    expect(safeSegments("/a%2f..")).toBeNull();
    expect(safeSegments("/a%5cb")).toBeNull();
    expect(safeSegments("/%00")).toBeNull();
    expect(safeSegments("/.git/config")).toBeNull();
    expect(safeSegments("/%E0%A4%A")).toBeNull();
  });

  it("decide la caché por ruta", () => {
    expect(cacheControlFor("/_next/static/chunks/x.js")).toContain("immutable");
    expect(cacheControlFor("/sw.js")).toBe("no-cache");
    expect(cacheControlFor("/events/_/index.html")).toBe("no-cache");
    expect(cacheControlFor("/events/_/__next.a.txt")).toBe("no-cache");
    expect(cacheControlFor("/favicon.ico")).toBe("public, max-age=3600");
  });
});
