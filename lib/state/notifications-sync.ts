// Tabs of the app tell each other when notifications are marked read, so the badge and the
// list agree everywhere: BroadcastChannel where there is one, else the `storage` event (fired
// in every other tab of the origin when localStorage changes). Only absolute facts travel (these
// ids, or all, are read; the server counts N unread): each tab counts arrivals from its own
// stream, so nothing is counted twice. The tab that marked hears its own message too, so a
// marking is applied in one place whichever tab made it.

export interface ViewedMessage {
  type: "viewed";
  /** Whose notifications; a tab signed in as someone else ignores it. */
  userId: string;
  /** The ids marked, or null for all of them. */
  ids: string[] | null;
  /** The server's unread count after the marking. */
  unviewed: number;
}

const CHANNEL = "plaza-notifications";
const STORAGE_KEY = "plaza-notifications-sync";

function isViewedMessage(value: unknown): value is ViewedMessage {
  const m = value as Partial<ViewedMessage> | null;
  return !!m && m.type === "viewed" && typeof m.userId === "string" && typeof m.unviewed === "number" && (m.ids === null || Array.isArray(m.ids));
}

interface Transport {
  post(message: ViewedMessage): void;
}

const listeners = new Set<(message: ViewedMessage) => void>();
let transport: Transport | null = null;

const deliver = (message: ViewedMessage) => {
  for (const listener of listeners) listener(message);
};

/** One per tab: a BroadcastChannel never hears its own messages, so a tab does not echo itself. */
function open(): Transport {
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isViewedMessage(event.data)) deliver(event.data);
    };
    return { post: (message) => channel.postMessage(message) };
  }
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      const parsed = JSON.parse(event.newValue) as { message?: unknown };
      if (isViewedMessage(parsed.message)) deliver(parsed.message);
    } catch {
      // Not ours.
    }
  });
  return {
    post(message) {
      try {
        // A nonce makes every write a change, so a repeat of the same message still fires.
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ message, nonce: `${Date.now()}-${Math.random()}` }));
      } catch {
        // Storage full or blocked: the other tabs catch up at their next load.
      }
    },
  };
}

/** Tells this tab and the other tabs that notifications were marked read. */
export function publishViewed(message: ViewedMessage): void {
  transport ??= open();
  transport.post(message);
  deliver(message);
}

/** Hears what this tab or another marked read; returns the unsubscribe. */
export function subscribeViewed(listener: (message: ViewedMessage) => void): () => void {
  transport ??= open();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
