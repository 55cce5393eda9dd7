import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, makePerson, type Person } from "../../content/__tests__/helpers";
import { windowFor } from "../resource";

// The discovery page's filters on GET /events (issue 12): days of the city, price, online or in
// person, distance, place category and accessibility, alone and combined. Every event lives in
// one fixed week of 2030 (Friday 15 to Sunday 17 March) and every query is bounded to it, so
// nothing else in the database can answer.

const WEEK = "from=2030-03-11&to=2030-03-24";
/** Local time in Saltillo (UTC−6 all year since 2022). */
const local = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2030, 2, day, hour + 6, minute)).toISOString();

describe("filtros de descubrimiento de eventos", () => {
  let t: TestApp;
  let organizer: Person;
  const ids: Record<string, string> = {};

  const titles = async (query: string): Promise<string[]> => {
    const res = await as(t, null)({ url: `/api/events?limit=50&${query}` });
    expect(res.statusCode).toBe(200);
    const found = new Set(res.json().data.items.map((e: { _id: string }) => e._id));
    return Object.keys(ids).filter((name) => found.has(ids[name]!)).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    organizer = await makePerson(t, { name: "Colectivo Sur" });
    const teatro = await createPlace(t, organizer);
    // Monterrey, some 70 km from Saltillo's centre.
    const museo = await createPlace(t, organizer, { name: "Museo lejano", category: "museo", lat: 25.6866, lng: -100.3161 });
    ids.teatroGratis = await createEvent(t, organizer, {
      title: "Obra gratuita",
      startsAt: local(15, 19),
      placeId: teatro,
      accessibilityFeatures: ["step-free-entrance", "accessible-toilet"],
    });
    ids.museoCaro = await createEvent(t, organizer, { title: "Visita guiada", startsAt: local(16, 11), placeId: museo, priceType: "paid", priceAmount: 300 });
    ids.plazaBarato = await createEvent(t, organizer, {
      title: "Tardeada",
      startsAt: local(17, 23, 30),
      address: "Plaza de Armas, Saltillo",
      lat: 25.4251,
      lng: -101.0006,
      priceType: "paid",
      priceAmount: 100,
      accessibilityFeatures: ["step-free-entrance"],
    });
    ids.enLinea = await createEvent(t, organizer, { title: "Charla en línea", startsAt: local(18, 0, 30), address: null, onlineUrl: "https://meet.example.org/charla" });
    ids.hibrido = await createEvent(t, organizer, {
      title: "Taller híbrido",
      startsAt: local(14, 17, 59),
      placeId: teatro,
      onlineUrl: "https://meet.example.org/taller",
      accessibilityFeatures: ["step-free-entrance", "accessible-toilet", "sign-language"],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("lee los días de `from`/`to` en la zona de la ciudad, con `to` incluido hasta la medianoche", async () => {
    // Sunday 23:30 local is Monday 05:30 UTC: still the weekend. Monday 00:30 local is not.
    expect(await titles("from=2030-03-15&to=2030-03-17")).toEqual(["museoCaro", "plazaBarato", "teatroGratis"]);
    expect(await titles("from=2030-03-18&to=2030-03-18")).toEqual(["enLinea"]);
    // An instant still works as before.
    expect(await titles(`from=${encodeURIComponent("2030-03-15T18:00:00-06:00")}&to=2030-03-15`)).toEqual(["teatroGratis"]);
  });

  it("calcula hoy, el fin de semana y la semana en la hora de la ciudad", () => {
    // Friday 17:59 local is before the weekend; 18:00 opens it.
    const friday = windowFor("weekend", undefined, undefined, new Date(local(15, 17, 59)));
    expect(friday).toEqual({ kind: "forward", from: new Date(local(15, 18)), to: new Date(local(18, 0)) });
    // Sunday 23:00 local (Monday 05:00 UTC): still this weekend, until local midnight.
    const sunday = windowFor("weekend", undefined, undefined, new Date(local(17, 23)));
    expect(sunday).toEqual({ kind: "forward", from: new Date(local(17, 23)), to: new Date(local(18, 0)) });
    // Wednesday: the rest of the week ends on Monday 00:00; on Sunday night, at its midnight.
    expect(windowFor("week", undefined, undefined, new Date(local(13, 10)))).toEqual({ kind: "forward", from: new Date(local(13, 10)), to: new Date(local(18, 0)) });
    expect(windowFor("week", undefined, undefined, new Date(local(17, 22)))).toEqual({ kind: "forward", from: new Date(local(17, 22)), to: new Date(local(18, 0)) });
    expect(windowFor("today", undefined, undefined, new Date(local(16, 23, 30)))).toEqual({ kind: "forward", from: new Date(local(16, 23, 30)), to: new Date(local(17, 0)) });
  });

  it("filtra por precio: gratis, o hasta un monto (los gratuitos entran)", async () => {
    expect(await titles(`${WEEK}&free=true`)).toEqual(["enLinea", "hibrido", "teatroGratis"]);
    expect(await titles(`${WEEK}&maxPrice=150`)).toEqual(["enLinea", "hibrido", "plazaBarato", "teatroGratis"]);
    expect(await titles(`${WEEK}&maxPrice=0`)).toEqual(["enLinea", "hibrido", "teatroGratis"]);
  });

  it("filtra en línea o presencial (un evento híbrido está en ambos)", async () => {
    expect(await titles(`${WEEK}&mode=online`)).toEqual(["enLinea", "hibrido"]);
    expect(await titles(`${WEEK}&mode=in-person`)).toEqual(["hibrido", "museoCaro", "plazaBarato", "teatroGratis"]);
  });

  it("filtra por distancia desde un punto, con el punto del evento o el de su lugar", async () => {
    const centro = "lat=25.4232&lng=-101.0053";
    expect(await titles(`${WEEK}&${centro}&radius=2`)).toEqual(["hibrido", "plazaBarato", "teatroGratis"]);
    // Plaza de Armas is ~0.5 km away: inside 1 km, outside 0.3 km.
    expect(await titles(`${WEEK}&${centro}&radius=0.3`)).toEqual(["hibrido", "teatroGratis"]);
    expect(await titles(`${WEEK}&${centro}&radius=100`)).toEqual(["hibrido", "museoCaro", "plazaBarato", "teatroGratis"]);
  });

  it("filtra por categoría del lugar y por accesibilidad (todas las pedidas)", async () => {
    expect(await titles(`${WEEK}&category=museo`)).toEqual(["museoCaro"]);
    expect(await titles(`${WEEK}&accessibility=step-free-entrance`)).toEqual(["hibrido", "plazaBarato", "teatroGratis"]);
    expect(await titles(`${WEEK}&accessibility=accessible-toilet,step-free-entrance`)).toEqual(["hibrido", "teatroGratis"]);
    expect(await titles(`${WEEK}&accessibility=sign-language,accessible-toilet,step-free-entrance`)).toEqual(["hibrido"]);
  });

  it("combina filtros", async () => {
    expect(await titles(`from=2030-03-15&to=2030-03-17&maxPrice=200&mode=in-person&lat=25.4232&lng=-101.0053&radius=5&accessibility=step-free-entrance`)).toEqual([
      "plazaBarato",
      "teatroGratis",
    ]);
    expect(await titles(`from=2030-03-15&to=2030-03-17&category=teatro&accessibility=sign-language`)).toEqual([]);
  });

  it.each([
    ["maxPrice=-5", "maxPrice", "El precio máximo no puede ser negativo."],
    ["maxPrice=barato", "maxPrice", "El precio máximo debe ser un número."],
    ["mode=virtual", "mode", "mode debe ser online o in-person."],
    ["lat=25.4&lng=-101", "radius", "Para buscar por distancia indica lat, lng y radius juntos."],
    ["lat=95&lng=-101&radius=5", "lat", "La latitud va de -90 a 90."],
    ["lat=25.4&lng=-101&radius=500", "radius", "El radio admite hasta 100 km."],
    ["accessibility=rampa", "accessibility", "accessibility es una lista separada por comas de: step-free-entrance, accessible-toilet, seating, sign-language, captions-audio-description, quiet-space, assistance-animals, accessible-parking."],
    ["category=cine", "category", expect.stringContaining("La categoría debe ser una de:")],
    ["from=ayer", "from", expect.stringContaining("La fecha desde no es válida; usa AAAA-MM-DD")],
    ["when=mes", "when", "when debe ser upcoming, today, weekend, week o past."],
  ])("responde 400 en español a %s", async (query, path, message) => {
    const res = await as(t, null)({ url: `/api/events?${query}` });
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as { path: string[]; message: string }[];
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: [path], message })]));
  });
});
