"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Provider as JotaiProvider } from "jotai";
import { onlineManager } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { authEmulatorUrl, buildId } from "@/lib/config";
import { invalidateContent } from "@/lib/api/content";
import { getQueryClient, markCacheRestored } from "@/lib/query/client";
import { isQueuedMutation, resumeQueuedMutations } from "@/lib/query/mutation-defaults";
import { PERSIST_MAX_AGE_MS } from "@/lib/query/constants";
import { offlineCachePersister } from "@/lib/query/persister";
import { appStore } from "@/lib/state/store";
import { ToasterHost } from "./toaster-host";

// React Query assumes it starts online; a PWA opened offline must start paused instead.
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);

const persistOptions = {
  persister: offlineCachePersister,
  maxAge: PERSIST_MAX_AGE_MS,
  // A new deployment may change response shapes: its first start ignores the old copy.
  buster: buildId,
  dehydrateOptions: { shouldDehydrateMutation: isQueuedMutation },
};

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(getQueryClient);

  useEffect(() => {
    // Local stack only (the Auth emulator): lets end-to-end tests read which queries the cache
    // holds, e.g. that signing out leaves none of the user's. Never in a production build.
    if (!authEmulatorUrl) return;
    (window as unknown as { __plazaQueryKeys?: () => unknown[] }).__plazaQueryKeys = () =>
      queryClient.getQueryCache().getAll().map((query) => query.queryKey);
  }, [queryClient]);

  useEffect(
    () =>
      // A persisted mutation that pauses, resumes or settles is written at once, not after the
      // throttle: a reload in between would otherwise restore it as still pending and send it
      // again. Deferred a tick so the persister has the new state first.
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== "updated") return;
        const kind = event.action.type;
        if (kind === "pause" || kind === "continue" || kind === "failed" || kind === "success" || kind === "error") {
          setTimeout(() => void offlineCachePersister.flush(), 0);
        }
      }),
    [queryClient],
  );

  useEffect(() => {
    // A save still waiting for the throttle would be lost when the page goes away.
    const flush = () => {
      if (document.visibilityState === "hidden") void offlineCachePersister.flush();
    };
    const onPageHide = () => void offlineCachePersister.flush();
    document.addEventListener("visibilitychange", flush);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", flush);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, []);
  return (
    <JotaiProvider store={appStore}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={persistOptions}
        onSuccess={() => {
          // Content the device kept shows at once and is asked for again when next used, even
          // within its minute of freshness: a reload right after a change made here would show
          // the copy from before it (the copy is saved at most once a second, and a reload can
          // come first).
          invalidateContent(queryClient, "none");
          markCacheRestored();
          // Mutations paused offline or waiting to retry in an earlier visit run now (their
          // functions come from registerMutationDefaults).
          return resumeQueuedMutations(queryClient);
        }}
        onError={markCacheRestored}
      >
        {children}
      </PersistQueryClientProvider>
      <ToasterHost />
    </JotaiProvider>
  );
}
