"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useAtomValue } from "jotai";
import { authCheckedAtom, identityAtom, sessionStatusAtom } from "@/lib/state/auth";
import { useMe } from "@/lib/hooks/use-me";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The admin panel is for ADMIN and MASTER (docs/product.md#roles-and-permissions). Anyone else is
 * sent to the home page once the session is known; the server refuses their calls whatever the
 * client does.
 */
export function PanelGuard({ children }: { children: ReactNode }) {
  const router = useRouter();
  const checked = useAtomValue(authCheckedAtom);
  const identity = useAtomValue(identityAtom);
  const status = useAtomValue(sessionStatusAtom);
  const me = useMe();
  const settled = checked && (identity === null || status === "ready" || status === "no-profile" || status === "error" || me !== null);
  const allowed = me?.isAdmin === true;

  useEffect(() => {
    if (settled && !allowed) router.replace("/");
  }, [settled, allowed, router]);

  if (allowed) return <>{children}</>;
  if (!settled) return <Skeleton lines={3} label="Comprobando tu acceso" />;
  return (
    <p className="notice" role="status">
      El panel de administración es solo para cuentas de administrador. Te llevamos al inicio…
    </p>
  );
}
