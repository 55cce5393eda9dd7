"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { VERIFICATION_TYPES, VERIFICATION_TYPE_LABELS, type User } from "@/lib/schemas/users";
import { errorMessage } from "@/lib/api/errors";
import { restoreSnapshot, updateCachedUser, type Snapshot } from "@/lib/api/users";
import { requestVerification } from "@/lib/api/account";
import { withVerificationRequest } from "@/lib/api/user-flags";
import { storeUser } from "@/lib/auth/user-state";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { SelectField } from "@/components/ui/select-field";
import { verificationTypeLabel } from "./labels";
import styles from "./profile.module.css";

/** Asks the admins to verify the account (docs/product.md#user-flags: afterwards requestingVerification.sent). */
export function VerificationRequest({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<string>("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const request = useMutation({
    mutationFn: requestVerification,
    onMutate: (chosen: string): { snapshot: Snapshot } => ({
      snapshot: updateCachedUser(queryClient, user._id, (cached) => withVerificationRequest(cached, chosen)),
    }),
    onError: (_error, _type, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSuccess: (updated) => storeUser(updated),
  });

  if (user.verified) return null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!type) {
      setFieldError("Elige qué tipo de cuenta eres.");
      return;
    }
    setFieldError(null);
    request.mutate(type);
  }

  const { sent, rejectionReason } = user.requestingVerification;
  return (
    <section className={`card ${styles.section}`} aria-labelledby="verification-title">
      <h2 id="verification-title">Verificación de la cuenta</h2>
      {sent ? (
        <p className="form-success" role="status">
          Solicitud enviada <span className="field__hint">({verificationTypeLabel(user.requestingVerification.type)})</span>
        </p>
      ) : (
        <>
          <p>Las cuentas verificadas muestran una insignia junto a su nombre. Cuéntanos qué tipo de cuenta eres.</p>
          {rejectionReason ? (
            <p className="notice">Tu solicitud anterior fue rechazada: {rejectionReason}</p>
          ) : null}
          <form className="form" onSubmit={onSubmit} noValidate>
            <SelectField label="Tipo de verificación" name="verification-type" value={type} error={fieldError} onChange={(e) => setType(e.target.value)}>
              <option value="">Elige una opción</option>
              {VERIFICATION_TYPES.map((value) => (
                <option key={value} value={value}>
                  {VERIFICATION_TYPE_LABELS[value]}
                </option>
              ))}
            </SelectField>
            <FormAlert message={request.isError ? errorMessage(request.error) : null} />
            <div className="actions">
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? "Enviando..." : "Solicitar verificación"}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
