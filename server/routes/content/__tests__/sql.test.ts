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

  it("normalises strings and numbers, and refuses what is not a date", () => {
    expect(toIso("2026-11-27 12:00:00+00")).toBe("2026-11-27T12:00:00.000Z");
    expect(toIso(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(() => toIso(new Date("no es fecha"))).toThrow(RangeError);
    expect(() => toIso("no es fecha")).toThrow(RangeError);
  });
});
