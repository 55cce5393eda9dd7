"use client";

import { useState } from "react";
import { addressPayloadSchema, addressUpdatePayloadSchema, type Address } from "@/lib/schemas/addresses";
import { createAddress, storeAddress, updateAddress } from "@/lib/api/addresses";
import { TextField } from "@/components/ui/text-field";
import { AddressFields, type AddressParts } from "@/components/content/address-lookup";
import { ContentForm } from "@/components/forms/content-form";
import { useSaveContent } from "@/components/forms/use-save-content";

function initial(a?: Address): AddressParts & { label: string } {
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

const coord = (v: string) => (v.trim() === "" ? null : Number(v));

/** A saved address: look it up, or type it by hand when the lookup is not available. */
export function AddressForm({ address }: { address?: Address }) {
  const [s, setS] = useState(() => initial(address));
  const change = (parts: Partial<typeof s>) => setS((prev) => ({ ...prev, ...parts }));
  const schemas = { create: addressPayloadSchema, update: addressUpdatePayloadSchema };
  const flow = useSaveContent({ kind: "addresses", existing: address, schemas, send: createAddress, update: updateAddress, store: storeAddress, savedHref: "/addresses/index/" });

  return (
    <ContentForm
      flow={flow}
      reviewNotice={false}
      onSubmit={() => void flow.save({ ...s, lat: coord(s.lat), lng: coord(s.lng) })}
    >
      <TextField label="Nombre de la dirección" value={s.label} onChange={(e) => change({ label: e.target.value })} error={flow.err("label")} hint="Por ejemplo: Casa, Trabajo." required />
      <AddressFields value={s} onChange={change} err={flow.err} required />
      <TextField label="País" value={s.country} onChange={(e) => change({ country: e.target.value })} error={flow.err("country")} />
    </ContentForm>
  );
}
