import type { AccountType } from "../../../../lib/schemas/users";
import { bearer, createEmulatorUser, type EmulatorUser } from "../../../test/emulator";
import type { TestApp } from "../../../test/harness";
import type { RequestOptions, TestResponse } from "../../../test/http";

// Test people for the content suites: real emulator accounts with a registered profile, given
// the role, verification and ban the case needs straight in the database.

export interface Person extends EmulatorUser {
  name: string;
  headers: { authorization: string };
}

export interface PersonOptions {
  name?: string;
  accountType?: AccountType;
  verified?: boolean;
  banned?: boolean;
  /** The identity's email (verified by default; publishing needs it). */
  emailVerified?: boolean;
}

export async function makePerson(t: TestApp, options: PersonOptions = {}): Promise<Person> {
  const user = await createEmulatorUser({ emailVerified: options.emailVerified ?? true });
  const name = options.name ?? `Persona ${user.uid.slice(0, 5)}`;
  const res = await t.request({ method: "POST", url: "/api/users/sign-up", headers: bearer(user), payload: { name, uid: user.uid, email: user.email } });
  if (res.statusCode !== 201) throw new Error(`sign-up: ${res.statusCode} ${res.body}`);
  await t.database.query("UPDATE users SET account_type = $2, verified = $3 WHERE id = $1", [
    user.uid,
    options.accountType ?? "NORMAL",
    options.verified ?? true,
  ]);
  if (options.banned) {
    await t.database.query("UPDATE users SET ban_reason = 'Spam', ban_ends_at = now() + interval '7 days' WHERE id = $1", [user.uid]);
  }
  return { ...user, name, headers: bearer(user) };
}

/** Sends as `who` (or signed out with null). */
export function as(t: TestApp, who: Person | null) {
  return (options: RequestOptions): Promise<TestResponse> =>
    t.request({ ...options, headers: { ...(who ? who.headers : {}), ...options.headers } });
}

/** An ISO instant `days` from now at a fixed local hour, so tests do not depend on the clock. */
export function daysFromNow(days: number, hour = 19): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour + 6, 0, 0, 0);
  return date.toISOString();
}

export async function createTag(t: TestApp, admin: Person, name: string, slug?: string): Promise<string> {
  const res = await as(t, admin)({ method: "POST", url: "/api/tags", payload: slug ? { name, slug } : { name } });
  if (res.statusCode !== 201 && res.statusCode !== 409) throw new Error(`tag: ${res.statusCode} ${res.body}`);
  return slug ?? name;
}

export async function createPlace(t: TestApp, who: Person, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await as(t, who)({
    method: "POST",
    url: "/api/places",
    payload: {
      name: "Teatro de prueba",
      category: "teatro",
      address: { street: "Calle Juárez", number: "100", neighbourhood: "Zona Centro", city: "Saltillo", state: "Coahuila", postalCode: "25000" },
      lat: 25.4232,
      lng: -101.0053,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`place: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}

export async function createEvent(t: TestApp, who: Person, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await as(t, who)({
    method: "POST",
    url: "/api/events",
    payload: { title: "Concierto de prueba", startsAt: daysFromNow(3), address: "Plaza de Armas, Saltillo", ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`event: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}

export async function createCommunity(t: TestApp, who: Person, name = "Comunidad de prueba"): Promise<string> {
  const res = await as(t, who)({ method: "POST", url: "/api/communities", payload: { name, description: "Gente que hace cosas." } });
  if (res.statusCode !== 201) throw new Error(`community: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}

/** Notifications stored for a user, newest first. */
export async function notificationsOf(t: TestApp, userId: string): Promise<{ kind: string; title: string; body: string; link: string | null }[]> {
  return t.database.query("SELECT kind, title, body, link FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC", [userId]);
}
