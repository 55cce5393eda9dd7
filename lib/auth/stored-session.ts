import { del, get, set } from "idb-keyval";
import { firebaseConfig } from "@/lib/config";
import { keyval } from "@/lib/query/persister";

// Whether this device may hold a signed-in identity, answered without the Firebase SDK: an
// anonymous visitor then never downloads or starts it (docs/operations/rendimiento-bitacora.md), while a
// signed-in one, online or not, loads it at once as before. Two independent signs, either one
// enough: our own marker, kept in step with what the SDK reports, and the record the SDK's own
// persistence keeps (so a session from before the marker existed is still found). Both are in
// IndexedDB and read asynchronously: the first read of localStorage on a page waits for the browser
// process, and every anonymous page load asked ("Lo que la arrancada esperaba del navegador", in
// the same log). Any doubt (no storage access, an unexpected error) answers "maybe": loading the
// SDK is always safe, skipping it for someone signed in is not.

/** Set while the SDK last reported a signed-in user on this device. */
const SESSION_MARKER_KEY = "plaza:signed-in";

// The SDK's persistence layout (firebase/auth, indexedDBLocalPersistence): one record per app,
// keyed `firebase:authUser:<apiKey>:<appName>`. Where IndexedDB is unavailable the SDK keeps it in
// localStorage instead; our marker cannot be read there either, and that doubt answers "maybe".
// Not looked for: a record left in localStorage by a sign-in while IndexedDB failed, on a device
// where it works again (and our marker is absent); that person signs in again.
const SDK_DB = "firebaseLocalStorageDb";
const SDK_STORE = "firebaseLocalStorage";
const SDK_USER_KEY = `firebase:authUser:${firebaseConfig.apiKey}:[DEFAULT]`;

/** What the marker holds in IndexedDB, once read or written here; undefined when unknown. */
let markerStored: boolean | undefined;

/** Records the SDK's latest report; writes only when it changes what is stored. */
export function markSignedIn(signedIn: boolean): void {
  if (markerStored === signedIn) return;
  markerStored = signedIn;
  // Inside a promise: idb-keyval opens the database synchronously, and where storage is blocked
  // that throws, which must not stop the report that called this.
  Promise.resolve()
    .then(() => (signedIn ? set(SESSION_MARKER_KEY, 1, keyval) : del(SESSION_MARKER_KEY, keyval)))
    .catch(() => {
      /* storage blocked: the SDK's own record still answers */
      markerStored = undefined;
    });
}

/** Our marker: true or false, or null when it cannot be read. */
async function ourMarker(): Promise<boolean | null> {
  try {
    const found = (await get(SESSION_MARKER_KEY, keyval)) !== undefined;
    markerStored ??= found;
    return found;
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
        const count = db.transaction(SDK_STORE, "readonly").objectStore(SDK_STORE).count(SDK_USER_KEY);
        count.onsuccess = () => done(count.result > 0);
        count.onerror = () => done(true);
      } catch {
        done(true);
      }
    };
  });
}

let answer: Promise<boolean> | null = null;

/** True when a signed-in identity may be stored on this device (asked once per page load). */
export function mayHaveStoredSession(): Promise<boolean> {
  // Either sign is enough: yes as soon as one says so, no once both have said no.
  const yes = (maybe: boolean) => (maybe ? true : Promise.reject(new Error("no sign")));
  answer ??= Promise.any([ourMarker().then((ours) => yes(ours !== false)), sdkRecordExists().then(yes)]).catch(() => false);
  return answer;
}
