// Business constants of docs/product.md#constants, in one place so tests can hold them to the
// product rules.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// idb-keyval's own database and store (what its default uses), so what was saved before is found.
// The start-up's small records (lib/auth/session-probe.ts) share it: one database to open.
export const KEYVAL_DB = "keyval-store";
export const KEYVAL_STORE = "keyval";

/** IndexedDB key of the persisted React Query cache. */
export const OFFLINE_CACHE_KEY = "plaza-offline-cache";
/** Minimum time between two writes of the persisted cache. */
export const PERSIST_THROTTLE_MS = 1000;
/** A persisted cache older than this is discarded on restore. */
export const PERSIST_MAX_AGE_MS = DAY;

/** Must be >= PERSIST_MAX_AGE_MS, or restored queries are garbage-collected straight away. */
export const QUERY_GC_TIME_MS = DAY;
export const QUERY_STALE_TIME_MS = 15 * MINUTE;
export const QUERY_RETRY = false;
export const QUERY_REFETCH_ON_WINDOW_FOCUS = false;

/** GET /users/my-data is cached for a day (docs/product.md#api-calls). */
export const MY_DATA_CACHE_MS = DAY;

/** In-memory HTTP cache of the API client: default lifetime and the methods it applies to. */
export const HTTP_CACHE_TTL_MS = 5 * MINUTE;
export const HTTP_CACHE_METHODS = ["GET", "HEAD"] as const;

export const ONE_WEEK_MS = 7 * DAY;

/** General toasts: top centre, 3 s, no confirm button. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_POSITION = "top-center" as const;
/** Realtime notification toasts: top end, 3 s. */
export const NOTIFICATION_TOAST_POSITION = "top-right" as const;
export const NOTIFICATION_TOAST_DURATION_MS = 3000;

/** Size of the identity provider's sign-in popup window. */
export const SIGN_IN_POPUP_WIDTH = 500;
export const SIGN_IN_POPUP_HEIGHT = 600;

/** Account deletion needs a sign-in this recent, and on the same calendar day. */
export const RECENT_SIGN_IN_WINDOW_MS = 10 * MINUTE;
