"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { userQueries } from "@/lib/api/users";
import { authUserAtom, toSessionUser, type SessionUser } from "@/lib/state/auth";

/**
 * The signed-in user's profile as the screens show it: the cached my-data (so the local edits of
 * SPEC §4 "User flags" show at once), falling back to the session's copy. Never fetches: the
 * start-up flow loads it.
 */
export function useMe(): SessionUser | null {
  const sessionUser = useAtomValue(authUserAtom);
  const { data } = useQuery({ ...userQueries.myData(), enabled: false });
  return useMemo(() => {
    if (!sessionUser) return null;
    return data && data._id === sessionUser._id ? toSessionUser(data) : sessionUser;
  }, [sessionUser, data]);
}
