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

/**
 * The credentials of a detail page's item preload (server/plugins/static.ts), as the Link header
 * and as fetch name them. The preload is everyone's answer: only an anonymous read asks with the
 * same credentials and takes it, a read with a session keeps the default and goes out itself
 * (lib/api/http.ts). Both modes send credentials, so every read shares the page's connection.
 */
export const ITEM_PRELOAD_CREDENTIALS = { crossorigin: "use-credentials", fetch: "include" } as const;

/** Builds the URL of a dynamic route for an id (ids are encoded, trailing slash as exported). */
export function pathFor(route: DynamicRoute, id: string): string {
  return route.replace(/\[[^\]]+\]/, encodeURIComponent(id)) + "/";
}
