import { useDeferredValue } from "react";

/**
 * A query's data as a page should draw it: held back the first time it arrives until React has
 * rendered it in a transition, live afterwards. `settling` is true while it is held back.
 *
 * TanStack Query delivers data through a synchronous store render, so a page of cards or an
 * item page would be built in one long task the moment the response lands, freezing a phone
 * right after the first paint. Drawn from a deferred copy, React builds it in slices with the
 * browser free to answer a tap between them, and the caller keeps its placeholders meanwhile.
 * Only the first arrival waits: deferring later changes would show the previous item or list
 * for a render.
 */
export function useFirstArrival<T>(live: T | undefined): { data: T | undefined; settling: boolean } {
  const seen = useDeferredValue(live);
  const data = seen === undefined ? undefined : live;
  return { data, settling: data === undefined && live !== undefined };
}
