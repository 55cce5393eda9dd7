"use client";

import { useEffect, useRef } from "react";
import { useAtomValue } from "jotai";
import toast from "react-hot-toast";
import { NOTIFICATION_TOAST_DURATION_MS, NOTIFICATION_TOAST_POSITION } from "@/lib/query/constants";
import { notificationToToast, notificationsAtom } from "@/lib/state/notifications";

/**
 * Always mounted. The realtime subscription (server-sent events) arrives with the
 * notifications feature; what already works is the announcement of a new item.
 */
export function NotificationsListener() {
  const state = useAtomValue(notificationsAtom);
  const lastSeen = useRef(state.seen);

  useEffect(() => {
    const grew = state.seen > lastSeen.current;
    lastSeen.current = state.seen;
    const item = grew ? notificationToToast(state) : null;
    if (!item) return;
    toast(
      () => (
        <div className="notification-toast">
          <strong>{item.title}</strong>
          <span>{item.body}</span>
        </div>
      ),
      { position: NOTIFICATION_TOAST_POSITION, duration: NOTIFICATION_TOAST_DURATION_MS, icon: "🔔" },
    );
  }, [state]);

  return null;
}
