"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { BIO_MAX, NAME_MAX, updateProfilePayloadSchema, type User } from "@/lib/schemas/users";
import { errorMessage } from "@/lib/api/errors";
import { updateMyData, uploadImage } from "@/lib/api/account";
import { storeUser } from "@/lib/auth/user-state";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { ImageUploadField } from "./image-upload-field";
import styles from "./profile.module.css";

type LinkDraft = { label: string; url: string };
type FieldErrors = Partial<Record<"name" | "bio" | "links", string>>;

/** Edits the own profile: name, bio, links, picture and cover. */
export function ProfileEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [name, setName] = useState(user.name);
  const [bio, setBio] = useState(user.bio ?? "");
  const [links, setLinks] = useState<LinkDraft[]>(user.links.map((l) => ({ ...l })));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: updateMyData,
    onSuccess: (updated) => {
      storeUser(updated);
      setSaved(true);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const cleanLinks = links.filter((l) => l.label.trim() !== "" || l.url.trim() !== "");
    const payload = { name, bio: bio.trim() === "" ? null : bio, links: cleanLinks };
    const parsed = updateProfilePayloadSchema.safeParse(payload);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "name" || field === "bio" || field === "links") && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    save.mutate(parsed.data);
  }

  const setLink = (index: number, patch: Partial<LinkDraft>) =>
    setLinks((current) => current.map((link, i) => (i === index ? { ...link, ...patch } : link)));

  return (
    <section className={`card ${styles.section}`} aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title">Editar perfil</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Nombre" name="name" autoComplete="name" required maxLength={NAME_MAX} value={name} error={fieldErrors.name} onChange={(e) => setName(e.target.value)} />
        <TextAreaField
          label="Biografía"
          name="bio"
          maxLength={BIO_MAX}
          hint={`Hasta ${BIO_MAX} caracteres.`}
          value={bio}
          error={fieldErrors.bio}
          onChange={(e) => setBio(e.target.value)}
        />
        <fieldset className="form">
          <legend className="field__label">Enlaces</legend>
          {links.map((link, index) => (
            <div key={index} className="actions">
              <TextField label={`Nombre del enlace ${index + 1}`} value={link.label} onChange={(e) => setLink(index, { label: e.target.value })} />
              <TextField
                label={`Dirección del enlace ${index + 1}`}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={link.url}
                onChange={(e) => setLink(index, { url: e.target.value })}
              />
              <Button variant="ghost" onClick={() => setLinks((current) => current.filter((_, i) => i !== index))}>
                Quitar enlace {index + 1}
              </Button>
            </div>
          ))}
          {fieldErrors.links ? <p className="field__error">{fieldErrors.links}</p> : null}
          {links.length < 5 ? (
            <div>
              <Button variant="secondary" onClick={() => setLinks((current) => [...current, { label: "", url: "" }])}>
                Agregar enlace
              </Button>
            </div>
          ) : null}
        </fieldset>
        <FormAlert message={save.isError ? errorMessage(save.error) : null} />
        {saved ? (
          <p className="form-success" role="status">
            Perfil actualizado.
          </p>
        ) : null}
        <div className="actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Guardando..." : "Guardar cambios"}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cerrar edición
          </Button>
        </div>
      </form>
      <ImageUploadField
        label="Foto de perfil"
        current={user.profileImage}
        upload={async (file, onProgress) => storeUser(await uploadImage("profile", file, { onProgress }))}
      />
      <ImageUploadField
        label="Imagen de portada"
        current={user.coverImage}
        upload={async (file, onProgress) => storeUser(await uploadImage("cover", file, { onProgress }))}
      />
    </section>
  );
}
