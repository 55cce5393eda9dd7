// Our password policy, mirrored in code. Production configures the same rules in the identity
// project (Firebase Auth password policy); the Auth emulator does not serve policies, so the
// forms check this copy before asking the provider and again after a weak-password answer.

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

export const PASSWORD_POLICY: Readonly<PasswordPolicy> = {
  minLength: 8,
  // Firebase's own upper bound.
  maxLength: 4096,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: true,
  requireNonAlphanumeric: false,
};

export type PasswordRequirement = "minLength" | "maxLength" | "lowercase" | "uppercase" | "numeric" | "nonAlphanumeric";

/** The shape of the SDK's `validatePassword` answer that matters here. */
export interface PasswordStatusLike {
  isValid: boolean;
  meetsMinPasswordLength?: boolean;
  meetsMaxPasswordLength?: boolean;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
  passwordPolicy?: {
    customStrengthOptions?: {
      minPasswordLength?: number;
      maxPasswordLength?: number;
    };
  };
}

export interface PasswordCheck {
  valid: boolean;
  /** Requirements the password does not meet, in the order they are shown. */
  missing: PasswordRequirement[];
}

/** The requirements a policy asks for, in display order. */
export function policyRequirements(policy: PasswordPolicy = PASSWORD_POLICY): PasswordRequirement[] {
  const list: PasswordRequirement[] = ["minLength"];
  if (policy.requireLowercase) list.push("lowercase");
  if (policy.requireUppercase) list.push("uppercase");
  if (policy.requireNumeric) list.push("numeric");
  if (policy.requireNonAlphanumeric) list.push("nonAlphanumeric");
  return list;
}

// Characters are counted as code points, as Firebase does, so an emoji is one character.
function length(password: string): number {
  return Array.from(password).length;
}

export function checkPassword(password: string, policy: PasswordPolicy = PASSWORD_POLICY): PasswordCheck {
  const missing: PasswordRequirement[] = [];
  const size = length(password);
  if (size < policy.minLength) missing.push("minLength");
  if (size > policy.maxLength) missing.push("maxLength");
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) missing.push("lowercase");
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) missing.push("uppercase");
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) missing.push("numeric");
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{Nd}]/u.test(password)) missing.push("nonAlphanumeric");
  return { valid: missing.length === 0, missing };
}

/** Requirements the provider's answer says are unmet (`undefined` fields are not required). */
export function missingFromStatus(status: PasswordStatusLike): PasswordRequirement[] {
  const missing: PasswordRequirement[] = [];
  if (status.meetsMinPasswordLength === false) missing.push("minLength");
  if (status.meetsMaxPasswordLength === false) missing.push("maxLength");
  if (status.containsLowercaseLetter === false) missing.push("lowercase");
  if (status.containsUppercaseLetter === false) missing.push("uppercase");
  if (status.containsNumericCharacter === false) missing.push("numeric");
  if (status.containsNonAlphanumericCharacter === false) missing.push("nonAlphanumeric");
  return missing;
}

/** Our policy with the lengths the provider reported, when it reported them. */
export function policyFromStatus(status: PasswordStatusLike, base: PasswordPolicy = PASSWORD_POLICY): PasswordPolicy {
  const options = status.passwordPolicy?.customStrengthOptions;
  return {
    ...base,
    minLength: options?.minPasswordLength ?? base.minLength,
    maxLength: options?.maxPasswordLength ?? base.maxLength,
  };
}

/** How a requirement reads in a list ("al menos 8 caracteres", "una letra mayúscula"…). */
export function requirementLabel(requirement: PasswordRequirement, policy: PasswordPolicy = PASSWORD_POLICY): string {
  switch (requirement) {
    case "minLength":
      return `al menos ${policy.minLength} caracteres`;
    case "maxLength":
      return `como máximo ${policy.maxLength} caracteres`;
    case "lowercase":
      return "una letra minúscula";
    case "uppercase":
      return "una letra mayúscula";
    case "numeric":
      return "un número";
    case "nonAlphanumeric":
      return "un símbolo (por ejemplo ! o #)";
  }
}

/** "a, b y c" */
export function joinSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} y ${items[items.length - 1]}`;
}

/** The sentence a form shows for a weak password: what is missing, never just "weak". */
export function describeMissing(missing: readonly PasswordRequirement[], policy: PasswordPolicy = PASSWORD_POLICY): string {
  if (missing.length === 0) return "";
  if (missing.length === 1 && missing[0] === "maxLength") {
    return `La contraseña debe tener ${requirementLabel("maxLength", policy)}.`;
  }
  const needed = missing.filter((r) => r !== "maxLength").map((r) => requirementLabel(r, policy));
  return `A tu contraseña le falta: ${joinSpanish(needed)}.`;
}

/** The policy as a sentence about the password ("Debe tener al menos 8 caracteres, …"). */
export function policySentence(policy: PasswordPolicy = PASSWORD_POLICY): string {
  return `Debe tener ${joinSpanish(policyRequirements(policy).map((r) => requirementLabel(r, policy)))}.`;
}
