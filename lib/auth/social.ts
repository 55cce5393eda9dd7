import { authEmulatorUrl } from "@/lib/config";
import { saveProviderTokens, signUp } from "@/lib/api/account";
import { appStore } from "@/lib/state/store";
import { identityAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { authErrorMessage, linkErrorMessage } from "./errors";
import { loadAuth, toIdentityUser } from "./firebase";
import type { FirebaseUser, UserCredential } from "./sdk";
import { markRedirect, type PendingRedirect, type SocialProvider } from "./redirect-state";
import { loadSession } from "./user-state";

// Google and Apple (docs/product.md#scope): sign-in and linking by redirect in production; the
// credential path (an id token handed to signInWithCredential / linkWithCredential) serves the Auth
// emulator, where a redirect cannot finish offline, and the end-to-end tests. Both paths end in the
// same place: the provider's tokens stored (only when both exist) and the profile loaded, created
// on the first sign-in.

export type { SocialProvider };

export const PROVIDER_IDS: Readonly<Record<SocialProvider, "google.com" | "apple.com">> = {
  google: "google.com",
  apple: "apple.com",
};

export const PROVIDER_LABELS: Readonly<Record<SocialProvider, string>> = { google: "Google", apple: "Apple" };

/** docs/product.md#api-calls: Google asks for the calendar events scope; Apple for email and name. */
export const PROVIDER_SCOPES: Readonly<Record<SocialProvider, readonly string[]>> = {
  google: ["https://www.googleapis.com/auth/calendar.events"],
  apple: ["email", "name"],
};

/** Whether the identity service is the local emulator (credential path instead of redirect). */
export const usesAuthEmulator = authEmulatorUrl !== null;

async function loadSocial() {
  const [{ auth }, sdk] = await Promise.all([loadAuth(), import("./social-sdk")]);
  return { auth, sdk };
}

type SocialSdk = Awaited<ReturnType<typeof loadSocial>>["sdk"];

function authProvider(sdk: SocialSdk, provider: SocialProvider) {
  const instance = provider === "google" ? new sdk.GoogleAuthProvider() : new sdk.OAuthProvider(PROVIDER_IDS.apple);
  for (const scope of PROVIDER_SCOPES[provider]) instance.addScope(scope);
  instance.setCustomParameters(provider === "google" ? { prompt: "select_account" } : { locale: "es_MX" });
  return instance;
}

function credentialFor(sdk: SocialSdk, provider: SocialProvider, idToken: string, accessToken?: string) {
  if (provider === "google") return sdk.GoogleAuthProvider.credential(idToken, accessToken ?? null);
  return new sdk.OAuthProvider(PROVIDER_IDS.apple).credential({ idToken, ...(accessToken ? { accessToken } : {}) });
}

/** The provider's tokens in a sign-in or link result (docs/product.md#entities). */
function tokensOf(sdk: SocialSdk, provider: SocialProvider, result: UserCredential) {
  const credential =
    provider === "google" ? sdk.GoogleAuthProvider.credentialFromResult(result) : sdk.OAuthProvider.credentialFromResult(result);
  return { accessToken: credential?.accessToken ?? null, idToken: credential?.idToken ?? null, providerId: PROVIDER_IDS[provider] };
}

function refreshIdentity(user: FirebaseUser): void {
  appStore.set(identityAtom, toIdentityUser(user));
}

/** The name a first social sign-in registers with: the provider's, else the email's local part. */
export function defaultProfileName(user: Pick<FirebaseUser, "displayName" | "email">): string {
  const name = user.displayName?.trim();
  if (name) return name.slice(0, 80);
  const local = user.email?.split("@")[0]?.trim();
  return local ? local.slice(0, 80) : "Persona de Plaza";
}

export type SignInOutcome = "ready" | "banned" | "no-profile";

/** After any social sign-in: the profile (created the first time), then the provider tokens. */
async function finishSignIn(sdk: SocialSdk, provider: SocialProvider, result: UserCredential): Promise<SignInOutcome> {
  let outcome = await loadSession();
  if (outcome === "no-profile") {
    const user = result.user;
    if (!user.email) throw Object.assign(new Error("Tu cuenta no compartió un correo; no podemos registrarte con ella."), { code: "plaza/no-email" });
    await signUp({ name: defaultProfileName(user), uid: user.uid, email: user.email });
    outcome = await loadSession();
  }
  // docs/product.md#validation: only when both tokens exist (the call itself checks again).
  if (outcome === "ready") await saveProviderTokens(tokensOf(sdk, provider, result)).catch(() => false);
  return outcome;
}

/** Production: leaves for the provider; the app finishes the sign-in when it comes back. */
export async function startRedirect(provider: SocialProvider, mode: PendingRedirect["mode"]): Promise<void> {
  const { auth, sdk } = await loadSocial();
  markRedirect({ provider, mode });
  try {
    if (mode === "link") {
      if (!auth.currentUser) throw new Error("Inicia sesión para vincular una cuenta.");
      await sdk.linkWithRedirect(auth.currentUser, authProvider(sdk, provider), sdk.browserPopupRedirectResolver);
    } else {
      await sdk.signInWithRedirect(auth, authProvider(sdk, provider), sdk.browserPopupRedirectResolver);
    }
  } catch (error) {
    markRedirect(null);
    throw error;
  }
}

/**
 * Back from the provider (startup, only when the page opened with a redirect's mark): reads the
 * result, then finishes like the credential path. Errors become the spec's toasts.
 */
export async function completeRedirect(pending: PendingRedirect): Promise<void> {
  // Once: a reload, or going back to this address, does not finish it again.
  markRedirect(null);
  try {
    const { auth, sdk } = await loadSocial();
    const result = await sdk.getRedirectResult(auth, sdk.browserPopupRedirectResolver);
    if (!result) return;
    if (pending.mode === "link") {
      await saveProviderTokens(tokensOf(sdk, pending.provider, result)).catch(() => false);
      refreshIdentity(result.user);
      notify("success", `Cuenta de ${PROVIDER_LABELS[pending.provider]} vinculada`);
    } else {
      await finishSignIn(sdk, pending.provider, result);
    }
  } catch (error) {
    notify("danger", pending.mode === "link" ? linkErrorMessage(pending.provider, error) : authErrorMessage(error));
  }
}

/** The credential path of sign-in: an id token from the provider (or the emulator). */
export async function signInWithProviderToken(provider: SocialProvider, idToken: string, accessToken?: string): Promise<SignInOutcome> {
  const { auth, sdk } = await loadSocial();
  const result = await sdk.signInWithCredential(auth, credentialFor(sdk, provider, idToken, accessToken));
  return finishSignIn(sdk, provider, result);
}

/** The credential path of linking. */
export async function linkWithProviderToken(provider: SocialProvider, idToken: string, accessToken?: string): Promise<void> {
  const { auth, sdk } = await loadSocial();
  if (!auth.currentUser) throw new Error("Inicia sesión para vincular una cuenta.");
  const result = await sdk.linkWithCredential(auth.currentUser, credentialFor(sdk, provider, idToken, accessToken));
  await saveProviderTokens(tokensOf(sdk, provider, result)).catch(() => false);
  refreshIdentity(result.user);
}

/** docs/product.md#account-deletion-and-providers: unlinking needs another way in; the page reloads afterwards (the caller does). */
export async function unlinkProvider(provider: SocialProvider): Promise<void> {
  const { auth, sdk } = await loadSocial();
  const user = auth.currentUser;
  if (!user) throw new Error("Inicia sesión para desvincular una cuenta.");
  if (user.providerData.length <= 1) {
    throw Object.assign(new Error("Necesitas otro método de acceso antes de desvincular este."), { code: "plaza/last-provider" });
  }
  await sdk.unlink(user, PROVIDER_IDS[provider]);
}

/**
 * A fake id token the Auth emulator accepts for google.com and apple.com (it does not check
 * signatures): the emulator's stand-in for the provider's consent screen.
 */
export function emulatorIdToken({ provider, email, name }: { provider: SocialProvider; email: string; name?: string }): string {
  const sub = `${provider}-${email.trim().toLowerCase()}`;
  return JSON.stringify({ sub, email: email.trim(), email_verified: true, ...(name?.trim() ? { name: name.trim() } : {}) });
}
