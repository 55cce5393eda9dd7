import { HTTPError, TimeoutError } from "ky";
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

  constructor({ status, code, message, issues }: { status: number; code: string; message: string; issues?: ApiErrorIssue[] }) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
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

/** SPEC §8: the body's message when there is one, else 'Error inesperado'. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  return new ApiError({
    status,
    code: nonEmptyString(record.code) ?? UNEXPECTED_ERROR_CODE,
    message: nonEmptyString(record.message) ?? UNEXPECTED_ERROR_MESSAGE,
    issues: issuesOf(record.issues),
  });
}

export function networkError(): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

/**
 * Turns whatever a request threw into an ApiError. Aborts pass through untouched because React
 * Query uses them to cancel queries and must recognise its own signal.
 */
export async function toApiError(error: unknown): Promise<unknown> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return apiErrorFromBody(error.response.status, await readJson(error.response));
  // DOMException is not an Error subclass in every runtime; the name is what identifies it.
  if (typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError") return error;
  // fetch rejects with a TypeError when the network is unreachable; a timeout means the same
  // to the user.
  if (error instanceof TimeoutError || error instanceof TypeError) return networkError();
  return new ApiError({ status: 0, code: UNEXPECTED_ERROR_CODE, message: UNEXPECTED_ERROR_MESSAGE });
}

/** The message to show for any error thrown by an API helper. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
