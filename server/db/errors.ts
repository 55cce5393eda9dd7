// Which failures mean "the database cannot be reached right now" (restart, failover, network),
// as opposed to a bad statement or a bug. Those are answered 503 with Retry-After instead of 500:
// the request was fine and will work again once the server is back.

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

// SQLSTATE: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
// shutting down), class 08 connection exceptions, 53300 too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

// node-postgres reports a dropped socket and pool timeouts only by message.
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Connection refused/,
];

function matches(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && PG_MESSAGES.some((pattern) => pattern.test(message));
}

/** Whether `error` or anything it wraps (errors with a `cause`, AggregateErrors of connects) satisfies `test`. */
function anyWrapped(error: unknown, test: (candidate: object) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    if (test(current)) return true;
    queue.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}

/** True when `error` (or what it wraps) is a connection failure. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyWrapped(error, matches);
}

/**
 * A value the database refused (SQLSTATE class 22, "data exception": invalid text, number out of
 * range, character not in repertoire…). Schemas should stop these first; this is the safety net
 * so a value they missed is still the client's 400, not a 500. Only errors the server raised
 * (they carry a severity) count, not driver-side ones that happen to use a similar code.
 */
export function isDatabaseDataException(error: unknown): boolean {
  return anyWrapped(error, (candidate) => {
    const { code, severity } = candidate as { code?: unknown; severity?: unknown };
    return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === "string";
  });
}
