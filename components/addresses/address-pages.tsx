"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { addressQueries, deleteAddress } from "@/lib/api/addresses";
import { errorMessage } from "@/lib/api/errors";
import type { Address } from "@/lib/schemas/addresses";
import { ADDRESS_LIMIT } from "@/lib/schemas/addresses";
import { pathFor } from "@/lib/paths";
import { isSignedInAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ConfirmDialog } from "@/components/ui/dialog";
import { SignInNotice } from "@/components/content/sign-in-notice";
import fieldStyles from "@/components/content/fields.module.css";
import listStyles from "@/components/content/list.module.css";
import textStyles from "@/components/ui/text.module.css";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { AddressForm } from "./address-form";

export function addressLine(a: Address): string {
  return [[a.street, a.number].filter(Boolean).join(" "), a.neighbourhood, [a.postalCode, a.city].filter(Boolean).join(" "), a.state].filter(Boolean).join(", ");
}

export function AddressIndex() {
  const signedIn = useAtomValue(isSignedInAtom);
  const queryClient = useQueryClient();
  const query = useQuery({ ...addressQueries.list(), enabled: signedIn });
  const [removing, setRemoving] = useState<Address | null>(null);
  const remove = useMutation({
    mutationFn: (a: Address) => deleteAddress(a._id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: addressQueries.all() });
      void queryClient.invalidateQueries({ queryKey: ["events", "for-you"] });
      setRemoving(null);
      notify("success", "Dirección borrada.");
    },
  });
  const items = query.data ?? [];
  return (
    <>
      <PageHeader
        title="Mis direcciones"
        description={`Eventos para ti toma en cuenta lo que queda cerca. Puedes guardar hasta ${ADDRESS_LIMIT}.`}
        actions={signedIn && items.length < ADDRESS_LIMIT ? <ButtonLink href="/addresses/create/">Agregar dirección</ButtonLink> : null}
      />
      {!signedIn ? (
        <SignInNotice what="guardar tus direcciones" />
      ) : query.isPending ? (
        <Skeleton lines={3} label="Cargando direcciones" />
      ) : query.isError ? (
        <FormAlert message={errorMessage(query.error)} />
      ) : items.length === 0 ? (
        <EmptyState title="Aún no guardas direcciones." hint="Agrega tu casa o tu trabajo para ver eventos cercanos." />
      ) : (
        <ul className={listStyles.list} aria-label="Mis direcciones">
          {items.map((a) => (
            <li key={a._id} className={fieldStyles.fieldset}>
              <strong>{a.label}</strong>
              <span>{addressLine(a)}</span>
              <span className={textStyles.small}>{a.lat !== null ? "Con ubicación en el mapa" : "Sin ubicación en el mapa"}</span>
              <div className="actions">
                <Link className="button button--secondary" href={pathFor("/addresses/[addressId]/edit", a._id)} aria-label={`Editar ${a.label}`}>
                  Editar
                </Link>
                <Button variant="ghost" aria-label={`Borrar ${a.label}`} onClick={() => setRemoving(a)}>
                  Borrar
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        role="dialog"
        open={removing !== null}
        title={`¿Borrar «${removing?.label ?? ""}»?`}
        confirmLabel="Borrar"
        danger
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </>
  );
}

export const CreateAddress = () => <CreatePage kind="addresses"><AddressForm /></CreatePage>;

export const EditAddress = () => <EditPage kind="addresses" query={addressQueries.detail} skeletonLines={4}>{(address) => <AddressForm address={address} />}</EditPage>;
