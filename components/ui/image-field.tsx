"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_SIZE_TEXT } from "@/lib/schemas/constants";
import { FieldFrame } from "./field-frame";
import styles from "./image-field.module.css";

export const IMAGE_TYPE_MESSAGE = "Elige una imagen JPEG, PNG, WebP o AVIF.";
export const IMAGE_SIZE_MESSAGE = `La imagen pesa más de ${MAX_IMAGE_SIZE_TEXT}. Elige una más ligera.`;

/** Spanish reason an image cannot be sent, or null. The server checks again, by content. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

/**
 * The one image picker of the app (content covers, profile pictures): checks type and size before
 * anything is sent, previews the picked file (else shows `current`), and shows the upload's
 * progress. The caller owns the file and the upload; `error` is the upload's own failure.
 */
export function ImageField({
  label,
  current,
  file,
  onChange,
  progress,
  error: uploadError = null,
  previewAlt = `Vista previa: ${label}`,
}: {
  label: string;
  current?: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
  error?: string | null;
  previewAlt?: string;
}) {
  const progressId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  // The blob: URL is freed when it is replaced and when the field goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  // Once the caller lets go of the file (uploaded), the input is emptied so it can be picked again.
  useEffect(() => {
    if (!file && !problem && inputRef.current) inputRef.current.value = "";
  }, [file, problem]);

  const shown = preview ?? current ?? null;
  return (
    <FieldFrame
      label={label}
      hint={`JPEG, PNG, WebP o AVIF de hasta ${MAX_IMAGE_SIZE_TEXT}.`}
      error={problem ?? uploadError}
      after={
        <>
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local preview (blob: URL) or the stored image
            <img className={styles.preview} src={shown} alt={preview ? previewAlt : label} />
          ) : null}
          {progress !== null ? (
            <>
              <label htmlFor={progressId} className="field__hint">
                Subiendo {label.toLowerCase()}: {Math.round(progress * 100)}%
              </label>
              <progress id={progressId} className={styles.progress} max={1} value={progress} />
            </>
          ) : null}
        </>
      }
    >
      {(control) => (
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          {...control}
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            const reason = picked ? imageProblem(picked) : null;
            setProblem(reason);
            onChange(reason ? null : picked);
          }}
        />
      )}
    </FieldFrame>
  );
}
