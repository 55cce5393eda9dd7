import { forgetPushOnSignOut } from "@/lib/api/push";
import { loadAuth } from "./firebase";
import { logoutLocal } from "./user-state";

/** Signs out of the identity service and logs out locally. */
export async function logout(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  // While the ID token still works: the next person on this browser must not get our pushes.
  await forgetPushOnSignOut();
  await sdk.signOut(auth);
  await logoutLocal({ everything: true });
}
