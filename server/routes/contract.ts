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

/** Documents the error answers a route can give (all share the contract's error body). */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, apiErrorBodySchema.describe(ERROR_DESCRIPTIONS[status] ?? "Error")]),
  ) as Record<number, typeof apiErrorBodySchema>;
}

/** OpenAPI security requirement for routes that read the bearer ID token. */
export const bearerSecurity = [{ bearerAuth: [] as string[] }];
