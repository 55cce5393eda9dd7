import { beforeAll, describe, expect, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks these; ky reads them when it loads (through the session helpers).
Object.assign(globalThis, { TextEncoder, TextDecoder });

let readEmailAction: typeof import("@/lib/auth/account-email").readEmailAction;
let isWrongCurrentPassword: typeof import("@/lib/auth/account-email").isWrongCurrentPassword;
beforeAll(async () => {
  ({ readEmailAction, isWrongCurrentPassword } = await import("@/lib/auth/account-email"));
});

// The handler of the account's email links reads Firebase's query; where it sends the person
// afterwards must stay inside the app.

const ORIGIN = "https://plaza.example";

describe("readEmailAction", () => {
  test("lee el modo, el código y el destino del mismo sitio", () => {
    const search = `?mode=resetPassword&oobCode=abc&apiKey=k&lang=es&continueUrl=${encodeURIComponent(`${ORIGIN}/login-email/`)}`;
    expect(readEmailAction(search, ORIGIN)).toEqual({ mode: "resetPassword", oobCode: "abc", next: "/login-email/" });
  });

  test("un destino de otro sitio se ignora: el enlace no puede sacar a la persona de Plaza", () => {
    const search = `?mode=verifyEmail&oobCode=abc&continueUrl=${encodeURIComponent("https://malo.example/robar")}`;
    expect(readEmailAction(search, ORIGIN)).toEqual({ mode: "verifyEmail", oobCode: "abc", next: null });
    expect(readEmailAction("?mode=verifyEmail&oobCode=abc&continueUrl=javascript:alert(1)", ORIGIN)?.next).toBeNull();
  });

  test("sin código o con un modo desconocido no hay acción", () => {
    expect(readEmailAction("?mode=verifyEmail", ORIGIN)).toBeNull();
    expect(readEmailAction("?mode=signIn&oobCode=abc", ORIGIN)).toBeNull();
    expect(readEmailAction("", ORIGIN)).toBeNull();
  });

  test("los cuatro modos de Firebase se reconocen", () => {
    for (const mode of ["resetPassword", "verifyEmail", "verifyAndChangeEmail", "recoverEmail"]) {
      expect(readEmailAction(`?mode=${mode}&oobCode=x`, ORIGIN)?.mode).toBe(mode);
    }
  });
});

test("una contraseña actual equivocada se reconoce en sus tres formas", () => {
  for (const code of ["auth/wrong-password", "auth/invalid-credential", "auth/invalid-login-credentials"]) {
    expect(isWrongCurrentPassword({ code })).toBe(true);
  }
  expect(isWrongCurrentPassword({ code: "auth/too-many-requests" })).toBe(false);
  expect(isWrongCurrentPassword(new Error("x"))).toBe(false);
});
