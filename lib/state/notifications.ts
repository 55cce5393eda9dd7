import { atom } from "jotai";
import type { Notification } from "@/lib/schemas/notifications";

/** A notification as the list displays it (docs/product.md#entities: userId, createdAt, title, body). */
export type AppNotification = Pick<Notification, "_id" | "userId" | "title" | "body" | "createdAt"> &
  Partial<Pick<Notification, "kind" | "link" | "viewed" | "data">>;

/**
 * The notifications store (docs/product.md#notifications-store); how arrivals and markings change
 * it is in notification-updates.ts, loaded with the listener and the list (signed in only).
 */
export interface NotificationsState {
  list: AppNotification[];
  /** The list length when the user last viewed the notifications. */
  lastCount: number;
  /** How many new lists arrived since the user last viewed them; drives the toast. */
  seen: number;
  /** Whether the first list has arrived (that one is history, not news). */
  loaded: boolean;
  /**
   * Unread notifications of the account, all pages: the server's count (`unviewed`), kept live
   * by the stream, by marking, and by other tabs. Drives the badge.
   */
  unviewed: number;
}

export const initialNotificationsState: NotificationsState = { list: [], lastCount: 0, seen: 0, loaded: false, unviewed: 0 };

/** Signing out forgets the previous user's notifications. */
export function resetNotifications(): NotificationsState {
  return initialNotificationsState;
}

/** The count on the navigation badge: unread notifications of the account. */
export function unreadCount(state: NotificationsState): number {
  return Math.max(0, state.unviewed);
}

export const notificationsAtom = atom<NotificationsState>(initialNotificationsState);
export const unreadNotificationsAtom = atom((get) => unreadCount(get(notificationsAtom)));
