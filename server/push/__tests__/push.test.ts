import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { registeredUser, type TestPerson } from "../../test/accounts";
import { bearer } from "../../test/emulator";
import { createTestApp, openSecondHandle, type TestApp } from "../../test/harness";
import { browserSubscription, startTestPushService, type PushSubscriptionKeys, type TestPushService } from "../../test/push-service";
import { notifyUsers } from "../../routes/notifications/service";

// Web push against a push service on this machine that checks VAPID and decrypts like a browser:
// what arrives is what a person's phone would show.

describe("web push", () => {
  let t: TestApp;
  let service: TestPushService;
  let admin: TestPerson;

  beforeAll(async () => {
    [t, service] = await Promise.all([createTestApp(), startTestPushService()]);
    admin = await registeredUser(t, { accountType: "ADMIN", name: "Administración" });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  async function subscribed(person: TestPerson): Promise<PushSubscriptionKeys> {
    const subscription = service.subscribe();
    const res = await t.request({
      method: "POST",
      url: "/api/users/notificationToken",
      headers: bearer(person),
      payload: { notificationToken: JSON.stringify(subscription) },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { data: { stored: true } } });
    return subscription;
  }

  async function endpointsOf(person: TestPerson): Promise<string[]> {
    const rows = await t.database.query<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint", [person.uid]);
    return rows.map((r) => r.endpoint);
  }

  /** An admin message to `person`: always wanted unless turned off, so it marks "everything before has been handled". */
  async function sentinel(person: TestPerson, title = "Señal"): Promise<void> {
    const res = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(admin), payload: { audience: "user", userId: person.uid, title, body: "fin" } });
    expect(res.statusCode).toBe(200);
  }

  /** What arrived at `endpoint`, in a stable order (several sends run at once). */
  const titles = (endpoint: string) =>
    service.received
      .filter((r) => r.endpoint === endpoint)
      .map((r) => r.message.title as string)
      .sort();

  it("publica la clave pública VAPID con la que firma", async () => {
    const res = await t.request({ url: "/api/push/public-key" });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json().data as { publicKey: string };
    const raw = Buffer.from(publicKey, "base64url");
    expect([raw.length, raw[0]]).toEqual([65, 4]);

    const person = await registeredUser(t);
    const subscription = await subscribed(person);
    await sentinel(person);
    const [arrived] = await service.waitFor(subscription.endpoint);
    expect(arrived!.vapid).toMatchObject({ publicKey, aud: service.origin, sub: "mailto:plaza@localhost" });
    expect(arrived!.ttl).toBeGreaterThan(0);
  });

  it("envía cada notificación como push cifrado, con título, cuerpo, enlace, icono y etiqueta", async () => {
    const person = await registeredUser(t, { name: "Recibe" });
    const other = await registeredUser(t, { name: "Otra" });
    const follower = await registeredUser(t, { name: "Ana Sigue" });
    const mine = await subscribed(person);
    const theirs = await subscribed(other);

    const follow = await t.request({ method: "POST", url: `/api/users/follow/${person.uid}/user`, headers: bearer(follower) });
    expect(follow.statusCode).toBe(200);
    const [arrived] = await service.waitFor(mine.endpoint);
    const stored = await t.database.query<{ id: string }>("SELECT id FROM notifications WHERE user_id = $1 AND kind = 'follow'", [person.uid]);
    expect(arrived!.message).toEqual({
      title: "Nuevo seguidor",
      body: "Ana Sigue empezó a seguirte",
      link: `/profile/${follower.uid}`,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: stored[0]!.id,
    });
    // Nobody else's device hears about it.
    await sentinel(other);
    await service.waitFor(theirs.endpoint);
    expect(titles(theirs.endpoint)).toEqual(["Señal"]);
  });

  it("llega a cada dispositivo de la persona, una sola vez aunque lo registre de nuevo", async () => {
    const person = await registeredUser(t);
    const phone = await subscribed(person);
    const laptop = await subscribed(person);
    // The phone's browser registers again on the next visit.
    const again = await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(person), payload: { notificationToken: JSON.stringify(phone) } });
    expect(again.json().data).toEqual({ stored: true });
    expect(await endpointsOf(person)).toHaveLength(2);

    await notifyUsers(t.database, [{ userId: person.uid, kind: "event_updated", title: "Cambio de horario: Concierto", body: "Ahora a las 21:00.", link: "/events/e1" }]);
    await sentinel(person);
    for (const endpoint of [phone.endpoint, laptop.endpoint]) {
      await service.waitFor(endpoint, 2);
      expect(titles(endpoint)).toEqual(["Cambio de horario: Concierto", "Señal"].sort());
    }
  });

  it("un enlace a otro sitio nunca llega al push: abre las notificaciones", async () => {
    const person = await registeredUser(t);
    const subscription = await subscribed(person);
    await notifyUsers(t.database, [{ userId: person.uid, kind: "admin_message", title: "Raro", body: "x", link: "//malo.example/phish" }]);
    const [arrived] = await service.waitFor(subscription.endpoint);
    expect(arrived!.message.link).toBe("/notifications");
  });

  it("recorta un cuerpo largo para caber en los 4 KB de un push", async () => {
    const person = await registeredUser(t);
    const subscription = await subscribed(person);
    await notifyUsers(t.database, [{ userId: person.uid, kind: "admin_message", title: "Largo", body: "€".repeat(1000) }]);
    const [arrived] = await service.waitFor(subscription.endpoint);
    const body = arrived!.message.body as string;
    expect(Buffer.byteLength(JSON.stringify(arrived!.message))).toBeLessThanOrEqual(3000);
    expect(body.endsWith("…")).toBe(true);
    expect(body.length).toBeGreaterThan(500);
  });

  it("los envíos a todas las cuentas (panel) también llegan como push", async () => {
    const person = await registeredUser(t);
    const subscription = await subscribed(person);
    const res = await t.request({ method: "POST", url: "/api/notifications/send", headers: bearer(admin), payload: { audience: "all", title: "Feria del libro", body: "Este sábado", link: "/events/feria" } });
    expect(res.statusCode).toBe(200);
    const [arrived] = await service.waitFor(subscription.endpoint);
    expect(arrived!.message).toMatchObject({ title: "Feria del libro", body: "Este sábado", link: "/events/feria" });
  });

  describe("preferencias", () => {
    it("todas activas por omisión; se cambian por grupo y se conservan las demás", async () => {
      const person = await registeredUser(t);
      const initial = await t.request({ url: "/api/push/preferences", headers: bearer(person) });
      expect(initial.json().data).toEqual({ follows: true, followedEvents: true, followedContent: true, adminMessages: true });
      const put = await t.request({ method: "PUT", url: "/api/push/preferences", headers: bearer(person), payload: { follows: false } });
      expect(put.json().data).toEqual({ follows: false, followedEvents: true, followedContent: true, adminMessages: true });
      await t.request({ method: "PUT", url: "/api/push/preferences", headers: bearer(person), payload: { followedContent: false } });
      const read = await t.request({ url: "/api/push/preferences", headers: bearer(person) });
      expect(read.json().data).toEqual({ follows: false, followedEvents: true, followedContent: false, adminMessages: true });
    });

    it("rechaza valores que no son sí/no y grupos que no existen, en español", async () => {
      const person = await registeredUser(t);
      for (const payload of [{ follows: "no" }, { weekly: true }]) {
        const res = await t.request({ method: "PUT", url: "/api/push/preferences", headers: bearer(person), payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("Los datos enviados no son válidos.");
      }
    });

    it("solo llegan como push los grupos elegidos (la notificación se guarda igual)", async () => {
      const person = await registeredUser(t);
      const subscription = await subscribed(person);
      await t.request({ method: "PUT", url: "/api/push/preferences", headers: bearer(person), payload: { follows: false, followedContent: false } });
      const follower = await registeredUser(t, { name: "No Avisar" });
      await t.request({ method: "POST", url: `/api/users/follow/${person.uid}/user`, headers: bearer(follower) });
      await notifyUsers(t.database, [
        { userId: person.uid, kind: "event_published", title: "Nuevo evento en Teatro", body: "x", link: "/events/a" },
        { userId: person.uid, kind: "event_cancelled", title: "Evento cancelado: Jazz", body: "x", link: "/events/b" },
      ]);
      await sentinel(person);
      await service.waitFor(subscription.endpoint, 2);
      expect(titles(subscription.endpoint)).toEqual(["Evento cancelado: Jazz", "Señal"].sort());
      const stored = await t.request({ url: "/api/notifications", headers: bearer(person) });
      expect(stored.json().data.items).toHaveLength(4);
    });
  });

  describe("suscripciones vencidas y fallas del servicio", () => {
    it("un 404 o 410 del servicio borra la suscripción; un 500 la conserva", async () => {
      const person = await registeredUser(t);
      const [gone, expired, failing, fine] = [await subscribed(person), await subscribed(person), await subscribed(person), await subscribed(person)];
      service.answer(gone.endpoint, 410);
      service.answer(expired.endpoint, 404);
      service.answer(failing.endpoint, 500);
      await sentinel(person);
      await service.waitFor(fine.endpoint);
      await t.app.push.dispatcher.idle();
      expect(await endpointsOf(person)).toEqual([failing.endpoint, fine.endpoint].sort());
    });
  });

  describe("POST /api/users/notificationToken (la suscripción)", () => {
    const good = () => browserSubscription();

    it.each([
      ["no es JSON", "fcm-123", "El token de notificaciones debe ser la suscripción push en JSON."],
      ["sin claves", JSON.stringify({ endpoint: "https://fcm.googleapis.com/fcm/send/x" }), "Faltan las claves de la suscripción."],
      ["p256dh corta", JSON.stringify({ ...good(), keys: { ...good().keys, p256dh: "BAAA" } }), "La clave p256dh debe ser una clave P-256 de 65 bytes en base64url."],
      ["auth larga", JSON.stringify({ ...good(), keys: { ...good().keys, auth: "A".repeat(30) } }), "La clave auth debe tener 16 bytes en base64url."],
      ["http a otra máquina", JSON.stringify({ ...good(), endpoint: "http://push.example.com/x" }), "El servicio de notificaciones debe usar https."],
      ["red privada", JSON.stringify({ ...good(), endpoint: "https://10.0.0.5/x" }), "El servicio de notificaciones debe estar en una dirección pública."],
      ["con credenciales", JSON.stringify({ ...good(), endpoint: "https://a:b@push.example.com/x" }), "La dirección del servicio de notificaciones no es válida."],
    ])("rechaza una suscripción inválida (%s) con 400 y el motivo", async (_case, notificationToken, message) => {
      const person = await registeredUser(t);
      const res = await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(person), payload: { notificationToken } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(message);
      expect(await endpointsOf(person)).toEqual([]);
    });

    it("sin token no guarda nada", async () => {
      const person = await registeredUser(t);
      for (const payload of [{}, { notificationToken: "" }, { notificationToken: null }]) {
        const res = await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(person), payload });
        expect(res.json().data).toEqual({ stored: false });
      }
      expect(await endpointsOf(person)).toEqual([]);
    });

    it("un navegador que cambia de cuenta deja de recibir las de la anterior", async () => {
      const first = await registeredUser(t);
      const second = await registeredUser(t);
      const browser = await subscribed(first);
      await t.request({ method: "POST", url: "/api/users/notificationToken", headers: bearer(second), payload: { notificationToken: JSON.stringify(browser) } });
      expect(await endpointsOf(first)).toEqual([]);
      expect(await endpointsOf(second)).toEqual([browser.endpoint]);
    });

    it("conserva las 10 suscripciones más recientes de cada persona", async () => {
      const person = await registeredUser(t);
      const all: string[] = [];
      for (let i = 0; i < 12; i++) all.push((await subscribed(person)).endpoint);
      expect(await endpointsOf(person)).toEqual(all.slice(2).sort());
    });
  });

  describe("POST /api/push/unsubscribe (al cerrar sesión)", () => {
    it("borra la del dispositivo; repetirla es inocuo; la de otra cuenta no se toca", async () => {
      const person = await registeredUser(t);
      const other = await registeredUser(t);
      const mine = await subscribed(person);
      const theirs = await subscribed(other);
      const remove = (who: TestPerson, endpoint: string) => t.request({ method: "POST", url: "/api/push/unsubscribe", headers: bearer(who), payload: { endpoint } });
      expect((await remove(person, mine.endpoint)).json().data).toEqual({ removed: true });
      expect((await remove(person, mine.endpoint)).json().data).toEqual({ removed: false });
      expect((await remove(person, theirs.endpoint)).json().data).toEqual({ removed: false });
      expect(await endpointsOf(person)).toEqual([]);
      expect(await endpointsOf(other)).toEqual([theirs.endpoint]);
      const missing = await t.request({ method: "POST", url: "/api/push/unsubscribe", headers: bearer(person), payload: {} });
      expect(missing.statusCode).toBe(400);
    });
  });

  it("borrar la cuenta borra sus suscripciones", async () => {
    const person = await registeredUser(t);
    await subscribed(person);
    await t.request({ method: "PUT", url: "/api/push/preferences", headers: bearer(person), payload: { follows: false } });
    await t.users.deleteAccount(person.uid);
    expect(await endpointsOf(person)).toEqual([]);
    expect(await t.database.query("SELECT 1 FROM push_preferences WHERE user_id = $1", [person.uid])).toHaveLength(0);
  });

  it("con dos instancias del servidor cada push sale una sola vez", async () => {
    const second = await createTestApp({ database: await openSecondHandle(t.database) });
    try {
      const person = await registeredUser(t);
      const subscription = await subscribed(person);
      await notifyUsers(t.database, [{ userId: person.uid, kind: "admin_message", title: "Una vez", body: "x" }]);
      await sentinel(person);
      await service.waitFor(subscription.endpoint, 2);
      await Promise.all([t.app.push.dispatcher.idle(), second.app.push.dispatcher.idle()]);
      expect(titles(subscription.endpoint)).toEqual(["Señal", "Una vez"].sort());
    } finally {
      await second.close();
    }
  });
});
