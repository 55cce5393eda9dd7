import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { matchDynamicRoute, pageItem } from "../../lib/routes";
import { apiItemPath, ITEM_PRELOAD_CREDENTIALS } from "../../lib/paths";
import { LOCALE } from "../../lib/schemas/constants";
import { acceptedEncoding, BUILT_BROTLI } from "./compression";
import { coverPainter, type CoverLookup } from "./cover-preview";
import { etagMatches, etagOf } from "./etag";
import { withScriptHashes } from "./security";

// Serves the Next static export (trailingSlash: true, so each page is `<route>/index.html` plus
// its `.txt` RSC payloads) on the API's origin. Dynamic pages exist once, under the placeholder
// id `_`; a real id is answered with the placeholder's files and the client reads the id from
// the URL. Anything that is neither a file nor a page gets the export's 404 page. Each HTML file
// is sent with a CSP that allows exactly its own inline scripts, by the hashes the build wrote
// into `csp-manifest.json` (scripts/lib/csp-manifest.mjs). The build also wrote `.br`/`.gz`
// siblings of every text file (scripts/lib/precompress.mjs): they are sent as they are to a
// client that accepts them. A detail page of an item everyone may see is sent with the item's
// cover already in it (cover-preview.ts), compressed as it goes out.

export interface StaticOptions {
  /** Where the API is mounted on this origin: its paths are never answered with the app shell. */
  apiPrefix: string;
  /** Absolute path of the export (`out/`). */
  root: string;
  /**
   * The cover of an item everyone may see, painted into its detail page; null otherwise, or when
   * this client has used up its budget for the server's work (the page then goes out as it is).
   */
  coverOf?: CoverLookup;
  /** How long a page waits for its cover before it goes out without it (DEFAULT_COVER_BUDGET_MS). */
  coverBudgetMs?: number;
}

/**
 * The export's folders that hold only files, never pages: their answers (a missing file included)
 * are not documents, and get the headers of one (server/plugins/security.ts).
 */
export const ASSET_PREFIXES = ["/_next/static/", "/icons/"] as const;
const isAsset = (urlPath: string) => ASSET_PREFIXES.some((prefix) => urlPath.startsWith(prefix));

/** The short answers in words, for what has no page to show. */
function sendText(reply: FastifyReply, status: number, cacheControl: string, text: string): FastifyReply {
  return reply.code(status).header("cache-control", cacheControl).type("text/plain; charset=utf-8").send(text);
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const SHORT = "public, max-age=3600";
// Files the build precompresses; their answer depends on Accept-Encoding, so caches must know.
const PRECOMPRESSED = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest|ics|map)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Hashed build assets never change; the worker, pages, RSC payloads and manifest must be
 * revalidated or a new version would never reach people.
 */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith("/_next/static/")) return IMMUTABLE;
  const base = urlPath.slice(urlPath.lastIndexOf("/") + 1);
  if (base === "sw.js" || base.startsWith("swe-worker") || base.startsWith("workbox-")) return REVALIDATE;
  if (base === "" || /\.(html|txt|webmanifest|json)$/.test(base) || base.startsWith("manifest")) return REVALIDATE;
  return SHORT;
}

/**
 * Splits a URL path into decoded segments, or null when it could escape the export folder or
 * reach hidden files: `..`, `.`, encoded slashes or backslashes, NUL bytes, dot-files.
 */
export function safeSegments(urlPath: string): string[] | null {
  const raw = urlPath.split("/").filter((s) => s.length > 0);
  const segments: string[] = [];
  for (const part of raw) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (decoded.startsWith(".") || /[/\\\0]/.test(decoded)) return null;
    segments.push(decoded);
  }
  return segments;
}

/** Written by the build next to the export. */
export const CSP_MANIFEST = "csp-manifest.json";

const cspManifestSchema = z.object({
  version: z.literal(1),
  // Only well-formed hash sources: the values go straight into a response header.
  pages: z.record(z.string(), z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/))),
});

/**
 * The hashes of one exported HTML file, from the manifest (re-read when a new build replaces
 * it). Null when the page is not listed: it is then served with the strict policy alone.
 */
function scriptHashesReader(root: string, log: FastifyBaseLogger) {
  const manifestPath = path.join(root, CSP_MANIFEST);
  let cached: { mtimeMs: number; pages: Record<string, string[]> } | null = null;
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    log.warn(message);
  };
  return (relative: string): readonly string[] | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(manifestPath).mtimeMs;
    } catch {
      warnOnce("", `Falta ${manifestPath}: las páginas se sirven sin sus scripts en línea. Vuelve a construir con npm run build.`);
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
      } catch {
        raw = null;
      }
      const parsed = cspManifestSchema.safeParse(raw);
      if (!parsed.success) {
        warnOnce(`invalid:${mtimeMs}`, `${manifestPath} no es válido: las páginas se sirven sin sus scripts en línea.`);
        return null;
      }
      cached = { mtimeMs, pages: parsed.data.pages };
    }
    const hashes = cached.pages[relative];
    if (!hashes) warnOnce(relative, `${relative} no está en ${CSP_MANIFEST}: sus scripts en línea quedarán bloqueados.`);
    return hashes ?? null;
  };
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="${LOCALE}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plaza — la app aún no está construida</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>La app web de Plaza aún no está construida</h1>
<p>El servidor de la API está funcionando, pero no encontró los archivos de la app.</p>
<p>Ejecuta <code>npm run build</code> y vuelve a cargar esta página. La referencia de la API está en <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const root = path.resolve(options.root);
  // No `root` here (it is passed on each sendFile): the plugin would otherwise warn at startup
  // whenever the export has not been built yet, which is a state this handler already explains.
  await app.register(fastifyStatic, {
    serve: false,
    // Cache-Control is decided per path below; `send` must not add its own.
    cacheControl: false,
    dotfiles: "deny",
    index: false,
    // Sends `<file>.br` or `<file>.gz` with its Content-Encoding when the client accepts it and
    // the sibling exists, else the file itself.
    preCompressed: true,
  });

  const scriptHashes = scriptHashesReader(root, app.log);
  const paintedPage = options.coverOf ? coverPainter(root, options.coverOf, options.coverBudgetMs) : null;

  function headersFor(reply: FastifyReply, relative: string, status: number, cacheFor: string): FastifyReply {
    reply.code(status).header("cache-control", cacheControlFor(cacheFor));
    if (PRECOMPRESSED.test(relative)) reply.header("vary", "accept-encoding");
    const policy = reply.getHeader("content-security-policy");
    if (relative.endsWith(".html") && typeof policy === "string") {
      const hashes = scriptHashes(relative);
      if (hashes) reply.header("content-security-policy", withScriptHashes(policy, hashes));
    }
    return reply;
  }

  async function sendFromRoot(reply: FastifyReply, relative: string, status: number, cacheFor: string): Promise<FastifyReply> {
    return headersFor(reply, relative, status, cacheFor).sendFile(relative, root);
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: string, html: string): Promise<FastifyReply> {
    // Revalidating a page it already has costs the browser a 304, and the server no compression.
    const etag = etagOf(html);
    headersFor(reply, page, 200, `/${page}`).header("etag", etag);
    if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
    reply.type("text/html; charset=utf-8");
    const encoding = acceptedEncoding(request.headers);
    if (encoding === "br") return reply.header("content-encoding", "br").send(await brotli(html, BUILT_BROTLI));
    if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(await gzip(html));
    return reply.send(html);
  }

  async function notFoundPage(reply: FastifyReply, urlPath: string): Promise<FastifyReply> {
    // A file that is not there (an old chunk, a mistyped icon): the 404 page would arrive without
    // the policy a page needs (security.ts), and nobody reads it anyway.
    if (isAsset(urlPath)) return sendText(reply, 404, REVALIDATE, "Archivo no encontrado.");
    if (isFile(path.join(root, "404.html"))) return sendFromRoot(reply, "404.html", 404, "/404.html");
    return sendText(reply, 404, REVALIDATE, "Página no encontrada.");
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split(/[?#]/)[0] ?? "/";
    // The API answers its own unknown paths with JSON; the app shell must never stand in for them.
    if (urlPath === options.apiPrefix || urlPath.startsWith(`${options.apiPrefix}/`)) return reply.callNotFound();

    if (!isFile(path.join(root, "index.html"))) {
      if (isAsset(urlPath)) return sendText(reply, 503, "no-store", "La app aún no está construida.");
      return reply.code(503).header("cache-control", "no-store").type("text/html; charset=utf-8").send(NOT_BUILT_PAGE);
    }

    const segments = safeSegments(urlPath);
    if (segments === null) return notFoundPage(reply, urlPath);

    // A real id in a dynamic route becomes the placeholder; static routes never match here.
    const dynamic = matchDynamicRoute(`/${segments.join("/")}${urlPath.endsWith("/") ? "/" : ""}`);
    const target = dynamic ? safeSegments(dynamic.placeholderPath) : segments;
    if (target === null) return notFoundPage(reply, urlPath);

    const relative = target.join("/");
    if (relative !== "" && isFile(path.join(root, relative))) return sendFromRoot(reply, relative, 200, `/${relative}`);

    // A page folder: `/login/` and `/login` both answer with `login/index.html`.
    const page = relative === "" ? "index.html" : `${relative}/index.html`;
    if (isFile(path.join(root, page))) {
      // A detail page paints once its item arrives, and asks for it only after its scripts ran:
      // have the browser fetch it alongside them. The server cannot tell who opens the page, so
      // this is everyone's answer, taken only by an anonymous read (ITEM_PRELOAD_CREDENTIALS).
      const item = dynamic ? pageItem(dynamic) : null;
      if (item) {
        reply.header("link", `<${options.apiPrefix}${apiItemPath(item.kind, item.id)}>; rel=preload; as=fetch; crossorigin=${ITEM_PRELOAD_CREDENTIALS.crossorigin}`);
        const painted = paintedPage ? await paintedPage(request, page, item) : null;
        if (painted) return sendPage(request, reply, page, painted);
      }
      return sendFromRoot(reply, page, 200, `/${page}`);
    }

    return notFoundPage(reply, urlPath);
  };

  // HEAD is declared with GET rather than left to Fastify's generated HEAD route, which writes
  // `Content-Length: 0` for an empty body, on a 304 too (RFC 9110, 8.6: a 304 may only name the
  // 200's length). Node drops a HEAD's body itself, after Fastify has measured it.
  app.route({ method: ["GET", "HEAD"], url: "/*", schema: { hide: true }, handler });
}
