"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMPACT_MAX, IMPACT_MIN, REASON_MAX } from "@/lib/schemas/users";
import type { UserSummary } from "@/lib/schemas/public-users";
import { allowedActions, moderationMutationOptions, type ModerationAction } from "@/lib/api/admin";
import { errorMessage } from "@/lib/api/errors";
import { useMe } from "@/lib/hooks/use-me";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import styles from "./users.module.css";

type ActionType = ModerationAction["type"];

const LABELS: Record<ActionType, string> = {
  verify: "Verificar",
  unverify: "Quitar verificación",
  reject: "Rechazar solicitud",
  setAdmin: "Hacer administrador",
  removeAdmin: "Quitar administrador",
  ban: "Suspender",
  unban: "Levantar suspensión",
  impact: "Cambiar impacto",
};

const DONE: Record<ActionType, string> = {
  verify: "Cuenta verificada",
  unverify: "Verificación retirada",
  reject: "Solicitud rechazada",
  setAdmin: "Ahora es administrador",
  removeAdmin: "Ya no es administrador",
  ban: "Cuenta suspendida",
  unban: "Suspensión levantada",
  impact: "Impacto actualizado",
};

const ORDER: readonly ActionType[] = ["verify", "reject", "unverify", "setAdmin", "removeAdmin", "ban", "unban", "impact"];

function question(type: ActionType, name: string): string {
  switch (type) {
    case "verify":
      return `¿Verificar a ${name}?`;
    case "unverify":
      return `¿Quitar la verificación de ${name}?`;
    case "reject":
      return `¿Rechazar la solicitud de ${name}?`;
    case "setAdmin":
      return `¿Hacer administrador a ${name}?`;
    case "removeAdmin":
      return `¿Quitar el rol de administrador a ${name}?`;
    case "ban":
      return `¿Suspender a ${name}?`;
    case "unban":
      return `¿Levantar la suspensión de ${name}?`;
    case "impact":
      return `Cambiar el impacto de ${name}`;
  }
}

function consequence(type: ActionType): string | undefined {
  switch (type) {
    case "verify":
      return "Su perfil mostrará la insignia de cuenta verificada y recibirá un aviso.";
    case "reject":
      return "Recibirá un aviso con el motivo.";
    case "setAdmin":
      return "Podrá entrar al panel y moderar cuentas. Su cuenta quedará sin verificar.";
    case "removeAdmin":
      return "Volverá a ser una cuenta personal, verificada.";
    case "ban":
      return "No podrá publicar ni cambiar nada hasta la fecha de fin, y se cerrará su sesión al abrir la app.";
    default:
      return undefined;
  }
}

/** A date input's value `days` from now (local day). */
function inDays(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** End of the chosen day in the city (UTC-6, no daylight saving since 2022) as ISO 8601. */
function endOfDay(value: string): string {
  return `${value}T23:59:59-06:00`;
}

/**
 * The moderation buttons for one user, each behind a confirmation. Only the actions the
 * caller's role allows on this target are shown (docs/authorization.md); the server decides.
 */
export function ModerationActions({ user, only }: { user: UserSummary; only?: readonly ActionType[] }) {
  const queryClient = useQueryClient();
  const me = useMe();
  const [open, setOpen] = useState<ActionType | null>(null);
  const [reason, setReason] = useState("");
  const [endDate, setEndDate] = useState(inDays(7));
  const [impact, setImpact] = useState(String(user.impact));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const base = moderationMutationOptions(queryClient);
  // Outcome toasts live on the mutation, not on mutate(): the row may leave the list at once
  // (an answered request leaves the queue) and unmount before the server answers.
  const mutation = useMutation({
    ...base,
    onSuccess: (updated, action) => {
      base.onSuccess(updated);
      notify("success", DONE[action.type]);
    },
    onError: (error, action, context) => {
      base.onError(error, action, context);
      notify("danger", errorMessage(error));
    },
  });

  const allowed = allowedActions(me, user);
  const types = ORDER.filter((type) => allowed.has(type) && (!only || only.includes(type)));
  if (types.length === 0) return null;

  function openDialog(type: ActionType) {
    mutation.reset();
    setFieldError(null);
    setReason("");
    setEndDate(inDays(7));
    setImpact(String(user.impact));
    setOpen(type);
  }

  function actionFor(type: ActionType): ModerationAction | string {
    const userId = user._id;
    switch (type) {
      case "reject":
      case "ban": {
        const clean = reason.trim();
        if (clean === "") return "Escribe el motivo.";
        if (type === "reject") return { type, userId, reason: clean };
        if (!endDate || endDate <= inDays(0)) return "Elige una fecha de fin posterior a hoy.";
        return { type, userId, reason: clean, endDate: endOfDay(endDate) };
      }
      case "impact": {
        const value = Number(impact);
        if (!Number.isInteger(value) || value < IMPACT_MIN || value > IMPACT_MAX) {
          return `El impacto debe ser un número entero entre ${IMPACT_MIN} y ${IMPACT_MAX}.`;
        }
        return { type, userId, impact: value };
      }
      case "verify":
        return { type, userId, verificationType: user.requestingVerification.type };
      default:
        return { type, userId };
    }
  }

  function confirm() {
    if (!open) return;
    const action = actionFor(open);
    if (typeof action === "string") {
      setFieldError(action);
      return;
    }
    setFieldError(null);
    mutation.mutate(action, { onSuccess: () => setOpen(null) });
  }

  return (
    <div className={styles.actions}>
      {types.map((type) => (
        <Button
          key={type}
          variant={type === "ban" || type === "reject" ? "danger" : type === "verify" ? "primary" : "secondary"}
          onClick={() => openDialog(type)}
          aria-label={`${LABELS[type]}: ${user.name}`}
        >
          {LABELS[type]}
        </Button>
      ))}
      <ConfirmDialog
        open={open !== null}
        title={open ? question(open, user.name) : ""}
        message={open ? consequence(open) : undefined}
        confirmLabel={open ? LABELS[open] : ""}
        danger={open === "ban" || open === "reject" || open === "removeAdmin" || open === "unverify"}
        busy={mutation.isPending}
        error={fieldError ?? (mutation.isError ? errorMessage(mutation.error) : null)}
        onConfirm={confirm}
        onCancel={() => setOpen(null)}
      >
        {open === "reject" || open === "ban" ? (
          <TextAreaField label="Motivo" name="reason" required maxLength={REASON_MAX} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        ) : null}
        {open === "ban" ? (
          <TextField label="Fecha de fin" type="date" name="endDate" required min={inDays(1)} value={endDate} onChange={(e) => setEndDate(e.target.value)} />
        ) : null}
        {open === "impact" ? (
          <TextField
            label="Impacto"
            type="number"
            name="impact"
            inputMode="numeric"
            min={IMPACT_MIN}
            max={IMPACT_MAX}
            step={1}
            required
            hint={`Un número entero de ${IMPACT_MIN} a ${IMPACT_MAX}.`}
            value={impact}
            onChange={(e) => setImpact(e.target.value)}
          />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
