import type { Auth } from "firebase-admin/auth";
import type { Database } from "../../db/client";
import type { UserRow } from "./rows";
import type { ImageStore } from "../../storage/store";
import type { NotificationsRepository } from "../notifications/repository";
import type { User } from "../../../lib/schemas/users";
import { toUser } from "./mappers";
import type { UsersRepository } from "./repository";

// What the users route modules share.

export interface UsersRoutesOptions {
  users: UsersRepository;
  notifications: NotificationsRepository;
  /** For notifyUsers (stores and publishes on this database's channel). */
  database: Pick<Database, "query" | "schema">;
  images: ImageStore;
  /** firebase-admin Auth: deletes identities, creates accounts for admins. */
  auth: Auth;
}

export const EMAIL_TAKEN = "El correo introducido ya existe.";

/** The full profile of `row` as answered by every call that returns a user. */
export async function profileAnswer(users: UsersRepository, row: UserRow): Promise<User> {
  const { following, followersCount } = await users.relationsOf(row.id);
  return toUser(row, following, followersCount);
}

