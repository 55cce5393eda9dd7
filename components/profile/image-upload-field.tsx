"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { Button } from "@/components/ui/button";
import { ImageField } from "@/components/ui/image-field";

/**
 * A profile picture sent on its own: the image field plus a button that uploads it at once. The
 * preview stays until the upload succeeds, then the profile shows the processed image.
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
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const pick = (next: File | null) => {
    setError(null);
    setDone(false);
    setFile(next);
  };

  async function onUpload() {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload(file, setProgress);
      setDone(true);
      setFile(null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="stack">
      <ImageField label={label} current={current} file={file} onChange={pick} progress={progress} error={error} />
      {done ? (
        <p className="form-success" role="status">
          Imagen actualizada.
        </p>
      ) : null}
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
