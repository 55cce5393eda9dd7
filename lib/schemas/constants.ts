// Plain values of the shared contract, kept free of zod so the client can import them without
// pulling the validation library into its first load. errors.ts and users.ts re-export them.

/** The client's fallback when an error body carries no message (docs/product.md#errors). */
export const UNEXPECTED_ERROR_MESSAGE = "Error inesperado";

export const ACCOUNT_TYPES = ["NORMAL", "ADMIN", "MASTER"] as const;

/** ADMIN and MASTER are admins (docs/product.md#roles-and-permissions). */
export function isAdminAccount(accountType: (typeof ACCOUNT_TYPES)[number]): boolean {
  return accountType === "ADMIN" || accountType === "MASTER";
}
