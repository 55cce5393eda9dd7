import { z } from "zod";
import { HTTP_URL_MESSAGE, isHttpUrl, isSameOriginPath, SAME_ORIGIN_PATH_MESSAGE } from "./link-checks";

// The stored links' schemas; what makes a link safe is in ./link-checks (shared without zod).

export const LINK_MAX = 500;

/** An in-app path (notification links). */
export const sameOriginPathSchema = z.string().trim().max(LINK_MAX).refine(isSameOriginPath, SAME_ORIGIN_PATH_MESSAGE);

/** An external web address stored as content. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(LINK_MAX, `El enlace admite hasta ${LINK_MAX} caracteres.`)
  .refine(isHttpUrl, HTTP_URL_MESSAGE);
