"use client";

import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { addressPayloadSchema, addressUpdatePayloadSchema, type Address } from "@/lib/schemas/addresses";
import { createAddress, storeAddress, updateAddress } from "@/lib/api/addresses";
import { errorMessage } from "@/lib/api/errors";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Field } from "@/components/content/fields";
import { AddressLookup } from "@/components/content/address-lookup";
import { apiFieldErrors, focusFirstInvalid, validate, type FieldErrors } from "@/components/content/form-errors";
import styles from "@/components/content/content.module.css";

function initial(a?: Address) {
  return {
    label: a?.label ?? "",
    street: a?.street ?? "",
    number: a?.number ?? "",
    neighbourhood: a?.neighbourhood ?? "",
    city: a?.city ?? "Saltillo",
    state: a?.state ?? "Coahuila",
    postalCode: a?.postalCode ?? "",
    country: a?.country ?? "México",
    lat: a?.lat != null ? String(a.lat) : "",
    lng: a?.lng != null ? String(a.lng) : "",
  };
}

/** A saved address: look it up, or type it by hand when the lookup is not available. */
export function AddressForm({ address }: { address?: Address }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [s, setS] = useState(() => initial(address));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof s, value: string) => setS((prev) => ({ ...prev, [key]: value }));
  const err = (k: string) => errors[k] ?? null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const coord = (v: string) => (v.trim() === "" ? null : Number(v));
    const payload = { ...s, lat: coord(s.lat), lng: coord(s.lng) };
    const result = validate(address ? addressUpdatePayloadSchema : addressPayloadSchema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = address ? await updateAddress(address._id, result.data) : await createAddress(result.data as Parameters<typeof createAddress>[0]);
      storeAddress(queryClient, saved);
      notify("success", address ? "Dirección actualizada." : "Dirección guardada.");
      router.push("/addresses/index/");
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} aria-label={address ? "Editar dirección" : "Agregar dirección"}>
      <FormAlert message={formError} />
      <Field label="Nombre de la dirección" value={s.label} onChange={(e) => set("label", e.target.value)} error={err("label")} hint="Por ejemplo: Casa, Trabajo." required />
      <AddressLookup
        onPick={(c) =>
          setS((prev) => ({
            ...prev,
            street: c.street ?? prev.street,
            number: c.number ?? prev.number,
            neighbourhood: c.neighbourhood ?? prev.neighbourhood,
            city: c.city ?? prev.city,
            state: c.state ?? prev.state,
            postalCode: c.postalCode ?? prev.postalCode,
            country: c.country ?? prev.country,
            lat: String(c.lat),
            lng: String(c.lng),
          }))
        }
      />
      <div className={styles.row}>
        <Field label="Calle" value={s.street} onChange={(e) => set("street", e.target.value)} error={err("street")} required />
        <Field label="Número" value={s.number} onChange={(e) => set("number", e.target.value)} error={err("number")} />
      </div>
      <div className={styles.row}>
        <Field label="Colonia" value={s.neighbourhood} onChange={(e) => set("neighbourhood", e.target.value)} error={err("neighbourhood")} />
        <Field label="Código postal" inputMode="numeric" value={s.postalCode} onChange={(e) => set("postalCode", e.target.value)} error={err("postalCode")} />
      </div>
      <div className={styles.row}>
        <Field label="Ciudad" value={s.city} onChange={(e) => set("city", e.target.value)} error={err("city")} required />
        <Field label="Estado" value={s.state} onChange={(e) => set("state", e.target.value)} error={err("state")} required />
      </div>
      <Field label="País" value={s.country} onChange={(e) => set("country", e.target.value)} error={err("country")} />
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : address ? "Guardar cambios" : "Guardar dirección"}
        </Button>
      </div>
    </form>
  );
}
