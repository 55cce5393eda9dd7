import { del, set } from "idb-keyval";
import { keyval } from "@/lib/query/persister";
import { SESSION_PROBE_GLOBAL, probeStoredSession, sessionProbeConfig, type SessionProbeAnswer } from "./session-probe";

// Whether this device may hold a signed-in identity, answered without the Firebase SDK: an
// anonymous visitor then never downloads or starts it (docs/operations/rendimiento-bitacora.md), while a
// signed-in one, online or not, loads it at once as before. Two independent signs, either one
// enough: our own marker, kept in step with what the SDK reports, and the record the SDK's own
// persistence keeps (so a session from before the marker existed is still found). Both are in
// IndexedDB and read asynchronously: the first read of localStorage on a page waits for the browser
// process, and every anonymous page load asked ("Lo que la arrancada esperaba del navegador", in
// the same log). The reading itself is lib/auth/session-probe.ts, which the page's head also runs.

/** What the marker holds in IndexedDB, once read or written here; undefined when unknown. */
let markerStored: boolean | undefined;

/** Records the SDK's latest report; writes only when it changes what is stored. */
export function markSignedIn(signedIn: boolean): void {
  if (markerStored === signedIn) return;
  markerStored = signedIn;
  // Inside a promise: idb-keyval opens the database synchronously, and where storage is blocked
  // that throws, which must not stop the report that called this.
  Promise.resolve()
    .then(() => (signedIn ? set(sessionProbeConfig.marker.key, 1, keyval) : del(sessionProbeConfig.marker.key, keyval)))
    .catch(() => {
      /* storage blocked: the SDK's own record still answers */
      markerStored = undefined;
    });
}

let answer: Promise<boolean> | null = null;

/** True when a signed-in identity may be stored on this device (asked once per page load). */
export function mayHaveStoredSession(): Promise<boolean> {
  // The page's inline script asked as it opened (components/layout/session-probe-script.tsx);
  // without it (a test, a page that lacks it) the app asks now.
  const asked = (globalThis as { [SESSION_PROBE_GLOBAL]?: Promise<SessionProbeAnswer> })[SESSION_PROBE_GLOBAL];
  answer ??= (asked ?? probeStoredSession(sessionProbeConfig)).then(
    ({ maybe, marker }) => {
      markerStored ??= marker;
      return maybe;
    },
    // Never expected (the probe answers every doubt with "maybe"), but the app must still open.
    () => true,
  );
  return answer;
}
