import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { userSummarySchema } from "../../../../lib/schemas/public-users";
import { userSchema } from "../../../../lib/schemas/users";
import { firebaseAuthFor } from "../../../firebase";
import { loadEnv } from "../../../env";
import { bannedUser, registeredUser, tokenSignedInAgo, type TestPerson } from "../../../test/accounts";
import { bearer, createEmulatorUser, signInWithPassword } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";
import { browserSubscription } from "../../../test/push-service";
import { notifyUsers } from "../../notifications/service";
import { isRecentSignIn } from "../recent-sign-in";

// The calls a person makes on their own account: profile edits, tokens, follows, verification
// requests and deletion.

describe("cuenta propia", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe("PUT /api/users/my-data", () => {
    it("cambia nombre, biografía y enlaces y devuelve el perfil", async () => {
      const person = await registeredUser(t);
      const res = await t.request({
        method: "PUT",
        url: "/api/users/my-data",
        headers: bearer(person),
        payload: { name: "  Nombre Nuevo ", bio: "Fotógrafa en Saltillo", links: [{ label: "Portafolio", url: "https://ejemplo.mx/portafolio" }] },
      });
      expect(res.statusCode).toBe(200);
      const user = userSchema.parse(res.json().data);
      expect(user).toMatchObject({ _id: person.uid, name: "Nombre Nuevo", bio: "Fotógrafa en Saltillo", links: [{ label: "Portafolio", url: "https://ejemplo.mx/portafolio" }] });

      const cleared = await t.request({ method: "PUT", url: "/api/users/my-data", headers: bearer(person), payload: { bio: null, links: [] } });
      expect(cleared.json().data).toMatchObject({ name: "Nombre Nuevo", bio: null, links: [] });
    });

    it("valida cada campo con mensajes en español y no acepta campos ajenos al perfil", async () => {
      const person = await registeredUser(t);
      const cases: [Record<string, unknown>, { path: (string | number)[]; message: string }][] = [
        [{ name: "" }, { path: ["name"], message: "El nombre es obligatorio." }],
        [{ name: "x".repeat(81) }, { path: ["name"], message: "El nombre admite hasta 80 caracteres." }],
        [{ bio: "x".repeat(501) }, { path: ["bio"], message: "La biografía admite hasta 500 caracteres." }],
        [{ links: [{ label: "Mal", url: "no es un enlace" }] }, { path: ["links", 0, "url"], message: "El enlace no es una dirección web válida." }],
        [{ links: [{ label: "Js", url: "javascript:alert(1)" }] }, { path: ["links", 0, "url"], message: "El enlace debe empezar con http:// o https://." }],
        [{ links: [{ label: "Ftp", url: "ftp://ejemplo.mx" }] }, { path: ["links", 0, "url"], message: "El enlace debe empezar con http:// o https://." }],
        [{ links: Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: "https://a.mx" })) }, { path: ["links"], message: "Puedes agregar hasta 5 enlaces." }],
        [{ accountType: "MASTER" }, { path: ["accountType"], message: "Este campo no está permitido." }],
        [{ verified: true }, { path: ["verified"], message: "Este campo no está permitido." }],
        [{}, { path: [], message: "Envía al menos un campo del perfil: name, bio, links o accessibilityNeeds." }],
      ];
      for (const [payload, issue] of cases) {
        const res = await t.request({ method: "PUT", url: "/api/users/my-data", headers: bearer(person), payload });
        expect({ payload, status: res.statusCode, code: res.json().code }).toEqual({ payload, status: 400, code: "VALIDATION_ERROR" });
        expect(res.json().issues).toContainEqual(issue);
      }
      const row = await t.users.findById(person.uid);
      expect(row).toMatchObject({ accountType: "NORMAL", verified: false });
    });

    it("cada quien edita solo su perfil: el id sale del token", async () => {
      const person = await registeredUser(t);
      const res = await t.request({ method: "PUT", url: "/api/users/my-data", headers: bearer(person), payload: { _id: "otro", name: "X" } });
      expect(res.statusCode).toBe(400);
      const unregistered = await createEmulatorUser();
      const noProfile = await t.request({ method: "PUT", url: "/api/users/my-data", headers: bearer(unregistered), payload: { name: "X" } });
      expect(noProfile.statusCode).toBe(403);
      expect(noProfile.json().message).toBe("Completa tu registro para continuar.");
    });
  });

  describe("POST /api/users/accessToken y /api/users/notificationToken", () => {
    it("guarda los tokens de Google solo si vienen ambos", async () => {
      const person = await registeredUser(t);
      const partial = await t.request({ method: "POST", url: "/api/users/accessToken", headers: bearer(person), payload: { accessToken: "ya29.abc", providerId: "google.com" } });
      expect(partial.statusCode).toBe(200);
      expect(partial.json().data).toEqual({ stored: false });
      expect(await t.users.providerTokensOf(person.uid)).toHaveLength(0);

      const both = await t.request({ method: "POST", url: "/api/users/accessToken", headers: bearer(person), payload: { accessToken: "ya29.abc", idToken: "eyJ.x.y", providerId: "google.com" } });
      expect(both.json().data).toEqual({ stored: true });
      const again = await t.request({ method: "POST", url: "/api/users/accessToken", headers: bearer(person), payload: { accessToken: "ya29.nuevo", idToken: "eyJ.z", providerId: "google.com" } });
      expect(again.json().data).toEqual({ stored: true });
      expect(await t.users.providerTokensOf(person.uid)).toEqual([expect.objectContaining({ providerId: "google.com", accessToken: "ya29.nuevo", idToken: "eyJ.z" })]);

      const noProvider = await t.request({ method: "POST", url: "/api/users/accessToken", headers: bearer(person), payload: { accessToken: "a", idToken: "b" } });
      expect(noProvider.statusCode).toBe(400);
    });

    it("guarda el token de notificaciones solo si viene", async () => {
      const person = await registeredUser(t);
      for (const payload of [{}, { notificationToken: "" }, { notificationToken: null }]) {
        const res = await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(person), payload });
        expect(res.json().data).toEqual({ stored: false });
      }
      const endpoints = async () => (await t.database.query<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions WHERE user_id = $1", [person.uid])).map((r) => r.endpoint);
      expect(await endpoints()).toEqual([]);
      // The token is the browser's push subscription (server/push/__tests__ covers its rules).
      const subscription = browserSubscription();
      const res = await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(person), payload: { notificationToken: JSON.stringify(subscription) } });
      expect(res.json().data).toEqual({ stored: true });
      await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(person), payload: { notificationToken: JSON.stringify(subscription) } });
      expect(await endpoints()).toEqual([subscription.endpoint]);
    });
  });

  describe("POST /api/users/follow/{id}/user", () => {
    let me: TestPerson;
    let other: TestPerson;

    beforeAll(async () => {
      me = await registeredUser(t, { name: "Yo Misma" });
      other = await registeredUser(t, { name: "La Otra" });
    });

    const follow = (who: TestPerson, id: string, query = "") =>
      t.request({ method: "POST", url: `/api/users/follow/${id}/user${query}`, headers: bearer(who) });

    it("mis datos lista a quien sigue en el orden en que lo siguió, no por su id ni por su lugar en la tabla", async () => {
      const follower = await registeredUser(t, { name: "Sigue a tres" });
      const people = await Promise.all(["Primera", "Segunda", "Tercera"].map((name) => registeredUser(t, { name })));
      const byId = people.map((person) => person.uid).sort();
      // Stored in id order, each older than the one before (as restored follows, or rows a
      // VACUUM FULL moved, are): by id or by place in the table the list would come reversed.
      for (const [k, uid] of byId.entries()) {
        await t.database.query(
          "INSERT INTO follows (follower_id, target_kind, target_id, created_at) VALUES ($1, 'users', $2, now() - make_interval(hours => $3))",
          [follower.uid, uid, k],
        );
      }
      const myData = userSchema.parse((await t.request({ url: "/api/users/my-data", headers: bearer(follower) })).json().data);
      expect(myData.following.users).toEqual([...byId].reverse());
    });

    it("sigue y deja de seguir, idempotente, y avisa una sola vez", async () => {
      const first = await follow(me, other.uid);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toEqual({ userId: other.uid, following: true, followersCount: 1 });
      expect((await follow(me, other.uid)).json().data).toEqual({ userId: other.uid, following: true, followersCount: 1 });

      const myData = userSchema.parse((await t.request({ url: "/api/users/my-data", headers: bearer(me) })).json().data);
      expect(myData.following.users).toEqual([other.uid]);
      expect(myData.followingCount).toBe(1);
      const theirs = (await t.request({ url: `/api/users/${other.uid}` })).json().data;
      expect(theirs.followersCount).toBe(1);

      const off = await follow(me, other.uid, "?unfollow=true");
      expect(off.json().data).toEqual({ userId: other.uid, following: false, followersCount: 0 });
      expect((await follow(me, other.uid, "?unfollow=true")).json().data.following).toBe(false);
      await follow(me, other.uid);

      const notes = await t.database.query<{ body: string }>("SELECT body FROM notifications WHERE user_id = $1 AND kind = 'follow'", [other.uid]);
      expect(notes).toEqual([{ body: "Yo Misma empezó a seguirte" }]);
    });

    it("lista a quienes sigo en GET /api/users/following/users", async () => {
      const res = await t.request({ url: "/api/users/following/users", headers: bearer(me) });
      expect(res.statusCode).toBe(200);
      const list = res.json().data.map((u: unknown) => userSummarySchema.parse(u));
      expect(list.map((u: { _id: string }) => u._id)).toEqual([other.uid]);
      expect(list[0]).toMatchObject({ name: "La Otra", email: null, followersCount: 1 });
      expect((await t.request({ url: "/api/users/following/users" })).statusCode).toBe(401);
    });

    it("no deja seguirse a sí misma (400), responde 404 a un id desconocido y 'ID required' sin id", async () => {
      const self = await follow(me, me.uid);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ message: "No puedes seguirte a ti mismo.", code: "BAD_REQUEST" });

      const missing = await follow(me, "no-existe");
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Usuario no encontrado.", code: "NOT_FOUND" });

      for (const id of ["", "%20", "%20%20"]) {
        const res = await follow(me, id);
        expect({ id, status: res.statusCode, message: res.json().message, code: res.json().code }).toEqual({ id, status: 400, message: "ID required", code: "ID_REQUIRED" });
      }
      const badQuery = await follow(me, other.uid, "?unfollow=quizas");
      expect(badQuery.statusCode).toBe(400);
    });
  });

  describe("POST /api/users/requestVerification", () => {
    it("pone la solicitud en la cola con su tipo; repetirla cambia el tipo", async () => {
      const person = await registeredUser(t);
      const res = await t.request({ method: "POST", url: "/api/users/requestVerification", headers: bearer(person), payload: { type: "artista" } });
      expect(res.statusCode).toBe(200);
      const user = userSchema.parse(res.json().data);
      expect(user.requestingVerification).toMatchObject({ sent: true, type: "artista", rejectionReason: null });
      const requestedAt = user.requestingVerification.requestedAt;
      expect(requestedAt).not.toBeNull();
      const again = await t.request({ method: "POST", url: "/api/users/requestVerification", headers: bearer(person), payload: { type: "lugar" } });
      expect(again.json().data.requestingVerification).toEqual({ sent: true, type: "lugar", requestedAt, rejectionReason: null });
    });

    it("valida el tipo y no admite cuentas ya verificadas", async () => {
      const person = await registeredUser(t);
      const bad = await t.request({ method: "POST", url: "/api/users/requestVerification", headers: bearer(person), payload: { type: "influencer" } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        { path: ["type"], message: "Tipo de verificación no válido. Opciones: artista, colectivo, lugar, institucion, medio, comunidad, organizador." },
      ]);
      const missing = await t.request({ method: "POST", url: "/api/users/requestVerification", headers: bearer(person), payload: {} });
      expect(missing.statusCode).toBe(400);

      const verified = await registeredUser(t, { verified: true });
      const res = await t.request({ method: "POST", url: "/api/users/requestVerification", headers: bearer(verified), payload: { type: "medio" } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "Tu cuenta ya está verificada.", code: "CONFLICT" });
    });
  });

  describe("suspensión", () => {
    it("toda escritura de una cuenta suspendida responde 403 BANNED con fecha y motivo; leer sí puede", async () => {
      const banned = await bannedUser(t, "Publicidad engañosa");
      const other = await registeredUser(t);
      const writes = [
        { method: "PUT" as const, url: "/api/users/my-data", payload: { name: "X" } },
        { method: "POST" as const, url: `/api/users/follow/${other.uid}/user` },
        { method: "POST" as const, url: "/api/users/requestVerification", payload: { type: "artista" } },
        { method: "POST" as const, url: "/api/users/accessToken", payload: { accessToken: "a", idToken: "b", providerId: "google.com" } },
        { method: "POST" as const, url: "/api/users/notificationToken", payload: { notificationToken: "t" } },
        { method: "POST" as const, url: "/api/notifications/viewed" },
      ];
      for (const write of writes) {
        const res = await t.request({ ...write, headers: bearer(banned) });
        expect({ url: write.url, status: res.statusCode, code: res.json().code }).toEqual({ url: write.url, status: 403, code: "BANNED" });
        expect(res.json().message).toMatch(/^Tu cuenta está suspendida hasta .+\. Motivo: Publicidad engañosa$/);
      }
      expect((await t.request({ url: "/api/users/my-data", headers: bearer(banned) })).statusCode).toBe(200);
      const initial = (await t.request({ url: "/api/users/initial-data", headers: bearer(banned) })).json().data;
      expect(initial).toMatchObject({ banned: true, ban: { reason: "Publicidad engañosa" } });
      expect((await t.users.findById(banned.uid))?.name).not.toBe("X");
    });
  });

  describe("borrar la cuenta", () => {
    it("GET /api/users/delete-account/confirm dice si el inicio de sesión es reciente", async () => {
      const person = await registeredUser(t);
      const fresh = await t.request({ url: "/api/users/delete-account/confirm", headers: bearer(person) });
      expect(fresh.statusCode).toBe(200);
      // True unless the test runs across midnight in Monterrey: compare with the rule itself.
      const authTime = JSON.parse(Buffer.from(person.idToken.split(".")[1]!, "base64url").toString()).auth_time as number;
      expect(fresh.json()).toEqual({ data: isRecentSignIn(new Date(authTime * 1000)) });
      expect(isRecentSignIn(new Date(authTime * 1000), new Date(authTime * 1000 + 1000)) || new Date().getUTCHours() === 6).toBe(true);
      const old = await t.request({ url: "/api/users/delete-account/confirm", headers: await tokenSignedInAgo(person, 11) });
      expect(old.json()).toEqual({ data: false });
      expect((await t.request({ url: "/api/users/delete-account/confirm" })).statusCode).toBe(401);
    });

    it("la regla: menos de 10 minutos y el mismo día en America/Monterrey", () => {
      const at = (iso: string) => new Date(iso);
      // 23:55 and 00:02 in Monterrey (UTC-6) are 7 minutes apart but on two calendar days.
      expect(isRecentSignIn(at("2026-03-11T05:55:00Z"), at("2026-03-11T06:02:00Z"))).toBe(false);
      expect(isRecentSignIn(at("2026-03-11T18:00:00Z"), at("2026-03-11T18:09:59Z"))).toBe(true);
      expect(isRecentSignIn(at("2026-03-11T18:00:00Z"), at("2026-03-11T18:10:00Z"))).toBe(false);
      expect(isRecentSignIn(at("2026-03-11T18:00:00Z"), at("2026-03-11T17:59:50Z"))).toBe(true);
      expect(isRecentSignIn(at("2026-03-11T18:05:00Z"), at("2026-03-11T18:00:00Z"))).toBe(false);
    });

    it("con un inicio de sesión viejo responde 403 'Vuelve a iniciar sesión para hacer esto' y no borra nada", async () => {
      const person = await registeredUser(t);
      const res = await t.request({ method: "DELETE", url: "/api/users/delete-account", headers: await tokenSignedInAgo(person, 15) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Vuelve a iniciar sesión para hacer esto", code: "RECENT_SIGN_IN_REQUIRED" });
      expect(await t.users.findById(person.uid)).not.toBeNull();
    });

    it("borra la identidad y los datos personales; el contenido ajeno sobre la persona desaparece", async () => {
      const env = loadEnv();
      const auth = firebaseAuthFor(env.firebaseProjectId);
      const person = await registeredUser(t, { name: "Se Va" });
      const friend = await registeredUser(t);
      await t.request({ method: "POST", url: `/api/users/follow/${friend.uid}/user`, headers: bearer(person) });
      await t.request({ method: "POST", url: `/api/users/follow/${person.uid}/user`, headers: bearer(friend) });
      await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(person), payload: { notificationToken: JSON.stringify(browserSubscription()) } });
      await t.request({ method: "POST", url: "/api/users/accessToken", headers: bearer(person), payload: { accessToken: "a", idToken: "b", providerId: "google.com" } });
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "x", body: "y" }]);
      await t.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(person) });

      const res = await t.request({ method: "DELETE", url: "/api/users/delete-account", headers: bearer(person) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { deleted: true } });

      await expect(auth.getUser(person.uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
      await expect(signInWithPassword(person.email!, person.password)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
      expect(await t.users.findById(person.uid)).toBeNull();
      for (const [table, column] of [
        ["follows", "follower_id"],
        ["follows", "target_id"],
        ["notifications", "user_id"],
        ["push_subscriptions", "user_id"],
        ["user_provider_tokens", "user_id"],
        ["notification_stream_tickets", "user_id"],
      ] as const) {
        const rows = await t.database.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [person.uid]);
        expect({ table, column, rows: rows.length }).toEqual({ table, column, rows: 0 });
      }
      // "Se Va empezó a seguirte" no longer names them in their friend's list.
      const friendNotes = await t.database.query("SELECT 1 FROM notifications WHERE data ->> 'actorId' = $1", [person.uid]);
      expect(friendNotes).toHaveLength(0);
      expect((await t.request({ url: `/api/users/${friend.uid}` })).json().data.followersCount).toBe(0);

      // A retry (the identity is gone, the token still verifies in the emulator or not) is not an error.
      const again = await t.request({ method: "DELETE", url: "/api/users/delete-account", headers: bearer(person) });
      expect([200, 401]).toContain(again.statusCode);
    });

    it("una cuenta suspendida también puede borrarse", async () => {
      const banned = await bannedUser(t);
      const res = await t.request({ method: "DELETE", url: "/api/users/delete-account", headers: bearer(banned) });
      expect(res.statusCode).toBe(200);
      expect(await t.users.findById(banned.uid)).toBeNull();
    });

    it("responde 401 sin sesión", async () => {
      expect((await t.request({ method: "DELETE", url: "/api/users/delete-account" })).statusCode).toBe(401);
    });
  });
});
