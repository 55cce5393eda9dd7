"use client";

import { useEffect, useId, useMemo, useState } from "react";
import { imageProblem } from "@/lib/api/images";
import styles from "./content.module.css";

/** Picks a cover image and previews it; the form uploads it after saving, showing `progress`. */
export function ImageField({
  label = "Imagen de portada",
  current,
  file,
  onChange,
  progress,
}: {
  label?: string;
  current?: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shown = preview ?? current ?? null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null;
          const problem = picked ? imageProblem(picked) : null;
          setError(problem);
          onChange(problem ? null : picked);
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        JPEG, PNG, WebP o AVIF de hasta 8 MB.
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {shown ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img className={styles.preview} src={shown} alt="Vista previa de la imagen" />
      ) : null}
      {progress !== null ? (
        <>
          <label htmlFor={`${id}-progress`} className="field__hint">
            Subiendo imagen: {Math.round(progress * 100)}%
          </label>
          <progress id={`${id}-progress`} className={styles.progress} max={1} value={progress} />
        </>
      ) : null}
    </div>
  );
}
