// Stored URLs that later become navigation. Internal links (notifications) must stay on the app's
// origin: browsers read `//host` and `/\host` as another host, strip tabs and newlines before
// parsing, and some proxies decode `%5C`/`%2F` once more, so every such spelling is refused.
// External links stored as content (websites, online events, profile links) must be http(s).
// Shared by the server (on write) and the client (before following a link). Without zod: detail
// pages check links before showing them and must not download the schema library for it.

const PROBE_ORIGIN = "https://plaza.invalid";
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Decodes every `%XX` byte until nothing changes, byte by byte so a malformed sequence elsewhere
 * cannot hide an encoded slash or backslash from the checks.
 */
function fullyDecoded(value: string): string {
  let current = value;
  for (let i = 0; i < 10; i++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** True for a path on this app's origin such as `/events/abc/?q=1#x`, false for anything that could leave it. */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith("/") || value.includes("\\") || CONTROL_OR_SPACE.test(value)) return false;
  const decoded = fullyDecoded(value);
  // An encoded space is a normal query (`?q=tamales%20de%20elote`); encoded controls are not.
  if (decoded.includes("\\") || CONTROL.test(decoded)) return false;
  const pathPart = decoded.split(/[?#]/)[0] ?? "";
  if (pathPart.startsWith("//")) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** True for an absolute http(s) URL with a host and no whitespace or control characters. */
export function isHttpUrl(value: string): boolean {
  if (CONTROL_OR_SPACE.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const SAME_ORIGIN_PATH_MESSAGE = "El enlace debe ser una ruta de la app que empiece con /.";
export const HTTP_URL_MESSAGE = "El enlace debe empezar con http:// o https://.";
