import { isDeepStrictEqual } from "node:util";
import { LRUCache } from "lru-cache";
import { KEPT_ROWS_MS, keptByClock, ROWS_REFRESH_AHEAD_MS } from "../../plugins/http-cache";

// A public list or item reads the same rows for every viewer; only whether the viewer follows
// each one and their role in its community differ (viewer-rows.ts adds those). So those rows are
// read once without a viewer and kept about as briefly as anonymous answers (plugins/http-cache.ts,
// which keeps those a little less), under the same content stamps: any change through the API, on
// this instance or another, to everything or to their scope (a follow: the lists and the item
// followed), makes them unused. Signed-in reads then cost one small query instead of the whole
// page's.

/** Memory for kept rows per resource, counted by the weight each read declares. */
const MAX_WEIGHT = 16 * 1024 * 1024;
/** What one row of content is counted as (a page of 20 events is ~20 KB of JSON). */
export const ROW_WEIGHT = 4096;

/** Whether a renewal read what is kept; a comparison that cannot finish says no (keeps the new). */
function sameValue(kept: unknown, loaded: unknown): boolean {
  try {
    return isDeepStrictEqual(kept, loaded);
  } catch {
    return false;
  }
}

export interface SharedRows {
  /**
   * The value kept under `key` while `scope`'s content stamp stays the same, or `load()`'s (kept
   * for next time). Concurrent reads of the same key wait for one load. `weight` is an estimate
   * of its memory (ROW_WEIGHT per row), or how to weigh the value once it arrives.
   */
  get<T>(key: string, scope: string, weight: number | ((value: T) => number), load: () => Promise<T>): Promise<T>;
}

interface Kept {
  stamp: string;
  value: Promise<unknown>;
  weight: number;
  /** The value has arrived (a load in flight is already the newest there is). */
  settled?: boolean;
  /** The value, once it has arrived: a renewal that reads the same keeps this one. */
  arrived?: unknown;
  /** A load started ahead of the value's end is on its way. */
  refreshing?: boolean;
}

/** `clock` is for tests: lru-cache's own time source (performance.now by default). */
export function sharedRows(contentStamp: (scope: string) => string, { clock }: { clock?: { now(): number } } = {}): SharedRows {
  const kept = new LRUCache<string, Kept>({
    maxSize: MAX_WEIGHT,
    sizeCalculation: (entry) => entry.weight,
    ttl: KEPT_ROWS_MS,
    ...keptByClock(clock),
  });
  /**
   * Keeps `value` under `stamp` as arrived with `loaded`, weighed now. A new object, since
   * lru-cache weighs a key again only when its value is another one; written out rather than
   * spread from the entry it follows, which made a larger object of each one. Nothing thrown here
   * may escape: the promises that call it have no one else to handle them.
   */
  const keepArrived = <T>(key: string, stamp: string, value: Promise<unknown>, loaded: T, weight: number | ((value: T) => number), options: LRUCache.SetOptions<string, Kept, unknown>) => {
    try {
      const weighed = Math.max(Math.ceil(typeof weight === "number" ? weight : weight(loaded)), 1);
      kept.set(key, { stamp, value, weight: weighed, settled: true, refreshing: false, arrived: loaded }, options);
    } catch {
      kept.delete(key);
    }
  };

  /** Loads `key` again while `entry` answers; the new value takes its place once it arrives. */
  const refresh = <T>(key: string, entry: Kept, weight: number | ((value: T) => number), load: () => Promise<T>) => {
    // Its lifetime counts from when it was asked for, as a first load's does.
    const asked = kept.perf.now();
    let loading: Promise<T>;
    try {
      loading = load();
    } catch {
      // The value in hand still answers: a renewal that cannot start is no reason to fail a read.
      return;
    }
    entry.refreshing = true;
    loading.then(
      (loaded) => {
        // Dropped, or replaced by a load after a change: the newer entry stands.
        if (kept.peek(key) !== entry) return;
        // Read again unchanged (nearly always), the entry already kept goes on, its life counted
        // anew: the value just read dies young, where collecting it is cheap. Kept anew, each
        // renewal's rows lived their 10 s into V8's old generation and died there, and that is
        // what full collections (8–25 ms pauses of every reader) came to clear
        // (docs/operations/rendimiento-bitacora.md, "Lo renovado sin cambios no se guarda de nuevo").
        if (sameValue(entry.arrived, loaded)) {
          entry.refreshing = false;
          kept.set(key, entry, { start: asked });
          return;
        }
        keepArrived(key, entry.stamp, Promise.resolve(loaded), loaded, weight, { start: asked });
      },
      // The value in hand answers to its end; a read after that loads it as a miss does.
      () => (entry.refreshing = false),
    );
  };

  return {
    get<T>(key: string, scope: string, weight: number | ((value: T) => number), load: () => Promise<T>): Promise<T> {
      // Read before loading: rows read while a change lands are kept under the older stamp.
      const stamp = contentStamp(scope);
      const hit = kept.get(key);
      if (hit && hit.stamp === stamp) {
        if (hit.settled && !hit.refreshing && kept.getRemainingTTL(key) <= ROWS_REFRESH_AHEAD_MS) refresh(key, hit, weight, load);
        return hit.value as Promise<T>;
      }
      const value = load();
      kept.set(key, { stamp, value, weight: typeof weight === "number" ? Math.max(weight, 1) : 1 });
      value.then(
        (loaded) => {
          // Weighed when it arrives; its lifetime still counts from when it was asked for.
          const entry = kept.peek(key);
          if (entry?.value === value) keepArrived(key, entry.stamp, value, loaded, weight, { noUpdateTTL: true });
        },
        () => {
          if (kept.peek(key)?.value === value) kept.delete(key);
        },
      );
      return value;
    },
  };
}
