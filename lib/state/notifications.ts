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
  /** How many new lists arrived since the user last viewed them; drives the badge and toast. */
  seen: number;
  /** Whether the first list has arrived (that one is history, not news). */
  loaded: boolean;
}

export const initialNotificationsState: NotificationsState = { list: [], lastCount: 0, seen: 0, loaded: false };

/** A list arrived from the realtime listener. Only lists after the first load count as new. */
export function receiveNotifications(state: NotificationsState, list: AppNotification[]): NotificationsState {
  if (!state.loaded) return { list, lastCount: list.length, seen: 0, loaded: true };
  return { ...state, list, seen: state.seen + 1 };
}

/** Newest first (createdAt descending, then id), as the realtime query orders them. */
export function compareNewestFirst(a: AppNotification, b: AppNotification): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

/** The list with `incoming` merged in: no duplicates (a later copy wins), newest first. */
export function mergeNotifications(list: readonly AppNotification[], incoming: readonly AppNotification[]): AppNotification[] {
  const byId = new Map<string, AppNotification>();
  for (const item of list) byId.set(item._id, item);
  for (const item of incoming) byId.set(item._id, { ...byId.get(item._id), ...item });
  return [...byId.values()].sort(compareNewestFirst);
}

/**
 * Notifications arrived (the stream, or a catch-up after reconnecting): they make a new list
 * only when at least one of them was not there yet, so a replayed event is not news twice.
 */
export function addNotifications(state: NotificationsState, incoming: readonly AppNotification[]): NotificationsState {
  const known = new Set(state.list.map((item) => item._id));
  if (state.loaded && incoming.every((item) => known.has(item._id))) return state;
  return receiveNotifications(state, mergeNotifications(state.list, incoming));
}

/** The user opened the notifications. */
export function markNotificationsViewed(state: NotificationsState): NotificationsState {
  return { ...state, seen: 0, lastCount: state.list.length };
}

/** After the server marked them viewed: every listed item reads as viewed. */
export function withAllViewed(state: NotificationsState): NotificationsState {
  if (state.list.every((item) => item.viewed !== false)) return state;
  return { ...state, list: state.list.map((item) => (item.viewed === false ? { ...item, viewed: true } : item)) };
}

/** Signing out forgets the previous user's notifications. */
export function resetNotifications(): NotificationsState {
  return initialNotificationsState;
}

/** The count on the navigation badge. */
export function unseenCount(state: NotificationsState): number {
  return state.seen;
}

/** While seen is above 0, the first item is announced in a toast (title and body). */
export function notificationToToast(state: NotificationsState): { title: string; body: string } | null {
  if (state.seen <= 0) return null;
  const first = state.list[0];
  return first ? { title: first.title, body: first.body } : null;
}

export const notificationsAtom = atom<NotificationsState>(initialNotificationsState);
export const unseenNotificationsAtom = atom((get) => unseenCount(get(notificationsAtom)));
