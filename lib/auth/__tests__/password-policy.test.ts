import { describe, expect, test } from "@jest/globals";
import {
  PASSWORD_POLICY,
  checkPassword,
  describeMissing,
  joinSpanish,
  missingFromStatus,
  policyFromStatus,
  policySentence,
  policyRequirements,
} from "../password-policy";

describe("password policy", () => {
  test("the policy asks for 8 characters, lower and upper case and a number", () => {
    expect(PASSWORD_POLICY).toMatchObject({ minLength: 8, requireLowercase: true, requireUppercase: true, requireNumeric: true });
    expect(policyRequirements()).toEqual(["minLength", "lowercase", "uppercase", "numeric"]);
  });

  test.each([
    ["Saltillo2026", []],
    ["", ["minLength", "lowercase", "uppercase", "numeric"]],
    ["corta1A", ["minLength"]],
    ["sinmayusculas1", ["uppercase"]],
    ["SINMINUSCULAS1", ["lowercase"]],
    ["SinNumeros", ["numeric"]],
    ["ÁrbolÑandú9", []],
  ])("%j misses %j", (password, missing) => {
    expect(checkPassword(password)).toEqual({ valid: missing.length === 0, missing });
  });

  test("length counts characters, not UTF-16 units", () => {
    expect(checkPassword("Aa1🎉🎉🎉🎉").missing).toEqual(["minLength"]);
    expect(checkPassword("Aa1🎉🎉🎉🎉🎉").valid).toBe(true);
  });

  test("too long passwords are refused", () => {
    expect(checkPassword(`Aa1${"x".repeat(4094)}`).missing).toEqual(["maxLength"]);
    expect(describeMissing(["maxLength"])).toBe("La contraseña debe tener como máximo 4096 caracteres.");
  });

  test("a symbol is only required when the policy says so", () => {
    const strict = { ...PASSWORD_POLICY, requireNonAlphanumeric: true };
    expect(checkPassword("Saltillo2026", strict).missing).toEqual(["nonAlphanumeric"]);
    expect(checkPassword("Saltillo-2026", strict).valid).toBe(true);
  });

  test("the message says what is missing, in Spanish", () => {
    expect(describeMissing(["uppercase"])).toBe("A tu contraseña le falta: una letra mayúscula.");
    expect(describeMissing(["minLength", "uppercase", "numeric"])).toBe(
      "A tu contraseña le falta: al menos 8 caracteres, una letra mayúscula y un número.",
    );
    expect(describeMissing([])).toBe("");
  });

  test("the policy reads as a sentence", () => {
    expect(policySentence()).toBe("Debe tener al menos 8 caracteres, una letra minúscula, una letra mayúscula y un número.");
  });

  test("joinSpanish joins with commas and 'y'", () => {
    expect(joinSpanish([])).toBe("");
    expect(joinSpanish(["a"])).toBe("a");
    expect(joinSpanish(["a", "b", "c"])).toBe("a, b y c");
  });

  test("the provider's status maps to the same requirements", () => {
    const status = {
      isValid: false,
      meetsMinPasswordLength: false,
      containsLowercaseLetter: true,
      containsUppercaseLetter: false,
      containsNumericCharacter: true,
      passwordPolicy: { customStrengthOptions: { minPasswordLength: 10 } },
    };
    expect(missingFromStatus(status)).toEqual(["minLength", "uppercase"]);
    const policy = policyFromStatus(status);
    expect(policy.minLength).toBe(10);
    expect(describeMissing(missingFromStatus(status), policy)).toBe(
      "A tu contraseña le falta: al menos 10 caracteres y una letra mayúscula.",
    );
  });
});
