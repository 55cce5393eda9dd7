import ky, { HTTPError, TimeoutError, isHTTPError, type Options, type RetryOptions } from "ky";
import { authErrorCode } from "@/lib/auth/error-code";
import { ITEM_PRELOAD_CREDENTIALS } from "@/lib/paths";
import { ApiError, apiErrorFromBody, networkError, UNEXPECTED_ERROR_CODE } from "./errors";
import { UNEXPECTED_ERROR_MESSAGE } from "@/lib/schemas/constants";

// The API client's wire layer: ky, its retry policy and how what it throws becomes an ApiError.
// client.ts loads this module on its own (dynamic import, started when the app boots): the first
// paint needs none of it, and ky is the largest piece of the client (docs/operations/rendimiento-bitacora.md).

/** The wire envelope of every successful answer. */
interface Envelope<T> {
  data: T;
}

export type TokenProvider = () => Promise<string | null>;

/** Retry-After as milliseconds from now (seconds or an HTTP date), or undefined. */
function retryAfterMsOf(response: Response): number | undefined {
  const raw = response.headers.get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(raw) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** Answers that mean "not now" rather than "no": the same request may work a moment later. */
const TRANSIENT_STATUSES = [429, 502, 503, 504] as const;

/** A read waits at most this long for a Retry-After; a longer one is shown to the person at once. */
const READ_RETRY_MAX_AFTER_MS = 10_000;

/** The methods that only read. */
const READ_METHODS = ["GET", "HEAD"];

/** ky's retry for GET/HEAD: twice at most, honouring Retry-After, only for transient answers. */
export const READ_RETRY: RetryOptions = {
  limit: 2,
  methods: READ_METHODS.map((method) => method.toLowerCase()),
  statusCodes: [...TRANSIENT_STATUSES],
  afterStatusCodes: [429, 503],
  maxRetryAfter: READ_RETRY_MAX_AFTER_MS,
  backoffLimit: 3000,
  shouldRetry: ({ error }) => {
    // Offline and unreachable servers are handled by the persisted cache, not by waiting here.
    if (!isHTTPError(error)) return false;
    const after = retryAfterMsOf(error.response);
    if (after !== undefined && after > READ_RETRY_MAX_AFTER_MS) return false;
    return undefined;
  },
};

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
  if (error instanceof HTTPError) {
    return apiErrorFromBody(error.response.status, await readJson(error.response), retryAfterMsOf(error.response));
  }
  // DOMException is not an Error subclass in every runtime; the name is what identifies it.
  if (typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError") return error;
  // fetch rejects with a TypeError when the network is unreachable; a timeout means the same
  // to the user.
  if (error instanceof TimeoutError || error instanceof TypeError) return networkError();
  return new ApiError({ status: 0, code: UNEXPECTED_ERROR_CODE, message: UNEXPECTED_ERROR_MESSAGE });
}

export type Send = <T>(method: string, path: string, options: Options) => Promise<T>;

/** One request to the API: its `data`, or an ApiError. `path` is relative to `prefixUrl`. */
export function createSend({ prefixUrl, getToken, fetch }: { prefixUrl: string; getToken: TokenProvider; fetch?: typeof globalThis.fetch }): Send {
  const http = ky.create({
    prefixUrl,
    // Reads ride out a database restart or a rate limit (503/429 with Retry-After, 502/504);
    // writes are never repeated here (persisted mutations retry with their idempotency keys).
    retry: READ_RETRY,
    timeout: 30_000,
    ...(fetch ? { fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request) => {
          // Taken at request time so a refreshed token is always used.
          let token: string | null;
          try {
            token = await getToken();
          } catch (error) {
            if (authErrorCode(error) === "auth/network-request-failed") throw networkError();
            throw error;
          }
          if (token) {
            request.headers.set("Authorization", `Bearer ${token}`);
            return undefined;
          }
          // Browsers match a preload by URL, mode and credentials, not by headers (Chrome hands it
          // to a request with Authorization too): only an anonymous read may take a detail page's
          // preload for everyone.
          return READ_METHODS.includes(request.method) ? new Request(request, { credentials: ITEM_PRELOAD_CREDENTIALS.fetch }) : undefined;
        },
      ],
    },
  });
  return async <T>(method: string, path: string, options: Options): Promise<T> => {
    try {
      const response = await http(path, { method, ...options });
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      if (text === "") return undefined as T;
      return (JSON.parse(text) as Envelope<T>).data;
    } catch (error) {
      throw await toApiError(error);
    }
  };
}
