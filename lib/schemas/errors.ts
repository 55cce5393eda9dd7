import { z } from "zod";

// The error body of every non-2xx API answer (docs/architecture.md#contracts).
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const ERROR_CODES = {
  BAD_REQUEST: "BAD_REQUEST",
  VALIDATION: "VALIDATION_ERROR",
  ID_REQUIRED: "ID_REQUIRED",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  INVALID_TOKEN: "INVALID_TOKEN",
  FORBIDDEN: "FORBIDDEN",
  BANNED: "BANNED",
  /** Deleting the account needs a sign-in from the last 10 minutes, the same day. */
  RECENT_SIGN_IN_REQUIRED: "RECENT_SIGN_IN_REQUIRED",
  /** Publishing needs a verified email (the token's email_verified claim). */
  EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  /** An Idempotency-Key sent again with a different request (IETF Idempotency-Key draft: 422). */
  IDEMPOTENCY_KEY_REUSED: "IDEMPOTENCY_KEY_REUSED",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "RATE_LIMITED",
  /** The server is at its limit for some work (e.g. images being processed); retry after Retry-After. */
  SERVICE_BUSY: "SERVICE_BUSY",
  /** A dependency (the database) is unreachable for a moment; retry after Retry-After. */
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_ERROR",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export { UNEXPECTED_ERROR_MESSAGE } from "./constants";
