import webPush from "web-push";
import type { VapidKeys } from "./vapid";

// Sends one encrypted message to one subscription. web-push does the standard parts (RFC 8291
// aes128gcm encryption, RFC 8292 VAPID JWT); the request itself goes through fetch, which, unlike
// web-push's own https-only sender, also reaches a plain-http push endpoint on this machine (the
// tests' and the local demo's), allowed only outside production.

export type SendOutcome =
  /** The push service took it. */
  | "sent"
  /** 404/410: the browser unsubscribed or the subscription expired; forget it. */
  | "gone"
  /** Anything else (service down, 429, timeout): kept, tried again with the next notification. */
  | "failed";

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  subject: string;
  allowLoopbackEndpoints: boolean;
  /** How long a message waits at the push service for an offline device (seconds). */
  ttlSeconds?: number;
  timeoutMs?: number;
}

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<{ outcome: SendOutcome; status: number | null; error?: unknown }>;
}

const DAY_SECONDS = 24 * 60 * 60;

export function createPushSender({ vapid, subject, allowLoopbackEndpoints, ttlSeconds = DAY_SECONDS, timeoutMs = 10_000 }: PushSenderOptions): PushSender {
  return {
    async send(target, payload) {
      const url = new URL(target.endpoint);
      // Stored subscriptions passed validation, but a production server must never send in clear.
      if (url.protocol !== "https:" && !allowLoopbackEndpoints) return { outcome: "failed", status: null, error: new Error("Endpoint sin https") };
      try {
        const details = webPush.generateRequestDetails(target, payload, {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: ttlSeconds,
          contentEncoding: "aes128gcm",
        });
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? null,
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return { outcome: "sent", status: response.status };
        return { outcome: response.status === 404 || response.status === 410 ? "gone" : "failed", status: response.status };
      } catch (error) {
        return { outcome: "failed", status: null, error };
      }
    },
  };
}
