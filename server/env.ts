import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_COVER_BUDGET_MS } from "./plugins/cover-preview";
import { vapidKeysProblem } from "./push/vapid";
import type { StorageConfig } from "./storage/store";

// The only module that reads process.env: every other server module receives an `Env` (or a part
// of it), so tests can build an app with explicit settings and nothing changes behind their back.

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Environment variables accept the usual spellings of booleans ("1", "true", "yes", …). */
const booleanish = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    if (["1", "true", "yes", "on"].includes(value)) return true;
    if (["0", "false", "no", "off", ""].includes(value)) return false;
    ctx.addIssue({ code: "custom", message: "Se esperaba un valor booleano (true/false)." });
    return z.NEVER;
  });

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const rawEnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.string().optional()),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  // Loopback by default: the one-command local stack should not be reachable from the network
  // unless asked for (set HOST=0.0.0.0 in a container or behind a proxy).
  HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
  STATIC_DIR: z.preprocess(emptyToUndefined, z.string().default("out")),
  FIREBASE_PROJECT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  // The Auth emulator accepts unsigned tokens: on a network it lets anyone in as anyone. Only an
  // isolated, non-production test environment may say so explicitly.
  PLAZA_ALLOW_EMULATOR_ON_NETWORK: z.preprocess(emptyToUndefined, booleanish.default(false)),
  // How long the demo seed waits for the emulator to be ready (npm start starts both at once).
  AUTH_EMULATOR_WAIT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(300_000).default(0)),
  // How the seed knows the emulator is ready: its port accepts connections, or (npm start) the
  // parent process says so over the IPC channel once the emulator has imported its saved accounts.
  AUTH_EMULATOR_READY: z.preprocess(emptyToUndefined, z.enum(["port", "message"]).default("port")),
  // When STATIC_DIR holds the export: at once, or (npm start, which builds it while the API
  // prepares its database) when the parent process says so over the IPC channel.
  STATIC_DIR_READY: z.preprocess(emptyToUndefined, z.enum(["now", "message"]).default("now")),
  // The origin people reach the server at; absolute links (calendar feeds) are built from it,
  // never from the request's Host header, which any client can forge.
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).optional()),
  SEED_DEMO: z.preprocess(emptyToUndefined, booleanish.optional()),
  BODY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(1024 * 1024)),
  TRUST_PROXY: z.preprocess(emptyToUndefined, booleanish.default(false)),
  // Extra origins the PWA may call (geocoding, maps), space separated, appended to CSP connect-src.
  CSP_CONNECT_SRC: z.preprocess(emptyToUndefined, z.string().default("")),
  // Nominatim-format address look-up for /api/addresses/lookup; "off" disables it (manual entry).
  GEOCODER_URL: z.preprocess(emptyToUndefined, z.string().default("https://nominatim.openstreetmap.org")),
  // Uploaded images: DATA_DIR/uploads unless an S3-compatible bucket is configured.
  UPLOADS_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.string().url().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, booleanish.optional()),
  // Comment lines sent on idle notification streams so proxies do not cut them (~25 s).
  SSE_HEARTBEAT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(300_000).default(25_000)),
  // How long a detail page may wait for its item's cover before it goes out without it.
  COVER_PREVIEW_BUDGET_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(2000).default(DEFAULT_COVER_BUDGET_MS)),
  // Image uploads decoded at once (default: the cores, at most 4), how many may wait, and the
  // time limit per image; see docs/operations/limites.md.
  IMAGE_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  IMAGE_QUEUE_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(16)),
  IMAGE_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600).default(20)),
  // Request rate limits (docs/operations/limites-de-peticiones.md): on unless RATE_LIMIT=off.
  RATE_LIMIT: z.preprocess(emptyToUndefined, booleanish.default(true)),
  RATE_LIMIT_SCALE: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(1000).default(1)),
  RATE_LIMIT_GLOBAL_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(1200)),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  RATE_LIMIT_REDIS_PREFIX: z.preprocess(emptyToUndefined, z.string().default("plaza:rl:")),
  // Nominatim's usage policy asks for an identifying User-Agent with a way to reach the operator.
  GEOCODER_USER_AGENT: z.preprocess(emptyToUndefined, z.string().default("Plaza/0.1 (agenda cultural de la ciudad)")),
  // host:port pairs on private or loopback addresses that event imports may fetch (local test
  // fixtures); refused with NODE_ENV=production.
  IMPORT_ALLOW_PRIVATE_HOSTS: z.preprocess(emptyToUndefined, z.string().optional()),
  // Web push (server/push): the VAPID pair (else generated into DATA_DIR/vapid.json) and the
  // contact push services may use (mailto: or https:; by default PUBLIC_URL when it is https).
  VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  VAPID_SUBJECT: z.preprocess(emptyToUndefined, z.string().trim().optional()),
});

export interface Env {
  nodeEnv: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute path of the data folder; PGlite lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** Absolute path of the exported PWA (Next `out/`). */
  staticDir: string;
  firebaseProjectId: string;
  /** host:port of the Auth emulator, or undefined when verifying against a real project. */
  authEmulatorHost: string | undefined;
  /** How long the demo seed waits for the emulator to be ready. */
  authEmulatorWaitMs: number;
  /** Ready when its port accepts connections, or when the parent process says so (IPC). */
  authEmulatorReady: "port" | "message";
  /** STATIC_DIR holds the export now, or once the parent process says so (IPC). */
  staticDirReady: "now" | "message";
  /** Public origin (scheme://host[:port], no trailing slash) for the absolute URLs the server builds. */
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  seedDemo: boolean;
  bodyLimit: number;
  trustProxy: boolean;
  cspConnectSrc: string[];
  /** Base URL of the Nominatim-format geocoder, or "" when disabled. */
  geocoderUrl: string;
  storage: StorageConfig;
  sseHeartbeatMs: number;
  /** How long a detail page waits for its cover (server/plugins/cover-preview.ts). */
  coverPreviewBudgetMs: number;
  imageWork: { concurrency: number; maxQueue: number; timeoutSeconds: number };
  rateLimit: RateLimitConfig;
  geocoderUserAgent: string;
  push: PushConfig;
  /** host:port pairs on private addresses that imports may fetch anyway (tests only). */
  importAllowPrivateHosts: string[];
}

export interface PushConfig {
  /** Configured VAPID pair (checked); both undefined means the data folder's (server/push/vapid.ts). */
  publicKey: string | undefined;
  privateKey: string | undefined;
  /** VAPID `sub`: how a push service reaches the operator. */
  subject: string;
  /** Plain-http push endpoints on this machine (local tests); never in production. */
  allowLoopbackEndpoints: boolean;
}

export interface RateLimitConfig {
  enabled: boolean;
  /** Multiplies every limit (tests and load benchmarks raise them with it). */
  scale: number;
  /** Requests per minute per IP across the whole API. */
  globalMax: number;
  /** Shared counters for several instances; in-process when undefined. */
  redisUrl: string | undefined;
  redisPrefix: string;
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

// Zod's own messages in Spanish, for whoever starts the server with a setting it cannot read (the
// ones written in the schema above stay as written).
const SPANISH_MESSAGES = z.locales.es().localeError;

/** The variables read against the schema; an EnvError naming each one that cannot be read. */
function parseRawEnv(source: Record<string, string | undefined>): z.output<typeof rawEnvSchema> {
  const parsed = rawEnvSchema.safeParse(source, { error: SPANISH_MESSAGES });
  if (!parsed.success) throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  return parsed.data;
}

/**
 * Parses the environment (process.env with `overrides` on top). As a side effect it writes the
 * Auth emulator host into process.env, because firebase-admin only looks for it there.
 */
export function loadEnv(overrides: Record<string, string | undefined> = {}, cwd: string = process.cwd()): Env {
  const raw = parseRawEnv({ ...process.env, ...overrides });
  const dataDir = path.resolve(cwd, raw.DATA_DIR);
  const storage = storageConfig(raw, dataDir, cwd);
  const nodeEnv = raw.NODE_ENV ?? "development";
  // The emulator is never implied: it accepts unsigned tokens, so it must be asked for by name.
  const authEmulatorHost = raw.FIREBASE_AUTH_EMULATOR_HOST;
  const problems = [...authProblems(raw, nodeEnv), ...publicUrlProblems(raw, nodeEnv), ...pushProblems(raw), ...importProblems(raw, nodeEnv)];
  if (problems.length > 0) throw new EnvError(problems);
  // Without a project id the checks above only let the emulator through.
  const firebaseProjectId = raw.FIREBASE_PROJECT_ID ?? "demo-plaza";
  if (authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;

  const publicUrl = raw.PUBLIC_URL ? new URL(raw.PUBLIC_URL).origin : `http://localhost:${raw.PORT}`;

  return {
    nodeEnv,
    port: raw.PORT,
    host: raw.HOST,
    databaseUrl: raw.DATABASE_URL,
    dataDir,
    staticDir: path.resolve(cwd, raw.STATIC_DIR),
    firebaseProjectId,
    authEmulatorHost,
    authEmulatorWaitMs: raw.AUTH_EMULATOR_WAIT_MS,
    authEmulatorReady: raw.AUTH_EMULATOR_READY,
    staticDirReady: raw.STATIC_DIR_READY,
    publicUrl,
    logLevel: raw.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    // Demo accounts only make sense where they can sign in: on by default with the emulator,
    // off by default against a real Firebase project.
    seedDemo: raw.SEED_DEMO ?? authEmulatorHost !== undefined,
    bodyLimit: raw.BODY_LIMIT,
    trustProxy: raw.TRUST_PROXY,
    cspConnectSrc: raw.CSP_CONNECT_SRC.split(/\s+/).filter((s) => s.length > 0),
    geocoderUrl: raw.GEOCODER_URL === "off" ? "" : raw.GEOCODER_URL,
    storage,
    sseHeartbeatMs: raw.SSE_HEARTBEAT_MS,
    coverPreviewBudgetMs: raw.COVER_PREVIEW_BUDGET_MS,
    imageWork: {
      concurrency: raw.IMAGE_CONCURRENCY ?? Math.min(os.availableParallelism(), 4),
      maxQueue: raw.IMAGE_QUEUE_MAX,
      timeoutSeconds: raw.IMAGE_TIMEOUT_SECONDS,
    },
    rateLimit: {
      enabled: raw.RATE_LIMIT,
      scale: raw.RATE_LIMIT_SCALE,
      globalMax: raw.RATE_LIMIT_GLOBAL_MAX,
      redisUrl: raw.REDIS_URL,
      redisPrefix: raw.RATE_LIMIT_REDIS_PREFIX,
    },
    geocoderUserAgent: raw.GEOCODER_USER_AGENT,
    push: {
      publicKey: raw.VAPID_PUBLIC_KEY,
      privateKey: raw.VAPID_PRIVATE_KEY,
      // Push services ask for a contact; the site's own https address is one (RFC 8292 §2.1).
      subject: raw.VAPID_SUBJECT ?? (publicUrl.startsWith("https://") ? publicUrl : "mailto:plaza@localhost"),
      allowLoopbackEndpoints: nodeEnv !== "production",
    },
    importAllowPrivateHosts: (raw.IMPORT_ALLOW_PRIVATE_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
  };
}

/**
 * Only the database settings, for scripts that open it and never verify a token (admin:create):
 * they must not need the Firebase settings the server requires.
 */
export function loadDatabaseEnv(overrides: Record<string, string | undefined> = {}, cwd: string = process.cwd()): Pick<Env, "databaseUrl" | "dataDir"> {
  const raw = parseRawEnv({ ...process.env, ...overrides });
  return { databaseUrl: raw.DATABASE_URL, dataDir: path.resolve(cwd, raw.DATA_DIR) };
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** True when HOST only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (bare === "localhost") return true;
  const family = net.isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? "ipv4" : "ipv6");
}

const EMULATOR_HINT = "para desarrollo local, FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 (npm start la define sola)";

function authProblems(raw: z.infer<typeof rawEnvSchema>, nodeEnv: string): string[] {
  const production = nodeEnv === "production";
  const project = raw.FIREBASE_PROJECT_ID;
  if (raw.FIREBASE_AUTH_EMULATOR_HOST) {
    if (production) {
      return [
        "FIREBASE_AUTH_EMULATOR_HOST: el emulador de Auth acepta tokens sin firma y no se permite con NODE_ENV=production. " +
          "Quítala y define FIREBASE_PROJECT_ID con tu proyecto real de Firebase.",
      ];
    }
    if (!isLoopbackHost(raw.HOST) && !raw.PLAZA_ALLOW_EMULATOR_ON_NETWORK) {
      return [
        `FIREBASE_AUTH_EMULATOR_HOST: con el emulador de Auth cualquiera puede entrar con cualquier cuenta (acepta tokens sin firma) y HOST=${raw.HOST} deja la API abierta a la red. ` +
          "Usa HOST=127.0.0.1, configura un proyecto real de Firebase (FIREBASE_PROJECT_ID) o, solo en un entorno de pruebas aislado, define PLAZA_ALLOW_EMULATOR_ON_NETWORK=true.",
      ];
    }
    return [];
  }
  if (production && (!project || project.startsWith("demo-"))) {
    return [
      "FIREBASE_PROJECT_ID: con NODE_ENV=production hace falta el id de tu proyecto real de Firebase (sin el prefijo demo-), " +
        "con sus credenciales en GOOGLE_APPLICATION_CREDENTIALS.",
    ];
  }
  if (!project) {
    return [
      "FIREBASE_PROJECT_ID: falta. Define el id de tu proyecto de Firebase (con sus credenciales en GOOGLE_APPLICATION_CREDENTIALS) o, " +
        `${EMULATOR_HINT}.`,
    ];
  }
  if (project.startsWith("demo-")) {
    return [`FIREBASE_PROJECT_ID: "${project}" es un proyecto de demostración que solo existe en el emulador de Auth. Usa un proyecto real o, ${EMULATOR_HINT}.`];
  }
  return [];
}

function publicUrlProblems(raw: z.infer<typeof rawEnvSchema>, nodeEnv: string): string[] {
  const example = "p. ej. https://plaza.ejemplo.mx";
  if (!raw.PUBLIC_URL) {
    return nodeEnv === "production"
      ? [`PUBLIC_URL: obligatoria con NODE_ENV=production. Es la dirección pública del sitio (${example}); con ella se arman los enlaces de calendario.`]
      : [];
  }
  let url: URL | null = null;
  try {
    url = new URL(raw.PUBLIC_URL);
  } catch {
    url = null;
  }
  // Anything beyond scheme://host[:port] (a path, query, credentials) makes href differ.
  const isOrigin = url !== null && (url.protocol === "https:" || url.protocol === "http:") && url.href === `${url.origin}/`;
  return isOrigin ? [] : [`PUBLIC_URL: debe ser un origen http(s) sin ruta (${example}), no "${raw.PUBLIC_URL}".`];
}

function pushProblems(raw: z.infer<typeof rawEnvSchema>): string[] {
  const problems: string[] = [];
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = raw;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    problems.push("VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY: se configuran juntas, o ninguna (el par se genera en DATA_DIR/vapid.json).");
  } else if (publicKey && privateKey) {
    const problem = vapidKeysProblem({ publicKey, privateKey });
    if (problem) problems.push(`VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: ${problem} Genera un par con \`npx web-push generate-vapid-keys\`.`);
  }
  if (subject && !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s]+)$/.test(subject)) {
    problems.push(`VAPID_SUBJECT: debe ser un correo (mailto:operador@ejemplo.mx) o una dirección https, no "${subject}".`);
  }
  return problems;
}

function importProblems(raw: z.infer<typeof rawEnvSchema>, nodeEnv: string): string[] {
  const hosts = raw.IMPORT_ALLOW_PRIVATE_HOSTS;
  if (!hosts) return [];
  if (nodeEnv === "production") {
    return ["IMPORT_ALLOW_PRIVATE_HOSTS: deja que las importaciones lean direcciones privadas de tu red (falsificación de peticiones del lado del servidor); no se permite con NODE_ENV=production."];
  }
  const bad = hosts.split(",").map((h) => h.trim()).filter((h) => h && !/^[a-z0-9.[\]:-]+:\d{1,5}$/i.test(h));
  return bad.length ? [`IMPORT_ALLOW_PRIVATE_HOSTS: cada entrada es host:puerto (p. ej. 127.0.0.1:8080), no ${bad.map((b) => `"${b}"`).join(", ")}.`] : [];
}

function storageConfig(raw: z.infer<typeof rawEnvSchema>, dataDir: string, cwd: string): StorageConfig {
  if (!raw.S3_BUCKET) return { kind: "local", dir: raw.UPLOADS_DIR ? path.resolve(cwd, raw.UPLOADS_DIR) : path.join(dataDir, "uploads") };
  const missing = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const).filter((name) => !raw[name]);
  if (missing.length > 0) throw new EnvError(missing.map((name) => `${name}: obligatorio cuando S3_BUCKET está definido.`));
  return {
    kind: "s3",
    bucket: raw.S3_BUCKET,
    endpoint: raw.S3_ENDPOINT!,
    region: raw.S3_REGION,
    accessKeyId: raw.S3_ACCESS_KEY_ID!,
    secretAccessKey: raw.S3_SECRET_ACCESS_KEY!,
    publicUrl: raw.S3_PUBLIC_URL!,
    // AWS itself prefers virtual hosts; every self-hosted store (MinIO) wants paths.
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? !raw.S3_ENDPOINT!.includes("amazonaws.com"),
  };
}
