// Plain values of the shared contract, kept free of zod so the client can import them without
// pulling the validation library into its first load. errors.ts and users.ts re-export them.

/** The city's zone: dates people read are written in it, whatever the device's or the server's zone. */
export const CITY_TIME_ZONE = "America/Monterrey";

/** The language and region every date, number and case change is written in. */
export const LOCALE = "es-MX";

/** The client's fallback when an error body carries no message (docs/product.md#errors). */
export const UNEXPECTED_ERROR_MESSAGE = "Error inesperado";

export const ACCOUNT_TYPES = ["NORMAL", "ADMIN", "MASTER"] as const;

/** ADMIN and MASTER are admins (docs/product.md#roles-and-permissions). */
export function isAdminAccount(accountType: (typeof ACCOUNT_TYPES)[number]): boolean {
  return accountType === "ADMIN" || accountType === "MASTER";
}

/**
 * Largest image the API accepts. The server refuses bigger uploads (server/storage/images.ts);
 * the client checks first so nobody waits for an upload that cannot succeed.
 */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** The limit as people read it ("8 MB"), for hints and messages. */
export const MAX_IMAGE_SIZE_TEXT = `${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;
/** The image types the API decodes (it checks the bytes, not the declared type). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
