import { firebaseConfig } from "@/lib/config";

// Whether this device may hold a signed-in identity, answered without the Firebase SDK: an
// anonymous visitor then never downloads or starts it (docs/operations/rendimiento-bitacora.md), while a
// signed-in one, online or not, loads it at once as before. Two independent signs, either one
// enough: our own marker, written whenever the SDK reports a user, and the record the SDK's own
// persistence keeps (so a session from before the marker existed is still found). Any doubt (no
// storage access, an unexpected error) answers "maybe": loading the SDK is always safe, skipping
// it for someone signed in is not.

/** Set while the SDK last reported a signed-in user on this device. */
export const SESSION_MARKER_KEY = "plaza:signed-in";

// The SDK's persistence layout (firebase/auth, indexedDBLocalPersistence and
// browserLocalPersistence): one record per app, keyed `firebase:authUser:<apiKey>:<appName>`.
const SDK_DB = "firebaseLocalStorageDb";
const SDK_STORE = "firebaseLocalStorage";
const SDK_USER_KEY = `firebase:authUser:${firebaseConfig.apiKey}:[DEFAULT]`;

export function markSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_MARKER_KEY, "1");
    else localStorage.removeItem(SESSION_MARKER_KEY);
  } catch {
    /* storage blocked: the SDK's own record still answers */
  }
}

function localSigns(): boolean | null {
  try {
    return localStorage.getItem(SESSION_MARKER_KEY) !== null || localStorage.getItem(SDK_USER_KEY) !== null;
  } catch {
    return null;
  }
}

/** Whether the SDK's IndexedDB holds a user record; never creates the database. */
function sdkRecordExists(): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(false);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(SDK_DB);
    } catch {
      return resolve(true);
    }
    // The database did not exist: abort, so that looking leaves nothing behind.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(request.error?.name !== "AbortError");
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      const db = request.result;
      const done = (found: boolean) => {
        db.close();
        resolve(found);
      };
      if (!db.objectStoreNames.contains(SDK_STORE)) return done(false);
      try {
        const get = db.transaction(SDK_STORE, "readonly").objectStore(SDK_STORE).count(SDK_USER_KEY);
        get.onsuccess = () => done(get.result > 0);
        get.onerror = () => done(true);
      } catch {
        done(true);
      }
    };
  });
}

let answer: Promise<boolean> | null = null;

/** True when a signed-in identity may be stored on this device (asked once per page load). */
export function mayHaveStoredSession(): Promise<boolean> {
  answer ??= (async () => {
    const local = localSigns();
    if (local !== false) return true;
    return sdkRecordExists();
  })();
  return answer;
}
