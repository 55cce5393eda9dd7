"use client";

import { useCallback, useEffect, useState } from "react";
import { disablePush, enablePush, PushSubscribeError, pushState, type PushState } from "@/lib/api/push";
import { errorMessage } from "@/lib/api/errors";

/**
 * This device's push state, and the two actions that change it (each from a tap). `read: false`
 * skips reading the state on mount, for callers that only offer to enable.
 */
export function usePushState({ read = true }: { read?: boolean } = {}) {
  // null until read: the browser's answer is only known after mounting.
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!read) return;
    let live = true;
    void pushState().then((read) => {
      if (live) setState(read);
    });
    return () => {
      live = false;
    };
  }, [read]);

  /** Runs a change and returns the state it leads to. */
  const run = useCallback(async (action: () => Promise<PushState>): Promise<PushState> => {
    setBusy(true);
    setError(null);
    let next: PushState;
    try {
      next = await action();
    } catch (caught) {
      setError(caught instanceof PushSubscribeError ? caught.message : errorMessage(caught));
      next = await pushState();
    } finally {
      setBusy(false);
    }
    setState(next);
    return next;
  }, []);

  return {
    state,
    busy,
    error,
    enable: () => run(enablePush),
    disable: () =>
      run(async () => {
        await disablePush();
        return pushState();
      }),
  };
}
