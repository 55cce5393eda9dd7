import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addressOf, registeredUser } from "../../../test/accounts";
import { bearer, createEmulatorUser } from "../../../test/emulator";
import { createTestApp, openSecondHandle, type TestApp } from "../../../test/harness";
import { openStream } from "../../../test/sse";
import { waitUntil } from "../../../test/wait";
import { createEvent, createPlace, makePerson } from "../../content/__tests__/helpers";

// Deleting or banning an account counts on the very next request, on every API instance, even
// though its ID token still verifies (Firebase tokens live up to an hour and each instance
// remembers verified ones for a while). Public reads with a token go by the readers each
// instance keeps (viewer-rows.ts): on another instance they count it when its notice arrives.

describe("revocar sesiones al borrar o suspender una cuenta", () => {
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    second = await createTestApp({ database: await openSecondHandle(t.database) });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it("tras borrar la cuenta, el mismo token ya no registra el perfil otra vez ni sirve para nada (401), en ninguna instancia", async () => {
    const person = await registeredUser(t, { name: "Se Va" });
    // Public reads answered from rows kept for everyone still check the account of a token.
    const publisher = await makePerson(t);
    const placeId = await createPlace(t, publisher);
    const eventId = await createEvent(t, publisher, { placeId });
    for (const url of ["/api/events", `/api/events/${eventId}`, "/api/places", `/api/places/${placeId}`]) expect((await t.request({ url })).statusCode).toBe(200);
    // Both instances have seen the token, as they would have in real use, and keep what the
    // person follows for their public reads (viewer-rows.ts).
    for (const instance of [t, second]) {
      for (const url of ["/api/users/my-data", "/api/events", `/api/events/${eventId}`, `/api/places/${placeId}`]) {
        expect((await instance.request({ url, headers: bearer(person) })).statusCode).toBe(200);
      }
    }
    const ticket = (await second.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(person) })).json().data.url as string;
    const stream = await openStream(addressOf(second), ticket);
    await stream.waitFor((e) => e.event === "ready");

    const deleted = await t.request({ method: "DELETE", url: "/api/users/delete-account", headers: bearer(person) });
    expect(deleted.statusCode).toBe(200);

    for (const instance of [t, second]) {
      // The instance that deleted it knows at once; the other one, from the notice of the change
      // (plugins/http-cache.ts), which public reads with a token go by: well before the 10 s it
      // would keep the reader without one.
      if (instance === second) {
        await waitUntil(async () => (await second.request({ url: `/api/events/${eventId}`, headers: bearer(person) })).statusCode === 401, 2000);
      }
      const signUp = await instance.request({
        method: "POST",
        url: "/api/users/sign-up",
        headers: bearer(person),
        payload: { name: "Otra Vez", uid: person.uid, email: person.email },
      });
      expect(signUp.statusCode).toBe(401);
      expect(signUp.json()).toEqual({ message: "Tu sesión no es válida o expiró. Vuelve a iniciar sesión.", code: "INVALID_TOKEN" });
      const calls = [
        ["GET", "/api/users/initial-data"],
        ["GET", "/api/users/my-data"],
        ["GET", "/api/users/delete-account/confirm"],
        ["DELETE", "/api/users/delete-account"],
        ["GET", `/api/users/${person.uid}`],
        ["GET", "/api/notifications"],
        ["POST", "/api/notifications/stream-ticket"],
        ["GET", "/api/calendar/feed-url"],
        ["GET", "/api/events"],
        ["GET", `/api/events/${eventId}`],
        ["GET", "/api/places"],
        ["GET", `/api/places/${placeId}`],
        ["GET", `/api/events?placeId=${placeId}`],
      ] as const;
      for (const [method, url] of calls) {
        const res = await instance.request({ method, url, headers: bearer(person) });
        expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
      }
    }
    expect(await t.users.findById(person.uid)).toBeNull();
    // The stream open on the other instance was closed, and its ticket no longer opens one.
    await stream.ended;
    const again = await openStream(addressOf(second), ticket);
    expect(again.status).toBe(401);
    again.close();
  });

  it("una cuenta nueva sin perfil no se ve afectada por las revocaciones de otras", async () => {
    const newcomer = await createEmulatorUser();
    const res = await second.request({
      method: "POST",
      url: "/api/users/sign-up",
      headers: bearer(newcomer),
      payload: { name: "Recién Llegada", uid: newcomer.uid, email: newcomer.email },
    });
    expect(res.statusCode).toBe(201);
  });

  it("una suspensión vale en la siguiente escritura con el mismo token, también en la otra instancia (403 BANNED)", async () => {
    const admin = await registeredUser(t, { accountType: "ADMIN" });
    const person = await registeredUser(t);
    // A write on the second instance first: the token is verified and remembered there.
    expect((await second.request({ method: "POST", url: "/api/notifications/viewed", headers: bearer(person), payload: {} })).statusCode).toBe(200);

    const banned = await t.request({
      method: "POST",
      url: "/api/users/ban",
      headers: bearer(admin),
      payload: { userId: person.uid, reason: "Spam repetido", endDate: new Date(Date.now() + 24 * 3600_000).toISOString() },
    });
    expect(banned.statusCode).toBe(200);

    for (const instance of [second, t]) {
      const res = await instance.request({ method: "POST", url: "/api/notifications/viewed", headers: bearer(person), payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("BANNED");
      expect(res.json().message).toMatch(/Motivo: Spam repetido$/);
    }
  });
});
