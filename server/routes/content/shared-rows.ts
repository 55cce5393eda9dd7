import { LRUCache } from "lru-cache";
import { PUBLIC_MAX_AGE_SECONDS } from "../../plugins/http-cache";

// A public list or item reads the same rows for every viewer; only whether the viewer follows
// each one and their role in its community differ (viewer-rows.ts adds those). So those rows are
// read once without a viewer and kept as briefly as anonymous answers (plugins/http-cache.ts),
// under the same content stamps: any change through the API, on this instance or another, to
// everything or to their scope (a follow: the lists and the item followed), makes them unused. Signed-in reads then cost one small query instead of the whole page's.

/** Memory for kept rows per resource, counted by the weight each read declares. */
const MAX_WEIGHT = 16 * 1024 * 1024;
/** What one row of content is counted as (a page of 20 events is ~20 KB of JSON). */
export const ROW_WEIGHT = 4096;

export interface SharedRows {
  /**
   * The value kept under `key` while `scope`'s content stamp stays the same, or `load()`'s (kept
   * for next time). Concurrent reads of the same key wait for one load. `weight` is an estimate
   * of its memory (ROW_WEIGHT per row), or how to weigh the value once it arrives.
   */
  get<T>(key: string, scope: string, weight: number | ((value: T) => number), load: () => Promise<T>): Promise<T>;
}

export function sharedRows(contentStamp: (scope: string) => string): SharedRows {
  const kept = new LRUCache<string, { stamp: string; value: Promise<unknown>; weight: number }>({
    maxSize: MAX_WEIGHT,
    sizeCalculation: (entry) => entry.weight,
    ttl: PUBLIC_MAX_AGE_SECONDS * 1000,
  });
  return {
    get<T>(key: string, scope: string, weight: number | ((value: T) => number), load: () => Promise<T>): Promise<T> {
      // Read before loading: rows read while a change lands are kept under the older stamp.
      const stamp = contentStamp(scope);
      const hit = kept.get(key);
      if (hit && hit.stamp === stamp) return hit.value as Promise<T>;
      const value = load();
      kept.set(key, { stamp, value, weight: typeof weight === "number" ? Math.max(weight, 1) : 1 });
      value.then(
        (loaded) => {
          // Weighed when it arrives; its lifetime still counts from when it was asked for. Nothing
          // thrown here may escape: this promise has no one else to handle it.
          const entry = kept.get(key);
          if (typeof weight !== "function" || entry?.value !== value) return;
          try {
            kept.set(key, { ...entry, weight: Math.max(Math.ceil(weight(loaded)), 1) }, { noUpdateTTL: true });
          } catch {
            kept.delete(key);
          }
        },
        () => {
          if (kept.get(key)?.value === value) kept.delete(key);
        },
      );
      return value;
    },
  };
}
