import type { Notification } from "@/lib/schemas/notifications";
import { apiBaseUrl } from "@/lib/config";
import { fetchStreamTicket } from "./notifications";

export interface NotificationStreamHandlers {
  /** A new notification arrived (or was replayed after a reconnect). */
  onNotification: (notification: Notification) => void;
  /** The stream is open: a good moment to catch up on what arrived while it was closed. */
  onOpen?: () => void;
}

export interface NotificationStream {
  close: () => void;
}

const MIN_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** The stream URL the server gave, resolved against the API base when it is configured elsewhere. */
function streamUrl(url: string): string {
  if (/^https?:\/\//.test(url) || apiBaseUrl === "/api") return url;
  return url.replace(/^\/api(?=\/)/, apiBaseUrl);
}

/**
 * The signed-in user's realtime notifications (server-sent events). EventSource cannot send the
 * bearer token, so a short-lived ticket opens it (POST /notifications/stream-ticket). EventSource
 * reconnects by itself while the ticket is valid (sending Last-Event-ID, so the server replays
 * what was missed); once the ticket expires the server answers 401, EventSource gives up, and a
 * new ticket is asked for after a growing delay. Going offline closes it; coming back reopens it.
 */
export function openNotificationStream(handlers: NotificationStreamHandlers): NotificationStream {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let delay = MIN_RETRY_MS;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const schedule = () => {
    clearTimer();
    if (closed || !navigator.onLine) return;
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  };

  async function connect(): Promise<void> {
    clearTimer();
    source?.close();
    source = null;
    if (closed || !navigator.onLine) return;
    let url: string;
    try {
      url = streamUrl((await fetchStreamTicket()).url);
    } catch {
      schedule();
      return;
    }
    if (closed) return;
    const es = new EventSource(url);
    source = es;
    es.addEventListener("ready", () => {
      delay = MIN_RETRY_MS;
      handlers.onOpen?.();
    });
    es.addEventListener("notification", (event) => {
      try {
        handlers.onNotification(JSON.parse((event as MessageEvent<string>).data) as Notification);
      } catch (error) {
        console.error("Notificación ilegible", error);
      }
    });
    es.onerror = () => {
      // CONNECTING: EventSource retries by itself. CLOSED: it gave up (e.g. 401, ticket
      // expired): a new ticket is needed.
      if (es.readyState === EventSource.CLOSED && source === es) schedule();
    };
  }

  const onOnline = () => {
    delay = MIN_RETRY_MS;
    void connect();
  };
  const onOffline = () => {
    clearTimer();
    source?.close();
    source = null;
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  void connect();

  return {
    close() {
      closed = true;
      clearTimer();
      source?.close();
      source = null;
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    },
  };
}
