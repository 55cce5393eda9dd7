import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv } from "../../env";
import { registeredUser } from "../../test/accounts";
import { bearer, signInWithPassword, uniqueEmail } from "../../test/emulator";
import { createTestApp, openLateSecondHandle, type TestApp } from "../../test/harness";
import { createEvent, makePerson } from "../../routes/content/__tests__/helpers";

// docs/authorization.md#the-servers-copy-of-the-email: the profile's email follows the token's,
// with no call of its own, and only forward in time.

/** Changes the identity's email as following the change link does (the emulator's admin API). */
async function changeIdentityEmail(uid: string, email: string): Promise<void> {
  const env = loadEnv();
  const response = await fetch(`http://${env.authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${env.firebaseProjectId}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: uid, email, emailVerified: true }),
  });
  if (!response.ok) throw new Error(`accounts:update: ${response.status} ${await response.text()}`);
}

// Token times have a one-second grain: the next token must be issued in a later second than the
// row's last change for the comparison to mean anything.
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe("la copia del correo en el perfil sigue al token", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("tras cambiar el correo, la primera petición de la sesión nueva lo guarda; un token viejo no lo regresa", async () => {
    const person = await registeredUser(t);
    const newEmail = uniqueEmail("nuevo");
    await nextSecond();
    await changeIdentityEmail(person.uid, newEmail);
    const fresh = await signInWithPassword(newEmail, person.password);

    const res = await t.request({ url: "/api/users/my-data", headers: bearer(fresh) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(newEmail);
    expect((await t.users.findById(person.uid))?.email).toBe(newEmail);

    // The token from before the change (still within its hour) carries the old email.
    await t.request({ url: "/api/users/my-data", headers: bearer(person) });
    expect((await t.users.findById(person.uid))?.email).toBe(newEmail);
  });

  it("también si la primera petición es abrir un evento: lo guarda, y el evento dice que lo sigue", async () => {
    const person = await registeredUser(t);
    const eventId = await createEvent(t, await makePerson(t), { title: "Lectura en voz alta" });
    expect((await t.request({ method: "POST", url: `/api/events/${eventId}/follow`, headers: bearer(person) })).statusCode).toBe(200);
    // Read once before the change, so the event's public row is kept (shared-rows.ts).
    expect((await t.request({ url: `/api/events/${eventId}` })).statusCode).toBe(200);
    const newEmail = uniqueEmail("nuevo");
    await nextSecond();
    await changeIdentityEmail(person.uid, newEmail);
    const fresh = await signInWithPassword(newEmail, person.password);

    const res = await t.request({ url: `/api/events/${eventId}`, headers: bearer(fresh) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: eventId, following: true, followersCount: 1 });
    expect((await t.users.findById(person.uid))?.email).toBe(newEmail);
  });

  it("con dos instancias, el correo se guarda una vez: la otra deja la cuenta que guardaba aunque la petición que lo trajo no cambie nada más", async () => {
    const late = await openLateSecondHandle(t.database);
    const second = await createTestApp({ database: late.database });
    try {
      const person = await registeredUser(t);
      const eventId = await createEvent(t, await makePerson(t), { title: "Club de lectura" });
      // The other instance keeps the account as it was, for public reads (viewer-rows.ts).
      expect((await second.request({ url: `/api/events/${eventId}`, headers: bearer(person) })).statusCode).toBe(200);
      const newEmail = uniqueEmail("nuevo");
      await nextSecond();
      await changeIdentityEmail(person.uid, newEmail);
      const fresh = await signInWithPassword(newEmail, person.password);

      // The app's first call with the new session: a stream ticket, which changes nothing kept.
      expect((await t.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(fresh) })).statusCode).toBe(200);
      const mirrored = await t.users.findById(person.uid);
      expect(mirrored?.email).toBe(newEmail);
      // The notice crosses to the other instance.
      await late.caughtUp();
      expect((await second.request({ url: `/api/events/${eventId}`, headers: bearer(fresh) })).statusCode).toBe(200);
      // Had it used the account it kept, it would have written the same email again.
      expect((await t.users.findById(person.uid))?.updatedAt).toEqual(mirrored?.updatedAt);
    } finally {
      await second.close();
    }
  });

  it("si otro perfil tiene ese correo, el perfil conserva el suyo y la petición sigue", async () => {
    const person = await registeredUser(t);
    const holder = await registeredUser(t);
    // A stale profile: its identity moved on, the row kept the address.
    const taken = uniqueEmail("ocupado");
    await t.database.query("UPDATE users SET email = $2 WHERE id = $1", [holder.uid, taken]);
    await nextSecond();
    await changeIdentityEmail(person.uid, taken);
    const fresh = await signInWithPassword(taken, person.password);

    const res = await t.request({ url: "/api/users/my-data", headers: bearer(fresh) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(person.email);
  });
});
