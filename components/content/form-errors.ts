import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";

/** Field → first Spanish message, from a zod failure or the API's `issues`. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_form";
    out[key] ??= issue.message;
  }
  return out;
}

/** Validates with the server's own schema; the errors are keyed by field path ("address.street"). */
export function validate<S extends z.ZodType>(schema: S, value: unknown): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsFrom(result.error.issues) };
}

/** The field errors a 400 from the API carried, if any. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.issues) return fieldErrorsFrom(error.issues);
  return {};
}

/** Moves focus to the first invalid control after a failed submit. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
