import { queryOptions } from "@tanstack/react-query";
import type { PushPreferences } from "@/lib/schemas/push";
import { apiGet, apiPost, apiPut } from "./client";
import { saveNotificationToken } from "./account";

// Web push on this device: subscribe through the service worker's PushManager (after a tap: the
// browser asks for permission), hand the subscription to the server as the spec's notification
// token, and forget it on sign-out. Preferences say which notifications arrive as push.

export type PushState =
  /** This browser cannot receive web push (no service worker or PushManager, or not installed on iOS). */
  | "unsupported"
  /** The person blocked notifications for this site; only the browser's settings undo it. */
  | "denied"
  | "off"
  | "on";

export const SUBSCRIBE_FAILED_MESSAGE = "No se pudo conectar con el servicio de notificaciones del navegador. Revisa tu conexión e inténtalo de nuevo.";

export class PushSubscribeError extends Error {
  constructor(cause: unknown) {
    super(SUBSCRIBE_FAILED_MESSAGE, { cause });
    this.name = "PushSubscribeError";
  }
}

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) ? "on" : "off";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function fetchPushPublicKey(): Promise<{ publicKey: string }> {
  return apiGet<{ publicKey: string }>("/push/public-key", { cache: false });
}

/**
 * Asks for permission (call it from a tap), subscribes and registers the subscription. Resolves
 * to the resulting state: "denied" when the person said no.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const [{ publicKey }, worker] = await Promise.all([fetchPushPublicKey(), registration()]);
  let subscription = await worker.pushManager.getSubscription();
  // A subscription made with another server key (the server's keys changed) cannot be used.
  const existingKey = subscription?.options.applicationServerKey;
  if (subscription && existingKey && !sameKey(new Uint8Array(existingKey), keyBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch (error) {
    // The browser's push service (Google's, Mozilla's, Apple's) could not be reached.
    throw new PushSubscribeError(error);
  }
  await saveNotificationToken(JSON.stringify(subscription.toJSON()));
  return "on";
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Stops push on this device: the server forgets the subscription, then the browser drops it. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await apiPost("/push/unsubscribe", { endpoint: subscription.endpoint });
  } finally {
    // Even offline: a dropped subscription answers 410 to the next push and the server prunes it.
    await subscription.unsubscribe();
  }
}

/**
 * Sign-out: while the ID token still works, forget this device's subscription, so the next person
 * on this browser never gets the previous one's notifications. Never blocks signing out.
 */
export async function forgetPushOnSignOut(): Promise<void> {
  await disablePush().catch((error: unknown) => console.warn("No se pudo quitar la suscripción push", error));
}

export function fetchPushPreferences(): Promise<PushPreferences> {
  return apiGet<PushPreferences>("/push/preferences", { cache: false });
}

export function savePushPreferences(changes: Partial<PushPreferences>): Promise<PushPreferences> {
  return apiPut<PushPreferences>("/push/preferences", changes);
}

export const pushQueries = {
  preferences: () => queryOptions({ queryKey: ["push", "preferences"] as const, queryFn: fetchPushPreferences }),
};
