"use client";

import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { invalidateContent } from "@/lib/api/content";
import { authCheckedAtom, identityAtom } from "@/lib/state/auth";

/**
 * Content carries viewer-dependent fields (following, canEdit, myRole). When the signed-in
 * identity changes (sign-in, sign-out, another account), cached copies are refetched so the
 * buttons tell the truth. The first report after start-up is not a change: every request made
 * before it waited for it and already carried that identity's token (lib/auth/firebase.ts), and
 * refetching then asked for each list on the screen twice. (What the device kept from an earlier
 * visit is asked for again once anyway: components/layout/providers.tsx.)
 */
export function ContentSessionSync() {
  const checked = useAtomValue(authCheckedAtom);
  const identityId = useAtomValue(identityAtom)?.id ?? null;
  const queryClient = useQueryClient();
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!checked) return;
    if (previous.current !== undefined && previous.current !== identityId) {
      invalidateContent(queryClient, "active");
    }
    previous.current = identityId;
  }, [checked, identityId, queryClient]);
  return null;
}
