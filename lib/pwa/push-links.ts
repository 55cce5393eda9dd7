// Where a tap on a web push notification may go (sw/push.ts): a path on the app's own origin,
// else the notifications page. A push message is data from the network; a link to another
// site would be a phishing door.

const FALLBACK_PATH = "/notifications";

/** A same-origin URL for `link`, else the notifications page. */
export function sameOriginTarget(link: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_PATH, origin).href;
  if (typeof link !== "string" || !link.startsWith("/") || link.startsWith("//") || link.includes("\\")) return fallback;
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** The URL stored with a shown notification, checked again: it must still be on this origin. */
export function clickTarget(data: unknown, origin: string): string {
  const stored = (data as { url?: unknown } | null)?.url;
  if (typeof stored !== "string") return sameOriginTarget(null, origin);
  try {
    const url = new URL(stored);
    return sameOriginTarget(url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null, origin);
  } catch {
    return sameOriginTarget(null, origin);
  }
}
