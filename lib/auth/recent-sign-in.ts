import { RECENT_SIGN_IN_WINDOW_MS } from "@/lib/query/constants";

// SPEC §4/§9: deleting the account needs a sign-in on the same calendar day and less than
// 10 minutes ago. The API applies the same rule to the token's auth_time; this copy lets the
// client say "sign in again" without a round trip.

/** The calendar day of `date` as YYYY-MM-DD, in `timeZone` (the device's when omitted). */
export function calendarDay(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

export function isRecentSignIn(
  lastSignIn: Date,
  now: Date = new Date(),
  { windowMs = RECENT_SIGN_IN_WINDOW_MS, timeZone }: { windowMs?: number; timeZone?: string } = {},
): boolean {
  const last = lastSignIn.getTime();
  if (Number.isNaN(last)) return false;
  const elapsed = now.getTime() - last;
  // A sign-in slightly "in the future" is clock skew between the device and the provider.
  if (Math.abs(elapsed) >= windowMs) return false;
  return calendarDay(lastSignIn, timeZone) === calendarDay(now, timeZone);
}
