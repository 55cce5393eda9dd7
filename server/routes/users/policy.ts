import { isAdminAccount, type AccountType } from "../../../lib/schemas/users";
import type { UserRow } from "./rows";
import { forbidden } from "../../plugins/errors";

// Who may moderate whom (docs/authorization.md). ADMIN and MASTER both moderate
// (docs/product.md#roles-and-permissions), with three rules on the target: nobody acts on
// themselves, nobody acts on a MASTER (the protected owner role), and only a MASTER acts on an
// ADMIN, so admins cannot ban or demote each other and the team is managed by its owner.

export const SELF_ACTION_MESSAGE = "No puedes hacer esto con tu propia cuenta.";
export const MASTER_PROTECTED_MESSAGE = "Nadie puede modificar una cuenta MASTER.";
export const ADMIN_ON_ADMIN_MESSAGE = "Solo una cuenta MASTER puede hacer esto con un administrador.";
export const ADMIN_CREATE_ADMIN_MESSAGE = "Solo una cuenta MASTER puede crear administradores.";

export function assertCanModerate(actor: Pick<UserRow, "id" | "accountType">, target: Pick<UserRow, "id" | "accountType">): void {
  if (!isAdminAccount(actor.accountType)) throw forbidden();
  if (actor.id === target.id) throw forbidden(SELF_ACTION_MESSAGE);
  if (target.accountType === "MASTER") throw forbidden(MASTER_PROTECTED_MESSAGE);
  if (target.accountType === "ADMIN" && actor.accountType !== "MASTER") throw forbidden(ADMIN_ON_ADMIN_MESSAGE);
}

/** Creating an account with a role is acting on an account of that role. */
export function assertCanCreate(actor: Pick<UserRow, "accountType">, accountType: AccountType): void {
  if (!isAdminAccount(actor.accountType)) throw forbidden();
  if (accountType === "MASTER") throw forbidden(MASTER_PROTECTED_MESSAGE);
  if (accountType === "ADMIN" && actor.accountType !== "MASTER") throw forbidden(ADMIN_CREATE_ADMIN_MESSAGE);
}
