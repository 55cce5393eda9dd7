"use client";

import type { InputHTMLAttributes } from "react";
import { NAME_MAX } from "@/lib/schemas/users";
import { TextField } from "@/components/ui/text-field";
import { PasswordChecklist } from "./password-checklist";

export interface AccountValues {
  name: string;
  email: string;
  password: string;
}

export type AccountErrors = Partial<Record<keyof AccountValues, string>>;

/**
 * Name, email and a new password with the live policy checklist: signing up (`own`: the browser
 * may fill in the person's own name and email) or an admin creating an account for someone else
 * (nothing filled in; the password is an initial one).
 */
export function AccountFields({
  values,
  errors,
  onChange,
  own,
  checklistId,
}: {
  values: AccountValues;
  errors: AccountErrors;
  onChange: (field: keyof AccountValues, value: string) => void;
  own: boolean;
  checklistId: string;
}) {
  return (
    <>
      <TextField
        label="Nombre"
        name="name"
        autoComplete={own ? "name" : undefined}
        maxLength={own ? undefined : NAME_MAX}
        required
        value={values.name}
        error={errors.name}
        onChange={(e) => onChange("name", e.target.value)}
      />
      <EmailField own={own} value={values.email} error={errors.email} onValue={(value) => onChange("email", value)} />
      <TextField
        label={own ? "Contraseña" : "Contraseña inicial"}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        error={errors.password}
        aria-describedby={checklistId}
        onChange={(e) => onChange("password", e.target.value)}
      />
      <PasswordChecklist id={checklistId} password={values.password} />
    </>
  );
}

/**
 * The email field of every account form (sign-in, sign-up, forgot password, an admin creating an
 * account). `own`: the person's own email, which the browser may fill in.
 */
export function EmailField({
  own = true,
  value,
  error,
  onValue,
  ...input
}: { own?: boolean; value: string; error?: string; onValue: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">) {
  return (
    <TextField
      label="Correo electrónico"
      type="email"
      name="email"
      autoComplete={own ? "email" : "off"}
      inputMode={own ? "email" : undefined}
      required
      value={value}
      error={error}
      onChange={(e) => onValue(e.target.value)}
      {...input}
    />
  );
}
