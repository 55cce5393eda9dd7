import { describe, expect, test } from "@jest/globals";
import { authErrorCode } from "../error-code";
import { AUTH_ERROR_MESSAGES, EMAIL_IN_USE_MESSAGE, authErrorMessage, linkErrorMessage } from "../errors";

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

describe("identity error messages (docs/product.md#errors)", () => {
  const SPEC_CODES = [
    "auth/multi-factor-auth-required",
    "auth/password-does-not-meet-requirements",
    "auth/user-not-found",
    "auth/user-mismatch",
    "auth/popup-blocked",
    "auth/popup-closed-by-user",
    "auth/cancelled-popup-request",
    "auth/web-storage-unsupported",
    "auth/unauthorized-domain",
    "auth/network-request-failed",
    "auth/invalid-api-key",
    "auth/internal-error",
    "auth/provider-already-linked",
    "auth/no-such-provider",
    "auth/email-already-in-use",
    "auth/invalid-credential",
    "auth/wrong-password",
    "auth/too-many-requests",
    "auth/weak-password",
  ];

  test.each(SPEC_CODES)("%s has a Spanish message", (code) => {
    const message = authErrorMessage(firebaseError(code));
    expect(message).toBe(AUTH_ERROR_MESSAGES[code]);
    expect(message).not.toMatch(/Firebase|auth\//);
  });

  test("email already in use is the spec's sentence", () => {
    expect(authErrorMessage(firebaseError("auth/email-already-in-use"))).toBe("El correo introducido ya existe.");
    expect(EMAIL_IN_USE_MESSAGE).toBe("El correo introducido ya existe.");
  });

  test("user-not-found is treated as user-mismatch", () => {
    expect(authErrorMessage(firebaseError("auth/user-not-found"))).toBe(authErrorMessage(firebaseError("auth/user-mismatch")));
  });

  test("wrong password and invalid credential read the same", () => {
    expect(authErrorMessage(firebaseError("auth/wrong-password"))).toBe("Correo o contraseña incorrectos.");
    expect(authErrorMessage(firebaseError("auth/invalid-credential"))).toBe("Correo o contraseña incorrectos.");
  });

  test("an unknown code shows the provider's message without the Firebase prefix", () => {
    expect(authErrorMessage(firebaseError("auth/some-new-code", "Firebase: Something odd happened (auth/some-new-code)."))).toBe(
      "Something odd happened (auth/some-new-code).",
    );
  });

  test("something without a message is 'Error inesperado'", () => {
    expect(authErrorMessage(undefined)).toBe("Error inesperado");
    expect(authErrorMessage({ code: 42 })).toBe("Error inesperado");
  });

  test("authErrorCode reads codes only from objects that carry a string code", () => {
    expect(authErrorCode(firebaseError("auth/popup-blocked"))).toBe("auth/popup-blocked");
    expect(authErrorCode(new Error("x"))).toBeNull();
    expect(authErrorCode("auth/popup-blocked")).toBeNull();
  });
});

describe("link errors (docs/product.md#errors)", () => {
  test("a Google or Apple account already in use gets the spec's toast", () => {
    expect(linkErrorMessage("google", firebaseError("auth/credential-already-in-use"))).toBe("La cuenta de Google ya se encuentra en uso");
    expect(linkErrorMessage("apple", firebaseError("auth/credential-already-in-use"))).toBe("La cuenta de Apple ya se encuentra en uso");
    expect(linkErrorMessage("google", firebaseError("auth/email-already-in-use"))).toBe("La cuenta de Google ya se encuentra en uso");
  });

  test("other link errors show the provider's message", () => {
    expect(linkErrorMessage("google", firebaseError("auth/provider-already-linked"))).toBe(AUTH_ERROR_MESSAGES["auth/provider-already-linked"]);
    expect(linkErrorMessage("apple", firebaseError("auth/odd", "Firebase: Odd thing (auth/odd)."))).toBe("Odd thing (auth/odd).");
  });

  test("a weak password message states our policy", () => {
    expect(authErrorMessage(firebaseError("auth/weak-password"))).toMatch(/al menos 8 caracteres/);
    expect(authErrorMessage(firebaseError("auth/password-does-not-meet-requirements"))).toMatch(/una letra mayúscula y un número/);
  });
});
