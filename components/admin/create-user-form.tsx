"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { NAME_MAX, type User } from "@/lib/schemas/users";
import { adminQueries, createUser, type CreateUserPayload } from "@/lib/api/admin";
import { errorMessage } from "@/lib/api/errors";
import { checkPassword, describeMissing } from "@/lib/auth/password-policy";
import { pathFor } from "@/lib/routes";
import { useMe } from "@/lib/hooks/use-me";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { PasswordChecklist } from "@/components/auth/password-checklist";
import "./admin.css";

type FieldErrors = Partial<Record<"name" | "email" | "password", string>>;

/** /panel/users/create (docs/product.md#routes): an account with email, password and role. */
export function CreateUserForm() {
  const queryClient = useQueryClient();
  const me = useMe();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [accountType, setAccountType] = useState<CreateUserPayload["accountType"]>("NORMAL");
  const [verified, setVerified] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<User | null>(null);

  const create = useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      setCreated(user);
      setName("");
      setEmail("");
      setPassword("");
      setVerified(false);
      void queryClient.invalidateQueries({ queryKey: adminQueries.all() });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreated(null);
    const errors: FieldErrors = {};
    if (name.trim() === "") errors.name = "El nombre es obligatorio.";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = "El correo no es válido.";
    const check = checkPassword(password);
    if (!check.valid) errors.password = describeMissing(check.missing);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    create.mutate({ name: name.trim(), email: email.trim(), password, accountType, verified });
  }

  // Only a MASTER creates admins (docs/authorization.md); MASTER accounts only by command.
  const canCreateAdmins = me?.accountType === "MASTER";
  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-label="Crear usuario">
      <TextField label="Nombre" name="name" required maxLength={NAME_MAX} value={name} error={fieldErrors.name} onChange={(e) => setName(e.target.value)} />
      <TextField
        label="Correo electrónico"
        type="email"
        name="email"
        autoComplete="off"
        required
        value={email}
        error={fieldErrors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Contraseña inicial"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        error={fieldErrors.password}
        aria-describedby="new-user-password-requirements"
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordChecklist id="new-user-password-requirements" password={password} />
      <SelectField
        label="Tipo de cuenta"
        name="accountType"
        value={accountType}
        hint={canCreateAdmins ? undefined : "Solo la cuenta principal puede crear administradores."}
        onChange={(e) => setAccountType(e.target.value as CreateUserPayload["accountType"])}
      >
        <option value="NORMAL">Cuenta personal</option>
        {canCreateAdmins ? <option value="ADMIN">Administrador</option> : null}
      </SelectField>
      <label className="actions">
        <input type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} /> Cuenta verificada
      </label>
      <FormAlert message={create.isError ? errorMessage(create.error) : null} />
      {created ? (
        <p className="form-success" role="status">
          Cuenta creada: <Link href={pathFor("/profile/[profileId]", created._id)}>{created.name}</Link>
        </p>
      ) : null}
      <div className="actions">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creando..." : "Crear cuenta"}
        </Button>
      </div>
    </form>
  );
}
