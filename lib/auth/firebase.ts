import type { Auth, FirebaseUser } from "./sdk";
import { authEmulatorUrl, firebaseConfig } from "@/lib/config";
import { mayHaveStoredSession } from "./stored-session";

export type AuthSdk = typeof import("./sdk");

export interface LoadedAuth {
  auth: Auth;
  sdk: AuthSdk;
}

let loading: Promise<LoadedAuth> | null = null;
const requestListeners = new Set<() => void>();

/**
 * Calls `listener` once the SDK is first asked for (at once if it already was), whoever asks: the
 * startup flow, which skips the SDK for an anonymous visitor, starts watching the identity then.
 */
export function onAuthRequested(listener: () => void): () => void {
  if (loading) {
    listener();
    return () => {};
  }
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Loads the Firebase SDK on first use and returns the single Auth instance. */
export function loadAuth(): Promise<LoadedAuth> {
  if (loading) return loading;
  loading = (async () => {
    const sdk = await import("./sdk");
    const app = sdk.getApps()[0] ?? sdk.initializeApp(firebaseConfig);
    // initializeAuth without a popup/redirect resolver: that code is only needed by social
    // sign-in, which loads it itself.
    const auth = sdk.initializeAuth(app, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
    });
    auth.languageCode = "es";
    if (authEmulatorUrl) sdk.connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
    return { auth, sdk };
  })().catch((error: unknown) => {
    // A failed chunk load (offline, new deployment) must not poison every later attempt.
    loading = null;
    throw error;
  });
  const listeners = [...requestListeners];
  requestListeners.clear();
  for (const listener of listeners) listener();
  return loading;
}

/**
 * The signed-in identity's current ID token (refreshed by the SDK when needed), or null. Without
 * a stored session and before anyone asked for the SDK there is no identity: null, SDK not loaded.
 */
export async function getIdToken(): Promise<string | null> {
  if (!loading && !(await mayHaveStoredSession()) && !loading) return null;
  const { auth } = await loadAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  return user ? user.getIdToken() : null;
}

/** The identity user as docs/product.md#entities describes it. */
export interface IdentityUser {
  id: string;
  email: string | null;
  displayName: string | null;
  providerId: string;
  phoneNumber: string | null;
  emailVerified: boolean;
  photoURL: string | null;
  /** Sign-in methods linked to the identity ("password", "google.com", "apple.com"). */
  providers: string[];
}

export function toIdentityUser(user: FirebaseUser): IdentityUser {
  return {
    id: user.uid,
    email: user.email,
    displayName: user.displayName,
    providerId: user.providerData[0]?.providerId ?? user.providerId,
    phoneNumber: user.phoneNumber,
    emailVerified: user.emailVerified,
    photoURL: user.photoURL,
    providers: user.providerData.map((p) => p.providerId),
  };
}
