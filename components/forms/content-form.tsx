"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { ImageField } from "@/components/ui/image-field";
import { formCopy } from "@/components/content/kind-copy";
import styles from "@/components/content/fields.module.css";
import type { SaveContentFlow } from "./use-save-content";

/**
 * The frame of every content form around its own fields: the failure of the last save, a
 * "check the marked fields" notice, the picked image with its upload progress, and the submit
 * button (disabled while saving). `onSubmit` builds the payload and hands it to the save flow.
 * The form's name and button come from the kind's copy, as its create or edit page's title.
 */
export function ContentForm({
  flow,
  onSubmit,
  image,
  reviewNotice = true,
  children,
}: {
  flow: Pick<SaveContentFlow, "kind" | "formRef" | "errors" | "formError" | "busy" | "file" | "setFile" | "progress" | "editing">;
  onSubmit: () => void;
  image?: { label?: string; current?: string | null };
  /** Short forms mark their fields without the notice on top. */
  reviewNotice?: boolean;
  children: ReactNode;
}) {
  const { kind, formRef, errors, formError, busy, file, setFile, progress, editing } = flow;
  const copy = formCopy(kind);
  const imageLabel = image?.label ?? "Imagen de portada";
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-label={editing ? copy.edit.title : copy.create.title}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormAlert message={formError} />
      {reviewNotice && Object.keys(errors).length > 0 ? (
        <p className="form-alert" role="alert">
          Revisa los campos marcados.
        </p>
      ) : null}
      {children}
      {image ? (
        <ImageField
          label={imageLabel}
          current={image.current}
          file={file}
          onChange={setFile}
          progress={progress}
          previewAlt="Vista previa de la imagen"
        />
      ) : null}
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : editing ? "Guardar cambios" : copy.create.submit}
        </Button>
      </div>
    </form>
  );
}
