"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { createMutationKey, newIdempotencyKey, type CreateVariables } from "@/lib/api/content";
import { errorMessage } from "@/lib/api/errors";
import type { UploadProgress } from "@/lib/api/upload";
import { pathFor } from "@/lib/paths";
import type { ContentKind } from "@/lib/schemas/content";
import { notify } from "@/lib/toast/notify";
import { formCopy } from "@/components/content/kind-copy";
import { KIND_ROUTES } from "@/components/content/kind-routes";
import { apiFieldErrors, fieldErrorsFrom, focusFirstInvalid, validate, type FieldErrors } from "@/components/content/form-errors";

interface SaveOptions<T extends { _id: string }, P, U> {
  /** The item being edited; without it the form creates one. */
  existing?: T;
  /** The server's own schemas: the client validates with them before sending. */
  schemas: { create: z.ZodType<P>; update: z.ZodType<U> };
  update: (id: string, payload: U) => Promise<T>;
  /** Puts the saved copy in the cache wherever it is shown. */
  store: (queryClient: QueryClient, item: T) => void;
  uploadImage?: (id: string, file: File, progress: UploadProgress) => Promise<T | undefined>;
  /** Moves an error to the field where the person fixes it (a schema path → a form field). */
  errorKey?: (path: string) => string;
}

/**
 * The kind names the messages (KIND_COPY). A content kind's create is its persisted create
 * (lib/query/mutation-defaults.ts): it waits while offline, is sent once (idempotency key) and,
 * if queued, lands on the person's own list; a save lands on the item's page. Addresses have no
 * queue nor item page: a plain request, and where to land.
 */
export type SaveContentOptions<T extends { _id: string }, P, U> = SaveOptions<T, P, U> &
  ({ kind: ContentKind; send?: undefined; savedHref?: undefined } | { kind: "addresses"; send: (payload: P) => Promise<T>; savedHref: string });

export interface SaveRequest<P, U> {
  /** Errors the form found itself (a date it could not read). */
  errors?: FieldErrors;
  /** Rules on the whole payload the schema does not express (checked once it parses). */
  check?: (data: P | U) => readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * The one save of every content form: validate with the shared schema, send (or queue while
 * offline), store the saved copy, upload the picked image with progress, tell the person, and go
 * to the saved item. Field errors come back keyed by path, from the schema or from the API's 400.
 */
export function useSaveContent<T extends { _id: string }, P, U>(options: SaveContentOptions<T, P, U>) {
  const { kind, existing, schemas, update, store, uploadImage, errorKey = (k: string) => k } = options;
  const messages = formCopy(kind).saved;
  const router = useRouter();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per form: pressing the button twice, or a replay after going offline, is one item.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const queue = options.kind === "addresses" ? null : options.kind;
  const send = options.send;
  const create = useMutation<T, Error, CreateVariables<P>>(
    queue ? { mutationKey: createMutationKey(queue) } : { mutationFn: ({ payload }) => (send as (payload: P) => Promise<T>)(payload) },
  );

  const showErrors = (found: FieldErrors) => {
    const out: FieldErrors = {};
    for (const [key, message] of Object.entries(found)) out[errorKey(key)] ??= message;
    setErrors(out);
  };

  const sendImage = async (id: string) => {
    if (!file || !uploadImage) return;
    setProgress(0);
    try {
      const updated = await uploadImage(id, file, { onProgress: setProgress });
      if (updated) store(queryClient, updated);
    } catch (error) {
      notify("danger", `${messages.imageFailed ?? "Se guardó, pero la imagen no"}: ${errorMessage(error)}`);
    } finally {
      setProgress(null);
    }
  };

  async function save(payload: unknown, request: SaveRequest<P, U> = {}): Promise<void> {
    setFormError(null);
    const result = validate(existing ? schemas.update : schemas.create, payload);
    const found: FieldErrors = result.ok
      ? { ...fieldErrorsFrom(request.check?.(result.data) ?? []), ...request.errors }
      : { ...result.errors, ...request.errors };
    if (!result.ok || Object.keys(found).length > 0) {
      showErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    if (!existing && queue && typeof navigator !== "undefined" && !navigator.onLine) {
      // Waits in the persisted queue (also across a reload) and goes out once online.
      create.mutate({ payload: result.data as P, idempotencyKey });
      if (messages.queued) notify("primary", messages.queued);
      if (file && messages.queuedWithImage) notify("warning", messages.queuedWithImage);
      router.push(KIND_ROUTES[queue].mine);
      return;
    }
    setBusy(true);
    try {
      const saved = existing ? await update(existing._id, result.data as U) : await create.mutateAsync({ payload: result.data as P, idempotencyKey });
      store(queryClient, saved);
      await sendImage(saved._id);
      notify("success", existing ? messages.updated : messages.created);
      router.push(options.kind === "addresses" ? options.savedHref : pathFor(KIND_ROUTES[options.kind].item, saved._id));
    } catch (error) {
      showErrors(apiFieldErrors(error));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return { kind, formRef, errors, err: (key: string) => errors[key] ?? null, formError, busy, file, setFile, progress, save, editing: existing !== undefined };
}

export type SaveContentFlow = ReturnType<typeof useSaveContent>;
