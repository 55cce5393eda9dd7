import type { User } from "@/lib/schemas/users";
import { userQueries } from "@/lib/api/users";
import { fetchInitialData } from "@/lib/api/account";
import { eventQueries } from "@/lib/api/events";
import { clearHttpCache } from "@/lib/api/client";
import { getQueryClient } from "@/lib/query/client";
import { offlineCachePersister } from "@/lib/query/persister";
import { appStore } from "@/lib/state/store";
import { authUserAtom, sessionStatusAtom, toSessionUser } from "@/lib/state/auth";
import { notificationsAtom, resetNotifications } from "@/lib/state/notifications";
import { notify } from "@/lib/toast/notify";
import { banMessage } from "@/lib/schemas/ban-message";
import { loadAuth } from "./firebase";

// The signed-in user's profile as the app holds it: loaded from initial data, stored, forgotten.
// Kept apart from the startup flow (./session) so the Google/Apple code (./social), which the
// startup flow loads lazily, can load a session without importing the flow back.

/** Stores the signed-in user's profile in the atom and in the my-data cache. */
export function storeUser(user: User): void {
  appStore.set(authUserAtom, toSessionUser(user));
  appStore.set(sessionStatusAtom, "ready");
  getQueryClient().setQueryData(userQueries.myDataKey(), user);
  // Written now rather than after the throttle: the next start may be offline and needs it.
  void offlineCachePersister.flush();
}

/**
 * Local logout (docs/product.md#logout): forgets my-data, the events chosen for the user and the
 * user state. `everything` also empties the whole query cache and its persisted copy, so nothing of
 * the previous user survives on a shared device.
 */
export async function logoutLocal({ everything }: { everything: boolean }): Promise<void> {
  const queryClient = getQueryClient();
  queryClient.removeQueries({ queryKey: userQueries.myDataKey() });
  queryClient.removeQueries({ queryKey: eventQueries.forYou() });
  appStore.set(authUserAtom, null);
  appStore.set(sessionStatusAtom, "idle");
  appStore.set(notificationsAtom, resetNotifications());
  if (everything) {
    clearHttpCache();
    queryClient.clear();
    await offlineCachePersister.removeClient();
  }
}

/**
 * Fetches initial data for the signed-in identity and applies it (docs/product.md#startup, step 3):
 * a banned user is signed out everywhere; otherwise the profile is stored.
 */
export async function loadSession(): Promise<"ready" | "banned" | "no-profile"> {
  if (appStore.get(authUserAtom) === null) appStore.set(sessionStatusAtom, "loading");
  const data = await fetchInitialData();
  if (data.banned) {
    const { auth, sdk } = await loadAuth();
    await sdk.signOut(auth);
    await logoutLocal({ everything: true });
    notify("danger", data.ban ? banMessage(data.ban) : "Tu cuenta está suspendida.");
    return "banned";
  }
  if (data.user) {
    storeUser(data.user);
    return "ready";
  }
  // A concurrent load (e.g. right after sign-up) may already have stored the profile.
  if (appStore.get(authUserAtom) === null) appStore.set(sessionStatusAtom, "no-profile");
  return appStore.get(authUserAtom) === null ? "no-profile" : "ready";
}
