import { describe, expect, test } from "@jest/globals";
import { calendarDay, isRecentSignIn } from "../recent-sign-in";

const MINUTE = 60_000;
const TZ = "America/Monterrey";
// 2026-03-10 12:00 in Monterrey (UTC-6).
const noon = new Date("2026-03-10T18:00:00.000Z");

describe("recent sign-in rule (docs/product.md#account-deletion-and-providers)", () => {
  test("a sign-in under 10 minutes ago on the same day is recent", () => {
    expect(isRecentSignIn(new Date(noon.getTime() - 9 * MINUTE), noon, { timeZone: TZ })).toBe(true);
    expect(isRecentSignIn(noon, noon, { timeZone: TZ })).toBe(true);
  });

  test("10 minutes or more is too old", () => {
    expect(isRecentSignIn(new Date(noon.getTime() - 10 * MINUTE), noon, { timeZone: TZ })).toBe(false);
    expect(isRecentSignIn(new Date(noon.getTime() - 3 * 60 * MINUTE), noon, { timeZone: TZ })).toBe(false);
  });

  test("across midnight it is too old even within 10 minutes", () => {
    const justAfterMidnight = new Date("2026-03-11T06:02:00.000Z"); // 00:02 in Monterrey
    const beforeMidnight = new Date("2026-03-11T05:57:00.000Z"); // 23:57 the day before
    expect(isRecentSignIn(beforeMidnight, justAfterMidnight, { timeZone: TZ })).toBe(false);
    // The same instants are on one day in UTC.
    expect(isRecentSignIn(beforeMidnight, justAfterMidnight, { timeZone: "UTC" })).toBe(true);
  });

  test("small clock skew (sign-in slightly ahead) still counts, an invalid date never does", () => {
    expect(isRecentSignIn(new Date(noon.getTime() + 30_000), noon, { timeZone: TZ })).toBe(true);
    expect(isRecentSignIn(new Date(noon.getTime() + 5 * MINUTE), noon, { timeZone: TZ })).toBe(false);
    expect(isRecentSignIn(new Date("no es fecha"), noon, { timeZone: TZ })).toBe(false);
  });

  test("the day is the city's by default", () => {
    const beforeMidnight = new Date("2026-03-11T05:57:00.000Z");
    const justAfterMidnight = new Date("2026-03-11T06:02:00.000Z");
    expect(isRecentSignIn(beforeMidnight, justAfterMidnight)).toBe(false);
  });

  test("calendarDay formats the local day", () => {
    expect(calendarDay(noon, TZ)).toBe("2026-03-10");
    expect(calendarDay(new Date("2026-03-11T05:57:00.000Z"), TZ)).toBe("2026-03-10");
  });
});
