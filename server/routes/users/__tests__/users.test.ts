import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { userSchema, initialDataSchema } from "../../../../lib/schemas/users";
import { publicUserSchema } from "../../../../lib/schemas/public-users";
import { bearer, createAnonymousEmulatorUser, createEmulatorUser, uniqueEmail, type EmulatorUser } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";

// The startup calls of the users resource: sign-up, initial data, my data, a profile by id.

describe("usuarios", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (user: EmulatorUser, payload: Record<string, unknown>) =>
    t.request({ method: "POST", url: "/api/users/sign-up", headers: bearer(user), payload });

  describe("POST /api/users/sign-up", () => {
    it("crea el perfil con el uid del token (201) y repetirlo devuelve el mismo (200)", async () => {
      const ana = await createEmulatorUser();
      const first = await signUp(ana, { name: "  Ana López  ", uid: ana.uid, email: ana.email });
      expect(first.statusCode).toBe(201);
      const created = userSchema.parse(first.json().data);
      expect(created).toMatchObject({
        _id: ana.uid,
        name: "Ana López",
        email: ana.email,
        accountType: "NORMAL",
        verified: false,
        impact: 0,
        addresses: [],
        following: { users: [], events: [], places: [], news: [], communities: [], tags: [] },
        requestingVerification: { sent: false, type: null },
      });

      const again = await signUp(ana, { name: "Otro nombre", uid: ana.uid, email: ana.email });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(first.json().data);
      expect(await t.users.count()).toBeGreaterThanOrEqual(1);
    });

    it("responde 403 si el uid no es el del token", async () => {
      const ana = await createEmulatorUser();
      const res = await signUp(ana, { name: "Ana", uid: "otro-uid", email: ana.email });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "El uid no corresponde a tu sesión.", code: "FORBIDDEN" });
      expect(await t.users.findById("otro-uid")).toBeNull();
      expect(await t.users.findById(ana.uid)).toBeNull();
    });

    it("responde 403 si el correo no es el del token", async () => {
      const ana = await createEmulatorUser();
      const res = await signUp(ana, { name: "Ana", uid: ana.uid, email: uniqueEmail("otra") });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("FORBIDDEN");
      expect(await t.users.findById(ana.uid)).toBeNull();
    });

    it("acepta el correo del token aunque cambien las mayúsculas", async () => {
      const ana = await createEmulatorUser();
      const res = await signUp(ana, { name: "Ana", uid: ana.uid, email: ana.email!.toUpperCase() });
      expect(res.statusCode).toBe(201);
    });

    it("responde 409 'El correo introducido ya existe.' si otro perfil tiene ese correo", async () => {
      // A profile left behind by an account that was deleted and created again (new uid).
      const person = await createEmulatorUser();
      await t.users.create({ id: `viejo-${person.uid}`, name: "Cuenta anterior", email: person.email!.toUpperCase() });
      const res = await signUp(person, { name: "Nueva", uid: person.uid, email: person.email });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "El correo introducido ya existe.", code: "CONFLICT" });
      expect(await t.users.findById(person.uid)).toBeNull();
    });

    it("responde 403 a una sesión sin correo (anónima o por teléfono): no puede reclamar un correo", async () => {
      const owner = await createEmulatorUser();
      expect((await signUp(owner, { name: "Dueña", uid: owner.uid, email: owner.email })).statusCode).toBe(201);
      const anonymous = await createAnonymousEmulatorUser();
      for (const email of [owner.email, uniqueEmail("libre")]) {
        const res = await signUp(anonymous, { name: "Otra", uid: anonymous.uid, email });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          message: "Tu sesión no tiene un correo. Inicia sesión con correo y contraseña, Google o Apple para registrarte.",
          code: "FORBIDDEN",
        });
      }
      expect(await t.users.findById(anonymous.uid)).toBeNull();
    });

    it("responde 400 con issues a datos inválidos o campos de más", async () => {
      const ana = await createEmulatorUser();
      const res = await signUp(ana, { name: "", uid: ana.uid, email: "no-es-correo", accountType: "MASTER" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "Los datos enviados no son válidos.",
        code: "VALIDATION_ERROR",
        issues: [
          { path: ["name"], message: "El nombre es obligatorio." },
          { path: ["email"], message: "El correo no es válido." },
          { path: ["accountType"], message: "Este campo no está permitido." },
        ],
      });
      expect(await t.users.findById(ana.uid)).toBeNull();
    });

    it("responde 401 sin sesión", async () => {
      const res = await t.request({ method: "POST", url: "/api/users/sign-up", payload: { name: "Ana", uid: "x", email: "a@b.mx" } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe("GET /api/users/initial-data", () => {
    it("devuelve user null y sin suspensión si la cuenta aún no se registra", async () => {
      const nobody = await createEmulatorUser();
      const res = await t.request({ url: "/api/users/initial-data", headers: bearer(nobody) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { banned: false, ban: null, user: null } });
    });

    it("marca banned mientras la fecha de fin está en el futuro y no después", async () => {
      const person = await createEmulatorUser();
      await signUp(person, { name: "Persona", uid: person.uid, email: person.email });

      const clean = await t.request({ url: "/api/users/initial-data", headers: bearer(person) });
      expect(clean.json().data).toMatchObject({ banned: false, ban: null, user: { _id: person.uid } });

      const endsAt = new Date(Date.now() + 24 * 3600 * 1000);
      await t.users.setBan(person.uid, { reason: "Lenguaje ofensivo", endsAt });
      const banned = await t.request({ url: "/api/users/initial-data", headers: bearer(person) });
      expect(banned.statusCode).toBe(200);
      const data = initialDataSchema.parse(banned.json().data);
      expect(data.banned).toBe(true);
      expect(data.ban).toEqual({ reason: "Lenguaje ofensivo", endDate: endsAt.toISOString() });
      expect(data.user?._id).toBe(person.uid);

      await t.users.setBan(person.uid, { reason: "Lenguaje ofensivo", endsAt: new Date(Date.now() - 1000) });
      const over = await t.request({ url: "/api/users/initial-data", headers: bearer(person) });
      expect(over.json().data).toMatchObject({ banned: false, ban: null });
    });

    it("responde 401 sin token", async () => {
      expect((await t.request({ url: "/api/users/initial-data" })).statusCode).toBe(401);
    });
  });

  describe("GET /api/users/my-data", () => {
    it("responde 404 'Usuario no encontrado.' con un token válido sin perfil", async () => {
      const nobody = await createEmulatorUser();
      const res = await t.request({ url: "/api/users/my-data", headers: bearer(nobody) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Usuario no encontrado.", code: "NOT_FOUND" });
    });

    it("devuelve el perfil con las listas de seguidos armadas desde la tabla follows", async () => {
      const person = await createEmulatorUser();
      await signUp(person, { name: "Persona", uid: person.uid, email: person.email });
      const other = await createEmulatorUser();
      await signUp(other, { name: "Otra", uid: other.uid, email: other.email });
      await t.database.query(
        `INSERT INTO follows (follower_id, target_kind, target_id, created_at) VALUES
           ($1, 'users', $2, now() - interval '3 minutes'),
           ($1, 'events', 'evento-2', now() - interval '2 minutes'),
           ($1, 'events', 'evento-1', now() - interval '1 minute'),
           ($1, 'communities', 'comunidad-1', now()),
           ($2, 'users', $1, now())`,
        [person.uid, other.uid],
      );

      const res = await t.request({ url: "/api/users/my-data", headers: bearer(person) });
      expect(res.statusCode).toBe(200);
      const me = userSchema.parse(res.json().data);
      expect(me._id).toBe(person.uid);
      expect(me.email).toBe(person.email);
      expect(me.following).toEqual({ users: [other.uid], events: ["evento-2", "evento-1"], places: [], news: [], communities: ["comunidad-1"], tags: [] });
      expect(me.followersCount).toBe(1);
      expect(res.headers["cache-control"]).toBe("no-store");

      // The next read sees a change made in between: nothing of the answer is kept across requests.
      await t.database.query("DELETE FROM follows WHERE follower_id = $1 AND target_kind = 'events'", [person.uid]);
      const after = userSchema.parse((await t.request({ url: "/api/users/my-data", headers: bearer(person) })).json().data);
      expect(after.following.events).toEqual([]);
      expect(after.following.users).toEqual([other.uid]);
    });
  });

  describe("GET /api/users/:id", () => {
    let owner: EmulatorUser;

    beforeAll(async () => {
      owner = await createEmulatorUser();
      await signUp(owner, { name: "Perfil Público", uid: owner.uid, email: owner.email });
    });

    it("muestra el perfil sin correo a quien no inició sesión", async () => {
      const res = await t.request({ url: `/api/users/${owner.uid}` });
      expect(res.statusCode).toBe(200);
      const profile = publicUserSchema.parse(res.json().data);
      expect(profile).toMatchObject({ _id: owner.uid, name: "Perfil Público", email: null });
    });

    it("muestra el correo a la propia persona y a un admin, no a otra persona", async () => {
      const self = await t.request({ url: `/api/users/${owner.uid}`, headers: bearer(owner) });
      expect(self.json().data.email).toBe(owner.email);

      const stranger = await createEmulatorUser();
      await signUp(stranger, { name: "Extraña", uid: stranger.uid, email: stranger.email });
      const seenByStranger = await t.request({ url: `/api/users/${owner.uid}`, headers: bearer(stranger) });
      expect(seenByStranger.json().data.email).toBeNull();

      await t.users.setAccountType(stranger.uid, "ADMIN");
      const seenByAdmin = await t.request({ url: `/api/users/${owner.uid}`, headers: bearer(stranger) });
      expect(seenByAdmin.json().data.email).toBe(owner.email);
    });

    it("responde 404 a un id que no existe y 401 a un token inválido", async () => {
      const missing = await t.request({ url: "/api/users/no-existe-este-id" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Usuario no encontrado.", code: "NOT_FOUND" });

      const badToken = await t.request({ url: `/api/users/${owner.uid}`, headers: { authorization: "Bearer basura" } });
      expect(badToken.statusCode).toBe(401);
    });

    it("responde 400 a un id demasiado largo", async () => {
      const res = await t.request({ url: `/api/users/${"a".repeat(200)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    });
  });
});
