import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
import { acceptedEncoding, type ApiEncoding, COMPRESSION_THRESHOLD_BYTES, compressKept } from "./compression";
import { etagMatches, etagOf } from "./etag";

// Anonymous reads of public content (lists, one item) are the same for everyone, so they are
// answered with an ETag and a short `Cache-Control: public, max-age` (If-None-Match → 304 with
// no body), and each instance keeps the last answers in memory for a little less
// (KEPT_ANSWER_MS). Anything sent with a token stays `no-store`: it is personal (follow flags,
// what the viewer may edit), unless the route finds it is everyone's for this viewer
// (answerAsEveryone), who then gets the kept one.
//
// Invalidation: every successful change through the API (any method but GET/HEAD/OPTIONS with a
// 2xx/3xx answer) moves, before its answer leaves, the stamps of what it touched, and NOTIFYs
// every other instance on one channel per schema; an answer remembered under an older stamp is
// not used again. What it touched: by default everything (a route nobody thought about is
// safe); what a change that knows says (narrowChange: a follow, the lists, the item and the
// follower); nothing for a route marked `changesOnlyOwnData` (marking notifications seen, a
// stream ticket, a saved address). Time alone changes lists too (an event ends), which is what
// the short lifetime is for.

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The content version of this instance: it changes with every change to everything through
     * the API, here or on another instance (a narrowed change moves only contentStamp).
     */
    contentVersion(): number;
    /**
     * What is kept under `scope` (LISTS_SCOPE, itemScope, viewerScope) is valid while this stays
     * the same: it changes with every change to everything and with every change narrowed to it.
     * What is kept for everyone (routes/content/shared-rows.ts) is kept under it.
     */
    contentStamp(scope: string): string;
    /**
     * For a change made while answering something else (a read that mirrors the account's email):
     * what is kept under `scopes` is read again, here and on every instance, now.
     */
    announceChange(scopes: string[]): Promise<void>;
    /**
     * For a signed-in read of a `publicCache` route whose answer, for this viewer, is the one
     * everyone gets (routes/content/resource.ts, sameForEveryone): sends the answer kept for
     * everyone and says true; or says false, and the handler returns `everyone()`, which is kept.
     * When answers are checked (tests), `own()` (the viewer's own answer from the same rows) must
     * serialize to the same text as `everyone()`.
     */
    answerAsEveryone(request: FastifyRequest, reply: FastifyReply, answers: { everyone: () => unknown; own: () => unknown }): boolean;
  }
  interface FastifyContextConfig {
    /**
     * The same answer for every anonymous request: ETag, public caching, remembered briefly,
     * under LISTS_SCOPE or the scope given for the request (an item's). A signed-in request gets
     * it only through answerAsEveryone.
     */
    publicCache?: boolean | { scope(request: FastifyRequest): string };
    /**
     * A write that changes nothing anyone else reads, nor what is kept of its author: it moves no
     * version (an email the sign-in check mirrors meanwhile announces itself: announceChange).
     */
    changesOnlyOwnData?: boolean;
  }
}

/** Seconds a browser or a shared cache may reuse an anonymous answer without asking again. */
export const PUBLIC_MAX_AGE_SECONDS = 10;
/** How long rows read for everyone are kept (routes/content/shared-rows.ts). */
export const KEPT_ROWS_MS = PUBLIC_MAX_AGE_SECONDS * 1000;
/**
 * The last stretch of a kept row's life, in which a read answers with it and loads it again in
 * the background (routes/content/shared-rows.ts), so rows that are read keep being answered from
 * memory. Without it every row loaded in the same second expired in the same second, and the
 * readers of all of them waited on the database at once (docs/operations/rendimiento-bitacora.md,
 * "Leer de nuevo antes de que venza"). No value is answered past its lifetime: what bounds a
 * change made outside the API is the same.
 */
export const ROWS_REFRESH_AHEAD_MS = 2000;
/**
 * How long an answer is kept here: that much less than the rows it is built from. The rows are
 * asked for before the answer is kept, so with the same lifetime they always ended first, and the
 * read after an answer ended waited for the database; with a city's agenda of 2,000 events read
 * at random, ~200 readers a second did (docs/operations/rendimiento-bitacora.md, "La cola de la
 * API, vista desde dentro"). Now that read finds its rows in their last stretch, as long as the
 * answer was built when its rows were loaded, which is how a read that finds both gone builds it.
 * One built later from rows already kept (another address of the same list, a signed-in reader's
 * answer kept for everyone) may still outlive them, and its next reader waits once.
 */
export const KEPT_ANSWER_MS = KEPT_ROWS_MS - ROWS_REFRESH_AHEAD_MS;

/**
 * lru-cache options that make a kept answer or row age by a test's hand-moved clock, read at
 * every call (lru-cache otherwise keeps a time for 1 ms of real time); none without one.
 */
export function keptByClock(clock: { now(): number } | undefined): { perf?: { now(): number }; ttlResolution?: number } {
  return clock ? { perf: clock, ttlResolution: 0 } : {};
}
/** Lists of content, and what ranks content (para ti): any change to an item may move them. */
export const LISTS_SCOPE = "lists";
/** One item of content as everyone sees it. */
export const itemScope = (kind: string, id: string) => `${kind}:${id}`;
/** A signed-in reader's account, follows and roles (routes/content/viewer-rows.ts). */
export const viewerScope = (userId: string) => `viewer:${userId}`;
/** Scopes counted apart before they are all dropped with one change to everything. */
const MAX_SCOPES = 100_000;
/** Past this, a NOTIFY payload says "everything" instead (PostgreSQL's limit is 8,000 bytes). */
const MAX_NOTICE_CHARS = 7_000;

/** Memory for remembered answers per instance (a page of 20 events is ~20 KB). */
const REMEMBERED_BYTES = 16 * 1024 * 1024;
const BASE_CHANNEL = "plaza_content_version";

interface Remembered {
  scope: string;
  stamp: string;
  etag: string;
  body: string;
  /** The body's length in UTF-8. */
  bytes: number;
  /**
   * The body compressed for each encoding asked for so far, kept so that a hit is not compressed
   * again: compressing it cost a page of 20 events ~14× the CPU of the hit itself
   * (docs/operations/rendimiento-bitacora.md, "Lo que pide un navegador").
   */
  encoded: Partial<Record<ApiEncoding, Buffer>>;
  contentType: string;
}

interface CacheState {
  scope: string;
  /** Its stamp when this request started: an answer of an older one is not kept. */
  stamp: string;
  served: boolean;
  /** Signed in: the answer is personal unless the handler says it is everyone's (answerAsEveryone). */
  personal: boolean;
}

const STATE = Symbol("publicCache");
const NARROW = Symbol("narrowChange");
type WithState = FastifyRequest & { [STATE]?: CacheState; [NARROW]?: string[] };

/**
 * For a change that knows everything it touched: only what is kept under `scopes` is read again,
 * here and on every instance. Called before the answer leaves; a change that fails moves nothing.
 */
export function narrowChange(request: FastifyRequest, scopes: string[]): void {
  (request as WithState)[NARROW] = scopes;
}

/** A change's notice to the other instances: who sent it and, unless it touched everything, its scopes. */
export const noticeOf = (from: string, scopes: string[] | null = null): string => JSON.stringify(scopes === null ? { from } : { from, scopes });

/** What a notice from another instance says: who sent it and, if it was narrowed, what it touched. */
function readNotice(payload: string): { from: unknown; scopes: string[] | null } {
  try {
    const notice = JSON.parse(payload) as { from?: unknown; scopes?: unknown };
    const scopes = Array.isArray(notice.scopes) && notice.scopes.every((scope) => typeof scope === "string") ? (notice.scopes as string[]) : null;
    return { from: notice.from, scopes };
  } catch {
    // An instance of an older version signs with its bare id and means everything.
    return { from: payload, scopes: null };
  }
}

export function contentVersionChannel(database: Pick<Database, "schema">): string {
  if (!database.schema) return BASE_CHANNEL;
  const name = `${BASE_CHANNEL}_${database.schema}`;
  return name.length <= 63 ? name : `${BASE_CHANNEL}_${createHash("sha256").update(database.schema).digest("hex").slice(0, 32)}`;
}

const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";
const isAnonymous = (request: FastifyRequest) => request.headers.authorization === undefined;

/**
 * A kept answer differs by token and by encoding: a shared cache must not hand the anonymous one
 * to a request that carries a token, nor a compressed one to a client that cannot read it.
 */
function varies(reply: FastifyReply): void {
  reply.header("vary", "Authorization, Accept-Encoding");
}

/**
 * An anonymous answer's ETag and short public caching. A signed-in reader's copy of a kept answer
 * only `varies`: app.ts marks it `no-store`.
 */
function publicHeaders(reply: FastifyReply, etag: string): void {
  reply.header("etag", etag);
  reply.header("cache-control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  varies(reply);
}

/**
 * A GET whose copy is current gets a 304. A HEAD is answered 200 with the GET's headers: it saves
 * no body, and Fastify's HEAD handling fails on the empty body a 304 leaves (a 500).
 */
const revalidates = (request: FastifyRequest, etag: string) => request.method === "GET" && etagMatches(request.headers["if-none-match"], etag);

/** `ended` kept again for the request in `state`: itself when nothing changed since (no new object to age). */
const renewed = (ended: Remembered, { scope, stamp }: CacheState): Remembered =>
  ended.scope === scope && ended.stamp === stamp ? ended : { scope, stamp, etag: ended.etag, body: ended.body, bytes: ended.bytes, encoded: ended.encoded, contentType: ended.contentType };

const sizeOf = (entry: Remembered) => entry.bytes + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + 200;

/**
 * Registers the hooks in `api` (before compression, so they see the JSON text) and the version
 * listener. Returns `bump` for changes made outside a request (none need it today): with no
 * scopes, a change to everything. `clock` is for tests, as sharedRows's.
 */
export async function registerPublicCache(
  api: FastifyInstance,
  database: Pick<Database, "schema" | "listen" | "query">,
  { checkAnswers = false, clock }: { checkAnswers?: boolean; clock?: { now(): number } } = {},
) {
  let version = 0;
  // Changes narrowed to a scope since the last change to everything, which clears them.
  const scoped = new Map<string, number>();
  const stampOf = (scope: string) => `${version}.${scoped.get(scope) ?? 0}`;
  const remembered = new LRUCache<string, Remembered>({
    maxSize: REMEMBERED_BYTES,
    sizeCalculation: sizeOf,
    ttl: KEPT_ANSWER_MS,
    // An ended answer stays where it was until it is replaced (or pushed out, or cleared by a
    // change to everything), for the answer built after it to compare with (onSend); a read
    // still never gets it.
    noDeleteOnStaleGet: true,
    ...keptByClock(clock),
  });
  const channel = contentVersionChannel(database);
  // The NOTIFY also comes back to the instance that sent it, which counted its change already:
  // counted again, it would drop what was remembered since. Each instance signs its own.
  const self = randomBytes(8).toString("hex");
  const invalidate = () => {
    version++;
    scoped.clear();
    remembered.clear();
  };
  // What was kept under these scopes no longer matches their stamp; the rest stays.
  const invalidateScopes = (scopes: string[]) => {
    if (scoped.size + scopes.length > MAX_SCOPES) return invalidate();
    for (const scope of scopes) scoped.set(scope, (scoped.get(scope) ?? 0) + 1);
  };
  /**
   * The kept answer as this request accepts it. The compression plugin leaves an answer that
   * already says its Content-Encoding alone.
   */
  const sendable = (request: FastifyRequest, reply: FastifyReply, entry: Remembered): string | Buffer => {
    const encoding = entry.bytes < COMPRESSION_THRESHOLD_BYTES ? null : acceptedEncoding(request.headers);
    if (encoding === null) return entry.body;
    let body = entry.encoded[encoding];
    if (!body) {
      body = compressKept(encoding, entry.body);
      // Kept with the time it has left, unless it was dropped or replaced meanwhile. A new object:
      // lru-cache weighs a key again only when the value stored under it is another one.
      if (remembered.peek(request.url) === entry) {
        remembered.set(request.url, { ...entry, encoded: { ...entry.encoded, [encoding]: body } }, { noUpdateTTL: true });
      }
    }
    reply.header("content-encoding", encoding);
    return body;
  };
  /** The answer kept for this request's address, while it still holds for the request's scope. */
  const currentFor = (request: FastifyRequest, state: CacheState): Remembered | null => {
    const hit = remembered.get(request.url);
    return hit && hit.scope === state.scope && hit.stamp === state.stamp ? hit : null;
  };
  const sendKept = (request: FastifyRequest, reply: FastifyReply, hit: Remembered) => reply.type(hit.contentType).send(sendable(request, reply, hit));
  const bump = async (scopes: string[] | null = null) => {
    const notice = scopes === null ? null : noticeOf(self, scopes);
    if (notice === null || notice.length > MAX_NOTICE_CHARS) {
      invalidate();
      await database.query("SELECT pg_notify($1, $2)", [channel, noticeOf(self)]);
      return;
    }
    if (scopes!.length === 0) return;
    invalidateScopes(scopes!);
    await database.query("SELECT pg_notify($1, $2)", [channel, notice]);
  };

  api.decorate("contentVersion", () => version);
  api.decorate("contentStamp", stampOf);
  api.decorate("announceChange", (scopes: string[]) => bump(scopes));
  api.decorate("answerAsEveryone", (request: WithState, reply: FastifyReply, answers: { everyone: () => unknown; own: () => unknown }) => {
    const state = request[STATE];
    if (!state) return false;
    // The rule that sent here, checked on the very rows both answers are built from.
    if (checkAnswers && reply.serialize(answers.own()) !== reply.serialize(answers.everyone())) {
      throw new Error(`${request.method} ${request.url}: la respuesta de quien lee no es la de todos`);
    }
    const hit = currentFor(request, state);
    if (!hit) {
      // The handler returns everyone's answer: kept as an anonymous one would be.
      state.personal = false;
      return false;
    }
    state.served = true;
    varies(reply);
    void sendKept(request, reply, hit);
    return true;
  });

  let unlisten: (() => Promise<void>) | null = null;
  api.addHook("onReady", async () => {
    unlisten = await database.listen(channel, (payload) => {
      const { from, scopes } = readNotice(payload);
      if (from === self) return;
      if (scopes === null) invalidate();
      else invalidateScopes(scopes);
    });
  });
  api.addHook("preClose", async () => {
    await unlisten?.();
  });

  api.addHook("onRequest", async (request: WithState, reply) => {
    const publicCache = request.routeOptions.config.publicCache;
    // HEAD (Fastify answers it with the GET handler) gets the GET's headers, from what is kept.
    if (!publicCache || (request.method !== "GET" && request.method !== "HEAD")) return;
    const scope = publicCache === true ? LISTS_SCOPE : publicCache.scope(request);
    // Signed in, the stamp is taken too, for an answer the handler finds is everyone's.
    request[STATE] = { scope, stamp: stampOf(scope), served: false, personal: !isAnonymous(request) };
    if (request[STATE].personal) return;
    const hit = currentFor(request, request[STATE]);
    if (!hit) return;
    request[STATE].served = true;
    publicHeaders(reply, hit.etag);
    if (revalidates(request, hit.etag)) return reply.code(304).send();
    return sendKept(request, reply, hit);
  });

  api.addHook("onSend", async (request: WithState, reply, payload) => {
    if (!isRead(request.method)) {
      if (reply.statusCode < 400) await bump(request.routeOptions.config.changesOnlyOwnData ? [] : (request[NARROW] ?? null));
      return payload;
    }
    const state = request[STATE];
    if (!state || state.served || state.personal || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const contentType = String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");
    // Built again the same as the answer that ended (nearly always), that one goes on with what
    // was compressed of it: the text just built dies young, where collecting it is cheap, instead
    // of living its 8 s into V8's old generation and dying there, where a full collection (a
    // pause of every reader) clears it (docs/operations/rendimiento-bitacora.md, "Lo renovado sin
    // cambios no se guarda de nuevo").
    const ended = remembered.peek(request.url, { allowStale: true });
    const entry: Remembered =
      ended && ended.body === payload && ended.contentType === contentType
        ? renewed(ended, state)
        : { scope: state.scope, stamp: state.stamp, etag: etagOf(payload), body: payload, bytes: Buffer.byteLength(payload), encoded: {}, contentType };
    const anonymous = isAnonymous(request);
    if (anonymous) publicHeaders(reply, entry.etag);
    else varies(reply);
    if (state.stamp === stampOf(state.scope)) remembered.set(request.url, entry);
    if (anonymous && revalidates(request, entry.etag)) {
      reply.code(304);
      return null;
    }
    return sendable(request, reply, entry);
  });

  return { bump };
}
