import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../test/harness";

// Per-page CSP: the build script hashes each exported page's inline scripts and the server sends
// each page exactly its own hashes, never 'unsafe-inline'. A small fake export stands in for out/.

const ROOT = path.join(__dirname, "../../..");

const SCRIPTS = {
  boot: '(self.__next_f=self.__next_f||[]).push([0])',
  home: 'self.__next_f.push([1,"inicio"])',
  // CRLF in the file: browsers hash the parsed text, where it is a single LF.
  event: 'self.__next_f.push([1,"evento"]);\r\nconsole.log("<b>&amp;</b>")',
  notFound: 'self.__next_f.push([1,"404"])',
};
const parsedText = (script: string) => script.replace(/\r\n/g, "\n");
const sha = (script: string) => `'sha256-${crypto.createHash("sha256").update(parsedText(script)).digest("base64")}'`;
const page = (...scripts: string[]) =>
  `<!DOCTYPE html><html><head><script src="/_next/static/a.js" async></script></head><body>${scripts.map((s) => `<script>${s}</script>`).join("")}<script type="application/ld+json">{}</script></body></html>`;

const FILES: Record<string, string> = {
  "index.html": page(SCRIPTS.boot, SCRIPTS.home),
  "events/_/index.html": page(SCRIPTS.boot, SCRIPTS.event),
  "404.html": page(SCRIPTS.boot, SCRIPTS.notFound),
  "login/index.html": "<!DOCTYPE html><html><body>sin scripts</body></html>",
  "_next/static/a.js": "console.log('a')",
  "sw.js": "self.addEventListener('fetch', () => {})",
};

const EXPECTED: Record<string, string[]> = {
  "/": [sha(SCRIPTS.boot), sha(SCRIPTS.home), sha("{}")],
  "/events/abc123/": [sha(SCRIPTS.boot), sha(SCRIPTS.event), sha("{}")],
  "/no-existe/": [sha(SCRIPTS.boot), sha(SCRIPTS.notFound), sha("{}")],
  "/login/": [],
};

function scriptSrc(header: unknown): string[] {
  const directive = String(header)
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  return directive?.slice(1) ?? [];
}

function buildManifest(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["scripts/lib/csp-manifest.mjs", dir], { cwd: ROOT, timeout: 30_000 }, (error) => (error ? reject(error) : resolve()));
  });
}

describe("CSP por página del export", () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-csp-"));
    for (const [file, content] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    }
    await buildManifest(root);
    t = await createTestApp({ staticDir: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("cada página lleva exactamente los hashes de sus scripts en línea y nunca 'unsafe-inline'", async () => {
    for (const [url, hashes] of Object.entries(EXPECTED)) {
      const res = await t.request({ url });
      const sources = scriptSrc(res.headers["content-security-policy"]);
      expect({ url, status: res.statusCode }).toEqual({ url, status: url === "/no-existe/" ? 404 : 200 });
      expect({ url, hashes: sources.filter((s) => s.startsWith("'sha256-")).sort() }).toEqual({ url, hashes: [...hashes].sort() });
      expect({ url, sources }).toEqual({ url, sources: expect.arrayContaining(["'self'", "https://apis.google.com", "https://www.gstatic.com"]) });
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
    }
  });

  it("la referencia de la API y el script del service worker (su política es la del worker) llevan la de la PWA, sin hashes", async () => {
    for (const url of ["/api/docs/", "/api/docs/json", "/api/docs/static/swagger-ui.css?v=1", "/sw.js"]) {
      const res = await t.request({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      const sources = scriptSrc(res.headers["content-security-policy"]);
      expect({ url, sources }).toEqual({ url, sources: ["'self'", "https://apis.google.com", "https://www.gstatic.com"] });
      expect({ url, opener: res.headers["cross-origin-opener-policy"] }).toEqual({ url, opener: "same-origin-allow-popups" });
    }
  });

  it("lo que no es una página de la app (datos de la API, scripts, estilos e imágenes) lleva una política mínima en lugar de la de las páginas, y ninguna cabecera que solo lee un documento", async () => {
    const urls = ["/api/health", "/api/events?limit=1", "/api/feeds/events.rss", "/api/embed.js", "/api/docsx", "/api/no-existe", "/_next/static/a.js"];
    const missing = ["/_next/static/no-existe.js", "/icons/no-existe.png", "/uploads/content/no-existe/480.webp"];
    for (const url of [...urls, ...missing]) {
      const res = await t.request({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: missing.includes(url) || url === "/api/no-existe" || url === "/api/docsx" ? 404 : 200 });
      expect({ url, csp: res.headers["content-security-policy"] }).toEqual({ url, csp: "default-src 'none';frame-ancestors 'none'" });
      // The rest of the security headers stay as they were, but for those only a document reads.
      expect({ url, nosniff: res.headers["x-content-type-options"], frame: res.headers["x-frame-options"] }).toEqual({ url, nosniff: "nosniff", frame: "SAMEORIGIN" });
      const documentOnly = ["cross-origin-opener-policy", "origin-agent-cluster", "x-dns-prefetch-control", "x-download-options", "x-xss-protection"];
      expect({ url, sent: documentOnly.filter((name) => res.headers[name] !== undefined) }).toEqual({ url, sent: [] });
    }
  });

  it("una página que falta en el manifiesto se sirve con la política estricta, sin hashes", async () => {
    fs.writeFileSync(path.join(root, "nueva.html"), page("alert(1)"));
    const res = await t.request({ url: "/nueva.html" });
    expect(res.statusCode).toBe(200);
    expect(scriptSrc(res.headers["content-security-policy"]).filter((s) => s.startsWith("'sha256-"))).toEqual([]);
  });

  it("una construcción nueva del export se aplica sin reiniciar el servidor", async () => {
    const changed = 'self.__next_f.push([1,"inicio v2"])';
    fs.writeFileSync(path.join(root, "index.html"), page(SCRIPTS.boot, changed));
    await buildManifest(root);
    // Same-second rewrites can keep the mtime; make sure the new manifest looks new.
    const future = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, "csp-manifest.json"), future, future);
    const res = await t.request({ url: "/" });
    expect(scriptSrc(res.headers["content-security-policy"]).filter((s) => s.startsWith("'sha256-")).sort()).toEqual([sha(SCRIPTS.boot), sha(changed), sha("{}")].sort());
  });
});
