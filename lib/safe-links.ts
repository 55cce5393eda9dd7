import { isHttpUrl, isSameOriginPath } from "./schemas/link-checks";

// The one check the client runs before a stored URL becomes navigation. The server already
// refuses bad links on write; this also covers rows written before that rule, or by another
// client. A link that fails is rendered as plain text, so there is nothing to follow.

/** An in-app path ready for `<Link href>` (with the export's trailing slash), or null. */
export function internalHref(link: string | null | undefined): string | null {
  if (!link || !isSameOriginPath(link)) return null;
  return link.endsWith("/") || link.includes("?") || link.includes("#") ? link : `${link}/`;
}

/** An http(s) address for `<a href target="_blank">`, or null. */
export function externalHref(url: string | null | undefined): string | null {
  return url && isHttpUrl(url) ? url : null;
}
