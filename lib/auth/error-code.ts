/**
 * The `code` of a Firebase error (or any object carrying one), else null. Apart from the
 * messages in errors.ts because the API client needs only this, on every page.
 */
export function authErrorCode(error: unknown): string | null {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : null;
  }
  return null;
}
