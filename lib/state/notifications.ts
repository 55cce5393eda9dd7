import { atom } from "jotai";
import type { Notification } from "@/lib/schemas/notifications";

/** A notification as the list displays it (docs/product.md#entities: userId, createdAt, title, body). */
export type AppNotification = Pick<Notification, "_id" | "userId" | "title" | "body" | "createdAt"> &
  Partial<Pick<Notification, "kind" | "link" | "viewed" | "data">>;

/** The notifications store (docs/product.md#notifications-store). */
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

/** A list arrived from the realtime listener. Only lists after the first load count as new. */
export function receiveNotifications(state: NotificationsState, list: AppNotification[]): NotificationsState {
  if (!state.loaded) return { ...state, list, lastCount: list.length, seen: 0, loaded: true };
  return { ...state, list, seen: state.seen + 1 };
}

/** Newest first (createdAt descending, then id), as the server orders them. */
export function compareNewestFirst(a: AppNotification, b: AppNotification): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

/** The list with `incoming` merged in: no duplicates (a later copy wins), newest first. */
export function mergeNotifications<T extends AppNotification>(list: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of list) byId.set(item._id, item);
  for (const item of incoming) byId.set(item._id, { ...byId.get(item._id), ...item });
  return [...byId.values()].sort(compareNewestFirst);
}

/**
 * Notifications arrived (the stream, or a catch-up after reconnecting): they make a new list
 * only when at least one of them was not there yet, so a replayed event is not news twice; each
 * unread one not there yet adds one to the unread count.
 */
export function addNotifications(state: NotificationsState, incoming: readonly AppNotification[]): NotificationsState {
  const known = new Set(state.list.map((item) => item._id));
  const fresh = incoming.filter((item) => !known.has(item._id));
  if (state.loaded && fresh.length === 0) return state;
  const unread = state.loaded ? fresh.filter((item) => item.viewed !== true).length : 0;
  return { ...receiveNotifications(state, mergeNotifications(state.list, incoming)), unviewed: state.unviewed + unread };
}

/** A page from the server: its items merged in, and the server's unread count taken as it is. */
export function receivePage(state: NotificationsState, page: { items: readonly AppNotification[]; unviewed: number }): NotificationsState {
  return { ...addNotifications(state, page.items), unviewed: page.unviewed };
}

/**
 * Some (ids) or all (null) notifications were marked read, here or in another tab: they read as
 * read, and the unread count is the server's answer to the marking.
 */
export function applyViewed(state: NotificationsState, ids: readonly string[] | null, unviewed: number): NotificationsState {
  const marked = ids ? new Set(ids) : null;
  const list = state.list.map((item) => (item.viewed === false && (!marked || marked.has(item._id)) ? { ...item, viewed: true } : item));
  return { ...state, list, unviewed };
}

/** The user opened the notifications: nothing left to announce in a toast. */
export function markNotificationsViewed(state: NotificationsState): NotificationsState {
  return { ...state, seen: 0, lastCount: state.list.length };
}

/** Signing out forgets the previous user's notifications. */
export function resetNotifications(): NotificationsState {
  return initialNotificationsState;
}

/** The count on the navigation badge: unread notifications of the account. */
export function unreadCount(state: NotificationsState): number {
  return Math.max(0, state.unviewed);
}

/** While seen is above 0, the first item is announced in a toast (title and body). */
export function notificationToToast(state: NotificationsState): { title: string; body: string } | null {
  if (state.seen <= 0) return null;
  const first = state.list[0];
  return first ? { title: first.title, body: first.body } : null;
}

export const notificationsAtom = atom<NotificationsState>(initialNotificationsState);
export const unreadNotificationsAtom = atom((get) => unreadCount(get(notificationsAtom)));
