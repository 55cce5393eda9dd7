import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { userSummaryPageSchema } from "../../../../lib/schemas/public-users";
import { userSchema } from "../../../../lib/schemas/users";
import { loadEnv } from "../../../env";
import { firebaseAuthFor } from "../../../firebase";
import { registeredUser, type TestPerson } from "../../../test/accounts";
import { bearer, signInWithPassword, uniqueEmail } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";

// Moderation calls: their effects on the target, their validation messages and the admin lists.

describe("administración de usuarios", () => {
  let t: TestApp;
  let admin: TestPerson;
  let master: TestPerson;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registeredUser(t, { accountType: "ADMIN", name: "Admin" });
    master = await registeredUser(t, { accountType: "MASTER", name: "Maestra" });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (who: TestPerson, url: string, payload?: unknown) => t.request({ method: "POST", url: `/api/users/${url}`, headers: bearer(who), payload });

  async function notificationsOf(person: TestPerson) {
    return (await t.request({ url: "/api/notifications", headers: bearer(person) })).json().data.items as { title: string; body: string; kind: string }[];
  }

  describe("'ID required'", () => {
    const calls: [string, Record<string, unknown>][] = [
      ["verify", { type: "artista" }],
      ["verify?unverify=true", {}],
      ["setAsAdmin", {}],
      ["setAsAdmin?remove=true", {}],
      ["ban", { reason: "x", endDate: new Date(Date.now() + 3600_000).toISOString() }],
      ["unban", {}],
      ["rejectVerification", { reason: "x" }],
      ["changeImpact", { impact: 10 }],
    ];
    for (const [url, payload] of calls) {
      it(`POST /users/${url} sin userId, vacío o en blanco responde 400 'ID required'`, async () => {
        for (const body of [payload, { ...payload, userId: "" }, { ...payload, userId: "   " }, { ...payload, userId: null }]) {
          const res = await post(admin, url, body);
          expect({ body, status: res.statusCode, message: res.json().message, code: res.json().code }).toEqual({ body, status: 400, message: "ID required", code: "ID_REQUIRED" });
        }
      });
    }

    it("también sin cuerpo", async () => {
      for (const url of ["verify", "setAsAdmin", "ban", "unban"]) {
        const res = await t.request({ method: "POST", url: `/api/users/${url}`, headers: bearer(admin) });
        expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 400, message: "ID required" });
      }
    });

    it("404 'Usuario no encontrado.' a un id desconocido", async () => {
      for (const url of ["verify", "setAsAdmin", "unban"]) {
        const res = await post(admin, url, { userId: "no-existe" });
        expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 404, message: "Usuario no encontrado." });
      }
    });
  });

  describe("verificación", () => {
    it("aprobar: verified, cierra la solicitud, guarda el tipo y avisa 'Tu cuenta fue verificada'", async () => {
      const person = await registeredUser(t);
      await post(person, "requestVerification", { type: "medio" });
      const queue = await t.request({ url: "/api/users/requestingVerification", headers: bearer(admin) });
      expect(queue.statusCode).toBe(200);
      expect(queue.json().data.items.map((u: { _id: string }) => u._id)).toContain(person.uid);
      expect(queue.headers["cache-control"]).toBe("no-store");

      const res = await post(admin, "verify", { userId: person.uid });
      expect(res.statusCode).toBe(200);
      const user = userSchema.parse(res.json().data);
      expect(user).toMatchObject({ verified: true, requestingVerification: { sent: false, type: "medio", rejectionReason: null } });
      expect((await t.request({ url: "/api/users/requestingVerification", headers: bearer(admin) })).json().data.items.map((u: { _id: string }) => u._id)).not.toContain(person.uid);
      expect(await notificationsOf(person)).toEqual([expect.objectContaining({ kind: "verification_approved", title: "Tu cuenta fue verificada" })]);

      const unverified = await post(admin, "verify?unverify=true", { userId: person.uid });
      expect(unverified.json().data.verified).toBe(false);
      expect(await notificationsOf(person)).toHaveLength(1);
    });

    it("rechazar: cierra la solicitud con el motivo y avisa con él", async () => {
      const person = await registeredUser(t);
      await post(person, "requestVerification", { type: "lugar" });
      const res = await post(master, "rejectVerification", { userId: person.uid, reason: "No encontramos el lugar" });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ verified: false, requestingVerification: { sent: false, type: "lugar", rejectionReason: "No encontramos el lugar" } });
      expect(await notificationsOf(person)).toEqual([
        expect.objectContaining({ kind: "verification_rejected", body: "Tu solicitud de verificación fue rechazada: No encontramos el lugar" }),
      ]);
      const again = await post(master, "rejectVerification", { userId: person.uid, reason: "otra vez" });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("Este usuario no tiene una solicitud de verificación pendiente.");
      const noReason = await post(master, "rejectVerification", { userId: person.uid, reason: " " });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().issues).toEqual([{ path: ["reason"], message: "El motivo es obligatorio." }]);

      // A new request clears the old reason.
      const renewed = await post(person, "requestVerification", { type: "lugar" });
      expect(renewed.json().data.requestingVerification.rejectionReason).toBeNull();
    });

    it("valida el tipo al verificar", async () => {
      const person = await registeredUser(t);
      const res = await post(admin, "verify", { userId: person.uid, type: "otro" });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
      const typed = await post(admin, "verify", { userId: person.uid, type: "colectivo" });
      expect(typed.json().data.requestingVerification.type).toBe("colectivo");
    });
  });

  describe("administradores", () => {
    it("hacer admin: ADMIN y no verificada; quitar: NORMAL y verificada", async () => {
      const person = await registeredUser(t, { verified: true });
      const set = await post(admin, "setAsAdmin", { userId: person.uid });
      expect(set.json().data).toMatchObject({ accountType: "ADMIN", verified: false });
      // Only a MASTER may take it back.
      const byAdmin = await post(admin, "setAsAdmin?remove=true", { userId: person.uid });
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe("Solo una cuenta MASTER puede hacer esto con un administrador.");
      const removed = await post(master, "setAsAdmin?remove=true", { userId: person.uid });
      expect(removed.json().data).toMatchObject({ accountType: "NORMAL", verified: true });
      const notAdmin = await post(master, "setAsAdmin?remove=true", { userId: person.uid });
      expect(notAdmin.statusCode).toBe(409);
      expect(notAdmin.json().message).toBe("Esta cuenta no es administradora.");
    });

    it("nadie actúa sobre sí mismo ni sobre una cuenta MASTER", async () => {
      const self = await post(admin, "ban", { userId: admin.uid, reason: "x", endDate: new Date(Date.now() + 3600_000).toISOString() });
      expect(self.json()).toEqual({ message: "No puedes hacer esto con tu propia cuenta.", code: "FORBIDDEN" });
      const otherMaster = await registeredUser(t, { accountType: "MASTER" });
      const onMaster = await post(master, "changeImpact", { userId: otherMaster.uid, impact: 1 });
      expect(onMaster.json()).toEqual({ message: "Nadie puede modificar una cuenta MASTER.", code: "FORBIDDEN" });
      expect(await t.users.findById(otherMaster.uid)).toMatchObject({ impact: 0, accountType: "MASTER" });
    });

    it("un ADMIN suspendido no puede moderar", async () => {
      const bannedAdmin = await registeredUser(t, { accountType: "ADMIN" });
      await t.users.setBan(bannedAdmin.uid, { reason: "Abuso de permisos", endsAt: new Date(Date.now() + 3600_000) });
      const person = await registeredUser(t);
      const res = await post(bannedAdmin, "verify", { userId: person.uid });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("BANNED");
    });
  });

  describe("suspensiones", () => {
    it("suspende con motivo y fecha; initial-data lo dice y las escrituras se bloquean; levantarla las permite", async () => {
      const person = await registeredUser(t);
      const endDate = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
      const res = await post(admin, "ban", { userId: person.uid, reason: "Acoso", endDate });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.ban).toEqual({ reason: "Acoso", endDate });
      expect(await t.users.findById(person.uid)).toMatchObject({ bannedBy: admin.uid });

      const initial = (await t.request({ url: "/api/users/initial-data", headers: bearer(person) })).json().data;
      expect(initial).toMatchObject({ banned: true, ban: { reason: "Acoso", endDate } });
      const write = await t.request({ method: "PUT", url: "/api/users/my-data", headers: bearer(person), payload: { name: "Otro" } });
      expect(write.statusCode).toBe(403);
      expect(write.json().code).toBe("BANNED");

      // Others do not see the reason.
      const stranger = await registeredUser(t);
      expect((await t.request({ url: `/api/users/${person.uid}`, headers: bearer(stranger) })).json().data.ban).toBeNull();
      expect((await t.request({ url: `/api/users/${person.uid}`, headers: bearer(admin) })).json().data.ban).toEqual({ reason: "Acoso", endDate });

      const unban = await post(admin, "unban", { userId: person.uid });
      expect(unban.json().data.ban).toBeNull();
      expect((await t.request({ url: "/api/users/initial-data", headers: bearer(person) })).json().data).toMatchObject({ banned: false, ban: null });
      expect((await t.request({ method: "PUT", url: "/api/users/my-data", headers: bearer(person), payload: { name: "Otro" } })).statusCode).toBe(200);
      expect((await post(admin, "unban", { userId: person.uid })).statusCode).toBe(200);
    });

    it("exige motivo y una fecha futura válida", async () => {
      const person = await registeredUser(t);
      const cases: [Record<string, unknown>, string][] = [
        [{ reason: "", endDate: new Date(Date.now() + 3600_000).toISOString() }, "El motivo es obligatorio."],
        [{ endDate: new Date(Date.now() + 3600_000).toISOString() }, "El motivo es obligatorio."],
        [{ reason: "x".repeat(501), endDate: new Date(Date.now() + 3600_000).toISOString() }, "El motivo admite hasta 500 caracteres."],
        [{ reason: "Spam", endDate: "mañana" }, "La fecha de fin no es válida; usa el formato ISO 8601."],
        [{ reason: "Spam" }, "La fecha de fin no es válida; usa el formato ISO 8601."],
        [{ reason: "Spam", endDate: new Date(Date.now() - 60_000).toISOString() }, "La fecha de fin de la suspensión debe estar en el futuro."],
        [{ reason: "Spam", endDate: "2999-01-01T00:00:00Z" }, "La suspensión puede durar como máximo 10 años."],
      ];
      for (const [payload, message] of cases) {
        const res = await post(admin, "ban", { userId: person.uid, ...payload });
        expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
        expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(message);
      }
      expect((await t.users.findById(person.uid))?.banEndsAt).toBeNull();
    });
  });

  describe("impacto", () => {
    it("acepta enteros de 0 a 100", async () => {
      const person = await registeredUser(t);
      for (const impact of [0, 55, 100]) {
        const res = await post(admin, "changeImpact", { userId: person.uid, impact });
        expect(res.json().data.impact).toBe(impact);
      }
      for (const impact of [-1, 101, 2.5, "10"]) {
        const res = await post(admin, "changeImpact", { userId: person.uid, impact });
        expect({ impact, status: res.statusCode, issues: res.json().issues }).toEqual({
          impact,
          status: 400,
          issues: [{ path: ["impact"], message: "El impacto debe ser un número entero entre 0 y 100." }],
        });
      }
    });
  });

  describe("GET /api/users (búsqueda del panel)", () => {
    it("busca por nombre o correo, filtra por rol, verificación y suspensión, y pagina", async () => {
      const tag = `Zq${Date.now().toString(36)}`;
      const people: TestPerson[] = [];
      for (let i = 0; i < 5; i++) people.push(await registeredUser(t, { name: `${tag} Persona ${i}`, verified: i % 2 === 0 }));
      await t.users.setBan(people[1]!.uid, { reason: "x", endsAt: new Date(Date.now() + 3600_000) });
      await t.users.setAccountType(people[2]!.uid, "ADMIN");

      const search = (query: string) => t.request({ url: `/api/users?search=${encodeURIComponent(tag)}&${query}`, headers: bearer(admin) });
      const all = userSummaryPageSchema.parse((await search("limit=100")).json().data);
      expect(all.items.map((u) => u.name)).toEqual([4, 3, 2, 1, 0].map((i) => `${tag} Persona ${i}`));
      expect(all.items[0]!.email).toBe(people[4]!.email);

      const page1 = (await search("limit=2")).json().data;
      expect(page1.items).toHaveLength(2);
      const page2 = (await search(`limit=2&cursor=${page1.nextCursor}`)).json().data;
      const page3 = (await search(`limit=2&cursor=${page2.nextCursor}`)).json().data;
      expect([...page1.items, ...page2.items, ...page3.items].map((u: { _id: string }) => u._id)).toEqual(all.items.map((u) => u._id));
      expect(page3.nextCursor).toBeNull();

      const names = async (query: string) => (await search(query)).json().data.items.map((u: { name: string }) => u.name.split(" ").pop());
      expect(await names("verified=true")).toEqual(["4", "2", "0"]);
      expect(await names("verified=false")).toEqual(["3", "1"]);
      expect(await names("banned=true")).toEqual(["1"]);
      expect(await names("banned=false")).toEqual(["4", "3", "2", "0"]);
      expect(await names("role=ADMIN")).toEqual(["2"]);
      const byEmail = await t.request({ url: `/api/users?search=${encodeURIComponent(people[3]!.email!.toUpperCase())}`, headers: bearer(admin) });
      expect(byEmail.json().data.items.map((u: { _id: string }) => u._id)).toEqual([people[3]!.uid]);
      // LIKE wildcards are literal.
      expect((await t.request({ url: "/api/users?search=%25%25", headers: bearer(admin) })).json().data.items).toEqual([]);
    });

    it("valida los filtros", async () => {
      for (const query of ["role=ROOT", "verified=si", "limit=0", "limit=101", "cursor=xyz", "otro=1"]) {
        const res = await t.request({ url: `/api/users?${query}`, headers: bearer(admin) });
        expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      }
      // A cursor of another list (or a forged one) is refused with the admin lists' message.
      const foreign = Buffer.from(JSON.stringify(["ayer", "x"])).toString("base64url");
      const res = await t.request({ url: `/api/users?cursor=${foreign}`, headers: bearer(admin) });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message: "El cursor no es válido." });
    });
  });

  describe("POST /api/users/admin-create", () => {
    const auth = firebaseAuthFor(loadEnv().firebaseProjectId);

    it("crea la identidad y el perfil; la cuenta puede iniciar sesión", async () => {
      const email = uniqueEmail("creada");
      const res = await t.request({
        method: "POST",
        url: "/api/users/admin-create",
        headers: bearer(admin),
        payload: { email, password: "Segura-2026!", name: "Cuenta Creada", accountType: "NORMAL", verified: true },
      });
      expect(res.statusCode).toBe(201);
      const user = userSchema.parse(res.json().data);
      expect(user).toMatchObject({ email, name: "Cuenta Creada", accountType: "NORMAL", verified: true });
      expect((await auth.getUser(user._id)).email).toBe(email);
      expect((await signInWithPassword(email, "Segura-2026!")).uid).toBe(user._id);
    });

    it("responde 409 'El correo introducido ya existe.' y valida los datos", async () => {
      const taken = await t.request({ method: "POST", url: "/api/users/admin-create", headers: bearer(admin), payload: { email: admin.email, password: "Segura-2026!", name: "X" } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe("El correo introducido ya existe.");
      const invalid = await t.request({
        method: "POST",
        url: "/api/users/admin-create",
        headers: bearer(admin),
        payload: { email: "no-es-correo", password: "corta", name: "", accountType: "MASTER" },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().issues).toEqual([
        { path: ["email"], message: "El correo no es válido." },
        { path: ["password"], message: "La contraseña debe tener al menos 8 caracteres." },
        { path: ["name"], message: "El nombre es obligatorio." },
        { path: ["accountType"], message: "El tipo de cuenta debe ser NORMAL o ADMIN." },
      ]);
    });

    it("solo un MASTER crea administradores", async () => {
      const payload = { email: uniqueEmail("admin"), password: "Segura-2026!", name: "Nueva Admin", accountType: "ADMIN" };
      const byAdmin = await t.request({ method: "POST", url: "/api/users/admin-create", headers: bearer(admin), payload });
      expect(byAdmin.json()).toEqual({ message: "Solo una cuenta MASTER puede crear administradores.", code: "FORBIDDEN" });
      const byMaster = await t.request({ method: "POST", url: "/api/users/admin-create", headers: bearer(master), payload });
      expect(byMaster.statusCode).toBe(201);
      expect(byMaster.json().data.accountType).toBe("ADMIN");
    });
  });
});
