import { apiBaseUrl } from "@/lib/config";

// Public RSS / Atom / JSON Feed addresses served by the API (server/routes/feeds). Feed readers
// need absolute URLs, so they are resolved against the page's origin.

export type FeedScope = "events" | "news";
export type FeedFormat = "rss" | "atom" | "json";

export const FEED_FORMATS: { format: FeedFormat; label: string; type: string }[] = [
  { format: "rss", label: "RSS", type: "application/rss+xml" },
  { format: "atom", label: "Atom", type: "application/atom+xml" },
  { format: "json", label: "JSON Feed", type: "application/feed+json" },
];

/** e.g. feedUrl("events", "rss", { placeId: "1" }) → "https://…/api/feeds/events.rss?placeId=1" */
export function feedUrl(scope: FeedScope, format: FeedFormat, query: Record<string, string> = {}, origin = globalThis.location?.origin ?? ""): string {
  const search = new URLSearchParams(query).toString();
  const path = `${apiBaseUrl}/feeds/${scope}.${format}${search ? `?${search}` : ""}`;
  return origin ? new URL(path, origin).href : path;
}
