import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as ece from "http_ece";

// A push service on this machine, for tests: the boundary we do not own (FCM, Mozilla's autopush),
// spoken in its real format. It accepts what a push service accepts (RFC 8030 POST with a TTL,
// RFC 8292 `vapid t=<ES256 JWT>, k=<public key>` whose audience is this origin, RFC 8188 aes128gcm
// body) and refuses the rest; it decrypts each message with the subscription's private key, as the
// browser would (RFC 8291), and records it. A subscription can be told to answer 404/410/500.

export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's endpoint it was sent to. */
  endpoint: string;
  /** The decrypted message, parsed as JSON. */
  message: Record<string, unknown>;
  ttl: number;
  /** The VAPID claims (aud, exp, sub) and the public key that signed them. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

interface Held {
  ecdh: ECDH;
  auth: Buffer;
  status: number;
}

export interface TestPushService {
  origin: string;
  /** A new browser subscription: a real P-256 key pair and auth secret, held by this service. */
  subscribe(): PushSubscriptionKeys;
  /** The key pair as the browser would keep it (for a page that must hold the same subscription). */
  privateKeyOf(endpoint: string): string;
  /** What this endpoint answers from now on (201 by default). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  /** Requests refused as malformed (wrong auth, encoding, audience…), with why. */
  refused: { endpoint: string; reason: string }[];
  /** Resolves when `count` messages have arrived at `endpoint` (or rejects after `timeoutMs`). */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/**
 * A browser's subscription (real keys) at a public push service no test reaches: for calls that
 * only need a valid `notificationToken`.
 */
export function browserSubscription(): PushSubscriptionKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/prueba-${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

function jwkOfRawKey(raw: Buffer) {
  return { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") };
}

/** Checks the VAPID header; returns the claims or why it is refused. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush["vapid"] | string {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return `Authorization no es vapid t=…, k=…: ${header ?? "(ninguno)"}`;
  const [, token = "", k = ""] = match;
  const [head = "", claims = "", signature = ""] = token.split(".");
  const jwtHeader = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string; typ?: string };
  if (jwtHeader.alg !== "ES256") return `alg ${jwtHeader.alg}`;
  const key = createPublicKey({ key: jwkOfRawKey(Buffer.from(k, "base64url")), format: "jwk" });
  const valid = verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) return "firma ES256 inválida";
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return `aud ${body.aud} ≠ ${origin}`;
  const now = Math.floor(Date.now() / 1000);
  if (!body.exp || body.exp <= now || body.exp > now + 24 * 60 * 60) return `exp fuera de plazo: ${body.exp}`;
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return `sub ${body.sub}`;
  return { aud: body.aud, exp: body.exp, sub: body.sub, publicKey: k };
}

export async function startTestPushService(): Promise<TestPushService> {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const waiters: (() => void)[] = [];
  let origin = "";

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const endpoint = `${origin}${request.url ?? ""}`;
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, reason });
        response.writeHead(status).end(reason);
      };
      const subscription = held.get(endpoint);
      if (request.method !== "POST") return refuse(405, "solo POST");
      if (!subscription) return refuse(404, "suscripción desconocida");
      if (subscription.status !== 201) {
        response.writeHead(subscription.status).end();
        return;
      }
      const vapid = checkVapid(request.headers.authorization, origin);
      if (typeof vapid === "string") return refuse(403, vapid);
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "falta TTL");
      if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, `Content-Encoding ${request.headers["content-encoding"]}`);
      const body = Buffer.concat(chunks);
      if (body.length > 4096) return refuse(413, "más de 4096 bytes");
      let message: Record<string, unknown>;
      try {
        const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.auth.toString("base64url") });
        message = JSON.parse(plain.toString("utf8")) as Record<string, unknown>;
      } catch (error) {
        return refuse(400, `no se pudo descifrar: ${(error as Error).message}`);
      }
      received.push({ endpoint, message, ttl, vapid });
      response.writeHead(201, { location: `${endpoint}/mensaje/${received.length}` }).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString("hex")}`;
      held.set(endpoint, { ecdh, auth, status: 201 });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
    },
    privateKeyOf(endpoint) {
      return held.get(endpoint)!.ecdh.getPrivateKey().toString("base64url");
    },
    answer(endpoint, status) {
      held.get(endpoint)!.status = status;
    },
    async waitFor(endpoint, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const arrived = received.filter((r) => r.endpoint === endpoint);
        if (arrived.length >= count) return arrived;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Llegaron ${arrived.length} de ${count} push a ${endpoint}; rechazados: ${JSON.stringify(refused)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
