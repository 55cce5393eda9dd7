import { appStore } from "@/lib/state/store";
import { identityAtom } from "@/lib/state/auth";
import { authErrorCode } from "./error-code";
import { loadAuth, toIdentityUser } from "./firebase";
import type { ActionCodeSettings, FirebaseUser } from "./sdk";
import { logoutLocal } from "./user-state";

// The account's email and password (docs/product.md#email-and-password): forgotten password,
// email verification, change of email and of password. Firebase sends the emails; their links
// come back to the app's own handler (/verify/, set as the project's action URL) so the person
// stays in Plaza and in Spanish. `next` is where the handler sends them afterwards.

/** The continue URL of an email link: where the person goes once the handler is done. */
export function actionCodeSettings(next: string): ActionCodeSettings {
  return { url: new URL(next, window.location.origin).toString() };
}

export class NotSignedInError extends Error {
  constructor() {
    super("Inicia sesión para hacer esto.");
    this.name = "NotSignedInError";
  }
}

async function signedInUser(): Promise<FirebaseUser> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw new NotSignedInError();
  return auth.currentUser;
}

/**
 * Sends the password-reset email. An unknown address reads as sent: answering otherwise would
 * tell anyone which emails have an account.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  try {
    await sdk.sendPasswordResetEmail(auth, email.trim(), actionCodeSettings("/login-email/"));
  } catch (error) {
    if (authErrorCode(error) !== "auth/user-not-found") throw error;
  }
}

/** (Re)sends the verification email to the signed-in identity. */
export async function sendVerificationEmail(): Promise<void> {
  const { sdk } = await loadAuth();
  await sdk.sendEmailVerification(await signedInUser(), actionCodeSettings("/profile/"));
}

/**
 * Reads the identity again (its email may have been verified in another tab or device). Once
 * verified, a new ID token is forced so the server sees the email_verified claim: the one in hand
 * was issued before and still says false. Returns whether the email is verified.
 */
export async function refreshIdentity(): Promise<boolean> {
  const { auth } = await loadAuth();
  const user = auth.currentUser;
  if (!user) return false;
  await user.reload();
  if (user.emailVerified && (await user.getIdTokenResult()).claims.email_verified !== true) await user.getIdToken(true);
  if (auth.currentUser === user) appStore.set(identityAtom, toIdentityUser(user));
  return user.emailVerified;
}

/** Security-sensitive changes ask for the current password again (Firebase's recent sign-in). */
async function reauthenticate(password: string): Promise<FirebaseUser> {
  const { sdk } = await loadAuth();
  const user = await signedInUser();
  if (!user.email) throw new NotSignedInError();
  await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, password));
  return user;
}

/** Changes the password; this session stays signed in, the others end. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { sdk } = await loadAuth();
  const user = await reauthenticate(currentPassword);
  await sdk.updatePassword(user, newPassword);
}

/**
 * Asks for a change of email: Firebase writes to the new address, and the change applies only
 * when that link is followed (nobody can move an account to an address they do not read).
 */
export async function requestEmailChange(currentPassword: string, newEmail: string): Promise<void> {
  const { sdk } = await loadAuth();
  const user = await reauthenticate(currentPassword);
  await sdk.verifyBeforeUpdateEmail(user, newEmail.trim(), actionCodeSettings("/login-email/"));
}

export const EMAIL_ACTION_MODES = ["resetPassword", "verifyEmail", "verifyAndChangeEmail", "recoverEmail"] as const;
export type EmailActionMode = (typeof EMAIL_ACTION_MODES)[number];

export interface EmailAction {
  mode: EmailActionMode;
  oobCode: string;
  /** Where to go afterwards: an in-app path, never another site. */
  next: string | null;
}

/** The action of an email link, from its query (`mode`, `oobCode`, `continueUrl`), or null. */
export function readEmailAction(search: string, origin: string): EmailAction | null {
  const params = new URLSearchParams(search);
  const mode = params.get("mode");
  const oobCode = params.get("oobCode");
  if (!oobCode || !EMAIL_ACTION_MODES.includes(mode as EmailActionMode)) return null;
  let next: string | null = null;
  try {
    const url = new URL(params.get("continueUrl") ?? "", origin);
    if (url.origin === origin && params.get("continueUrl")) next = `${url.pathname}${url.search}`;
  } catch {
    next = null;
  }
  return { mode: mode as EmailActionMode, oobCode, next };
}

/** The account a reset link is for (also checks the link is still good). */
export async function passwordResetEmail(oobCode: string): Promise<string> {
  const { auth, sdk } = await loadAuth();
  return sdk.verifyPasswordResetCode(auth, oobCode);
}

export async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.confirmPasswordReset(auth, oobCode, newPassword);
}

/**
 * Applies a verification, change-of-email or recovery link; returns the email it concerns. A
 * change of email ends the session here: its tokens carry the old address, and Firebase ends
 * them anyway, so the person signs in again with the new one.
 */
export async function applyEmailAction(action: EmailAction): Promise<string | null> {
  const { auth, sdk } = await loadAuth();
  if (action.mode === "verifyEmail") {
    await sdk.applyActionCode(auth, action.oobCode);
    await auth.authStateReady();
    await refreshIdentity().catch(() => false);
    return auth.currentUser?.email ?? null;
  }
  const info = await sdk.checkActionCode(auth, action.oobCode);
  await sdk.applyActionCode(auth, action.oobCode);
  await auth.authStateReady();
  if (auth.currentUser) {
    await sdk.signOut(auth).catch(() => undefined);
    await logoutLocal({ everything: true });
  }
  return info.data.email ?? null;
}

const WRONG_PASSWORD_CODES = new Set(["auth/wrong-password", "auth/invalid-credential", "auth/invalid-login-credentials"]);
export const WRONG_CURRENT_PASSWORD_MESSAGE = "La contraseña actual no es correcta.";

/** Whether a change failed because the current password typed to confirm it is wrong. */
export function isWrongCurrentPassword(error: unknown): boolean {
  return WRONG_PASSWORD_CODES.has(authErrorCode(error) ?? "");
}
