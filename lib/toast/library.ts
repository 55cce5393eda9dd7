type ToastLibrary = typeof import("react-hot-toast");

let pending: Promise<ToastLibrary> | null = null;
let loaded: ToastLibrary | null = null;
const listeners = new Set<() => void>();

/**
 * react-hot-toast (with goober, its CSS-in-JS) is fetched when the page first goes idle or when
 * a message is shown, whichever comes first, not with the page's first scripts: most screens
 * show no message, and the first paint should not wait for ~5 KB gzip it does not need. Toasts
 * created before the <Toaster> mounts wait in the library's store and show when it does.
 */
export function loadToastLibrary(): Promise<ToastLibrary> {
  return (pending ??= import("react-hot-toast").then(
    (library) => {
      loaded = library;
      for (const listener of listeners) listener();
      return library;
    },
    (error: unknown) => {
      // A failed chunk (offline before the service worker cached it) may load on a later try.
      pending = null;
      throw error;
    },
  ));
}

/**
 * Runs `show` with the library once it is at hand: every message goes through here. If the chunk
 * cannot load at all (offline before the service worker cached it) the message is dropped and
 * the next one tries again; what the message reported has already happened.
 */
export function withToastLibrary(show: (library: ToastLibrary) => void): void {
  void loadToastLibrary().then(show, () => undefined);
}

/** The library once loaded, for useSyncExternalStore. */
export function loadedToastLibrary(): ToastLibrary | null {
  return loaded;
}

export function subscribeToastLibrary(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
