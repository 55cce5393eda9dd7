import type { Serwist as SerwistWindow } from "@serwist/window";

/** What the update toast shows (docs/product.md#update-toast). */
export interface PwaState {
  /** The first worker finished installing: the app now works offline. */
  offlineReady: boolean;
  /** A new version is installed and waits for the user to reload. */
  needRefresh: boolean;
}

export const SW_URL = "/sw.js";
export const SW_SCOPE = "/";
/** How often an open tab looks for a new deployment, besides every page load. */
const UPDATE_INTERVAL_MS = 60 * 60 * 1000;
/** After a failed first install: the first wait before trying again, doubled each time up to the cap. */
export const RETRY_FIRST_MS = 30 * 1000;
export const RETRY_MAX_MS = 15 * 60 * 1000;

let state: PwaState = { offlineReady: false, needRefresh: false };
const listeners = new Set<() => void>();
let serwist: SerwistWindow | null = null;
let started = false;
let reloadRequested = false;

function setState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPwaState(): PwaState {
  return state;
}

const SERVER_STATE: PwaState = { offlineReady: false, needRefresh: false };
export function getServerPwaState(): PwaState {
  return SERVER_STATE;
}

export function dismissPwaToast(): void {
  setState({ offlineReady: false, needRefresh: false });
}

/** 'Recargar': activates the waiting worker; the page reloads once it controls the page. */
export function applyUpdate(): void {
  if (!serwist) return;
  reloadRequested = true;
  serwist.messageSkipWaiting();
}

/**
 * Registers /sw.js (once per page) and wires the install/update prompts, once `settled()` resolves
 * (lib/pwa/page-settled.ts: installing downloads the whole app). A first install that cannot
 * finish (the connection dropped before or while the app downloaded) is tried again when the
 * browser is back online, or after a growing wait, not only at the next visit: until then the
 * app would not open offline.
 */
export async function startServiceWorker(settled: () => Promise<void>): Promise<void> {
  if (started || typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  started = true;
  // Asked as the page opens, not once it settles: an install another tab finishes meanwhile (and
  // whose worker then claims this page) is still the first install this page sees. A reload that
  // bypassed the worker has no controller, but the app was installed.
  const openedInstalled = navigator.serviceWorker.controller !== null || installedNow();
  await settled();
  const firstInstall = !(await openedInstalled);
  for (let failures = 1; ; failures++) {
    try {
      // Inside the loop: on a first visit this chunk is not downloaded yet, and offline it fails too.
      const { Serwist } = await import("@serwist/window");
      if ((await install(Serwist, firstInstall)) === "done") {
        // The browser's own check may be skipped for a while; an open tab looks every hour.
        window.setInterval(() => void serwist?.update().catch(() => undefined), UPDATE_INTERVAL_MS);
        return;
      }
    } catch (error) {
      console.error("No se pudo registrar el service worker", error);
    }
    await beforeRetry(failures);
  }
}

/** Whether the app has an active worker now; any doubt counts as installed (no false prompt). */
function installedNow(): Promise<boolean> {
  return navigator.serviceWorker.getRegistration(SW_SCOPE).then(
    (registration) => Boolean(registration?.active),
    () => true,
  );
}

/**
 * Until the browser reports it is back online, or a wait that grows with each failure: a drop the
 * browser did not notice, or a server that failed halfway through the download, sends no 'online'.
 * While the browser says it is offline, only its return counts (a try then would fail again).
 */
function beforeRetry(failures: number): Promise<void> {
  const delay = Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS);
  return new Promise<void>((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = window.setTimeout(() => {
      if (navigator.onLine) done();
    }, delay);
    window.addEventListener("online", done);
  });
}

/**
 * One registration, with its own Serwist instance (one cannot register twice). Rejects when the
 * registration fails, resolves "failed" when this page's first install does, and "done" once it is
 * registered and any first install has finished.
 */
function install(Serwist: typeof SerwistWindow, firstInstall: boolean): Promise<"done" | "failed"> {
  const sw = new Serwist(SW_URL, { scope: SW_SCOPE, type: "classic" });
  serwist = sw;
  // Until the first install is done, a worker that waits is that install (another tab's
  // registration can leave it waiting a moment before it activates), not a new version.
  let firstInstallPending = firstInstall;

  return new Promise((resolve, reject) => {
    // Fired for our own update, one found by a later check (isExternal) and one already waiting
    // when the page loaded: all of them wait for the user.
    sw.addEventListener("waiting", () => {
      if (!firstInstallPending) setState({ needRefresh: true, offlineReady: false });
    });
    sw.addEventListener("controlling", () => {
      // An earlier, failed attempt's instance still listens: only the current one acts.
      if (serwist !== sw) return;
      // Only the user's 'Recargar' reloads the page; never on its own (e.g. when back online).
      if (reloadRequested) window.location.reload();
    });

    sw.register().then((registration) => {
      if (!registration) return resolve("done");
      // Finds a new deployment on every visit.
      void registration.update().catch(() => undefined);
      // With two tabs on a first visit, the browser answers the second tab's registration only
      // once the first tab's install is done: its worker is then already installed or active.
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      if (!firstInstall || !worker) {
        firstInstallPending = false;
        return resolve("done");
      }
      // The worker itself, not Serwist's events: those call an install that another tab started
      // external, and this tab would never learn that it finished.
      const follow = () => {
        if (worker.state === "redundant") {
          // Its downloads failed; with nothing installed before it, the browser drops the
          // registration, so the next try registers anew.
          worker.removeEventListener("statechange", follow);
          resolve("failed");
        } else if (worker.state === "installed" || worker.state === "activating" || worker.state === "activated") {
          worker.removeEventListener("statechange", follow);
          firstInstallPending = false;
          setState({ offlineReady: true, needRefresh: false });
          resolve("done");
        }
      };
      worker.addEventListener("statechange", follow);
      follow();
    }, reject);
  });
}
