import { firebaseConfig } from "@/lib/config";
import { KEYVAL_DB, KEYVAL_STORE } from "@/lib/query/constants";
import { REDIRECT_PARAM } from "./redirect-state";

// Whether this device may hold a signed-in identity, read from IndexedDB without the Firebase SDK
// (lib/auth/stored-session.ts says why two signs). The page asks it from an inline script in its
// head (components/layout/session-probe-script.tsx), long before the app's scripts arrive, and
// the app takes that same answer. When nothing is stored and no social redirect is coming back,
// the first sign-in check is over already: the script marks the document and the 'Cargando...'
// view steps aside, so a visitor sees the page while its scripts download instead of a spinner.
// Anyone else keeps the view until the SDK reports, as before.

/** Where one sign is kept: a record `key` in object store `store` of database `db`. */
export interface StoredRecord {
  db: string;
  store: string;
  key: string;
  /**
   * A database of ours that the app creates anyway: made here as its owner makes it (an empty
   * store) instead of aborted. An aborted creation leaves, in some engines, a database without the
   * store (w3c/IndexedDB#491), which its owner, opening without a version, could never repair.
   */
  ours?: boolean;
}

export interface SessionProbeConfig {
  /** Our marker, set while the SDK last reported a signed-in user on this device. */
  marker: StoredRecord;
  /** The SDK's own persistence record (firebase/auth, indexedDBLocalPersistence). */
  sdk: StoredRecord;
}

export interface SessionProbeAnswer {
  /** False only when both signs were read and neither is there. */
  maybe: boolean;
  /** Our marker, when it was read before the answer was given. */
  marker?: boolean;
}

/** Set on `<html>` by the inline script once the first check found nobody stored. */
export const SIGNED_OUT_ATTRIBUTE = "data-signed-out";
/** Where the inline script leaves its answer for the app. */
export const SESSION_PROBE_GLOBAL = "__plazaStoredSession";

// The SDK's persistence layout (firebase/auth, indexedDBLocalPersistence): one record per app,
// keyed `firebase:authUser:<apiKey>:<appName>`. Where IndexedDB is unavailable the SDK keeps it in
// localStorage instead; our marker cannot be read there either, and that doubt answers "maybe".
// Not looked for: a record left in localStorage by a sign-in while IndexedDB failed, on a device
// where it works again (and our marker is absent); that person signs in again.
export const sessionProbeConfig: SessionProbeConfig = {
  marker: { db: KEYVAL_DB, store: KEYVAL_STORE, key: "plaza:signed-in", ours: true },
  sdk: { db: "firebaseLocalStorageDb", store: "firebaseLocalStorage", key: `firebase:authUser:${firebaseConfig.apiKey}:[DEFAULT]` },
};

/**
 * Reads both signs; never rejects, and creates no database but ours. Any doubt (no IndexedDB access,
 * an unexpected error, a blocked open) answers "maybe": loading the SDK is always safe, skipping
 * it for someone signed in is not.
 *
 * Self-contained (no imports, no outer names, no syntax that needs a helper): the inline script
 * is this function's own source text.
 */
export function probeStoredSession(config: SessionProbeConfig): Promise<SessionProbeAnswer> {
  // true: the record is there; false: the database, store or record is not; null: cannot tell.
  function read(where: StoredRecord): Promise<boolean | null> {
    return new Promise((resolve) => {
      let request: IDBOpenDBRequest;
      try {
        request = indexedDB.open(where.db);
      } catch {
        return resolve(null);
      }
      // The database did not exist: ours is made as its owner makes it; another's is left alone
      // (aborted, so that looking leaves nothing behind).
      request.onupgradeneeded = () => {
        if (where.ours) request.result.createObjectStore(where.store);
        else request.transaction?.abort();
      };
      request.onerror = () => resolve(request.error?.name === "AbortError" ? false : null);
      request.onblocked = () => resolve(null);
      request.onsuccess = () => {
        const db = request.result;
        const done = (found: boolean | null) => {
          db.close();
          resolve(found);
        };
        if (!db.objectStoreNames.contains(where.store)) return done(false);
        try {
          const count = db.transaction(where.store, "readonly").objectStore(where.store).count(where.key);
          count.onsuccess = () => done(count.result > 0);
          count.onerror = () => done(null);
        } catch {
          done(null);
        }
      };
    });
  }
  return new Promise((resolve) => {
    let marker: boolean | undefined;
    let unanswered = 2;
    // Yes as soon as one sign says so (or cannot tell); no once both have said no.
    const heard = (found: boolean | null) => {
      if (found !== false) resolve({ maybe: true, marker });
      else if (--unanswered === 0) resolve({ maybe: false, marker: false });
    };
    try {
      // Where storage is blocked, even looking at indexedDB can throw.
      if (typeof indexedDB === "undefined") return resolve({ maybe: true });
      void read(config.marker).then((found) => {
        if (found !== null) marker = found;
        heard(found);
      });
      void read(config.sdk).then(heard);
    } catch {
      resolve({ maybe: true });
    }
  });
}

/**
 * The inline script: starts the probe, leaves its answer in `window[SESSION_PROBE_GLOBAL]`, and
 * marks the document when the first check is over without the SDK.
 */
export function sessionProbeScript(): string {
  const mark =
    `if(!a.maybe&&!new URLSearchParams(location.search).has(${JSON.stringify(REDIRECT_PARAM)}))` +
    `document.documentElement.setAttribute(${JSON.stringify(SIGNED_OUT_ATTRIBUTE)},"")`;
  return (
    `try{window[${JSON.stringify(SESSION_PROBE_GLOBAL)}]=(${probeStoredSession.toString()})(${JSON.stringify(sessionProbeConfig)});` +
    `window[${JSON.stringify(SESSION_PROBE_GLOBAL)}].then(function(a){${mark}})}catch(e){}`
  );
}
