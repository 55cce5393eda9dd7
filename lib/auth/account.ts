import { confirmAccountDeletion, deleteMyAccount } from "@/lib/api/account";
import { loadAuth } from "./firebase";
import { isRecentSignIn } from "./recent-sign-in";
import { logoutLocal } from "./user-state";

// Account deletion (docs/product.md#account-deletion-and-providers): allowed only after a recent
// sign-in (same day, under 10 minutes). The client checks the token's auth_time first, then asks
// the server to confirm (it applies the same rule to the same auth_time), then deletes: the server
// removes the identity and the personal data.

/** The sign-in is too old, or the deletion failed: the user must sign in again. */
export class SignInAgainError extends Error {
  constructor(cause?: unknown) {
    super("Vuelve a iniciar sesión para hacer esto", { cause });
    this.name = "SignInAgainError";
  }
}

/** When the current identity last signed in (the token's auth_time). */
export async function lastSignInTime(): Promise<Date | null> {
  const { auth } = await loadAuth();
  const user = auth.currentUser;
  if (!user) return null;
  const result = await user.getIdTokenResult();
  return new Date(result.authTime);
}

/**
 * Deletes the signed-in account on the server. Any failure is a SignInAgainError
 * (docs/product.md#errors: "too-old sign-in or on error" reads the same), after which the caller
 * signs the user out. On success the caller shows its alert, then calls `finishAccountDeletion`.
 */
export async function deleteAccount(now: () => Date = () => new Date()): Promise<void> {
  try {
    const signedInAt = await lastSignInTime();
    if (!signedInAt || !isRecentSignIn(signedInAt, now())) throw new SignInAgainError();
    if (!(await confirmAccountDeletion())) throw new SignInAgainError();
    await deleteMyAccount();
  } catch (error) {
    throw error instanceof SignInAgainError ? error : new SignInAgainError(error);
  }
}

/** The identity is gone on the server; what is left is this device's copy of the session. */
export async function finishAccountDeletion(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.signOut(auth).catch(() => undefined);
  await logoutLocal({ everything: true });
}
