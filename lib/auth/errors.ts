import { UNEXPECTED_ERROR_MESSAGE } from "@/lib/schemas/constants";
import { authErrorCode } from "./error-code";
import { policySentence } from "./password-policy";

/** docs/product.md#errors: the message shown when the email is already registered. */
export const EMAIL_IN_USE_MESSAGE = "El correo introducido ya existe.";

const USER_MISMATCH_MESSAGE =
  "La cuenta no coincide con la que tiene la sesión iniciada. Revisa los datos o usa la cuenta correcta.";
const WRONG_CREDENTIALS_MESSAGE = "Correo o contraseña incorrectos.";

/**
 * Firebase Auth error codes → Spanish messages. The codes listed in docs/product.md#errors come
 * first; the others are the ones email/password forms run into every day.
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  "auth/multi-factor-auth-required": "Tu cuenta necesita un segundo factor de verificación para iniciar sesión.",
  "auth/password-does-not-meet-requirements": `La contraseña no cumple los requisitos de seguridad. ${policySentence()}`,
  // docs/product.md#errors: user-not-found is treated as user-mismatch.
  "auth/user-not-found": USER_MISMATCH_MESSAGE,
  "auth/user-mismatch": USER_MISMATCH_MESSAGE,
  "auth/popup-blocked": "El navegador bloqueó la ventana de inicio de sesión. Permite las ventanas emergentes e inténtalo de nuevo.",
  "auth/popup-closed-by-user": "Cerraste la ventana antes de terminar de iniciar sesión.",
  "auth/cancelled-popup-request": "Se canceló la solicitud porque se abrió otra ventana de inicio de sesión.",
  "auth/web-storage-unsupported":
    "Tu navegador no permite guardar la sesión. Activa el almacenamiento del sitio o usa otro navegador.",
  "auth/unauthorized-domain": "Este sitio no está autorizado para iniciar sesión. Contacta al equipo de soporte.",
  "auth/network-request-failed": "Sin conexión. Revisa tu red e inténtalo de nuevo.",
  "auth/invalid-api-key": "La configuración de la aplicación no es válida. Contacta al equipo de soporte.",
  "auth/internal-error": "Ocurrió un error interno. Inténtalo de nuevo más tarde.",
  "auth/provider-already-linked": "Ese proveedor ya está vinculado a tu cuenta.",
  "auth/no-such-provider": "Ese proveedor no está vinculado a tu cuenta.",
  "auth/email-already-in-use": EMAIL_IN_USE_MESSAGE,
  "auth/credential-already-in-use": "Esa cuenta ya está vinculada a otro usuario.",
  "auth/account-exists-with-different-credential":
    "Ya existe una cuenta con ese correo. Inicia sesión con el método que usaste antes y vincula este desde tu perfil.",
  "auth/user-token-expired": "Tu sesión expiró. Vuelve a iniciar sesión.",
  "auth/redirect-cancelled-by-user": "Cancelaste el inicio de sesión antes de terminar.",
  "auth/missing-or-invalid-nonce": "No se pudo comprobar la respuesta del proveedor. Inténtalo de nuevo.",
  "auth/invalid-credential": WRONG_CREDENTIALS_MESSAGE,
  "auth/invalid-login-credentials": WRONG_CREDENTIALS_MESSAGE,
  "auth/wrong-password": WRONG_CREDENTIALS_MESSAGE,
  "auth/invalid-email": "El correo no es válido.",
  "auth/missing-email": "Escribe tu correo.",
  "auth/missing-password": "Escribe tu contraseña.",
  "auth/weak-password": `La contraseña es muy débil. ${policySentence()}`,
  "auth/too-many-requests": "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.",
  "auth/user-disabled": "Esta cuenta está deshabilitada.",
  "auth/requires-recent-login": "Vuelve a iniciar sesión para hacer esto.",
  "auth/operation-not-allowed": "Este método de inicio de sesión no está habilitado.",
  "auth/expired-action-code": "El enlace ya expiró. Solicita uno nuevo.",
  "auth/invalid-action-code": "El enlace no es válido o ya se usó.",
};

/** docs/product.md#errors: the toast when the Google or Apple account being linked belongs to someone else. */
export const PROVIDER_IN_USE_MESSAGES = {
  google: "La cuenta de Google ya se encuentra en uso",
  apple: "La cuenta de Apple ya se encuentra en uso",
} as const;

/** Codes meaning "that provider account is already someone's". */
const IN_USE_CODES = new Set(["auth/credential-already-in-use", "auth/email-already-in-use", "auth/account-exists-with-different-credential"]);

/**
 * The toast for a failed link (docs/product.md#errors): the product's "ya se encuentra en uso"
 * sentence when the provider account is taken, the provider's own message otherwise.
 */
export function linkErrorMessage(provider: keyof typeof PROVIDER_IN_USE_MESSAGES, error: unknown): string {
  const code = authErrorCode(error);
  if (code !== null && IN_USE_CODES.has(code)) return PROVIDER_IN_USE_MESSAGES[provider];
  return authErrorMessage(error);
}


/**
 * The Spanish message for an identity error. Unknown codes fall back to the provider's own message
 * (docs/product.md#validation: "any other error shows the provider's message"), without Firebase's
 * prefix.
 */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (code !== null && code in AUTH_ERROR_MESSAGES) return AUTH_ERROR_MESSAGES[code] as string;
  if (error instanceof Error && error.message.trim() !== "") {
    return error.message.replace(/^Firebase:\s*/, "").trim();
  }
  return UNEXPECTED_ERROR_MESSAGE;
}
