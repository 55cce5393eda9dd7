"use client";

import { useCallback } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { markReadInInbox, markViewed } from "@/lib/api/notifications";
import { getQueryClient } from "@/lib/query/client";
import { authUserAtom } from "@/lib/state/auth";
import { applyViewed, notificationsAtom } from "@/lib/state/notifications";
import { publishViewed } from "@/lib/state/notifications-sync";

/**
 * Marks notifications read on the server (some ids, or all with null), then shows it here (the
 * list and the badge, with the server's count) and in the other tabs.
 */
export function useMarkRead(): (ids: string[] | null) => Promise<void> {
  const userId = useAtomValue(authUserAtom)?._id ?? null;
  const setNotifications = useSetAtom(notificationsAtom);
  return useCallback(
    async (ids) => {
      if (!userId) return;
      const { unviewed } = await markViewed(ids ?? undefined);
      setNotifications((state) => applyViewed(state, ids, unviewed));
      markReadInInbox(getQueryClient(), ids, unviewed);
      publishViewed({ type: "viewed", userId, ids, unviewed });
    },
    [userId, setNotifications],
  );
}
