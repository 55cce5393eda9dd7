"use client";

import { useCallback } from "react";
import { useAtomValue } from "jotai";
import { markViewed } from "@/lib/api/notifications";
import { authUserAtom } from "@/lib/state/auth";
import { publishViewed } from "@/lib/state/notifications-sync";

/**
 * Marks notifications read on the server (some ids, or all with null), then tells this tab and
 * the others (NotificationsListener shows it: the list and the badge, with the server's count).
 */
export function useMarkRead(): (ids: string[] | null) => Promise<void> {
  const userId = useAtomValue(authUserAtom)?._id ?? null;
  return useCallback(
    async (ids) => {
      if (!userId) return;
      const { unviewed } = await markViewed(ids ?? undefined);
      publishViewed({ type: "viewed", userId, ids, unviewed });
    },
    [userId],
  );
}
