import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during prerender and hydration, true afterwards (and immediately on client-side
 * renders), without an extra effect pass.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
