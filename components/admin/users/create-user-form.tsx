"use client";

import Link from "@/components/ui/link";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@/lib/schemas/users";
import { adminQueries, createUser, type CreateUserPayload } from "@/lib/api/admin";
import { errorMessage } from "@/lib/api/errors";
import { checkPassword, describeMissing } from "@/lib/auth/password-policy";
import { pathFor } from "@/lib/paths";
import { useMe } from "@/lib/hooks/use-me";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { SelectField } from "@/components/ui/select-field";
import { AccountFields, type AccountErrors, type AccountValues } from "@/components/auth/account-fields";

const EMPTY: AccountValues = { name: "", email: "", password: "" };

/** /panel/users/create (docs/product.md#routes): an account with email, password and role. */
export function CreateUserForm() {
  const queryClient = useQueryClient();
  const me = useMe();
  const [values, setValues] = useState<AccountValues>(EMPTY);
  const [accountType, setAccountType] = useState<CreateUserPayload["accountType"]>("NORMAL");
  const [verified, setVerified] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<AccountErrors>({});
  const [created, setCreated] = useState<User | null>(null);

  const create = useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      setCreated(user);
      setValues(EMPTY);
      setVerified(false);
      void queryClient.invalidateQueries({ queryKey: adminQueries.all() });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreated(null);
    const errors: AccountErrors = {};
    const { name, email, password } = values;
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
      <AccountFields values={values} errors={fieldErrors} onChange={(field, value) => setValues((prev) => ({ ...prev, [field]: value }))} own={false} checklistId="new-user-password-requirements" />
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
