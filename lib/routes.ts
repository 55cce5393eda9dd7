// The route table of the product (docs/product.md#routes) and the mapping between real ids and the
// placeholder id `_` that the static export builds each dynamic segment with. Shared by the client
// (route-id hook), the API server (rewrites) and the service worker (offline URL manipulation), so
// it must stay free of browser and Node APIs.

import type { ContentKind } from "./schemas/content";
import { normalizePath, PLACEHOLDER_ID } from "./paths";

/** Every static page of the product, without trailing slash ("/" for the home). */
export const STATIC_ROUTES = [
  "/",
  "/login",
  "/login-email",
  "/register",
  "/verify",
  "/addresses/index",
  "/addresses/create",
  "/communities/create",
  "/communities/following",
  "/communities/mine",
  "/events/create",
  "/events/following",
  "/events/import",
  "/events/mine",
  "/places/create",
  "/places/following",
  "/places/mine",
  "/news",
  "/news/create",
  "/news/following",
  "/news/mine",
  "/profile",
  "/profile/following",
  "/notifications",
  "/search",
  "/explore",
  "/privacyPolicy",
  "/termsAndConditions",
  "/moderation",
  "/panel",
  "/panel/home",
  "/panel/events",
  "/panel/events/tags",
  "/panel/news",
  "/panel/notifications",
  "/panel/places",
  "/panel/reports",
  "/panel/communities",
  "/panel/users",
  "/panel/users/create",
  "/panel/users/verify",
] as const;

export type StaticRoute = (typeof STATIC_ROUTES)[number];

/** Dynamic pages; `[name]` marks the id segment. */
export const DYNAMIC_ROUTES = [
  "/addresses/[addressId]/edit",
  "/communities/[communityId]",
  "/communities/[communityId]/edit",
  "/communities/[communityId]/edit.members",
  "/events/[eventId]",
  "/events/[eventId]/edit",
  "/places/[placeId]",
  "/places/[placeId]/edit",
  "/news/[newsId]",
  "/news/[newsId]/edit",
  "/profile/[profileId]",
] as const;

export type DynamicRoute = (typeof DYNAMIC_ROUTES)[number];

const STATIC_SET: ReadonlySet<string> = new Set(STATIC_ROUTES);

function segmentsOf(path: string): string[] {
  return path.split("/").filter((s) => s.length > 0);
}

function isParamSegment(segment: string): boolean {
  return segment.startsWith("[") && segment.endsWith("]");
}

/** Files the export writes inside a route folder: its HTML and the RSC payloads. */
function isRouteFile(name: string): boolean {
  return name === "index.html" || name === "index.txt" || (name.startsWith("__next.") && name.endsWith(".txt"));
}

export function isStaticRoute(pathname: string): boolean {
  return STATIC_SET.has(normalizePath(pathname));
}

export interface DynamicMatch {
  route: DynamicRoute;
  /** The id taken from the URL (may be the placeholder itself). */
  id: string;
  /** The same URL with the id replaced by the placeholder, keeping any trailing file name. */
  placeholderPath: string;
}

/**
 * Matches a URL path (a page, or a file inside a page's folder such as `index.txt` or
 * `__next.*.txt`) against the dynamic routes. Static routes win: `/events/create` is not an id.
 */
export function matchDynamicRoute(pathname: string): DynamicMatch | null {
  const clean = pathname.split(/[?#]/)[0] ?? "/";
  const trailingSlash = clean.endsWith("/");
  const segs = segmentsOf(clean).map((s) => safeDecode(s));
  const last = segs[segs.length - 1];
  const file = last !== undefined && isRouteFile(last) ? last : null;
  const pageSegs = file ? segs.slice(0, -1) : segs;
  if (STATIC_SET.has(pageSegs.length === 0 ? "/" : `/${pageSegs.join("/")}`)) return null;

  for (const route of DYNAMIC_ROUTES) {
    const routeSegs = segmentsOf(route);
    if (routeSegs.length !== pageSegs.length) continue;
    let id: string | null = null;
    let ok = true;
    for (let i = 0; i < routeSegs.length; i++) {
      const r = routeSegs[i] as string;
      const p = pageSegs[i] as string;
      if (isParamSegment(r)) {
        if (p.length === 0) ok = false;
        id = p;
      } else if (r !== p) {
        ok = false;
      }
      if (!ok) break;
    }
    if (!ok || id === null) continue;
    const placeholderSegs = routeSegs.map((r) => (isParamSegment(r) ? PLACEHOLDER_ID : r));
    if (file) placeholderSegs.push(file);
    const placeholderPath = `/${placeholderSegs.join("/")}${!file && trailingSlash ? "/" : ""}`;
    return { route, id, placeholderPath };
  }
  return null;
}

/** The id of `route` in `pathname`, or null when the path is not that route. */
export function routeIdFromPath(pathname: string, route: DynamicRoute): string | null {
  const match = matchDynamicRoute(pathname);
  if (!match || match.route !== route) return null;
  return match.id;
}

/** The detail pages that open with one item of a kind: the API read their first paint waits for. */
const DETAIL_KIND: Partial<Record<DynamicRoute, ContentKind>> = {
  "/events/[eventId]": "events",
  "/places/[placeId]": "places",
  "/news/[newsId]": "news",
  "/communities/[communityId]": "communities",
};

/**
 * The content item a detail page opens with (its kind and real id), null for other pages: the
 * server has the browser fetch it alongside the page's scripts (the same `apiItemPath` its query
 * asks for) and paints its cover into the page.
 */
export function pageItem(match: DynamicMatch): { kind: ContentKind; id: string } | null {
  const kind = DETAIL_KIND[match.route];
  if (!kind || match.id === PLACEHOLDER_ID) return null;
  return { kind, id: match.id };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
