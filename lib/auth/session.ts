import type { User } from "@/lib/schemas/users";
import { signUp, userQueries } from "@/lib/api/users";
import { clearHttpCache } from "@/lib/api/client";
import { forgetPushOnSignOut } from "@/lib/api/push";
import { cacheRestored, getQueryClient } from "@/lib/query/client";
import { appStore } from "@/lib/state/store";
import { authCheckedAtom, authUserAtom, identityAtom, sessionStatusAtom, toSessionUser } from "@/lib/state/auth";
import { sendVerificationEmail } from "./account-email";
import { authErrorCode, authErrorMessage } from "./errors";
import { checkPassword, describeMissing, missingFromStatus, policyFromStatus } from "./password-policy";
import { loadAuth, onAuthRequested, toIdentityUser } from "./firebase";
import { redirectPending } from "./redirect-state";
import { markSignedIn, mayHaveStoredSession } from "./stored-session";
import type { FirebaseUser } from "./sdk";
import { loadSession, logoutLocal } from "./user-state";

/** Signs out of the identity service and logs out locally. */
export async function logout(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  // While the ID token still works: the next person on this browser must not get our pushes.
  await forgetPushOnSignOut();
  await sdk.signOut(auth);
  await logoutLocal({ everything: true });
}

async function handleAuthReport(user: FirebaseUser | null): Promise<void> {
  markSignedIn(user !== null);
  appStore.set(identityAtom, user ? toIdentityUser(user) : null);
  // Step 2: the loading view ends at the first report, whatever it says.
  appStore.set(authCheckedAtom, true);
  clearHttpCache();
  // Edits made before the persisted cache is restored would be overwritten by the restore.
  await cacheRestored;
  const queryClient = getQueryClient();

  if (!user) {
    // Step 4. A cached profile means someone was signed in on this device: drop everything.
    const hadSession =
      appStore.get(authUserAtom) !== null || queryClient.getQueryData(userQueries.myDataKey()) !== undefined;
    await logoutLocal({ everything: hadSession });
    return;
  }
  // Step 4: a user already loaded is left as is.
  if (appStore.get(authUserAtom) !== null) return;
  try {
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
  const watchWhenRequested = () => {
    stopWaiting = onAuthRequested(() => {
      if (!stopped) watch();
    });
  };
  const watch = () => {
    loadAuth()
      .then(({ auth, sdk }) => {
        if (stopped) return;
        unsubscribe = sdk.onAuthStateChanged(auth, (user) => void handleAuthReport(user));
        // Back from Google or Apple: finish what the redirect started (its code loads only now).
        if (redirectPending()) void import("./social").then((social) => social.completeRedirect());
      })
      .catch((error: unknown) => {
        // Without the SDK nobody can be signed in; the app still has to open.
        console.error("No se pudo iniciar la autenticación", error);
        appStore.set(authCheckedAtom, true);
        // A later attempt (a sign-in once back online) loads it again: watch from then on.
        if (!stopped) watchWhenRequested();
      });
  };
  void (redirectPending() ? Promise.resolve(true) : mayHaveStoredSession()).then((maybe) => {
    if (stopped) return;
    if (maybe) return watch();
    void handleAuthReport(null);
    watchWhenRequested();
  });
  return () => {
    stopped = true;
    stopWaiting();
    unsubscribe();
  };
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
}

/** The provider refused the password; the message says what it is missing. */
export class WeakPasswordError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "WeakPasswordError";
  }
}

/**
 * Creates the identity, then the profile (POST /users/sign-up), then loads the session. If the
 * identity already exists from an attempt whose sign-up call failed, only the call is retried.
 */
export async function registerWithEmail({ name, email, password }: { name: string; email: string; password: string }): Promise<void> {
  const { auth, sdk } = await loadAuth();
  const cleanEmail = email.trim();
  let firebaseUser = auth.currentUser;
  const retryingSignUp =
    firebaseUser !== null &&
    firebaseUser.email?.toLowerCase() === cleanEmail.toLowerCase() &&
    appStore.get(authUserAtom) === null;
  if (!firebaseUser || !retryingSignUp) {
    try {
      firebaseUser = (await sdk.createUserWithEmailAndPassword(auth, cleanEmail, password)).user;
    } catch (error) {
      const code = authErrorCode(error);
      // docs/product.md#validation: a weak password makes the SDK fetch the project's password
      // policy again; the message says what is missing, by that policy when the provider serves one
      // (the emulator does not) and by our own copy otherwise.
      if (code === "auth/weak-password" || code === "auth/password-does-not-meet-requirements") {
        const status = await sdk.validatePassword(auth, password).catch(() => null);
        const missing = status && !status.isValid ? missingFromStatus(status) : checkPassword(password).missing;
        const message = describeMissing(missing, status ? policyFromStatus(status) : undefined);
        throw new WeakPasswordError(message || authErrorMessage(error), error);
      }
      throw error;
    }
    await sdk.updateProfile(firebaseUser, { displayName: name.trim() }).catch(() => undefined);
    // docs/product.md#email-and-password: the verification email goes out at sign-up. Not waited
    // for: a failure here must not stop the sign-up, and the banner offers 'Reenviar correo'.
    sendVerificationEmail().catch((error: unknown) => console.warn("No se pudo enviar el correo de verificación", error));
  }
  await signUp({ name: name.trim(), uid: firebaseUser.uid, email: firebaseUser.email ?? cleanEmail });
  await loadSession();
}
