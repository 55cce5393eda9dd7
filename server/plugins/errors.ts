import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES, type ApiErrorBody } from "../../lib/schemas/errors";
import { isDatabaseDataException, isDatabaseUnavailable } from "../db/errors";
import { redactUrl } from "./logging";

// The one place that turns failures into the error contract: `{ message, code, issues? }` with a
// true status and a Spanish message. Expected failures are HttpErrors thrown by handlers;
// Fastify's own errors (bad JSON, body too large, wrong media type…) are translated; anything
// else is a bug: logged in full, answered with a generic 500 that reveals nothing.

export type ApiIssue = NonNullable<ApiErrorBody["issues"]>[number];

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly issues?: ApiIssue[],
    /** Extra response headers, e.g. Retry-After on a 429 or 503. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** What a route's zod schema rejected; the error handler answers it with a 400 and the issues. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  validationContext?: string;
  constructor(
    public readonly issues: ApiIssue[],
    message = "Los datos enviados no son válidos.",
    public readonly errorCode: string = ERROR_CODES.VALIDATION,
  ) {
    super(message);
    this.name = "RequestValidationError";
  }
}

export const badRequest = (message: string, code: string = ERROR_CODES.BAD_REQUEST, issues?: ApiIssue[]) =>
  new HttpError(400, code, message, issues);
export const unauthenticated = () => new HttpError(401, ERROR_CODES.UNAUTHENTICATED, "Necesitas iniciar sesión.");
export const invalidToken = () =>
  new HttpError(401, ERROR_CODES.INVALID_TOKEN, "Tu sesión no es válida o expiró. Vuelve a iniciar sesión.");
export const forbidden = (message = "No tienes permiso para hacer esto.", code: string = ERROR_CODES.FORBIDDEN) =>
  new HttpError(403, code, message);
export const notFound = (message = "Recurso no encontrado.") => new HttpError(404, ERROR_CODES.NOT_FOUND, message);
export const conflict = (message: string) => new HttpError(409, ERROR_CODES.CONFLICT, message);

export const INTERNAL_ERROR_MESSAGE = "Error interno del servidor. Inténtalo de nuevo más tarde.";
export const NOT_FOUND_MESSAGE = "Recurso no encontrado.";
export const USER_NOT_FOUND = "Usuario no encontrado.";
export const UNAVAILABLE_MESSAGE = "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.";
/** Seconds a client should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

interface Translation {
  status: number;
  code: string;
  message: string;
}

const t = (status: number, code: string, message: string): Translation => ({ status, code, message });

/** Errors raised by Fastify and its plugins before a handler runs, by their `code`. */
const FRAMEWORK_ERRORS: Record<string, Translation> = {
  FST_ERR_CTP_INVALID_JSON_BODY: t(400, ERROR_CODES.BAD_REQUEST, "El cuerpo de la petición no es JSON válido."),
  FST_ERR_CTP_EMPTY_JSON_BODY: t(400, ERROR_CODES.BAD_REQUEST, "El cuerpo de la petición está vacío; envía un objeto JSON."),
  FST_ERR_CTP_BODY_TOO_LARGE: t(413, ERROR_CODES.PAYLOAD_TOO_LARGE, "La petición es demasiado grande."),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: t(
    415,
    ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
    "Tipo de contenido no admitido. Envía los datos como JSON (application/json).",
  ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: t(400, ERROR_CODES.BAD_REQUEST, "El tamaño del cuerpo no coincide con Content-Length."),
  FST_ERR_BAD_URL: t(400, ERROR_CODES.BAD_REQUEST, "La dirección solicitada no es válida."),
  FST_ERR_MAX_PARAM_LENGTH: t(414, ERROR_CODES.BAD_REQUEST, "La dirección solicitada es demasiado larga."),
  FST_ERR_VALIDATION: t(400, ERROR_CODES.VALIDATION, "Los datos enviados no son válidos."),
  // @fastify/multipart
  FST_REQ_FILE_TOO_LARGE: t(413, ERROR_CODES.PAYLOAD_TOO_LARGE, "El archivo es demasiado grande."),
  FST_PARTS_LIMIT: t(413, ERROR_CODES.PAYLOAD_TOO_LARGE, "La petición tiene demasiadas partes."),
  FST_FILES_LIMIT: t(413, ERROR_CODES.PAYLOAD_TOO_LARGE, "La petición tiene demasiados archivos."),
  FST_FIELDS_LIMIT: t(413, ERROR_CODES.PAYLOAD_TOO_LARGE, "La petición tiene demasiados campos."),
  FST_INVALID_MULTIPART_CONTENT_TYPE: t(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, "La petición no es multipart/form-data."),
  FST_PROTO_VIOLATION: t(400, ERROR_CODES.BAD_REQUEST, "El cuerpo de la petición no es válido."),
};

/** Fallback for client errors that carry only a status (plugins, future rate limiting). */
function byStatus(status: number): Translation {
  switch (status) {
    case 401:
      return t(401, ERROR_CODES.UNAUTHENTICATED, "Necesitas iniciar sesión.");
    case 403:
      return t(403, ERROR_CODES.FORBIDDEN, "No tienes permiso para hacer esto.");
    case 404:
      return t(404, ERROR_CODES.NOT_FOUND, NOT_FOUND_MESSAGE);
    case 405:
      return t(405, ERROR_CODES.BAD_REQUEST, "Método no permitido.");
    case 408:
      return t(408, ERROR_CODES.BAD_REQUEST, "La petición tardó demasiado.");
    case 409:
      return t(409, ERROR_CODES.CONFLICT, "La petición entra en conflicto con el estado actual.");
    case 413:
      return t(413, ERROR_CODES.PAYLOAD_TOO_LARGE, "La petición es demasiado grande.");
    case 415:
      return t(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, "Tipo de contenido no admitido.");
    case 429:
      return t(429, ERROR_CODES.RATE_LIMITED, "Demasiadas peticiones. Espera un momento e inténtalo de nuevo.");
    default:
      return t(status, ERROR_CODES.BAD_REQUEST, "La petición no es válida.");
  }
}

export const INVALID_VALUE_MESSAGE = "Un valor enviado no es válido.";

function statusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599 ? status : null;
}

export function toErrorResponse(error: unknown): { status: number; body: ApiErrorBody; internal: boolean } {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { message: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) },
      internal: error.statusCode >= 500,
    };
  }
  if (error instanceof RequestValidationError) {
    return { status: 400, body: { message: error.message, code: error.errorCode, issues: error.issues }, internal: false };
  }
  if (isDatabaseDataException(error)) {
    return { status: 400, body: { message: INVALID_VALUE_MESSAGE, code: ERROR_CODES.BAD_REQUEST }, internal: false };
  }
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === "string" ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return { status: known.status, body: { message: known.message, code: known.code }, internal: false };

  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { message: UNAVAILABLE_MESSAGE, code: ERROR_CODES.UNAVAILABLE }, internal: false };
  }
  const status = statusOf(error);
  if (status !== null && status < 500) {
    const fallback = byStatus(status);
    return { status, body: { message: fallback.message, code: fallback.code }, internal: false };
  }
  return { status: status ?? 500, body: { message: INTERNAL_ERROR_MESSAGE, code: ERROR_CODES.INTERNAL }, internal: true };
}

export function sendError(reply: FastifyReply, status: number, body: ApiErrorBody): FastifyReply {
  // Error bodies are about one request and one user: never worth caching anywhere.
  return reply.code(status).header("cache-control", "no-store").type("application/json; charset=utf-8").send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, internal } = toErrorResponse(error);
    if (internal) {
      request.log.error({ err: error, method: request.method, url: redactUrl(request.url) }, "Error no controlado");
    } else if (isDatabaseDataException(error)) {
      // A schema let through a value the database refused: the client gets a 400, the team a
      // warning, because the schema is what should be tightened.
      request.log.warn({ err: error, method: request.method, url: redactUrl(request.url) }, "La base de datos rechazó un valor de la petición");
    } else if (body.code === ERROR_CODES.UNAVAILABLE) {
      request.log.warn({ err: error, method: request.method, url: redactUrl(request.url) }, "Base de datos no disponible");
      reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else {
      request.log.info({ status, code: body.code, reason: error.message }, "Petición rechazada");
    }
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    return sendError(reply, status, body);
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, { message: NOT_FOUND_MESSAGE, code: ERROR_CODES.NOT_FOUND }));
}
