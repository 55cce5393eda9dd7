import { RECENT_SIGN_IN_WINDOW_MS } from "@/lib/query/constants";
import { CITY_TIME_ZONE } from "@/lib/schemas/constants";

// docs/product.md#account-deletion-and-providers: deleting the account needs a sign-in on the same
// calendar day and less than 10 minutes ago. The API applies the same rule to the token's auth_time
// (server/routes/users/ recent-sign-in.ts); this copy, on the same auth_time and the same city time
// zone, lets the client say "sign in again" without a round trip.

/** A sign-in this far "in the future" is clock skew between the device and the provider. */
const CLOCK_SKEW_MS = 30 * 1000;

/** The calendar day of `date` as YYYY-MM-DD, in `timeZone`. */
export function calendarDay(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

export function isRecentSignIn(
  lastSignIn: Date,
  now: Date = new Date(),
  { windowMs = RECENT_SIGN_IN_WINDOW_MS, timeZone = CITY_TIME_ZONE }: { windowMs?: number; timeZone?: string } = {},
): boolean {
  const last = lastSignIn.getTime();
  if (Number.isNaN(last)) return false;
  const elapsed = now.getTime() - last;
  if (elapsed >= windowMs || elapsed < -CLOCK_SKEW_MS) return false;
  return calendarDay(lastSignIn, timeZone) === calendarDay(now, timeZone);
}
