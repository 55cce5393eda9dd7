import type { AddressInfo } from "node:net";
import type { AccountType } from "../../lib/schemas/users";
import { loadEnv } from "../env";
import { craftedToken, createEmulatorUser, type EmulatorUser } from "./emulator";
import type { TestApp } from "./harness";

// Registered people for tests: an emulator identity (real ID token) plus its profile row.

export interface TestPerson extends EmulatorUser {
  name: string;
}

let counter = 0;

export async function registeredUser(
  t: Pick<TestApp, "users">,
  options: { accountType?: AccountType; verified?: boolean; name?: string; emailVerified?: boolean } = {},
): Promise<TestPerson> {
  // `verified` is the admin-given badge; `emailVerified` the identity's email (verified by default).
  const identity = await createEmulatorUser({ emailVerified: options.emailVerified ?? true });
  const name = options.name ?? `Persona ${++counter}`;
  const result = await t.users.create({
    id: identity.uid,
    name,
    email: identity.email!,
    accountType: options.accountType ?? "NORMAL",
    verified: options.verified ?? false,
  });
  if (result.status !== "created") throw new Error(`No se pudo crear el perfil de prueba (${result.status})`);
  return { ...identity, name };
}

/** A banned registered user (ban running for a week). */
export async function bannedUser(t: Pick<TestApp, "users">, reason = "Spam repetido"): Promise<TestPerson> {
  const person = await registeredUser(t);
  await t.users.setBan(person.uid, { reason, endsAt: new Date(Date.now() + 7 * 24 * 3600 * 1000) });
  return person;
}

/**
 * A token for `uid` whose sign-in happened `minutesAgo` minutes ago. The Auth emulator accepts
 * unsigned tokens, and this is the only way to present an old sign-in without waiting for it.
 * firebase-admin checks revocation against the emulator, so the account's "valid since" is moved
 * back first (a sign-in older than the account would otherwise read as revoked).
 */
export async function tokenSignedInAgo(person: { uid: string; email: string | null }, minutesAgo: number): Promise<{ authorization: string }> {
  const now = Math.floor(Date.now() / 1000);
  const env = loadEnv();
  const response = await fetch(
    `http://${env.authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${env.firebaseProjectId}/accounts:update`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ localId: person.uid, validSince: String(now - minutesAgo * 60 - 3600) }),
    },
  );
  if (!response.ok) throw new Error(`Emulador de Auth (accounts:update): ${response.status}`);
  const token = craftedToken({
    sub: person.uid,
    user_id: person.uid,
    email: person.email,
    auth_time: now - minutesAgo * 60,
    iat: now - 10,
    exp: now + 3600,
  });
  return { authorization: `Bearer ${token}` };
}

export function addressOf(t: TestApp): AddressInfo {
  return t.app.server.address() as AddressInfo;
}
