"use client";

import { useAtomValue } from "jotai";
import { authCheckedAtom, authUserAtom, identityAtom, sessionStatusAtom } from "@/lib/state/auth";

/**
 * The server enforces every admin rule; this only tells a non-admin why the panel will stay
 * empty for them. Nothing is said while a signed-in user's profile is still loading.
 */
export function PanelAccessNotice() {
  const checked = useAtomValue(authCheckedAtom);
  const identity = useAtomValue(identityAtom);
  const user = useAtomValue(authUserAtom);
  const status = useAtomValue(sessionStatusAtom);
  const settled = identity === null || status === "ready" || status === "no-profile" || status === "error";
  if (!checked || !settled || user?.isAdmin) return null;
  return <p className="notice">El panel de administración es solo para cuentas de administrador.</p>;
}
