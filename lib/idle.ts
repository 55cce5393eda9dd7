/**
 * Runs `task` at the browser's next idle moment (at most `timeoutMs` later; `fallbackMs` later
 * where it cannot say: Safari has no requestIdleCallback), after the page's `load` unless
 * `afterLoad` is false, so it never competes with the first screen. Returns the cancel.
 */
export function whenIdle(task: () => void, { timeoutMs, fallbackMs, afterLoad = true }: { timeoutMs: number; fallbackMs: number; afterLoad?: boolean }): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, fallbackMs);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (!afterLoad || document.readyState === "complete") {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    cancelIdle();
  };
}
