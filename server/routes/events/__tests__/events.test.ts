import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { eventSchema } from "../../../../lib/schemas/events";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, createTag, daysFromNow, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";

describe("eventos", () => {
  let t: TestApp;
  let organizer: Person;
  let admin: Person;
  let follower: Person;

  beforeAll(async () => {
    t = await createTestApp();
    organizer = await makePerson(t, { name: "Colectivo Norte" });
    admin = await makePerson(t, { accountType: "ADMIN" });
    follower = await makePerson(t);
    await createTag(t, admin, "Música", "musica");
    await createTag(t, admin, "Teatro");
  });
  afterAll(async () => {
    await t.close();
  });

  it("publica un evento con lugar y etiquetas, y lo muestra con su resumen", async () => {
    const placeId = await createPlace(t, organizer);
    const res = await as(t, organizer)({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Noche de son jarocho",
        description: "Fandango abierto.",
        startsAt: daysFromNow(2),
        endsAt: daysFromNow(2, 22),
        placeId,
        priceType: "paid",
        priceAmount: 150,
        priceNote: "Preventa $120",
        tags: ["musica", "teatro"],
        capacity: 80,
        accessibility: "Rampa en la entrada.",
      },
    });
    expect(res.statusCode).toBe(201);
    const event = eventSchema.parse(res.json().data);
    expect(event).toMatchObject({
      title: "Noche de son jarocho",
      priceType: "paid",
      priceAmount: 150,
      priceCurrency: "MXN",
      capacity: 80,
      status: "published",
      organizer: { _id: organizer.uid, name: "Colectivo Norte", verified: true },
      place: { _id: placeId, name: "Teatro de prueba", addressLine: "Calle Juárez 100, Zona Centro, Saltillo", coverImage: null },
      lat: 25.4232,
      followersCount: 0,
      following: false,
      canEdit: true,
      series: null,
    });
    expect(event.tags.map((tag) => tag.slug)).toEqual(["musica", "teatro"]);

    const anonymous = await as(t, null)({ url: `/api/events/${event._id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({ canEdit: false, following: false });

    const list = await as(t, null)({ url: `/api/events?placeId=${placeId}` });
    expect(list.json().data.items.map((e: { _id: string }) => e._id)).toEqual([event._id]);
  });

  it("responde 400 con mensajes en español a un evento inválido", async () => {
    const res = await as(t, organizer)({
      method: "POST",
      url: "/api/events",
      payload: { title: "", startsAt: "mañana", priceType: "paid", extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    const messages = Object.fromEntries(body.issues.map((i: { path: string[]; message: string }) => [i.path.join("."), i.message]));
    expect(messages.title).toBe("El título debe tener al menos 3 caracteres.");
    expect(messages.startsAt).toMatch(/^La fecha de inicio no es válida/);
    expect(messages.extra).toBe("Este campo no está permitido.");

    const shape = await as(t, organizer)({ method: "POST", url: "/api/events", payload: { title: "Sin lugar", startsAt: daysFromNow(1), priceType: "paid" } });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().issues).toEqual(
      expect.arrayContaining([
        { path: ["placeId"], message: "Indica un lugar, una dirección o un enlace para conectarse." },
        { path: ["priceAmount"], message: "Indica el precio en pesos." },
      ]),
    );

    const unknownTag = await as(t, organizer)({
      method: "POST",
      url: "/api/events",
      payload: { title: "Con etiqueta rara", startsAt: daysFromNow(1), address: "Centro", tags: ["no-existe"] },
    });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().issues).toEqual([{ path: ["tags"], message: "La etiqueta «no-existe» no existe." }]);
  });

  it("crea una serie semanal: cada fecha es un evento con su _id, a la misma hora local", async () => {
    const res = await as(t, organizer)({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Taller de grabado",
        startsAt: "2030-01-08T18:00:00-06:00",
        endsAt: "2030-01-08T20:00:00-06:00",
        address: "Casa Purcell",
        recurrence: { rule: "weekly", interval: 1, until: "2030-02-05" },
      },
    });
    expect(res.statusCode).toBe(201);
    const first = eventSchema.parse(res.json().data);
    expect(first.series).toMatchObject({ rule: "weekly", interval: 1, until: "2030-02-05", occurrencesCount: 5, position: 1 });
    const list = await as(t, null)({ url: `/api/events?seriesId=${first.series!._id}&limit=50` });
    const items = list.json().data.items as { _id: string; startsAt: string; endsAt: string; series: { position: number } }[];
    expect(items.map((e) => e.startsAt)).toEqual([
      "2030-01-09T00:00:00.000Z",
      "2030-01-16T00:00:00.000Z",
      "2030-01-23T00:00:00.000Z",
      "2030-01-30T00:00:00.000Z",
      "2030-02-06T00:00:00.000Z",
    ]);
    expect(items.map((e) => e.series.position)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(items.map((e) => e._id)).size).toBe(5);
    expect(items[4]!.endsAt).toBe("2030-02-06T02:00:00.000Z");

    // Moving the third date one hour later "from here on" moves the fourth and fifth too.
    const third = items[2]!;
    const moved = await as(t, organizer)({
      method: "PUT",
      url: `/api/events/${third._id}`,
      payload: { startsAt: "2030-01-22T19:00:00-06:00", scope: "following" },
    });
    expect(moved.statusCode).toBe(200);
    const after = (await as(t, null)({ url: `/api/events?seriesId=${first.series!._id}&limit=50` })).json().data.items as { startsAt: string; endsAt: string }[];
    expect(after.map((e) => e.startsAt)).toEqual([
      "2030-01-09T00:00:00.000Z",
      "2030-01-16T00:00:00.000Z",
      "2030-01-23T01:00:00.000Z",
      "2030-01-30T01:00:00.000Z",
      "2030-02-06T01:00:00.000Z",
    ]);
    expect(after[4]!.endsAt).toBe("2030-02-06T03:00:00.000Z");

    // Deleting "from here on" leaves the first two.
    const removed = await as(t, organizer)({ method: "DELETE", url: `/api/events/${third._id}?scope=following` });
    expect(removed.statusCode).toBe(200);
    const left = (await as(t, null)({ url: `/api/events?seriesId=${first.series!._id}&limit=50` })).json().data.items;
    expect(left).toHaveLength(2);
  });

  it("crea series mensuales (sin el día 31 en meses cortos) y de fechas sueltas", async () => {
    const monthly = await as(t, organizer)({
      method: "POST",
      url: "/api/events",
      payload: { title: "Lectura del último día", startsAt: "2030-01-31T19:00:00-06:00", address: "Biblioteca", recurrence: { rule: "monthly", until: "2030-06-30" } },
    });
    expect(monthly.statusCode).toBe(201);
    const seriesId = monthly.json().data.series._id;
    const monthlyItems = (await as(t, null)({ url: `/api/events?seriesId=${seriesId}` })).json().data.items as { startsAt: string }[];
    expect(monthlyItems.map((e) => e.startsAt.slice(0, 10))).toEqual(["2030-02-01", "2030-04-01", "2030-06-01"]);

    const dates = await as(t, organizer)({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Funciones de títeres",
        startsAt: "2030-03-07T17:00:00-06:00",
        address: "Parque Las Maravillas",
        recurrence: { rule: "dates", dates: ["2030-03-14T12:00:00-06:00", "2030-03-09T17:00:00-06:00"] },
      },
    });
    expect(dates.statusCode).toBe(201);
    expect(dates.json().data.series).toMatchObject({ rule: "dates", occurrencesCount: 3 });
  });

  it("avisa a quien sigue un evento cuando cambia de hora o lugar, o se cancela; no a quien lo cambia", async () => {
    const id = await createEvent(t, organizer, { title: "Cine al aire libre", startsAt: daysFromNow(5) });
    const follow = await as(t, follower)({ method: "POST", url: `/api/events/${id}/follow` });
    expect(follow.json().data).toEqual({ following: true, followersCount: 1 });
    await as(t, organizer)({ method: "POST", url: `/api/events/${id}/follow` });

    // A change that is not time, place or status notifies nobody.
    await as(t, organizer)({ method: "PUT", url: `/api/events/${id}`, payload: { description: "Trae tu cobija." } });
    expect(await notificationsOf(t, follower.uid)).toEqual([]);

    await as(t, organizer)({ method: "PUT", url: `/api/events/${id}`, payload: { startsAt: daysFromNow(6) } });
    let notices = await notificationsOf(t, follower.uid);
    expect(notices[0]).toMatchObject({ kind: "event_updated", title: "Cambio de horario: Cine al aire libre", link: `/events/${id}` });

    await as(t, organizer)({ method: "PUT", url: `/api/events/${id}`, payload: { address: "Alameda Zaragoza" } });
    notices = await notificationsOf(t, follower.uid);
    expect(notices[0]).toMatchObject({ title: "Cambio de lugar: Cine al aire libre", body: "Ahora será en Alameda Zaragoza." });

    await as(t, organizer)({ method: "PUT", url: `/api/events/${id}`, payload: { status: "cancelled", statusNote: "Pronóstico de lluvia." } });
    notices = await notificationsOf(t, follower.uid);
    expect(notices[0]).toMatchObject({ kind: "event_cancelled", title: "Evento cancelado: Cine al aire libre", body: "Pronóstico de lluvia." });
    expect(notices).toHaveLength(3);
    expect(await notificationsOf(t, organizer.uid)).toEqual([]);
  });

  it("avisa a quien sigue un lugar cuando ahí se publica un evento", async () => {
    const placeId = await createPlace(t, admin, { name: "Museo del Desierto" });
    await as(t, follower)({ method: "POST", url: `/api/places/${placeId}/follow` });
    const id = await createEvent(t, organizer, { title: "Noche de estrellas", placeId, address: undefined });
    const notices = await notificationsOf(t, follower.uid);
    expect(notices[0]).toMatchObject({ kind: "event_published", title: "Nuevo evento en Museo del Desierto", link: `/events/${id}` });
  });

  it("un evento oculto sale de las listas públicas y da 404 salvo a admins y a quien lo organiza", async () => {
    const id = await createEvent(t, organizer, { title: "Evento a ocultar" });
    const hide = await as(t, admin)({ method: "POST", url: `/api/events/${id}/moderate`, payload: { action: "hide", reason: "Información falsa" } });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data).toMatchObject({ hidden: true, hiddenReason: "Información falsa" });

    const ids = async (who: Person | null, url: string) => (await as(t, who)({ url })).json().data.items.map((e: { _id: string }) => e._id);
    expect(await ids(null, "/api/events?limit=50")).not.toContain(id);
    expect(await ids(follower, "/api/events?limit=50")).not.toContain(id);
    expect((await as(t, null)({ url: `/api/events/${id}` })).statusCode).toBe(404);
    expect((await as(t, follower)({ url: `/api/events/${id}` })).statusCode).toBe(404);
    expect((await as(t, admin)({ url: `/api/events/${id}` })).statusCode).toBe(200);
    const mine = await as(t, organizer)({ url: "/api/events/mine?limit=50" });
    expect(mine.json().data.items.find((e: { _id: string }) => e._id === id)).toMatchObject({ hidden: true, hiddenReason: "Información falsa" });
    expect(await ids(admin, "/api/events?visibility=hidden&limit=50")).toContain(id);
    expect((await as(t, follower)({ url: "/api/events?visibility=hidden" })).statusCode).toBe(403);
    expect((await notificationsOf(t, organizer.uid))[0]).toMatchObject({ kind: "content_hidden", title: "Tu evento «Evento a ocultar» fue ocultado" });
  });
});
