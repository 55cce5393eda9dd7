// The URLs a page links to or reads (a card's link, the API path of an item), without the route
// table of routes.ts: every card and list needs these few, and none of the table.

import type { DynamicRoute } from "./routes";

/** The id the static export builds each dynamic segment with (routes.ts maps real ids to it). */
export const PLACEHOLDER_ID = "_";

/** "/events/abc/?x#y" → "/events/abc"; "/" for the home. */
export function normalizePath(pathname: string): string {
  const clean = pathname.split(/[?#]/)[0] ?? "/";
  const segs = clean.split("/").filter((s) => s.length > 0);
  return segs.length === 0 ? "/" : `/${segs.join("/")}`;
}

/** The API path of one item of a content kind ("/events/abc"), relative to the API's base. */
export function apiItemPath(kind: string, id: string): string {
  return `/${kind}/${encodeURIComponent(id)}`;
}

/** Builds the URL of a dynamic route for an id (ids are encoded, trailing slash as exported). */
export function pathFor(route: DynamicRoute, id: string): string {
  return route.replace(/\[[^\]]+\]/, encodeURIComponent(id)) + "/";
}
