// @database-independent: plain code (scripts/test.mjs runs it in one API run).
import vm from "node:vm";
import { describe, expect, it } from "@jest/globals";
import { toIso } from "../sql";

describe("toIso", () => {
  it("writes a date as ISO 8601 in UTC, the same text each time it is asked", () => {
    const date = new Date("2026-11-27T18:30:00-06:00");
    expect(toIso(date)).toBe("2026-11-28T00:30:00.000Z");
    expect(toIso(date)).toBe("2026-11-28T00:30:00.000Z");
  });

  it("follows a date that was changed after it was first written", () => {
    const date = new Date("2026-11-27T12:00:00.000Z");
    expect(toIso(date)).toBe("2026-11-27T12:00:00.000Z");
    date.setUTCHours(15);
    expect(toIso(date)).toBe("2026-11-27T15:00:00.000Z");
  });

  it("writes a date made in another realm (PGlite's rows under Jest)", () => {
    expect(toIso(vm.runInNewContext("new Date(5)"))).toBe("1970-01-01T00:00:00.005Z");
  });

  it("writes PostgreSQL's JSON timestamps as a Date would, for any time and any number of decimals", () => {
    // How PostgreSQL writes a timestamptz in JSON in a UTC session: trailing zeros of the
    // fraction dropped, no fraction at all on a whole second.
    const asPostgresJson = (date: Date, micros: number) => {
      const fraction = String(date.getUTCMilliseconds() * 1000 + micros).padStart(6, "0").replace(/0+$/, "");
      return `${date.toISOString().slice(0, 19)}${fraction ? `.${fraction}` : ""}+00:00`;
    };
    const start = Date.UTC(1999, 0, 1);
    for (let k = 0; k < 5000; k++) {
      // Every day of the month (leap days too), hour, minute and second, and sub-millisecond parts.
      const date = new Date(start + k * 86_400_000 * 3.37 + ((k * 7919) % 86_400_000));
      const text = asPostgresJson(date, (k * 131) % 1000);
      expect(toIso(text)).toBe(new Date(text).toISOString());
    }
    expect(toIso("2026-11-27T18:45:07.123999+00:00")).toBe("2026-11-27T18:45:07.123Z");
    expect(toIso("2026-11-27T18:45:07+00:00")).toBe("2026-11-27T18:45:07.000Z");
    expect(toIso("2026-11-27T18:45:07.5-06:00")).toBe("2026-11-28T00:45:07.500Z");
    expect(toIso("2024-02-29T23:59:59.999+00:00")).toBe("2024-02-29T23:59:59.999Z");
    // Days a calendar rolls over, as Date does.
    expect(toIso("2026-02-29T00:00:00+00:00")).toBe("2026-03-01T00:00:00.000Z");
    expect(toIso("2026-04-31T00:00:00+00:00")).toBe("2026-05-01T00:00:00.000Z");
    expect(() => toIso("2026-13-01T00:00:00+00:00")).toThrow(RangeError);
  });

  it("normalises strings and numbers, and refuses what is not a date", () => {
    expect(toIso("2026-11-27 12:00:00+00")).toBe("2026-11-27T12:00:00.000Z");
    expect(toIso(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(() => toIso(new Date("no es fecha"))).toThrow(RangeError);
    expect(() => toIso("no es fecha")).toThrow(RangeError);
  });
});
