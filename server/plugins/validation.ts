import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { ERROR_CODES } from "../../lib/schemas/errors";
import { ID_REQUIRED_MESSAGE } from "../../lib/schemas/users";
import { RequestValidationError, type ApiIssue } from "./errors";

// Zod validation for every route with messages a person can read: the contract wants Spanish
// issues with their path, and zod's default English (or its terse locale) is not that.

const TYPE_NAMES: Record<string, string> = {
  string: "un texto",
  number: "un número",
  int: "un número entero",
  bigint: "un número entero",
  boolean: "verdadero o falso",
  object: "un objeto",
  array: "una lista",
  date: "una fecha",
  null: "nulo",
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: "El correo no es válido.",
  url: "La dirección web no es válida.",
  datetime: "La fecha y hora no es válida; usa el formato ISO 8601.",
  date: "La fecha no es válida; usa el formato AAAA-MM-DD.",
  time: "La hora no es válida; usa el formato HH:MM.",
  uuid: "El identificador no es válido.",
};

function describeLimit(origin: string, bound: "min" | "max", limit: number | bigint, inclusive: boolean): string {
  const n = Number(limit);
  switch (origin) {
    case "string":
      if (bound === "min") return n <= 1 ? "Este campo no puede estar vacío." : `Debe tener al menos ${n} caracteres.`;
      return `Debe tener como máximo ${n} caracteres.`;
    case "array":
    case "set":
      return bound === "min" ? `Debe tener al menos ${n} elementos.` : `Debe tener como máximo ${n} elementos.`;
    case "file":
      return bound === "min" ? "El archivo está vacío." : `El archivo no puede pesar más de ${n} bytes.`;
    case "date":
      return bound === "min" ? "La fecha es demasiado temprana." : "La fecha es demasiado tardía.";
    default:
      if (bound === "min") return inclusive ? `Debe ser mayor o igual a ${n}.` : `Debe ser mayor que ${n}.`;
      return inclusive ? `Debe ser menor o igual a ${n}.` : `Debe ser menor que ${n}.`;
  }
}

/** Spanish (es-MX) messages for zod issues; messages written in a schema still take precedence. */
export const spanishErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Este campo es obligatorio.";
      return `Se esperaba ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case "too_small":
      return describeLimit(issue.origin, "min", issue.minimum, issue.inclusive ?? true);
    case "too_big":
      return describeLimit(issue.origin, "max", issue.maximum, issue.inclusive ?? true);
    case "invalid_format":
      return FORMAT_MESSAGES[issue.format] ?? "El formato no es válido.";
    case "invalid_value":
      return `Valor no permitido. Opciones: ${issue.values.map(String).join(", ")}.`;
    case "unrecognized_keys":
      return `Campo no permitido: ${issue.keys.join(", ")}.`;
    case "not_multiple_of":
      return `Debe ser múltiplo de ${String(issue.divisor)}.`;
    default:
      return "El valor no es válido.";
  }
};

export function toApiIssues(error: z.ZodError): ApiIssue[] {
  const issues: ApiIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
    // One issue per unknown field, pointing at the field, reads better than one list on the parent.
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) issues.push({ path: [...path, key], message: "Este campo no está permitido." });
    } else {
      issues.push({ path, message: issue.message });
    }
  }
  return issues;
}

/**
 * docs/product.md#validation: a call that acts on a user and comes without its id fails with
 * exactly 'ID required'. Schemas say so with `requiredUserId`; the answer then carries that message
 * and its own code.
 */
function toValidationError(issues: ApiIssue[]): RequestValidationError {
  if (issues.some((issue) => issue.message === ID_REQUIRED_MESSAGE)) {
    return new RequestValidationError(issues, ID_REQUIRED_MESSAGE, ERROR_CODES.ID_REQUIRED);
  }
  return new RequestValidationError(issues);
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // zod 4 parses 2–8× slower when given parse options (an id's params: 2.69 µs against 0.36;
    // bench/validation.mjs), and this runs on every request: only a failed parse is parsed again,
    // for the Spanish messages. The map only writes messages, so the second parse fails too (were
    // a schema ever to read changing state and pass the second time, that value is answered).
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const described = schema.safeParse(data, { error: spanishErrorMap });
    if (described.success) return { value: described.data };
    return { error: toValidationError(toApiIssues(described.error)) };
  };

/**
 * preValidation hook for calls whose fields are all optional or that must answer 'ID required'
 * for a missing id: a request without a body is read as `{}`, not as "body required".
 */
export async function bodyDefaultsToObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

export const NUL_CHARACTER_MESSAGE = "El texto contiene un carácter nulo (U+0000), que no está permitido.";

/**
 * Where `value` holds a NUL character (in a string or an object key), as an issue path, or null.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(value: unknown): Array<string | number> | null {
  const pending: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes("\u0000")) return [...path, key];
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** Throws the 400 for a NUL character anywhere in `value`; `prefix` is put before the issue's path. */
export function assertNoNulCharacter(value: unknown, prefix: Array<string | number> = []): void {
  const path = findNulCharacter(value);
  if (path !== null) throw new RequestValidationError([{ path: [...prefix, ...path], message: NUL_CHARACTER_MESSAGE }], NUL_CHARACTER_MESSAGE);
}

/**
 * PostgreSQL cannot store NUL in text and refuses it with an error; no route has a use for it, so
 * it is refused for every route at once, in the path, the query and the JSON body.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    assertNoNulCharacter(request.params);
    assertNoNulCharacter(request.query);
    assertNoNulCharacter(request.body);
  });
}
