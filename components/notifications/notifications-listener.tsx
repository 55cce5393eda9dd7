"use client";

import { useEffect, useRef } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import toast from "react-hot-toast";
import { onlineManager } from "@tanstack/react-query";
import type { NOTIFICATION_KINDS } from "@/lib/schemas/notifications";
import { notificationQueries, type Notification } from "@/lib/api/notifications";
import { openNotificationStream } from "@/lib/api/notifications-stream";
import { loadSession } from "@/lib/auth/user-state";
import { getQueryClient } from "@/lib/query/client";
import { NOTIFICATION_TOAST_DURATION_MS, NOTIFICATION_TOAST_POSITION } from "@/lib/query/constants";
import { authUserAtom } from "@/lib/state/auth";
import { addNotifications, mergeNotifications, notificationToToast, notificationsAtom } from "@/lib/state/notifications";
import styles from "./notifications.module.css";

type NotificationKind = (typeof NOTIFICATION_KINDS)[keyof typeof NOTIFICATION_KINDS];

/**
 * Kinds that change the signed-in user's own profile (badge, followers): reload it. Written out
 * (type-checked against the schema) so the first load does not carry zod.
 */
const PROFILE_KINDS: ReadonlySet<string> = new Set<NotificationKind>(["follow", "verification_approved", "verification_rejected"]);

/**
 * Always mounted. While someone is signed in it keeps the notifications store of
 * docs/product.md#notifications-store fed: the latest page first (history, nothing "new"), then
 * every item the realtime stream delivers, each making a new list (seen + 1: the badge and the
 * toast).
 */
export function NotificationsListener() {
  const userId = useAtomValue(authUserAtom)?._id ?? null;
  const setNotifications = useSetAtom(notificationsAtom);
  const state = useAtomValue(notificationsAtom);
  const lastSeen = useRef(state.seen);

  useEffect(() => {
    if (!userId) return;
    const queryClient = getQueryClient();
    const latest = notificationQueries.latest();
    let cancelled = false;
    let loaded = false;
    let opened = false;
    const early: Notification[] = [];

    const remember = (items: Notification[]) => {
      queryClient.setQueryData(latest.queryKey, (page) =>
        page ? { ...page, items: mergeNotifications(page.items, items) as Notification[] } : page,
      );
    };

    // The copy kept by the persisted cache is the history while the server cannot be reached.
    const showCached = () => {
      const cached = queryClient.getQueryData(latest.queryKey);
      if (!cancelled) setNotifications((s) => (s.loaded ? s : addNotifications(s, cached?.items ?? [])));
    };

    const load = async () => {
      // Offline the fetch below pauses until the connection is back (it neither resolves nor
      // fails), so the cached list is shown first instead of a skeleton that never ends.
      if (!onlineManager.isOnline()) showCached();
      try {
        const page = await queryClient.fetchQuery({ ...latest, staleTime: 0 });
        if (!cancelled) setNotifications((s) => addNotifications(s, page.items));
      } catch {
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
        remember([notification]);
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
    return () => {
      cancelled = true;
      stream.close();
    };
  }, [userId, setNotifications]);

  useEffect(() => {
    const grew = state.seen > lastSeen.current;
    lastSeen.current = state.seen;
    const item = grew ? notificationToToast(state) : null;
    if (!item) return;
    toast(
      () => (
        <div className={styles.toast} role="status">
          <strong>{item.title}</strong>
          <span>{item.body}</span>
        </div>
      ),
      { position: NOTIFICATION_TOAST_POSITION, duration: NOTIFICATION_TOAST_DURATION_MS, icon: "🔔" },
    );
  }, [state]);

  return null;
}
