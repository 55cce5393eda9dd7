import { isSameOriginPath } from "../../lib/schemas/link-checks";
import type { PushMessage } from "../../lib/schemas/push";
import type { ClaimedNotification } from "./repository";

// What a stored notification becomes on the lock screen. Push services take at most 4096 bytes
// of encrypted record (RFC 8291 leaves 3993 for the message); the body is cut well before that.

export const PUSH_PAYLOAD_MAX_BYTES = 3000;
export const PUSH_ICON = "/icons/icon-192.png";
/** Monochrome-friendly small icon for the status bar. */
export const PUSH_BADGE = "/icons/icon-192.png";
export const NOTIFICATIONS_PAGE = "/notifications";

function clipToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let chars = [...text];
  // Halve, then step: a body is short, and the limit is only reached by pathological input.
  while (chars.length > 0 && Buffer.byteLength(`${chars.join("")}…`) > maxBytes) chars = chars.slice(0, Math.floor(chars.length * 0.9));
  return `${chars.join("")}…`;
}

export function pushMessageOf(notification: ClaimedNotification): PushMessage {
  const link = notification.link && isSameOriginPath(notification.link) ? notification.link : NOTIFICATIONS_PAGE;
  const message: PushMessage = { title: notification.title, body: "", link, icon: PUSH_ICON, badge: PUSH_BADGE, tag: notification.id };
  const room = PUSH_PAYLOAD_MAX_BYTES - Buffer.byteLength(JSON.stringify(message));
  return { ...message, body: clipToBytes(notification.body, Math.max(0, room - 16)) };
}
