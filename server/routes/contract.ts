import { z } from "zod";
import { apiErrorBodySchema } from "../../lib/schemas/errors";

// Helpers that keep every route's OpenAPI description in the same envelope as its answers.

/** The success envelope of the contract: `{ data: <payload> }`. */
export function envelope<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Datos no válidos",
  401: "Sin sesión o con un token no válido",
  403: "Sin permiso, o cuenta suspendida",
  404: "No encontrado",
  409: "Conflicto con el estado actual",
  413: "Petición demasiado grande",
  415: "Tipo de contenido no admitido",
  429: "Demasiadas peticiones",
};

/**
 * Documents the error answers a route can give. All share the contract's error body, given as
 * the one schema instance (a `.describe()` copy would be written out inline on every route
 * instead of referenced); the description sits beside it.
 */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status] ?? "Error", content: { "application/json": { schema: apiErrorBodySchema } } },
    ]),
  ) as Record<number, { description: string; content: { "application/json": { schema: typeof apiErrorBodySchema } } }>;
}

/** OpenAPI security requirement for routes that read the bearer ID token. */
export const bearerSecurity = [{ bearerAuth: [] as string[] }];
