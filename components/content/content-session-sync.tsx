"use client";

import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { authUserAtom } from "@/lib/state/auth";

const VIEWER_DEPENDENT_ROOTS = [["events"], ["places"], ["news"], ["communities"], ["search"]] as const;

/**
 * Content carries viewer-dependent fields (following, canEdit, myRole). When the signed-in
 * person changes (sign-in, another account), cached copies are refetched so the buttons tell
 * the truth; the first report after start-up is not a change.
 */
export function ContentSessionSync() {
  const userId = useAtomValue(authUserAtom)?._id ?? null;
  const queryClient = useQueryClient();
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== userId) {
      for (const queryKey of VIEWER_DEPENDENT_ROOTS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }
    previous.current = userId;
  }, [userId, queryClient]);
  return null;
}
