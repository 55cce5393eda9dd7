"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { authErrorMessage } from "@/lib/auth/errors";
import { loadAuth } from "@/lib/auth/firebase";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";

type Status = { kind: "checking" } | { kind: "done"; message: string } | { kind: "error"; message: string };

/**
 * Landing of the email action links. The query is read after mount: the page is prerendered
 * without it.
 */
export function VerifyEmail() {
  const [status, setStatus] = useState<Status>({ kind: "checking" });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const mode = params.get("mode");
    const oobCode = params.get("oobCode");
    let cancelled = false;
    const settle = (next: Status) => {
      if (!cancelled) setStatus(next);
    };
    if (!oobCode || mode !== "verifyEmail") {
      settle({
        kind: "error",
        message: mode && mode !== "verifyEmail" ? "Esta acción estará disponible pronto." : "El enlace no es válido o está incompleto.",
      });
    } else {
      loadAuth()
        .then(async ({ auth, sdk }) => {
          await sdk.applyActionCode(auth, oobCode);
          await auth.currentUser?.reload().catch(() => undefined);
          settle({ kind: "done", message: "Tu correo quedó verificado. ¡Gracias!" });
        })
        .catch((error: unknown) => settle({ kind: "error", message: authErrorMessage(error) }));
    }
    return () => {
      cancelled = true;
    };
  }, []);

  if (status.kind === "checking") return <Skeleton lines={1} label="Verificando tu correo" />;
  return (
    <div className="stack">
      {status.kind === "done" ? (
        <p className="form-success" role="status">
          {status.message}
        </p>
      ) : (
        <FormAlert message={status.message} />
      )}
      <p>
        <Link href="/">Ir al inicio</Link>
      </p>
    </div>
  );
}
