import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bannedUser, registeredUser, type TestPerson } from "../../../test/accounts";
import { bearer } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";

// Admins are told when someone asks to be verified: every ADMIN and MASTER, once per request
// (repeating it or changing its type does not tell them again; a new request after a rejection
// does), with a link to the verification queue.

describe("aviso a la administración de una solicitud de verificación", () => {
  let t: TestApp;
  let admin: TestPerson;
  let master: TestPerson;
  let bystander: TestPerson;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registeredUser(t, { accountType: "ADMIN", name: "Admin Verifica" });
    master = await registeredUser(t, { accountType: "MASTER", name: "Master Verifica" });
    bystander = await registeredUser(t, { verified: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const request = (person: TestPerson, type: string) =>
    t.request({ method: "POST", url: "/api/users/requestVerification", headers: bearer(person), payload: { type } });
  const notices = (person: TestPerson) =>
    t.database.query<{ title: string; body: string; link: string | null; data: Record<string, unknown> }>(
      "SELECT title, body, link, data FROM notifications WHERE user_id = $1 AND kind = 'verification_requested' ORDER BY created_at",
      [person.uid],
    );
  /** What an admin sees in their inbox (GET /notifications), with the unread count. */
  const inbox = async (person: TestPerson) => (await t.request({ url: "/api/notifications", headers: bearer(person) })).json().data;

  it("avisa a cada ADMIN y MASTER, con enlace a la cola; no a quien pide ni a cuentas normales", async () => {
    const person = await registeredUser(t, { name: "Galería Norte" });
    const unreadBefore = (await inbox(admin)).unviewed;
    expect((await request(person, "lugar")).statusCode).toBe(200);
    for (const reviewer of [admin, master]) {
      expect(await notices(reviewer)).toContainEqual({
        title: "Nueva solicitud de verificación",
        body: "Galería Norte pidió verificar su cuenta (Lugar o espacio cultural).",
        link: "/panel/users/verify",
        data: { requesterId: person.uid, type: "lugar" },
      });
    }
    const page = await inbox(admin);
    expect(page.unviewed).toBe(unreadBefore + 1);
    expect(page.items[0]).toMatchObject({ kind: "verification_requested", link: "/panel/users/verify", viewed: false });
    expect(await notices(person)).toEqual([]);
    expect(await notices(bystander)).toEqual([]);
  });

  it("repetir la solicitud o cambiar su tipo no vuelve a avisar; una nueva tras el rechazo sí", async () => {
    const person = await registeredUser(t, { name: "Colectivo Sur" });
    const before = (await notices(admin)).length;
    expect((await request(person, "colectivo")).statusCode).toBe(200);
    expect((await request(person, "colectivo")).statusCode).toBe(200);
    expect((await request(person, "artista")).statusCode).toBe(200);
    expect(await notices(admin)).toHaveLength(before + 1);

    const rejected = await t.request({
      method: "POST",
      url: "/api/users/rejectVerification",
      headers: bearer(master),
      payload: { userId: person.uid, reason: "Faltan datos" },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await request(person, "artista")).statusCode).toBe(200);
    const after = await notices(admin);
    expect(after).toHaveLength(before + 2);
    expect(after.at(-1)?.body).toBe("Colectivo Sur pidió verificar su cuenta (Artista o creador).");
  });

  it("una solicitud rechazada por el servidor (cuenta ya verificada, tipo inválido) no avisa", async () => {
    const before = (await notices(admin)).length;
    const verified = await request(bystander, "medio");
    expect(verified.statusCode).toBe(409);
    const person = await registeredUser(t);
    const invalid = await request(person, "otro");
    expect(invalid.statusCode).toBe(400);
    expect(await notices(admin)).toHaveLength(before);
  });

  it("una administradora suspendida no recibe el aviso; quien pide siendo admin no se avisa a sí misma", async () => {
    const suspended = await bannedUser(t);
    await t.database.query("UPDATE users SET account_type = 'ADMIN' WHERE id = $1", [suspended.uid]);
    const selfAsking = await registeredUser(t, { accountType: "ADMIN", name: "Admin Pide" });
    expect((await request(selfAsking, "medio")).statusCode).toBe(200);
    expect(await notices(selfAsking)).toEqual([]);
    expect(await notices(suspended)).toEqual([]);
    expect((await notices(admin)).at(-1)?.body).toBe("Admin Pide pidió verificar su cuenta (Medio de comunicación).");
  });
});
