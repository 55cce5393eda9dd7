import { signUp } from "@/lib/api/account";
import { appStore } from "@/lib/state/store";
import { authUserAtom } from "@/lib/state/auth";
import { sendVerificationEmail } from "./account-email";
import { authErrorCode } from "./error-code";
import { authErrorMessage } from "./errors";
import { loadAuth } from "./firebase";
import { checkPassword, describeMissing, missingFromStatus, policyFromStatus } from "./password-policy";
import { loadSession } from "./user-state";

// Sign-in and registration with email and password, for their forms. The startup flow in
// session.ts sees the result through the SDK's auth-state reports.

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
