import { atom } from "jotai";

/** A notification as the list displays it (SPEC §3: userId, createdAt, title, body). */
export interface AppNotification {
  _id: string;
  userId: string;
  title: string;
  body: string;
  createdAt: string;
  read?: boolean;
  link?: string | null;
}

/** SPEC §4 "Notifications store". */
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

/** The user opened the notifications. */
export function markNotificationsViewed(state: NotificationsState): NotificationsState {
  return { ...state, seen: 0, lastCount: state.list.length };
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
