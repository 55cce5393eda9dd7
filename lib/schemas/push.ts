import { z } from "zod";

// Web push contract (issue 11). A device's push subscription travels as the spec's
// `notificationToken` (POST /users/notificationToken): the JSON of the browser's PushSubscription,
// {endpoint, keys: {p256dh, auth}}. Shared by the server (validation) and the client (calls).

/** A P-256 public key, uncompressed (65 bytes, first byte 0x04), in unpadded base64url. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** The 16-byte authentication secret, in unpadded base64url. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}$/;

export const PUSH_ENDPOINT_MAX = 1024;
/** Subscriptions kept per person (phones, browsers); registering one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True for http(s) hosts that are this machine: push services run elsewhere, tests run here. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Addresses of private networks, written as IP literals: never a push service. */
function isPrivateAddress(hostname: string): boolean {
  if (/^\[/.test(hostname)) return true; // IPv6 literals: push services are reached by name
  const parts = hostname.split(".").map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return false;
  const [a = 0, b = 0] = parts;
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
}

/**
 * Where a push service accepts messages: https on a public host. Plain http is only for a push
 * endpoint on this machine (local tests), and the server refuses even that in production.
 */
export function endpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "La dirección del servicio de notificaciones no es válida.";
  }
  if (url.username || url.password) return "La dirección del servicio de notificaciones no es válida.";
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return null;
  if (url.protocol !== "https:") return "El servicio de notificaciones debe usar https.";
  if (isLoopbackHost(url.hostname) || isPrivateAddress(url.hostname)) return "El servicio de notificaciones debe estar en una dirección pública.";
  return null;
}

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string("Falta la dirección del servicio de notificaciones.")
    .max(PUSH_ENDPOINT_MAX, "La dirección del servicio de notificaciones es demasiado larga.")
    .superRefine((value, ctx) => {
      const problem = endpointProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string("Falta la clave p256dh.").regex(P256DH, "La clave p256dh debe ser una clave P-256 de 65 bytes en base64url."),
      auth: z.string("Falta la clave auth.").regex(AUTH_SECRET, "La clave auth debe tener 16 bytes en base64url."),
    },
    "Faltan las claves de la suscripción.",
  ),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/**
 * `notificationToken`: the subscription's JSON as a string. Missing or empty is allowed and stores
 * nothing (docs/product.md#validation); anything else must be a valid subscription.
 */
export const pushTokenPayloadSchema = z
  .object({
    notificationToken: z
      .string()
      .trim()
      .max(4096, "El token de notificaciones es demasiado largo.")
      .nullable()
      .optional()
      .transform((token, ctx): unknown => {
        if (!token) return null;
        try {
          return JSON.parse(token) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "El token de notificaciones debe ser la suscripción push en JSON." });
          return z.NEVER;
        }
      })
      .pipe(pushSubscriptionSchema.nullable()),
  })
  .strict();

/** POST /push/unsubscribe: this device's subscription, on sign-out. */
export const removePushSubscriptionPayloadSchema = z
  .object({ endpoint: z.string("Falta la dirección de la suscripción.").min(1, "Falta la dirección de la suscripción.").max(PUSH_ENDPOINT_MAX) })
  .strict();

export const removedResultSchema = z.object({ removed: z.boolean() });

export const pushPublicKeySchema = z.object({
  /** The VAPID public key (applicationServerKey), unpadded base64url. */
  publicKey: z.string(),
});

/** The kinds of notification a person can choose to receive as push. */
export const PUSH_GROUPS = ["follows", "followedEvents", "followedContent", "adminMessages"] as const;
export type PushGroup = (typeof PUSH_GROUPS)[number];

export const PUSH_GROUP_LABELS: Record<PushGroup, string> = {
  follows: "Cuando alguien empieza a seguirte",
  followedEvents: "Cambios en los eventos que sigues",
  followedContent: "Novedades de lugares, comunidades y personas que sigues",
  adminMessages: "Mensajes de la administración y avisos de tu cuenta",
};

export const pushPreferencesSchema = z.object({
  follows: z.boolean(),
  followedEvents: z.boolean(),
  followedContent: z.boolean(),
  adminMessages: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** PUT /push/preferences: any subset; what is missing keeps its value. */
export const pushPreferencesPayloadSchema = pushPreferencesSchema.partial().strict();

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = { follows: true, followedEvents: true, followedContent: true, adminMessages: true };

/**
 * The group a notification kind belongs to. New kinds fall into a group by their name, so a
 * module that adds one is covered: `*_published` is new content, other `event_*` a change to a
 * followed event; anything else is about the person's account (moderation, verification,
 * membership) and goes with the administration's messages.
 */
export function pushGroupOf(kind: string): PushGroup {
  if (kind === "follow") return "follows";
  if (kind.endsWith("_published")) return "followedContent";
  if (kind.startsWith("event_")) return "followedEvents";
  return "adminMessages";
}

/** What the service worker receives (kept under the push services' 4 KB). */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path to open on click. */
  link: string;
  icon: string;
  badge: string;
  /** One shown notification per tag: a repeat replaces, never piles up. */
  tag: string;
}
