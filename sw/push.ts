/// <reference lib="webworker" />

// Web push in the service worker: show what the server sent (server/push/payload.ts), and on a
// tap bring the app to the notification's page. Only paths on this origin are ever opened: a
// message is data from the network, and a link elsewhere would be a phishing door.

import { clickTarget, sameOriginTarget } from "../lib/pwa/push-links";
import { LOCALE } from "../lib/schemas/constants";

declare const self: ServiceWorkerGlobalScope;

const DEFAULT_TITLE = "Plaza";

interface PushMessage {
  title?: unknown;
  body?: unknown;
  link?: unknown;
  icon?: unknown;
  badge?: unknown;
  tag?: unknown;
}

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);

function readMessage(event: PushEvent): PushMessage {
  try {
    const parsed = event.data?.json() as unknown;
    return parsed && typeof parsed === "object" ? (parsed as PushMessage) : {};
  } catch {
    // Not JSON: still worth showing, as the body.
    return { body: event.data?.text() ?? "" };
  }
}

export function registerPushHandlers(): void {
  self.addEventListener("push", (event) => {
    const message = readMessage(event);
    const tag = text(message.tag);
    event.waitUntil(
      self.registration.showNotification(text(message.title, DEFAULT_TITLE) || DEFAULT_TITLE, {
        body: text(message.body),
        icon: text(message.icon) || undefined,
        badge: text(message.badge) || undefined,
        ...(tag ? { tag } : {}),
        lang: LOCALE,
        data: { url: sameOriginTarget(message.link, self.location.origin) },
      }),
    );
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    event.waitUntil(openOrFocus(clickTarget(event.notification.data, self.location.origin)));
  });
}

/** Focuses an open tab of the app and takes it to `url`, or opens a new one. */
async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    // The browser allows focus() only while it handles the tap; a tab it refuses to raise is
    // still taken to the page.
    await tab.focus().catch(() => undefined);
    const navigated = await tab.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}
