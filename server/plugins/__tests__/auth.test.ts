import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { FastifyInstance } from "fastify";
import { formatDateTimeEsMx } from "../../dates";
import { bearer, createEmulatorUser, type EmulatorUser } from "../../test/emulator";
import { createTestApp, type TestApp } from "../../test/harness";
import { forbidBanned, identityOf, requireAdmin, requireIdentity, requireUser } from "../auth";

// Guards against real tokens from the Auth emulator; roles and bans come from the database.

function addProbeRoutes(app: FastifyInstance): void {
  app.get("/api/prueba/quien", { onRequest: requireIdentity }, async (request) => {
    const identity = identityOf(request);
    return { data: { ...identity, authTime: identity.authTime.toISOString() } };
  });
  app.post("/api/prueba/escritura", { onRequest: [requireUser, forbidBanned] }, async () => ({ data: { ok: true } }));
  app.get("/api/prueba/admin", { onRequest: requireAdmin }, async () => ({ data: { ok: true } }));
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
    expect(data).toMatchObject({ uid: person.uid, email: person.email, signInProvider: "password", emailVerified: false });
    expect(Math.abs(Date.parse(data.authTime) - Date.now())).toBeLessThan(5 * 60 * 1000);
  });

  it("acepta el esquema Bearer sin importar mayúsculas", async () => {
    const res = await t.request({ url: "/api/prueba/quien", headers: { authorization: `bearer ${person.idToken}` } });
    expect(res.statusCode).toBe(200);
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

    it("responde 403 BANNED con la fecha en es-MX y el motivo mientras dura", async () => {
      const endsAt = new Date(Date.now() + 3 * 24 * 3600 * 1000);
      await t.users.setBan(banned.uid, { reason: "Publicar spam", endsAt });
      const res = await t.request({ method: "POST", url: "/api/prueba/escritura", headers: bearer(banned) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: `Tu cuenta está suspendida hasta ${formatDateTimeEsMx(endsAt)}. Motivo: Publicar spam`,
        code: "BANNED",
      });
      expect(res.json().message).toMatch(/hasta \d{1,2} de [a-z]+ de \d{4}/);
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
