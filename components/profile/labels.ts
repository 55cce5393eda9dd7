import { VERIFICATION_TYPE_LABELS, type AccountType } from "@/lib/schemas/users";
import { LOCALE } from "@/lib/schemas/constants";

export const ACCOUNT_LABELS: Readonly<Record<AccountType, string>> = {
  NORMAL: "Cuenta personal",
  ADMIN: "Administrador",
  MASTER: "Administrador principal",
};

/** The label of a verification type, or the raw value for a type this build does not know. */
export function verificationTypeLabel(type: string | null | undefined): string {
  if (!type) return "Sin tipo";
  return (VERIFICATION_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** "1 seguidor", "3 seguidores". */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString(LOCALE)} ${count === 1 ? one : many}`;
}
