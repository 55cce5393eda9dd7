import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import ICAL from "ical.js";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, createTag, makePerson, type Person } from "../../content/__tests__/helpers";
import { escapeText, foldLine } from "../ics";

// .ics files checked by parsing them back with ical.js (Mozilla's iCalendar parser).

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  // The file's own VTIMEZONE is what turns local times into instants.
  const zone = calendar.getFirstSubcomponent("vtimezone");
  if (zone) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c)) };
}

describe("calendario (.ics)", () => {
  let t: TestApp;
  let organizer: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp();
    organizer = await makePerson(t, { name: "Colectivo, Sarape; y \"amigos\"" });
    admin = await makePerson(t, { accountType: "ADMIN" });
    await createTag(t, admin, "Música", "musica");
  });
  afterAll(async () => {
    await t.close();
  });

  it("pliega líneas a 75 octetos sin partir caracteres y escapa el texto", () => {
    const line = `DESCRIPTION:${escapeText("Música, danza; y más\nÑandú ".repeat(10))}`;
    const folded = foldLine(line);
    for (const physical of folded.split("\r\n")) expect(Buffer.byteLength(physical, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.split("\r\n ").join("")).toBe(line);
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("un evento se lee de vuelta con su hora en America/Monterrey, lugar, coordenadas, URL y estado", async () => {
    const placeId = await createPlace(t, organizer, { name: "Teatro Fernando Soler" });
    const description = "Una noche larga: ".repeat(12) + "con acentos, comas; y punto y coma.";
    const id = await createEvent(t, organizer, {
      title: "Concierto: Márquez, Moncayo; y más",
      description,
      startsAt: "2030-05-02T19:30:00-06:00",
      endsAt: "2030-05-02T21:30:00-06:00",
      placeId,
      tags: ["musica"],
      accessibilityFeatures: ["step-free-entrance", "sign-language"],
      accessibility: "Rampa por la calle Allende.",
    });
    const res = await as(t, null)({ url: `/api/events/${id}.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.body.endsWith("\r\n")).toBe(true);
    for (const line of res.body.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);

    const { calendar, events } = parse(res.body);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("America/Monterrey");
    const event = events[0]!;
    expect(event.uid).toBe(`${id}@plaza`);
    expect(event.summary).toBe("Concierto: Márquez, Moncayo; y más");
    expect(event.description).toContain(description);
    expect(event.description).toContain("Accesibilidad: Entrada sin escalones, Interpretación en lengua de señas. Rampa por la calle Allende.");
    expect(event.location).toBe("Teatro Fernando Soler, Calle Juárez 100, Zona Centro, Saltillo");
    expect(event.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("America/Monterrey");
    expect(event.startDate.toJSDate().toISOString()).toBe("2030-05-03T01:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2030-05-03T03:30:00.000Z");
    const component = event.component;
    expect(component.getFirstPropertyValue("geo")).toEqual([25.4232, -101.0053]);
    expect(String(component.getFirstPropertyValue("url"))).toMatch(new RegExp(`/events/${id}$`));
    expect(component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(component.getFirstPropertyValue("categories")).toBe("Música");
    expect(component.getFirstPropertyValue("dtstamp")).toBeTruthy();

    await as(t, organizer)({ method: "PUT", url: `/api/events/${id}`, payload: { status: "cancelled" } });
    const cancelled = parse((await as(t, null)({ url: `/api/events/${id}.ics` })).body).events[0]!;
    expect(cancelled.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("una serie sale como una VEVENT por fecha con ?series=true", async () => {
    const id = await createEvent(t, organizer, {
      title: "Club de lectura",
      startsAt: "2030-03-05T18:00:00-06:00",
      endsAt: "2030-03-05T19:30:00-06:00",
      address: "Biblioteca Pública Central",
      recurrence: { rule: "weekly", until: "2030-03-26" },
    });
    const single = parse((await as(t, null)({ url: `/api/events/${id}.ics` })).body);
    expect(single.events).toHaveLength(1);
    const series = parse((await as(t, null)({ url: `/api/events/${id}.ics?series=true` })).body);
    expect(series.events).toHaveLength(4);
    expect(new Set(series.events.map((e) => e.uid)).size).toBe(4);
    expect(series.events.map((e) => e.startDate.toJSDate().toISOString())).toEqual([
      "2030-03-06T00:00:00.000Z",
      "2030-03-13T00:00:00.000Z",
      "2030-03-20T00:00:00.000Z",
      "2030-03-27T00:00:00.000Z",
    ]);
  });

  it("el calendario personal lista lo que sigo; renovar la dirección revoca la anterior", async () => {
    const reader = await makePerson(t);
    const followed = await createEvent(t, organizer, { title: "Seguido", startsAt: "2030-06-01T12:00:00-06:00" });
    await createEvent(t, organizer, { title: "No seguido", startsAt: "2030-06-02T12:00:00-06:00" });
    await as(t, reader)({ method: "POST", url: `/api/events/${followed}/follow` });

    const feed = await as(t, reader)({ url: "/api/calendar/feed-url" });
    expect(feed.statusCode).toBe(200);
    const { url, webcalUrl } = feed.json().data as { url: string; webcalUrl: string };
    expect(webcalUrl.startsWith("webcal://")).toBe(true);
    expect((await as(t, reader)({ url: "/api/calendar/feed-url" })).json().data.url).toBe(url);
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const ics = await as(t, null)({ url: `/api/calendar/${token}.ics` });
    expect(ics.statusCode).toBe(200);
    const parsed = parse(ics.body);
    expect(parsed.events.map((e) => e.summary)).toEqual(["Seguido"]);
    expect(parsed.calendar.getFirstPropertyValue("x-wr-calname")).toBe("Plaza: eventos que sigo");

    const rotated = await as(t, reader)({ method: "POST", url: "/api/calendar/feed-url/rotate" });
    expect(rotated.json().data.url).not.toBe(url);
    expect((await as(t, null)({ url: `/api/calendar/${token}.ics` })).statusCode).toBe(404);
  });

  describe("las direcciones salen de PUBLIC_URL, no de la cabecera Host", () => {
    let site: TestApp;
    let reader: Person;
    let eventId: string;
    const forged = { host: "phishing.example", "x-forwarded-host": "phishing.example", "x-forwarded-proto": "http" };

    beforeAll(async () => {
      // Even trusting a proxy's X-Forwarded-* headers, the links stay on the configured origin.
      site = await createTestApp({ env: { PUBLIC_URL: "https://plaza.ejemplo.mx/", TRUST_PROXY: "true" } });
      reader = await makePerson(site);
      const author = await makePerson(site);
      eventId = await createEvent(site, author, { title: "Con enlace", startsAt: "2030-07-01T12:00:00-06:00" });
      await as(site, reader)({ method: "POST", url: `/api/events/${eventId}/follow` });
    });
    afterAll(async () => {
      await site.close();
    });

    it("la dirección del calendario personal (https y webcal) ignora un Host falsificado", async () => {
      for (const headers of [{}, forged]) {
        const { url, webcalUrl } = (await as(site, reader)({ url: "/api/calendar/feed-url", headers })).json().data as { url: string; webcalUrl: string };
        expect(url).toMatch(/^https:\/\/plaza\.ejemplo\.mx\/api\/calendar\/[^/]+\.ics$/);
        expect(webcalUrl).toBe(url.replace(/^https:/, "webcal:"));
      }
      const rotated = (await as(site, reader)({ method: "POST", url: "/api/calendar/feed-url/rotate", headers: forged })).json().data.url as string;
      expect(rotated.startsWith("https://plaza.ejemplo.mx/api/calendar/")).toBe(true);
    });

    it("los enlaces dentro de los .ics también", async () => {
      const feed = new URL((await as(site, reader)({ url: "/api/calendar/feed-url" })).json().data.url as string);
      for (const path of [feed.pathname, `/api/events/${eventId}.ics`]) {
        const res = await as(site, null)({ url: path, headers: forged });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain("phishing.example");
        const [event] = parse(res.body).events;
        expect(event!.component.getFirstPropertyValue("url")).toBe(`https://plaza.ejemplo.mx/events/${eventId}`);
      }
    });
  });
});
