"use client";

import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { communityPayloadSchema, communityUpdatePayloadSchema, type Community, type CommunityPayload } from "@/lib/schemas/communities";
import { createMutationKey, newIdempotencyKey, type CreateVariables } from "@/lib/api/content";
import { storeCommunity, updateCommunity, uploadCommunityImage } from "@/lib/api/communities";
import { errorMessage } from "@/lib/api/errors";
import { pathFor } from "@/lib/routes";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Field, TextArea } from "@/components/content/fields";
import { ImageField } from "@/components/content/image-field";
import { apiFieldErrors, focusFirstInvalid, validate, type FieldErrors } from "@/components/content/form-errors";
import styles from "@/components/content/content.module.css";

export function CommunityForm({ community }: { community?: Community }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(community?.name ?? "");
  const [description, setDescription] = useState(community?.description ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const create = useMutation<Community, Error, CreateVariables<CommunityPayload>>({ mutationKey: createMutationKey("communities") });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const result = validate(community ? communityUpdatePayloadSchema : communityPayloadSchema, { name, description });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    if (!community && typeof navigator !== "undefined" && !navigator.onLine) {
      create.mutate({ payload: result.data as CommunityPayload, idempotencyKey });
      notify("primary", "Sin conexión: la comunidad se creará cuando vuelvas a estar en línea.");
      router.push("/communities/mine/");
      return;
    }
    setBusy(true);
    try {
      const saved = community ? await updateCommunity(community._id, result.data) : await create.mutateAsync({ payload: result.data as CommunityPayload, idempotencyKey });
      storeCommunity(queryClient, saved);
      if (file) {
        setProgress(0);
        try {
          storeCommunity(queryClient, await uploadCommunityImage(saved._id, file, { onProgress: setProgress }));
        } catch (error) {
          notify("danger", `La comunidad se guardó, pero la imagen no: ${errorMessage(error)}`);
        } finally {
          setProgress(null);
        }
      }
      notify("success", community ? "Comunidad actualizada." : "Comunidad creada.");
      router.push(pathFor("/communities/[communityId]", saved._id));
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} aria-label={community ? "Editar comunidad" : "Crear comunidad"}>
      <FormAlert message={formError} />
      <Field label="Nombre" value={name} onChange={(e) => setName(e.target.value)} error={errors.name ?? null} required />
      <TextArea label="Descripción" value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description ?? null} rows={6} />
      <ImageField label="Imagen" current={community?.image} file={file} onChange={setFile} progress={progress} />
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : community ? "Guardar cambios" : "Crear comunidad"}
        </Button>
      </div>
    </form>
  );
}
