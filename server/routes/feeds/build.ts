import { Feed, type Item } from "feed";
import type { Event } from "../../../lib/schemas/events";
import type { News } from "../../../lib/schemas/news";
import { formatCityDateTime } from "../../../lib/schemas/city-time";
import { LOCALE } from "../../../lib/schemas/constants";

// RSS 2.0, Atom 1.0 and JSON Feed 1.1 documents of events and news, written by the `feed`
// package. Every link is absolute on the configured public origin. The documents depend only on
// their items (the feed's own date is the newest item's), so the same content always gives the
// same bytes and the ETag of routes.ts stays put between polls.

export type FeedFormat = "rss" | "atom" | "json";

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

export interface FeedMeta {
  /** e.g. "Eventos en Teatro X · Plaza" */
  title: string;
  description: string;
  /** Absolute URL of the page the feed mirrors. */
  pageUrl: string;
  /** Absolute URL of this feed without its extension, e.g. ".../api/feeds/events?placeId=1" → rss/atom/json links. */
  feedUrls: Record<FeedFormat, string>;
  origin: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const absolute = (url: string, origin: string) => new URL(url, origin).href;

/** Where an event happens, as a person would say it. */
export function whereOf(event: Event): string {
  if (event.place) return event.place.name;
  if (event.address) return event.address;
  return event.onlineUrl ? "En línea" : "Lugar por confirmar";
}

const STATUS_PREFIX: Record<Event["status"], string> = { published: "", cancelled: "Cancelado: ", postponed: "Pospuesto: " };

function eventItem(event: Event, origin: string): Item {
  const link = `${origin}/events/${event._id}`;
  const ics = `${origin}/api/events/${event._id}.ics`;
  const when = formatCityDateTime(new Date(event.startsAt));
  const where = whereOf(event);
  const summary = `${when} · ${where}`;
  const paragraphs = [`<p><strong>${escapeHtml(when)}</strong> · ${escapeHtml(where)}</p>`];
  if (event.statusNote) paragraphs.push(`<p>${escapeHtml(event.statusNote)}</p>`);
  if (event.description) paragraphs.push(`<p>${escapeHtml(event.description).replace(/\n/g, "<br>")}</p>`);
  paragraphs.push(`<p><a href="${escapeHtml(ics)}">Agregar a mi calendario (.ics)</a> · <a href="${escapeHtml(link)}">Ver en Plaza</a></p>`);
  return {
    title: `${STATUS_PREFIX[event.status]}${event.title}`,
    id: link,
    link,
    date: new Date(event.updatedAt),
    published: new Date(event.createdAt),
    description: summary,
    content: paragraphs.join(""),
    ...(event.coverImage ? { image: absolute(event.coverImage, origin) } : {}),
    category: event.tags.map((tag) => ({ name: tag.name, term: tag.slug })),
    ...(event.organizer ? { author: [{ name: event.organizer.name, link: `${origin}/profile/${event.organizer._id}` }] } : {}),
  };
}

function newsItem(news: News, origin: string): Item {
  const link = `${origin}/news/${news._id}`;
  const date = formatCityDateTime(new Date(news.publishedAt));
  return {
    title: news.title,
    id: link,
    link,
    date: new Date(news.updatedAt),
    published: new Date(news.publishedAt),
    description: news.summary || news.body.slice(0, 280),
    content: `<p><strong>${escapeHtml(date)}</strong></p><p>${escapeHtml(news.summary || news.body).replace(/\n/g, "<br>")}</p>`,
    ...(news.coverImage ? { image: absolute(news.coverImage, origin) } : {}),
    ...(news.author ? { author: [{ name: news.author.name, link: `${origin}/profile/${news.author._id}` }] } : {}),
  };
}

export function buildFeed(meta: FeedMeta, items: ({ kind: "events"; item: Event } | { kind: "news"; item: News })[], updated: Date, format: FeedFormat): string {
  const feed = new Feed({
    title: meta.title,
    description: meta.description,
    id: meta.pageUrl,
    link: meta.pageUrl,
    language: LOCALE,
    updated,
    generator: "Plaza",
    favicon: `${meta.origin}/favicon.ico`,
    copyright: "Contenido de quienes lo publican en Plaza",
    feedLinks: meta.feedUrls,
  });
  for (const entry of items) feed.addItem(entry.kind === "events" ? eventItem(entry.item, meta.origin) : newsItem(entry.item, meta.origin));
  return format === "rss" ? feed.rss2() : format === "atom" ? feed.atom1() : feed.json1();
}
