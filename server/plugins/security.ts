import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import type { FastifyInstance } from "fastify";

export interface SecurityOptions {
  /** host:port of the Auth emulator, allowed as a connect-src when set. */
  authEmulatorHost?: string;
  /** Extra origins the PWA calls (geocoding, maps). */
  extraConnectSrc?: string[];
  /**
   * Answers that are not pages of the app, by path prefix (each ending in "/"): the API's data, the
   * build's hashed scripts and styles, images. They get SUBRESOURCE_CSP instead of the PWA's
   * policy, and none of the headers only a document reads; `pages` lists the pages among them (the
   * API reference, the embeddable agenda, which then sets its own policy), which keep them.
   */
  subresources?: { prefixes: string[]; pages: string[] };
}

/**
 * The policy of an answer that is not a page of the app: it may load nothing and be framed by
 * nobody (OWASP's REST Security Cheat Sheet). A browser applies a CSP only to a document or a
 * worker, so the PWA's (~580 bytes) meant nothing on a script or a style sheet a page loads, and
 * was half of their headers (~12 KB of the home's first load over HTTP/1.1); a JSON answer, a
 * feed or an image opened on its own in a tab is a document, and this is the policy it should
 * have. The service worker's script is not one of these: its policy is the worker's.
 */
export const SUBRESOURCE_CSP: Record<string, string[]> = { "default-src": ["'none'"], "frame-ancestors": ["'none'"] };

/** The CSP of the PWA and the API reference. Built as a function so tests can read it. */
export function contentSecurityPolicy(options: SecurityOptions): Record<string, string[]> {
  const emulator = options.authEmulatorHost
    ? [`http://${options.authEmulatorHost}`, "http://127.0.0.1:9099", "http://localhost:9099"]
    : [];
  return {
    "default-src": ["'self'"],
    // No inline scripts by default: each exported page gets the hashes of its own (Next's
    // bootstrap) added by withScriptHashes. The Google hosts serve Firebase Auth's redirect and
    // popup helpers.
    "script-src": ["'self'", "https://apis.google.com", "https://www.gstatic.com"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": [
      "'self'",
      ...new Set(emulator),
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "https://*.googleapis.com",
      "https://*.firebaseapp.com",
      ...(options.extraConnectSrc ?? []),
    ],
    "frame-src": ["'self'", "https://*.firebaseapp.com", "https://accounts.google.com", "https://appleid.apple.com"],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** The policy with `hashes` ('sha256-…' sources) added to its script-src: one page's inline scripts. */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  return policy
    .split(";")
    .map((directive) => (directive.trim().split(/\s+/)[0] === "script-src" ? `${directive.trimEnd()} ${hashes.join(" ")}` : directive))
    .join(";");
}

/**
 * The headers a helmet middleware writes, read once. Its answer does not depend on the request
 * (no nonces; the policies are fixed at start), so each reply gets them as Fastify headers,
 * written with the rest in one pass: helmet writing each on the raw response, checked there and
 * then merged again with Fastify's, cost ~5 µs more CPU per request in an A/B of 14-header JSON
 * answers (docs/operations/rendimiento-bitacora.md, "Menos trabajo por petición en my-data").
 */
function headersWritten(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    // X-Powered-By, which nothing here sets.
    removeHeader() {},
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}

/** The security headers of an answer to `url`, by what it is (a page or not); built once per policy. */
export type SecurityHeaders = (url: string) => Record<string, string>;

export function securityHeadersFor(options: SecurityOptions): SecurityHeaders {
  // Helmet itself, built once per policy: @fastify/helmet parsed the whole configuration (CSP
  // directives included) again on every request, about 5 % of the API's busy time under load.
  const withPolicy = (directives: Record<string, string[]>, document: boolean) =>
    headersWritten(helmet({
      // No defaults: helmet's include upgrade-insecure-requests, which would turn the emulator's
      // http:// calls into failing https:// ones.
      contentSecurityPolicy: { useDefaults: false, directives },
      // Sign-in with Google/Apple may open a popup that must be able to report back to the opener.
      crossOriginOpenerPolicy: document ? { policy: "same-origin-allow-popups" } : false,
      // Headers a browser reads only on a document: on anything else, bytes for nothing.
      originAgentCluster: document,
      xDnsPrefetchControl: document,
      xDownloadOptions: document,
      xXssProtection: document,
      // Profile images and map tiles come from other origins.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "same-origin" },
      // Browser default rather than helmet's no-referrer: Google API keys restricted by HTTP
      // referrer (the Firebase web key usually is) reject requests that carry none. A style
      // sheet's also rules the requests it makes, so every answer keeps it.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }));
  const forPages = withPolicy(contentSecurityPolicy(options), true);
  const forSubresources = withPolicy(SUBRESOURCE_CSP, false);
  const { prefixes = [], pages = [] } = options.subresources ?? {};
  // "/api" would also match "/apiary/", a page.
  for (const prefix of prefixes) if (!prefix.endsWith("/")) throw new Error(`securityHeadersFor: el prefijo ${prefix} debe terminar en "/"`);
  const isSubresource = (url: string) => {
    if (!prefixes.some((prefix) => url.startsWith(prefix))) return false;
    const path = url.split("?", 1)[0]!;
    return !pages.some((page) => path === page || path.startsWith(`${page}/`));
  };
  return (url) => (isSubresource(url) ? forSubresources : forPages);
}

/**
 * Every answer that goes through the hooks gets its security headers. An answer given before
 * them (the router's frameworkErrors, server/app.ts) sets them itself with the same function.
 */
export function registerSecurityHeaders(app: FastifyInstance, headersOf: SecurityHeaders): void {
  // On the reply, so a route replaces one (a page's script hashes, the embed's policy) by setting
  // it, and the notification stream, which writes its own head, takes them with reply.getHeaders().
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headersOf(request.url));
    done();
  });
}
