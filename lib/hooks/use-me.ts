"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { User } from "@/lib/schemas/users";
import { userQueries } from "@/lib/api/users";
import { authUserAtom, toSessionUser, type SessionUser } from "@/lib/state/auth";

/**
 * The signed-in user's profile as the screens show it: the cached my-data (so the local edits of
 * docs/product.md#user-flags show at once), falling back to the session's copy. It only reads the
 * cache: it never fetches, and never creates a my-data entry (after sign-out none must exist).
 */
export function useMe(): SessionUser | null {
  const sessionUser = useAtomValue(authUserAtom);
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const data = useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryData<User>(userQueries.myDataKey()),
    () => undefined,
  );
  return useMemo(() => {
    if (!sessionUser) return null;
    return data && data._id === sessionUser._id ? toSessionUser(data) : sessionUser;
  }, [sessionUser, data]);
}
