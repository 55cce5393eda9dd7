/* eslint-disable @next/next/no-img-element -- a local preview (blob: URL) */
"use client";

import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";

/** What the API accepts (checked again by content on the server), and its size limit. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * Picks an image, previews it, and uploads it with a progress bar. The preview stays until the
 * upload succeeds, then the profile shows the processed image.
 */
export function ImageUploadField({
  label,
  current,
  upload,
}: {
  label: string;
  current: string | null;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
}) {
  const inputId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const previewRef = useRef<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const file = picked?.file ?? null;
  const preview = picked?.preview ?? null;

  // The blob: URL of the preview is freed when it is replaced and when the field goes away.
  const choose = (next: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    const url = next ? URL.createObjectURL(next) : null;
    previewRef.current = url;
    setPicked(next && url ? { file: next, preview: url } : null);
  };
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function onPick(chosen: File | undefined) {
    setError(null);
    setDone(false);
    if (!chosen) return;
    if (!ACCEPT.split(",").includes(chosen.type)) {
      setError("Elige una imagen JPEG, PNG, WebP o AVIF.");
      return;
    }
    if (chosen.size > MAX_BYTES) {
      setError("La imagen pesa más de 8 MB. Elige una más ligera.");
      return;
    }
    choose(chosen);
  }

  async function onUpload() {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload(file, setProgress);
      setDone(true);
      choose(null);
      if (inputRef.current) inputRef.current.value = "";
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setProgress(null);
    }
  }

  const shown = preview ?? current;
  return (
    <div className="image-field field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {shown ? <img className="image-field__preview" src={shown} alt={preview ? `Vista previa: ${label}` : label} /> : null}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPT}
        aria-describedby={statusId}
        onChange={(event) => onPick(event.target.files?.[0])}
      />
      <p id={statusId} className="field__hint">
        JPEG, PNG, WebP o AVIF, hasta 8 MB.
      </p>
      {progress !== null ? (
        <progress max={1} value={progress} aria-label={`Subiendo ${label.toLowerCase()}`}>
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
      {done ? (
        <p className="form-success" role="status">
          Imagen actualizada.
        </p>
      ) : null}
      <FormAlert message={error} />
      {file ? (
        <div className="actions">
          <Button onClick={() => void onUpload()} disabled={progress !== null}>
            {progress !== null ? "Subiendo..." : `Subir ${label.toLowerCase()}`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
