"use client";

import { useEffect, useRef } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import type { NOTIFICATION_KINDS } from "@/lib/schemas/notifications";
import { addToInbox, cachedFirstPage, markReadInInbox, notificationQueries, type Notification } from "@/lib/api/notifications";
import { openNotificationStream } from "@/lib/api/notifications-stream";
import { loadSession } from "@/lib/auth/user-state";
import { getQueryClient } from "@/lib/query/client";
import { NOTIFICATION_TOAST_DURATION_MS, NOTIFICATION_TOAST_POSITION } from "@/lib/query/constants";
import { authUserAtom } from "@/lib/state/auth";
import { notificationsAtom } from "@/lib/state/notifications";
import { addNotifications, applyViewed, notificationToToast, receivePage } from "@/lib/state/notification-updates";
import { subscribeViewed } from "@/lib/state/notifications-sync";
import { withToastLibrary } from "@/lib/toast/library";
import styles from "./notifications.module.css";

type NotificationKind = (typeof NOTIFICATION_KINDS)[keyof typeof NOTIFICATION_KINDS];

/**
 * Kinds that change the signed-in user's own profile (badge, followers): reload it. Written out
 * (type-checked against the schema) so the first load does not carry zod.
 */
const PROFILE_KINDS: ReadonlySet<string> = new Set<NotificationKind>(["follow", "verification_approved", "verification_rejected"]);

/**
 * Always mounted. While someone is signed in it keeps the notifications store of
 * docs/product.md#notifications-store fed: the first page and the server's unread count at
 * start (history, nothing "new"; what arrived while the app was closed is counted), then every
 * item the realtime stream delivers (seen + 1: the toast; unread + 1: the badge), and what other
 * tabs mark read.
 */
/**
 * A marking on the cached inbox. A read of it under way would answer with the state from before
 * the marking and overwrite it ('Nueva' back on read items): it is cancelled, the marking
 * applied, and the read made again.
 */
async function showMarking(queryClient: QueryClient, ids: readonly string[] | null, unviewed: number): Promise<void> {
  const queryKey = notificationQueries.inbox().queryKey;
  const reading = queryClient.isFetching({ queryKey }) > 0;
  if (reading) await queryClient.cancelQueries({ queryKey });
  markReadInInbox(queryClient, ids, unviewed);
  if (reading) await queryClient.refetchQueries({ queryKey }).catch(() => undefined);
}

export function NotificationsListener() {
  const userId = useAtomValue(authUserAtom)?._id ?? null;
  const setNotifications = useSetAtom(notificationsAtom);
  const state = useAtomValue(notificationsAtom);
  const lastSeen = useRef(state.seen);

  useEffect(() => {
    if (!userId) return;
    const queryClient = getQueryClient();
    let cancelled = false;
    let loaded = false;
    let opened = false;
    const early: Notification[] = [];

    // The copy kept by the persisted cache is the history while the server cannot be reached.
    const showCached = () => {
      const cached = cachedFirstPage(queryClient);
      if (!cancelled) setNotifications((s) => (s.loaded ? s : receivePage(s, cached ?? { items: [], unviewed: 0 })));
    };

    // Bumped by every marking: a read that set out before one carries the count from before it,
    // so its answer is dropped and the read made again.
    let markings = 0;

    const load = async (): Promise<void> => {
      // Offline the fetch below pauses until the connection is back (it neither resolves nor
      // fails), so the cached list is shown first instead of a skeleton that never ends.
      if (!onlineManager.isOnline()) showCached();
      const before = markings;
      try {
        const data = await queryClient.fetchInfiniteQuery({ ...notificationQueries.inbox(), staleTime: 0 });
        if (before !== markings) return load();
        const first = data.pages[0];
        if (!cancelled && first) setNotifications((s) => receivePage(s, first));
      } catch {
        if (before !== markings && !cancelled) return load();
        showCached();
      }
    };

    void load().then(() => {
      loaded = true;
      if (!cancelled && early.length > 0) setNotifications((s) => addNotifications(s, early.splice(0)));
    });

    const stream = openNotificationStream({
      onNotification: (notification) => {
        if (cancelled) return;
        addToInbox(queryClient, [notification]);
        if (!loaded) early.push(notification);
        else setNotifications((s) => addNotifications(s, [notification]));
        if (PROFILE_KINDS.has(notification.kind)) void loadSession().catch(() => undefined);
      },
      onOpen: () => {
        // A fresh connection (new ticket) does not replay: catch up on what came meanwhile.
        if (opened && loaded) void load();
        opened = true;
      },
    });
    const unsubscribe = subscribeViewed((message) => {
      if (cancelled || message.userId !== userId) return;
      markings += 1;
      setNotifications((s) => applyViewed(s, message.ids, message.unviewed));
      void showMarking(queryClient, message.ids, message.unviewed);
    });
    return () => {
      cancelled = true;
      stream.close();
      unsubscribe();
    };
  }, [userId, setNotifications]);

  useEffect(() => {
    const grew = state.seen > lastSeen.current;
    lastSeen.current = state.seen;
    const item = grew ? notificationToToast(state) : null;
    if (!item) return;
    withToastLibrary(({ toast }) =>
      toast(
        () => (
          <div className={styles.toast} role="status">
            <strong>{item.title}</strong>
            <span>{item.body}</span>
          </div>
        ),
        { position: NOTIFICATION_TOAST_POSITION, duration: NOTIFICATION_TOAST_DURATION_MS, icon: "🔔" },
      ),
    );
  }, [state]);

  return null;
}
