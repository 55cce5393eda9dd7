import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
import { etagMatches, etagOf } from "./etag";

// Anonymous reads of public content (lists, one item) are the same for everyone, so they are
// answered with an ETag and a short `Cache-Control: public, max-age` (If-None-Match → 304 with
// no body), and each instance keeps the last answers in memory for as long. Anything sent with
// a token is personal (follow flags, what the viewer may edit) and stays `no-store`.
//
// Invalidation: every successful change through the API (any method but GET/HEAD/OPTIONS with a
// 2xx/3xx answer) bumps a version before its answer leaves, and NOTIFYs every other instance on
// one channel per schema; a remembered answer of an older version is not used again. Time alone
// changes lists too (an event ends), which is what the short lifetime is for.

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The content version of this instance: it changes with every change through the API here
     * or on another instance. What is kept for everyone (routes/content/shared-rows.ts) is kept
     * under it.
     */
    contentVersion(): number;
  }
  interface FastifyContextConfig {
    /** The same answer for every anonymous request: ETag, public caching, remembered briefly. */
    publicCache?: boolean;
  }
}

/** Seconds a browser or a shared cache may reuse an anonymous answer without asking again. */
export const PUBLIC_MAX_AGE_SECONDS = 10;
/** Memory for remembered answers per instance (a page of 20 events is ~20 KB). */
const REMEMBERED_BYTES = 16 * 1024 * 1024;
const BASE_CHANNEL = "plaza_content_version";

interface Remembered {
  version: number;
  etag: string;
  body: string;
  contentType: string;
}

interface CacheState {
  /** The content version when this request started: an answer of an older one is not kept. */
  version: number;
  served: boolean;
}

const STATE = Symbol("publicCache");
type WithState = FastifyRequest & { [STATE]?: CacheState };

export function contentVersionChannel(database: Pick<Database, "schema">): string {
  if (!database.schema) return BASE_CHANNEL;
  const name = `${BASE_CHANNEL}_${database.schema}`;
  return name.length <= 63 ? name : `${BASE_CHANNEL}_${createHash("sha256").update(database.schema).digest("hex").slice(0, 32)}`;
}

const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";
const isAnonymous = (request: FastifyRequest) => request.headers.authorization === undefined;

function publicHeaders(reply: FastifyReply, etag: string): void {
  reply.header("etag", etag);
  reply.header("cache-control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  // A shared cache must not hand this answer to a request that carries a token.
  reply.header("vary", "Authorization");
}

/**
 * Registers the hooks in `api` (before compression, so they see the JSON text) and the version
 * listener. Returns `bump` for changes made outside a request (none need it today).
 */
export async function registerPublicCache(api: FastifyInstance, database: Pick<Database, "schema" | "listen" | "query">) {
  let version = 0;
  const remembered = new LRUCache<string, Remembered>({
    maxSize: REMEMBERED_BYTES,
    sizeCalculation: (entry) => entry.body.length + 200,
    ttl: PUBLIC_MAX_AGE_SECONDS * 1000,
  });
  const channel = contentVersionChannel(database);
  // The NOTIFY also comes back to the instance that sent it, which counted its change already:
  // counted again, it would drop what was remembered since. Each instance signs its own.
  const self = randomBytes(8).toString("hex");
  const invalidate = () => {
    version++;
    remembered.clear();
  };
  const bump = async () => {
    invalidate();
    await database.query("SELECT pg_notify($1, $2)", [channel, self]);
  };

  api.decorate("contentVersion", () => version);

  let unlisten: (() => Promise<void>) | null = null;
  api.addHook("onReady", async () => {
    unlisten = await database.listen(channel, (sender) => {
      if (sender !== self) invalidate();
    });
  });
  api.addHook("preClose", async () => {
    await unlisten?.();
  });

  api.addHook("onRequest", async (request: WithState, reply) => {
    if (!request.routeOptions.config.publicCache || request.method !== "GET" || !isAnonymous(request)) return;
    request[STATE] = { version, served: false };
    const hit = remembered.get(request.url);
    if (!hit || hit.version !== version) return;
    request[STATE].served = true;
    publicHeaders(reply, hit.etag);
    if (etagMatches(request.headers["if-none-match"], hit.etag)) return reply.code(304).send();
    return reply.type(hit.contentType).send(hit.body);
  });

  api.addHook("onSend", async (request: WithState, reply, payload) => {
    if (!isRead(request.method)) {
      if (reply.statusCode < 400) await bump();
      return payload;
    }
    const state = request[STATE];
    if (!state || state.served || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const etag = etagOf(payload);
    publicHeaders(reply, etag);
    if (state.version === version) {
      remembered.set(request.url, { version, etag, body: payload, contentType: String(reply.getHeader("content-type") ?? "application/json; charset=utf-8") });
    }
    if (etagMatches(request.headers["if-none-match"], etag)) {
      reply.code(304);
      return null;
    }
    return payload;
  });

  return { bump };
}
