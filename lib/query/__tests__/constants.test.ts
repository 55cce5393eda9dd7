import { describe, expect, test } from "@jest/globals";
import * as c from "../constants";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("cache constants (docs/product.md#constants)", () => {
  test("persistence: key, throttle 1000 ms, max age 24 h", () => {
    expect(c.OFFLINE_CACHE_KEY).toBe("plaza-offline-cache");
    expect(c.PERSIST_THROTTLE_MS).toBe(1000);
    expect(c.PERSIST_MAX_AGE_MS).toBe(24 * HOUR);
  });

  test("queries: gc 24 h, stale 15 min, no retry, no refetch on focus", () => {
    expect(c.QUERY_GC_TIME_MS).toBe(24 * HOUR);
    expect(c.QUERY_STALE_TIME_MS).toBe(15 * MINUTE);
    expect(c.QUERY_RETRY).toBe(false);
    expect(c.QUERY_REFETCH_ON_WINDOW_FOCUS).toBe(false);
  });

  test("a restored cache is never older than what the gc keeps", () => {
    expect(c.QUERY_GC_TIME_MS).toBeGreaterThanOrEqual(c.PERSIST_MAX_AGE_MS);
  });

  test("my-data 24 h; HTTP cache 5 min for GET and HEAD; one week", () => {
    expect(c.MY_DATA_CACHE_MS).toBe(24 * HOUR);
    expect(c.HTTP_CACHE_TTL_MS).toBe(5 * MINUTE);
    expect([...c.HTTP_CACHE_METHODS]).toEqual(["GET", "HEAD"]);
    expect(c.ONE_WEEK_MS).toBe(7 * 24 * HOUR);
  });

  test("toasts: 3000 ms at the top; notifications top-end 3000 ms", () => {
    expect(c.TOAST_DURATION_MS).toBe(3000);
    expect(c.TOAST_POSITION).toBe("top-center");
    expect(c.NOTIFICATION_TOAST_POSITION).toBe("top-right");
    expect(c.NOTIFICATION_TOAST_DURATION_MS).toBe(3000);
  });

  test("sign-in popup 500x600 and a 10 minute recent sign-in window", () => {
    expect([c.SIGN_IN_POPUP_WIDTH, c.SIGN_IN_POPUP_HEIGHT]).toEqual([500, 600]);
    expect(c.RECENT_SIGN_IN_WINDOW_MS).toBe(10 * MINUTE);
  });
});
