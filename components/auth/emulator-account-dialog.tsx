"use client";

import { useState } from "react";
import { PROVIDER_LABELS, type SocialProvider } from "@/lib/auth/social";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";

export interface EmulatorAccount {
  email: string;
  name: string;
}

/**
 * Local development and tests only (the Auth emulator): stands in for the provider's consent
 * screen, which cannot load offline, and hands an account to the credential path.
 */
export function EmulatorAccountDialog({
  provider,
  purpose,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  provider: SocialProvider | null;
  purpose: "signIn" | "link";
  busy: boolean;
  error: string | null;
  onSubmit: (account: EmulatorAccount) => void;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const label = provider ? PROVIDER_LABELS[provider] : "";
  return (
    <ConfirmDialog
      open={provider !== null}
      title={`Cuenta de ${label} de prueba`}
      message={`Modo de pruebas: el emulador de autenticación sustituye la pantalla de ${label}. Escribe el correo de la cuenta de ${label} que quieres ${purpose === "link" ? "vincular" : "usar"}.`}
      confirmLabel={purpose === "link" ? "Vincular" : "Continuar"}
      busy={busy}
      error={error}
      onConfirm={() => onSubmit({ email, name })}
      onCancel={onCancel}
    >
      <TextField
        label={`Correo de ${label}`}
        type="email"
        name="emulator-email"
        autoComplete="off"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField label="Nombre (opcional)" name="emulator-name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
    </ConfirmDialog>
  );
}
