import type { Auth } from "firebase-admin/auth";
import type { Database } from "../../db/client";
import type { UserRow } from "./rows";
import type { ImageStore } from "../../storage/store";
import type { NotificationsRepository } from "../notifications/repository";
import type { User } from "../../../lib/schemas/users";
import { toAddress } from "../addresses/repository";
import { ownRelationsOf } from "./user-queries";
import { toUser } from "./mappers";
import type { UsersRepository } from "./repository";

// What the users route modules share.

export interface UsersRoutesOptions {
  users: UsersRepository;
  notifications: NotificationsRepository;
  /** For notifyUsers (stores and publishes on this database's channel). */
  database: Pick<Database, "query" | "exec" | "schema">;
  images: ImageStore;
  /** firebase-admin Auth: deletes identities, creates accounts for admins. */
  auth: Auth;
}

export const EMAIL_TAKEN = "El correo introducido ya existe.";

/** The full profile of `row` as answered to someone else (an admin): no addresses. */
export async function profileAnswer(users: UsersRepository, row: UserRow): Promise<User> {
  const { following, followersCount } = await users.relationsOf(row.id);
  return toUser(row, following, followersCount);
}

/** The full profile of `row` answered to its own person: with the saved addresses. */
export async function ownProfileAnswer(_users: UsersRepository, database: UsersRoutesOptions["database"], row: UserRow): Promise<User> {
  const { following, followersCount, addresses } = await ownRelationsOf(database, row);
  return toUser(row, following, followersCount, new Date(), addresses.map(toAddress), true);
}

