import { setTimeout as delay } from "node:timers/promises";
import Fastify, { type FastifyInstance } from "fastify";
import type { Auth } from "firebase-admin/auth";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { firebaseAuthFor } from "./firebase";
import { apiDocsPath, registerApiDocs } from "./plugins/api-docs";
import { registerAuth } from "./plugins/auth";
import { registerApiCompression } from "./plugins/compression";
import { registerErrorHandling, sendError, toErrorResponse } from "./plugins/errors";
import { registerPublicCache } from "./plugins/http-cache";
import { logSerializers } from "./plugins/logging";
import { registerRateLimits } from "./plugins/rate-limit";
import { registerSecurityHeaders, securityHeadersFor } from "./plugins/security";
import { createSerializerCompiler } from "./plugins/serialization";
import { ASSET_PREFIXES, registerStatic } from "./plugins/static";
import { registerNulCharacterGuard, validatorCompiler } from "./plugins/validation";
import { pushRoutes } from "./push/routes";
import { createPushService } from "./push/service";
import type { VapidKeys } from "./push/vapid";
import { createRealtimeHub } from "./realtime/hub";
import { createFetcher } from "./net/fetcher";
import { contentRoutes } from "./routes/content";
import type { PublicCovers } from "./routes/content/covers";
import { healthRoutes } from "./routes/health";
import { createNotificationsRepository } from "./routes/notifications/repository";
import { notificationsRoutes } from "./routes/notifications/routes";
import { reportsRoutes } from "./routes/reports/routes";
import { createUsersRepository } from "./routes/users/repository";
import { usersRoutes } from "./routes/users/routes";
import { EMBED_PREFIX } from "./routes/embed/routes";
import { configureImageWork } from "./storage/images";
import { registerUploadsRoute } from "./storage/routes";
import { imageStoreFor, STORE_FAILURE_MESSAGES, UPLOADS_URL_PREFIX, type ImageStore } from "./storage/store";

/** How long a stop waits for AVIFs still being made. */
const IMAGES_CLOSE_WAIT_MS = 5000;

export type AppConfig = Pick<
  Env,
  "staticDir" | "firebaseProjectId" | "authEmulatorHost" | "logLevel" | "bodyLimit" | "trustProxy" | "cspConnectSrc" | "storage" | "sseHeartbeatMs" | "coverPreviewBudgetMs" | "geocoderUrl" | "publicUrl" | "imageWork"
  | "rateLimit"
  | "geocoderUserAgent"
  | "push"
  | "importAllowPrivateHosts"
>;

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened and migrated by the caller, who also closes it (the app does not own it). */
  database: Database;
  /** firebase-admin Auth used to verify ID tokens; by default the project's from config. */
  auth?: Auth;
  /** Where uploaded images go; by default the store named by `config.storage`. */
  images?: ImageStore;
  /** Where log lines go; stdout by default (tests capture them). */
  logStream?: { write(line: string): void };
  /**
   * Parse every answer with its zod schema before sending it (500 when it does not match): on
   * under tests (NODE_ENV=test), off in service, where the compiled serializer alone writes it.
   */
  checkAnswers?: boolean;
  /** The VAPID pair (main.ts loads or creates it in the data folder); tests get a fresh one. */
  vapidKeys?: VapidKeys;
}

export const API_PREFIX = "/api";

declare module "fastify" {
  interface FastifyInstance {
    /** PUBLIC_URL: the origin absolute links are built from (never the request's Host header). */
    publicUrl: string;
  }
}

/**
 * The whole HTTP surface: the JSON API under /api, its reference at /api/docs, and the exported
 * PWA for every other path. Not started and not `ready()`: callers listen or inject.
 */
export async function buildApp({ config, database, auth: givenAuth, images: givenImages, logStream, checkAnswers, vapidKeys }: BuildAppOptions): Promise<FastifyInstance> {
  const securityHeaders = securityHeadersFor({
    authEmulatorHost: config.authEmulatorHost,
    extraConnectSrc: config.cspConnectSrc,
    subresources: { prefixes: [`${API_PREFIX}/`, ...ASSET_PREFIXES, `${UPLOADS_URL_PREFIX}/`], pages: [apiDocsPath(API_PREFIX), `${API_PREFIX}${EMBED_PREFIX}`] },
  });
  const app = Fastify({
    logger: { level: config.logLevel, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Firebase uids reach 128 characters; the router's default limit is 100.
    routerOptions: { maxParamLength: 256 },
    // URL errors found by the router (bad percent-encoding, over-long params) never reach the
    // error handler; without this they would answer in Fastify's English shape.
    // They come before any hook, so they set their security headers themselves.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = toErrorResponse(error);
      reply.headers(securityHeaders(request.url));
      void sendError(reply, status, body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("publicUrl", config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  const checkingAnswers = checkAnswers ?? process.env.NODE_ENV === "test";
  app.setSerializerCompiler(createSerializerCompiler({ validate: checkingAnswers }));
  // The API speaks JSON (and multipart where a route registers it); plain text bodies would
  // otherwise reach handlers as strings and fail as a confusing validation error instead of 415.
  app.removeContentTypeParser("text/plain");

  registerErrorHandling(app);
  registerNulCharacterGuard(app);
  // Before the limits: a request refused by the global ceiling (429 from an onRequest hook, so
  // no later hook runs) is still an answer that needs its security headers.
  registerSecurityHeaders(app, securityHeaders);
  const pageWorkAllowed = await registerRateLimits(app, config.rateLimit, API_PREFIX);

  app.addHook("onSend", async (request, reply, payload) => {
    // API answers are personal (bearer tokens): keep them out of shared and browser HTTP caches.
    if (request.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  await registerApiDocs(app, { prefix: API_PREFIX });

  const auth = givenAuth ?? firebaseAuthFor(config.firebaseProjectId);
  const users = createUsersRepository(database);
  registerAuth(app, { auth, emulator: config.authEmulatorHost !== undefined, loadUser: users.findById, loadOwnProfile: users.findWithOwnRelations, isSessionRevoked: users.isSessionRevoked, syncEmail: users.syncEmail });

  const notifications = createNotificationsRepository(database);
  const hub = createRealtimeHub({ database, loadNotification: notifications.findById, log: app.log });
  // Listening starts with the server and stops before it closes: open streams would otherwise
  // keep `close()` waiting forever.
  app.decorate("realtimeHub", hub);
  app.addHook("onReady", hub.start);
  app.addHook("preClose", hub.close);

  const push = createPushService({ database, config: config.push, vapidKeys, log: app.log });
  app.decorate("push", push);
  app.addHook("onReady", push.dispatcher.start);
  app.addHook("preClose", push.dispatcher.close);

  const images = givenImages ?? imageStoreFor(config.storage, (error, failure) => app.log.warn({ err: error }, STORE_FAILURE_MESSAGES[failure]));
  app.decorate("images", images);
  // The AVIFs still being made land before the app is gone (and before a test deletes the
  // folder), for a few seconds at most: a stop must not wait out a long backlog (a container gets
  // ~10 s). Those not made by then never are; their images keep the WebP.
  app.addHook("onClose", async () => {
    const done = await Promise.race([images.idle().then(() => true), delay(IMAGES_CLOSE_WAIT_MS, false, { ref: false })]);
    if (!done) app.log.warn("Se cerró sin terminar los AVIF de algunas imágenes: se sirven en WebP.");
  });
  if (config.storage.kind === "local") registerUploadsRoute(app, config.storage.dir, images);
  configureImageWork(config.imageWork);

  // Filled by the content resources; the detail pages open with their item's cover (static.ts).
  const publicCovers: PublicCovers = new Map();

  await app.register(
    async (api) => {
      // Before compression: the cache hooks read and remember the JSON text.
      await registerPublicCache(api, database, { checkAnswers: checkingAnswers });
      await registerApiCompression(api);
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, { database });
      await api.register(contentRoutes, {
        database,
        geocoderUrl: config.geocoderUrl,
        geocoderUserAgent: config.geocoderUserAgent,
        images,
        fetchText: createFetcher({ allowPrivateHosts: config.importAllowPrivateHosts }),
        publicCovers,
      });
      await api.register(usersRoutes, { prefix: "/users", users, notifications, database, images, auth });
      await api.register(pushRoutes, { prefix: "/push", push });
      await api.register(reportsRoutes, { database });
      await api.register(notificationsRoutes, {
        prefix: "/notifications",
        notifications,
        users,
        database,
        hub,
        heartbeatMs: config.sseHeartbeatMs,
      });
    },
    { prefix: API_PREFIX },
  );

  await registerStatic(app, {
    root: config.staticDir,
    apiPrefix: API_PREFIX,
    coverOf: async (request, kind, id) => ((await pageWorkAllowed(request)) ? ((await publicCovers.get(kind)?.(id)) ?? null) : null),
    coverBudgetMs: config.coverPreviewBudgetMs,
  });

  return app;
}
