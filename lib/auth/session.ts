import type { User } from "@/lib/schemas/users";
import { userQueries } from "@/lib/api/users";
import { clearHttpCache } from "@/lib/api/client";
import { invalidateContent } from "@/lib/api/content";
import { cacheRestored, getQueryClient } from "@/lib/query/client";
import { appStore } from "@/lib/state/store";
import { authCheckedAtom, authUserAtom, identityAtom, sessionStatusAtom, toSessionUser } from "@/lib/state/auth";
import { loadAuth, onAuthRequested, toIdentityUser } from "./firebase";
import { pendingRedirect } from "./redirect-state";
import { markSignedIn, mayHaveStoredSession } from "./stored-session";
import type { FirebaseUser } from "./sdk";

// The startup flow only: what every page runs. Signing in, registering and signing out are in
// email-password.ts and sign-out.ts, loaded by the screens that offer them, so an anonymous
// visitor's first load carries none of their messages, password rules or push code. Loading or
// forgetting the profile (user-state.ts) comes once the first report is in, after the first paint.

// Who the last report named; undefined before the first. Every read waits for the identity check
// before it sets out (getIdToken), so what the page read before the first report is already that
// person's and stays cached. A later report that names someone else is a change of reader: the
// HTTP cache is emptied at once and cached content (which carries following, canEdit, myRole) is
// asked for again, in that order, so no refetch can be answered from the previous reader's cache.
let reportedUid: string | null | undefined;

let firstReportDone: () => void = () => {};
/**
 * Settles once the first sign-in report has been handled: the profile loaded (or failed to) for
 * someone signed in, forgotten for a visitor; or once the SDK failed to load, when no report comes.
 */
export const firstReportHandled: Promise<void> = new Promise<void>((resolve) => {
  firstReportDone = resolve;
});

async function handleAuthReport(user: FirebaseUser | null): Promise<void> {
  markSignedIn(user !== null);
  appStore.set(identityAtom, user ? toIdentityUser(user) : null);
  // Step 2: the loading view ends at the first report, whatever it says.
  appStore.set(authCheckedAtom, true);
  const uid = user?.uid ?? null;
  const readerChanged = reportedUid !== undefined && reportedUid !== uid;
  reportedUid = uid;
  if (readerChanged) clearHttpCache();
  // Edits made before the persisted cache is restored would be overwritten by the restore.
  await cacheRestored;
  const queryClient = getQueryClient();
  if (readerChanged) invalidateContent(queryClient, "active");

  if (!user) {
    // Step 4. A cached profile means someone was signed in on this device: drop everything.
    const hadSession =
      appStore.get(authUserAtom) !== null || queryClient.getQueryData(userQueries.myDataKey()) !== undefined;
    const { logoutLocal } = await import("./user-state");
    await logoutLocal({ everything: hadSession });
    return;
  }
  // Step 4: a user already loaded is left as is.
  if (appStore.get(authUserAtom) !== null) return;
  try {
    const { loadSession } = await import("./user-state");
    await loadSession();
  } catch (error) {
    // docs/product.md#errors: an initial-data failure is only logged. Offline, the profile cached
    // by the last visit still lets the app show who is signed in.
    console.error("No se pudieron cargar los datos iniciales", error);
    const cached = queryClient.getQueryData<User>(userQueries.myDataKey());
    if (cached && cached.email === user.email && appStore.get(authUserAtom) === null) {
      appStore.set(authUserAtom, toSessionUser(cached));
      appStore.set(sessionStatusAtom, "ready");
    } else if (appStore.get(authUserAtom) === null) {
      appStore.set(sessionStatusAtom, "error");
    }
  }
}

/**
 * Starts the startup flow (docs/product.md#startup); returns the function that stops listening.
 * With no stored identity (and no social redirect to finish) the first report is "signed out",
 * given without the SDK: it loads, and the flow starts watching it, only when something asks for
 * it (a sign-in form).
 */
export function watchSession(): () => void {
  let stopped = false;
  let unsubscribe: () => void = () => {};
  let stopWaiting: () => void = () => {};
  // Read once, as the page opens: a link followed while the SDK downloads changes the address.
  const redirect = pendingRedirect();
  const watchWhenRequested = () => {
    stopWaiting = onAuthRequested(() => {
      if (!stopped) watch();
    });
  };
  const watch = () => {
    loadAuth()
      .then(({ auth, sdk }) => {
        if (stopped) return;
        unsubscribe = sdk.onAuthStateChanged(auth, (user) => void handleAuthReport(user).finally(firstReportDone));
        // Back from Google or Apple: finish what the redirect started (its code loads only now).
        if (redirect) void import("./social").then((social) => social.completeRedirect(redirect));
      })
      .catch((error: unknown) => {
        // Without the SDK nobody can be signed in; the app still has to open.
        console.error("No se pudo iniciar la autenticación", error);
        appStore.set(authCheckedAtom, true);
        firstReportDone();
        // A later attempt (a sign-in once back online) loads it again: watch from then on.
        if (!stopped) watchWhenRequested();
      });
  };
  void (redirect ? Promise.resolve(true) : mayHaveStoredSession()).then((maybe) => {
    if (stopped) return;
    if (maybe) return watch();
    void handleAuthReport(null).finally(firstReportDone);
    watchWhenRequested();
  });
  return () => {
    stopped = true;
    stopWaiting();
    unsubscribe();
  };
}
