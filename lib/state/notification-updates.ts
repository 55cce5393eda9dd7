import type { AppNotification, NotificationsState } from "./notifications";

// How the notifications store changes: lists and pages arriving, markings, the toast to show. The
// badge and sign-out need only the store (notifications.ts); this comes with the listener.

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

/** While seen is above 0, the first item is announced in a toast (title and body). */
export function notificationToToast(state: NotificationsState): { title: string; body: string } | null {
  if (state.seen <= 0) return null;
  const first = state.list[0];
  return first ? { title: first.title, body: first.body } : null;
}
