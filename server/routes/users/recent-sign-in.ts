import { CITY_TIME_ZONE } from "../../../lib/schemas/constants";

// docs/product.md#account-deletion-and-providers: deleting the account needs a sign-in on the same
// calendar day (in the city's time zone) and less than 10 minutes ago. The server reads the sign-in
// time from the ID token's auth_time, which a refreshed token keeps, so a stale session cannot pass
// by refreshing.

export const RECENT_SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
// Tokens are minted by Google's clock; ours may run slightly behind.
const CLOCK_SKEW_MS = 30 * 1000;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: CITY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

export function isRecentSignIn(authTime: Date, now: Date = new Date()): boolean {
  const elapsed = now.getTime() - authTime.getTime();
  if (Number.isNaN(elapsed) || elapsed >= RECENT_SIGN_IN_WINDOW_MS || elapsed < -CLOCK_SKEW_MS) return false;
  return dayFormat.format(authTime) === dayFormat.format(now);
}

export const SIGN_IN_AGAIN_MESSAGE = "Vuelve a iniciar sesión para hacer esto";
