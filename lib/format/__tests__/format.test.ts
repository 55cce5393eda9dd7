import { describe, expect, it } from "@jest/globals";
import { cityDateKey, formatTime } from "../dates";
import { formatEventWhen } from "../long-dates";
import { addDaysToKey, cityWallTimeToIso, isoToCityInputs, toCalendarUtc } from "../city-clock";
import { formatPrice, formatPesos } from "../price";
import { formatFollowers, formatPeople } from "../count";

describe("fechas en America/Monterrey", () => {
  const now = new Date("2026-03-01T12:00:00Z");

  it("muestra la hora de la ciudad aunque el instante sea de otro día en UTC", () => {
    // 02:00 UTC del 15 = 20:00 del 14 en Saltillo (UTC-6).
    expect(formatTime("2026-03-15T02:00:00Z")).toBe("20:00");
    expect(cityDateKey("2026-03-15T02:00:00Z")).toBe("2026-03-14");
  });

  it("escribe el día y el horario en español", () => {
    expect(formatEventWhen({ startsAt: "2026-03-15T02:00:00Z", endsAt: "2026-03-15T04:00:00Z" }, now)).toBe(
      "Sábado, 14 de marzo · 20:00 a 22:00",
    );
    expect(formatEventWhen({ startsAt: "2026-03-14T06:00:00Z", allDay: true }, now)).toBe("Sábado, 14 de marzo · Todo el día");
    expect(formatEventWhen({ startsAt: "2027-01-02T18:00:00Z" }, now)).toBe("Sábado, 2 de enero de 2027 · 12:00");
  });

  it("convierte la hora local de la ciudad a un instante y de vuelta", () => {
    const iso = cityWallTimeToIso("2026-03-14", "20:00");
    expect(iso).toBe("2026-03-15T02:00:00.000Z");
    expect(isoToCityInputs(iso!)).toEqual({ date: "2026-03-14", time: "20:00" });
    expect(cityWallTimeToIso("14/03/2026", "20:00")).toBeNull();
  });

  it("da las formas de calendario", () => {
    expect(toCalendarUtc("2026-03-15T02:00:00.000Z")).toBe("20260315T020000Z");
    expect(addDaysToKey("2026-02-28", 1)).toBe("2026-03-01");
  });
});

describe("precios en pesos", () => {
  it("gratis o cantidad en MXN", () => {
    expect(formatPrice({ type: "free" })).toBe("Gratis");
    expect(formatPrice({ type: "paid", amount: 150 })).toBe("$150 MXN");
    expect(formatPrice({ type: "paid", amount: "1500.00" })).toBe("$1,500 MXN");
    expect(formatPesos(99.5)).toBe("$99.50 MXN");
  });
});

it("cuenta seguidores en singular y plural", () => {
  expect(formatFollowers(1)).toBe("1 seguidor");
  expect(formatFollowers(1234)).toBe("1,234 seguidores");
});

describe("enlace de Google Calendar", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { googleCalendarUrl } = require("../calendar") as typeof import("../calendar");
  it("lleva título, fechas en UTC, detalles y lugar", () => {
    const url = new URL(
      googleCalendarUrl({
        title: "Noche de jazz",
        description: "Trío en vivo",
        startsAt: "2026-03-15T02:00:00Z",
        endsAt: "2026-03-15T04:00:00Z",
        location: "Teatro Fernando Soler, Saltillo",
        url: "https://plaza.local/events/1/",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Noche de jazz");
    expect(url.searchParams.get("dates")).toBe("20260315T020000Z/20260315T040000Z");
    expect(url.searchParams.get("details")).toBe("Trío en vivo\n\nhttps://plaza.local/events/1/");
    expect(url.searchParams.get("location")).toBe("Teatro Fernando Soler, Saltillo");
  });
  it("un evento de todo el día termina al día siguiente", () => {
    const url = new URL(googleCalendarUrl({ title: "Feria", startsAt: "2026-03-14T06:00:00Z", allDay: true }));
    expect(url.searchParams.get("dates")).toBe("20260314/20260315");
  });
});

it("un evento ya abierto de varios días dice hasta cuándo", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { formatEventWhenShort } = require("../dates") as typeof import("../dates");
  const now = new Date("2026-11-21T18:00:00Z");
  expect(formatEventWhenShort({ startsAt: "2026-11-09T16:00:00Z", endsAt: "2026-12-19T16:00:00Z" }, now)).toBe("En curso · hasta el 19 de dic");
  expect(formatEventWhenShort({ startsAt: "2026-11-22T02:00:00Z" }, now)).toBe("sáb 21 de nov · 20:00");
});

describe("conteos", () => {
  it("el cupo de un evento: «1 persona», «1,200 personas»", () => {
    expect([1, 2, 1200].map(formatPeople)).toEqual(["1 persona", "2 personas", "1,200 personas"]);
  });
});
