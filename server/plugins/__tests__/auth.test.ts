import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { FastifyInstance } from "fastify";
import { loadEnv } from "../../env";
import { firebaseAuthFor } from "../../firebase";
import { bearer, craftedToken, createEmulatorUser, type EmulatorUser } from "../../test/emulator";
import { createTestApp, type TestApp } from "../../test/harness";
import { registeredUser } from "../../test/accounts";
import { forbidBanned, identityOf, optionalIdentity, requireAdmin, requireIdentity, requireUser } from "../auth";

// Guards against real tokens from the Auth emulator; roles and bans come from the database.

function addProbeRoutes(app: FastifyInstance): void {
  app.get("/api/prueba/quien", { onRequest: requireIdentity }, async (request) => {
    const identity = identityOf(request);
    return { data: { ...identity, authTime: identity.authTime.toISOString() } };
  });
  app.post("/api/prueba/escritura", { onRequest: [requireUser, forbidBanned] }, async () => ({ data: { ok: true } }));
  app.get("/api/prueba/admin", { onRequest: requireAdmin }, async () => ({ data: { ok: true } }));
  // A public read that leaves reading its viewer to itself, and then never does.
  app.get("/api/prueba/publica", { onRequest: optionalIdentity, config: { viewerInline: true } }, async () => ({ data: { ok: true } }));
}

describe("autenticación con tokens del emulador", () => {
  let t: TestApp;
  let person: EmulatorUser;

  beforeAll(async () => {
    t = await createTestApp({ configure: addProbeRoutes });
    person = await createEmulatorUser();
  });
  afterAll(async () => {
    await t.close();
  });

  it("acepta un token real del emulador y toma el uid de él", async () => {
    const res = await t.request({ url: "/api/prueba/quien", headers: bearer(person) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ uid: person.uid, email: person.email, signInProvider: "password", emailVerified: true });
    expect(Math.abs(Date.parse(data.authTime) - Date.now())).toBeLessThan(5 * 60 * 1000);
  });

  it("lee del token si el correo está sin verificar", async () => {
    const unverified = await createEmulatorUser({ emailVerified: false });
    const res = await t.request({ url: "/api/prueba/quien", headers: bearer(unverified) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ uid: unverified.uid, emailVerified: false });
  });

  it("acepta el esquema Bearer sin importar mayúsculas", async () => {
    const res = await t.request({ url: "/api/prueba/quien", headers: { authorization: `bearer ${person.idToken}` } });
    expect(res.statusCode).toBe(200);
  });

  it("una lectura pública que lee a quien mira por su cuenta comprueba igual la cuenta del token, aunque no llegue a leerla", async () => {
    const leaving = await registeredUser(t);
    expect((await t.request({ url: "/api/prueba/publica" })).statusCode).toBe(200);
    expect((await t.request({ url: "/api/prueba/publica", headers: bearer(leaving) })).statusCode).toBe(200);
    expect((await t.request({ method: "DELETE", url: "/api/users/delete-account", headers: bearer(leaving) })).statusCode).toBe(200);
    const res = await t.request({ url: "/api/prueba/publica", headers: bearer(leaving) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Tu sesión no es válida o expiró. Vuelve a iniciar sesión.", code: "INVALID_TOKEN" });
  });

  it("exige un perfil registrado para escribir", async () => {
    const stranger = await createEmulatorUser();
    const res = await t.request({ method: "POST", url: "/api/prueba/escritura", headers: bearer(stranger) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Completa tu registro para continuar.", code: "FORBIDDEN" });
  });

  describe("suspensiones", () => {
    let banned: EmulatorUser;

    beforeAll(async () => {
      banned = await createEmulatorUser();
      await t.users.create({ id: banned.uid, name: "Suspendida", email: banned.email! });
    });

    it("permite escribir sin suspensión", async () => {
      const res = await t.request({ method: "POST", url: "/api/prueba/escritura", headers: bearer(banned) });
      expect(res.statusCode).toBe(200);
    });

    it("responde 403 BANNED con la fecha en la hora de la ciudad, un solo punto tras «p.m.», y el motivo", async () => {
      // 20:30 UTC is 2:30 p.m. in Saltillo (UTC-6), whatever zone the server runs in.
      await t.users.setBan(banned.uid, { reason: "Publicar spam", endsAt: new Date("2099-12-01T20:30:00Z") });
      const res = await t.request({ method: "POST", url: "/api/prueba/escritura", headers: bearer(banned) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: "Tu cuenta está suspendida hasta el 1 de diciembre de 2099 a las 2:30 p.m. Motivo: Publicar spam",
        code: "BANNED",
      });
    });

    it("deja escribir otra vez cuando la suspensión terminó", async () => {
      await t.users.setBan(banned.uid, { reason: "Publicar spam", endsAt: new Date(Date.now() - 60_000) });
      const res = await t.request({ method: "POST", url: "/api/prueba/escritura", headers: bearer(banned) });
      expect(res.statusCode).toBe(200);
    });
  });

  describe("administración", () => {
    it("solo deja pasar a ADMIN y MASTER", async () => {
      const expectations = [
        ["NORMAL", 403],
        ["ADMIN", 200],
        ["MASTER", 200],
      ] as const;
      for (const [accountType, status] of expectations) {
        const someone = await createEmulatorUser();
        await t.users.create({ id: someone.uid, name: accountType, email: someone.email!, accountType });
        const res = await t.request({ url: "/api/prueba/admin", headers: bearer(someone) });
        expect({ accountType, status: res.statusCode }).toEqual({ accountType, status });
      }
    });

    it("responde 401, no 403, sin token", async () => {
      const res = await t.request({ url: "/api/prueba/admin" });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe("con un proyecto real de Firebase", () => {
  const REAL_PROJECT = "plaza-proyecto-real";
  let emulated: TestApp;
  let real: TestApp;
  let demoOwner: string;
  let realOwner: string;
  // What an attacker sends: the claims of an existing MASTER, and no signature at all.
  const forged = (uid: string, projectId: string, header: Record<string, unknown> = { alg: "none", typ: "JWT" }) => {
    // Signed in "now", so the emulator's revocation check (sign-in older than the account) passes.
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: uid, user_id: uid, auth_time: now, iat: now, aud: projectId, iss: `https://securetoken.google.com/${projectId}` };
    const [, payload] = craftedToken(claims).split(".");
    return { authorization: `Bearer ${Buffer.from(JSON.stringify(header)).toString("base64url")}.${payload}.` };
  };

  beforeAll(async () => {
    emulated = await createTestApp({ configure: addProbeRoutes });
    // The test run itself has FIREBASE_AUTH_EMULATOR_HOST in process.env, as a stray variable
    // would: the app configured for a real project must not inherit emulator mode from it.
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
    real = await createTestApp({ configure: addProbeRoutes, env: { FIREBASE_PROJECT_ID: REAL_PROJECT, FIREBASE_AUTH_EMULATOR_HOST: "" }, database: emulated.database });
    demoOwner = (await createEmulatorUser()).uid;
    // The account also exists under the real project id (in the emulator, through that same
    // stray variable), so an inherited emulator mode would find it and let the token through.
    realOwner = (await firebaseAuthFor(REAL_PROJECT).createUser({ email: `duena-${Date.now()}@plaza.test` })).uid;
    for (const uid of [demoOwner, realOwner]) await emulated.users.create({ id: uid, name: "Dueña", email: `${uid}@plaza.test`, accountType: "MASTER" });
  });
  afterAll(async () => {
    await real.app.close();
    await emulated.close();
  });

  it("rechaza con 401 un token sin firma (alg none) de una cuenta existente", async () => {
    // The emulator app takes it (that is what the emulator does, and why it must stay local)...
    expect((await emulated.request({ url: "/api/prueba/admin", headers: forged(demoOwner, loadEnv().firebaseProjectId) })).statusCode).toBe(200);
    // ...the real-project app never does, whatever process.env says.
    for (const path of ["/api/prueba/admin", "/api/prueba/quien"]) {
      const res = await real.request({ url: path, headers: forged(realOwner, REAL_PROJECT) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("INVALID_TOKEN");
    }
  });

  it("rechaza con 401 un token que dice RS256 pero no trae firma ni clave", async () => {
    const res = await real.request({ url: "/api/prueba/admin", headers: forged(realOwner, REAL_PROJECT, { alg: "RS256", typ: "JWT" }) });
    expect(res.statusCode).toBe(401);
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
  });
});
