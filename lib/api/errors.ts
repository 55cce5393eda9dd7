import { UNEXPECTED_ERROR_MESSAGE } from "@/lib/schemas/constants";

export const NETWORK_ERROR_CODE = "NETWORK_ERROR";
export const UNEXPECTED_ERROR_CODE = "UNEXPECTED_ERROR";
export const NETWORK_ERROR_MESSAGE = "Sin conexión. Revisa tu red e inténtalo de nuevo.";

export interface ApiErrorIssue {
  path: (string | number)[];
  message: string;
}

/** The one error shape every API failure becomes; `message` is always fit to show the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiErrorIssue[] | undefined;
  /** The server's Retry-After (429, 503), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor({
    status,
    code,
    message,
    issues,
    retryAfterMs,
  }: {
    status: number;
    code: string;
    message: string;
    issues?: ApiErrorIssue[];
    retryAfterMs?: number;
  }) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryAfterMs = retryAfterMs;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

function issuesOf(value: unknown): ApiErrorIssue[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const issues = value.filter(
    (i): i is ApiErrorIssue => isRecord(i) && Array.isArray(i.path) && typeof i.message === "string",
  );
  return issues.length > 0 ? issues : undefined;
}

/** docs/product.md#errors: the body's message when there is one, else 'Error inesperado'. */
export function apiErrorFromBody(status: number, body: unknown, retryAfterMs?: number): ApiError {
  const record = isRecord(body) ? body : {};
  return new ApiError({
    status,
    code: nonEmptyString(record.code) ?? UNEXPECTED_ERROR_CODE,
    message: nonEmptyString(record.message) ?? UNEXPECTED_ERROR_MESSAGE,
    issues: issuesOf(record.issues),
    retryAfterMs,
  });
}

export function networkError(): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE });
}

/** The message to show for any error thrown by an API helper. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
