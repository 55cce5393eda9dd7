import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from "fastify";
import { Redis } from "ioredis";
import { ERROR_CODES } from "../../lib/schemas/errors";
import type { RateLimitConfig } from "../env";
import { HttpError } from "./errors";

// Request rate limits (docs/operations/limites-de-peticiones.md). Two layers:
// - a generous ceiling per IP over the whole API, checked before anything else (token checks
//   included), so one client cannot flood the server;
// - tighter limits on the calls that cost money, storage or someone else's attention, counted per
//   user (the uid of the verified token) and, where anonymous or cheap to fake, per IP. They run
//   after the route's auth guards so the uid is known, and before the body is read.
// Counters live in process memory, or in Redis when several instances must share them.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Limit {
  max: number;
  windowMs: number;
}

export interface RouteLimit {
  /** Names the counter (shared by every route of the rule). */
  name: string;
  /** Which routes: matched against "METHOD /full/url/:param". */
  routes: RegExp;
  /** Per signed-in user; anonymous callers are counted by IP instead. */
  user?: Limit;
  /** Per IP, whoever is signed in. */
  ip?: Limit;
}

export const ROUTE_LIMITS: RouteLimit[] = [
  { name: "sign-up", routes: /^POST \/api\/users(\/sign-up)?$/, user: { max: 5, windowMs: 10 * MINUTE }, ip: { max: 30, windowMs: HOUR } },
  { name: "tokens", routes: /^POST \/api\/users\/(accessToken|notificationToken)$/, user: { max: 20, windowMs: 10 * MINUTE } },
  // Calendar feeds are fetched by secret token without sign-in: limit guessing per IP.
  { name: "calendar-feed", routes: /^GET \/api\/calendar\/:token\.ics$/, ip: { max: 60, windowMs: MINUTE } },
  { name: "calendar-token", routes: /^(POST \/api\/calendar\/feed-url\/rotate|DELETE \/api\/calendar\/feed-url)$/, user: { max: 10, windowMs: HOUR } },
  { name: "stream-ticket", routes: /^POST \/api\/notifications\/stream-ticket$/, user: { max: 30, windowMs: MINUTE } },
  { name: "stream", routes: /^GET \/api\/notifications\/stream$/, ip: { max: 60, windowMs: MINUTE } },
  { name: "verification", routes: /^POST \/api\/users\/requestVerification$/, user: { max: 3, windowMs: HOUR } },
  {
    name: "uploads",
    routes: /^(PUT \/api\/[a-z]+\/:id\/image|PUT \/api\/users\/(profile|cover)-image)$/,
    user: { max: 30, windowMs: 10 * MINUTE },
    ip: { max: 120, windowMs: 10 * MINUTE },
  },
  {
    name: "follows",
    routes: /^POST \/api\/([a-z]+\/:id\/(follow|join|leave)|users\/follow\/:id\/user)$/,
    user: { max: 60, windowMs: MINUTE },
  },
  {
    name: "creates",
    routes: /^POST \/api\/(events|places|news|communities|tags|addresses|communities\/:id\/members)\/?$/,
    user: { max: 60, windowMs: 10 * MINUTE },
  },
  // Each import reads a remote document and may publish up to 50 events.
  { name: "imports", routes: /^POST \/api\/imports(\/preview|\/subscriptions)?$/, user: { max: 20, windowMs: 10 * MINUTE }, ip: { max: 60, windowMs: 10 * MINUTE } },
  { name: "geocoder", routes: /^GET \/api\/addresses\/lookup$/, user: { max: 30, windowMs: MINUTE }, ip: { max: 120, windowMs: MINUTE } },
];

const GLOBAL_WINDOW_MS = MINUTE;
/** Load balancers poll health from one address; they must never be limited. */
const UNLIMITED_PATHS = new Set(["/api/health"]);

export function rateLimitedMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 90) {
    const n = Math.max(1, retryAfterSeconds);
    return `Demasiadas peticiones. Inténtalo de nuevo en ${n} ${n === 1 ? "segundo" : "segundos"}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Demasiadas peticiones. Inténtalo de nuevo en ${minutes} minutos.`;
}

type Limiter = (request: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

/**
 * Whether this client may have the server do database work for a page (a detail page's cover):
 * counted per IP like the API's ceiling, under its own name. Past it the page still goes out,
 * only without that work.
 */
export type PageWorkBudget = (request: FastifyRequest) => Promise<boolean>;

export async function registerRateLimits(app: FastifyInstance, config: RateLimitConfig, apiPrefix: string): Promise<PageWorkBudget> {
  if (!config.enabled) return async () => true;

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // A Redis hiccup must not hold requests: counting is skipped (see skipOnError) rather than
        // queued, and the client reconnects on its own.
        maxRetriesPerRequest: 1,
        commandTimeout: 500,
        connectTimeout: 2000,
      })
    : null;
  if (redis) {
    redis.on("error", (error) => app.log.warn({ err: error }, "Redis de límites de peticiones no disponible"));
    app.addHook("onClose", async () => {
      // QUIT waits for a reply that an unreachable server never sends; then just drop the socket.
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    // Fail open: a limiter outage should not turn into an API outage.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: config.redisPrefix } : { cache: 20_000 }),
  });

  const scaled = (max: number) => Math.max(1, Math.round(max * config.scale));
  const ipOf = (request: FastifyRequest) => normalizeIP(request.ip);
  const limiter = (name: string, limit: Limit, key: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({
      max: scaled(limit.max),
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });

  const enforce = async (request: FastifyRequest, reply: FastifyReply, limiters: Limiter[]) => {
    let exceeded = false;
    let wait = 0;
    for (const check of limiters) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      exceeded = true;
      wait = Math.max(wait, result.ttlInSeconds);
    }
    if (!exceeded) return;
    const seconds = Math.max(1, wait);
    // Set before throwing: the error handler answers on this reply and keeps its headers.
    reply.header("retry-after", String(seconds));
    throw new HttpError(429, ERROR_CODES.RATE_LIMITED, rateLimitedMessage(seconds));
  };

  const global = limiter("all", { max: config.globalMax, windowMs: GLOBAL_WINDOW_MS }, (request) => `ip:${ipOf(request)}`);
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?", 1)[0]!;
    if (!path.startsWith(`${apiPrefix}/`) || UNLIMITED_PATHS.has(path)) return;
    await enforce(request, reply, [global]);
  });

  const byRule = ROUTE_LIMITS.map((rule) => {
    const limiters: Limiter[] = [];
    if (rule.user) {
      limiters.push(
        limiter(rule.name, rule.user, (request) => (request.identity ? `u:${request.identity.uid}` : `ip:${ipOf(request)}`)),
      );
    }
    if (rule.ip) limiters.push(limiter(`${rule.name}-ip`, rule.ip, (request) => `ip:${ipOf(request)}`));
    return { rule, limiters };
  });

  // Pages are files and cost nothing; a detail page's cover is a database read for any id
  // anyone types, so it is counted like an API call.
  const pageWork = limiter("pages", { max: config.globalMax, windowMs: GLOBAL_WINDOW_MS }, (request) => `ip:${ipOf(request)}`);

  const LIMIT_HOOK = Symbol("rateLimitHook");
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD answers like GET (Fastify adds it on its own): same limit, or it would be a way around.
      const match = byRule.find(({ rule }) => rule.routes.test(`${method === "HEAD" ? "GET" : method} ${route.url}`));
      if (!match) continue;
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      if (existing.some((hook) => LIMIT_HOOK in hook)) return;
      const hook: onRequestAsyncHookHandler = async (request, reply) => enforce(request, reply, match.limiters);
      // After the route's own guards: they establish who is calling.
      route.onRequest = [...existing, Object.assign(hook, { [LIMIT_HOOK]: true })];
      return;
    }
  });

  return async (request) => {
    const result = await pageWork(request);
    return result.isAllowed || !result.isExceeded;
  };
}
