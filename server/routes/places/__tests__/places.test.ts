import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import { placeSchema } from "../../../../lib/schemas/places";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, daysFromNow, makePerson, type Person } from "../../content/__tests__/helpers";

function multipart(field: string, filename: string, data: Buffer) {
  const boundary = "----plaza-prueba";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload: body };
}

describe("lugares", () => {
  let t: TestApp;
  let author: Person;

  beforeAll(async () => {
    t = await createTestApp();
    author = await makePerson(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("publica un lugar con horario y contacto, lista sus eventos próximos y pasados", async () => {
    const res = await as(t, author)({
      method: "POST",
      url: "/api/places",
      payload: {
        name: "Museo de las Aves de México",
        category: "museo",
        description: "Aves de todo el país.",
        address: { street: "Calle Hidalgo", number: "151", neighbourhood: "Zona Centro", city: "Saltillo", state: "Coahuila", postalCode: "25000" },
        lat: 25.4195,
        lng: -101.0011,
        openingHours: [{ day: 2, opens: "10:00", closes: "18:00" }],
        contact: { phone: "844 414 0167", website: "https://aves.example.mx" },
        accessibility: "Elevador.",
      },
    });
    expect(res.statusCode).toBe(201);
    const place = placeSchema.parse(res.json().data);
    expect(place).toMatchObject({ addressLine: "Calle Hidalgo 151, Zona Centro, Saltillo", upcomingEventsCount: 0, canEdit: true });
    expect(place.slug).toMatch(/^museo-de-las-aves-de-mexico-/);

    const upcoming = await createEvent(t, author, { placeId: place._id, title: "Visita guiada" });
    const past = await createEvent(t, author, { placeId: place._id, title: "Taller pasado", startsAt: daysFromNow(-5), endsAt: daysFromNow(-5, 20) });
    const next = await as(t, null)({ url: `/api/events?placeId=${place._id}` });
    expect(next.json().data.items.map((e: { _id: string }) => e._id)).toEqual([upcoming]);
    const before = await as(t, null)({ url: `/api/events?placeId=${place._id}&when=past` });
    expect(before.json().data.items.map((e: { _id: string }) => e._id)).toEqual([past]);
    expect((await as(t, null)({ url: `/api/places/${place._id}` })).json().data.upcomingEventsCount).toBe(1);

    const bad = await as(t, author)({ method: "POST", url: "/api/places", payload: { name: "X", category: "nave", address: {}, openingHours: [{ day: 9, opens: "25:00", closes: "10:00" }] } });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "El nombre debe tener al menos 2 caracteres.",
        "El día va de 0 (domingo) a 6 (sábado).",
        "La hora debe tener el formato HH:MM (24 horas).",
      ]),
    );
  });

  it("cambia la imagen con el pipeline de imágenes (WebP en varios tamaños) y solo quien puede editar", async () => {
    const id = await createPlace(t, author, { name: "Casa Purcell" });
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
    const stranger = await makePerson(t);
    const denied = await as(t, stranger)({ method: "PUT", url: `/api/places/${id}/image`, ...multipart("file", "portada.png", png) });
    expect(denied.statusCode).toBe(403);

    const res = await as(t, author)({ method: "PUT", url: `/api/places/${id}/image`, ...multipart("file", "portada.png", png) });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.coverImage as string;
    expect(url).toMatch(/\/960\.webp$/);
    const image = await t.request({ url: new URL(url, "http://x").pathname });
    expect(image.statusCode).toBe(200);
    // Its events name it with its cover: the place's page draws it while its own answer comes.
    const eventId = await createEvent(t, author, { placeId: id });
    const placeOfEvent = async () => (await as(t, null)({ url: `/api/events/${eventId}` })).json().data.place;
    const placeInList = async () => (await as(t, null)({ url: `/api/events?placeId=${id}` })).json().data.items[0].place;
    expect(await placeOfEvent()).toMatchObject({ _id: id, name: "Casa Purcell", coverImage: url });
    expect(await placeInList()).toMatchObject({ _id: id, coverImage: url });
    // Hidden by moderation, its picture no longer shows through its events.
    const admin = await makePerson(t, { accountType: "ADMIN" });
    const hide = (action: "hide" | "unhide") => as(t, admin)({ method: "POST", url: `/api/places/${id}/moderate`, payload: { action, reason: "Imagen ofensiva" } });
    expect((await hide("hide")).statusCode).toBe(200);
    expect(await placeOfEvent()).toMatchObject({ _id: id, coverImage: null });
    expect(await placeInList()).toMatchObject({ _id: id, coverImage: null });
    expect((await hide("unhide")).statusCode).toBe(200);
    expect(await placeOfEvent()).toMatchObject({ _id: id, coverImage: url });
    expect(await placeInList()).toMatchObject({ _id: id, coverImage: url });

    const removed = await as(t, author)({ method: "DELETE", url: `/api/places/${id}/image` });
    expect(removed.json().data.coverImage).toBeNull();
    expect(await placeOfEvent()).toMatchObject({ _id: id, coverImage: null });
    expect(await placeInList()).toMatchObject({ _id: id, coverImage: null });
    const notImage = await as(t, author)({ method: "PUT", url: `/api/places/${id}/image`, ...multipart("file", "x.png", Buffer.from("no soy imagen")) });
    expect(notImage.statusCode).toBe(415);
  });
});
