import { createHash } from "node:crypto";
import escapeHtml from "escape-html";
import { formatCityDateTime } from "../../../lib/schemas/city-time";
import { LOCALE } from "../../../lib/schemas/constants";
import { EMBED_HEIGHT_MESSAGE, type EmbedLayout, type EmbedTheme } from "../../../lib/schemas/embed-options";
import type { Event } from "../../../lib/schemas/events";
import { whereOf } from "../feeds/build";

// The embedded agenda's document: plain HTML with its styles inline and one small script that
// tells the host page its height. No app bundle, no sign-in code, no service worker: it has to
// load fast inside someone else's page. Every text from the database goes through escape-html.

/** Reports the document's height to the frame's parent (the /api/embed.js script resizes it). */
const RESIZE_SCRIPT = `(function(){var f=new URLSearchParams(location.search).get("frame");function p(){parent.postMessage({type:${JSON.stringify(EMBED_HEIGHT_MESSAGE)},frame:f,height:Math.ceil(document.documentElement.getBoundingClientRect().height)},"*")}if(window.ResizeObserver)new ResizeObserver(p).observe(document.documentElement);addEventListener("load",p);p()})();`;

/** The policy of the page: nothing but its own inline script and styles and images over https. */
export const EMBED_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash("sha256").update(RESIZE_SCRIPT).digest("base64")}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self' https: data:",
  "base-uri 'none'",
  "form-action 'none'",
  // The point of the page: any site may frame it (the rest of Plaza says 'none').
  "frame-ancestors *",
].join("; ");

const STATUS: Record<Event["status"], string | null> = { published: null, cancelled: "Cancelado", postponed: "Pospuesto" };

const THEMES: Record<EmbedTheme, string> = {
  light: "--bg:#ffffff;--fg:#1b1b1f;--muted:#55555f;--line:#e2e2e8;--link:#0b57d0;--badge:#fde7e7;--badge-fg:#8a1c1c",
  dark: "--bg:#16161a;--fg:#f2f2f5;--muted:#b9b9c4;--line:#33333b;--link:#9ec1ff;--badge:#4a1d1d;--badge-fg:#ffd7d7",
};

const STYLES = `*{box-sizing:border-box}html{color-scheme:var(--scheme)}body{margin:0;padding:12px;background:var(--bg);color:var(--fg);font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{font-size:1rem;margin:0 0 8px}ol{list-style:none;margin:0;padding:0}li{border-top:1px solid var(--line);padding:8px 0;display:flex;gap:10px;align-items:flex-start}
li:first-child{border-top:0}a{color:var(--link)}a.title{font-weight:600;text-decoration:none}a.title:hover,a.title:focus{text-decoration:underline}
img{width:96px;height:64px;object-fit:cover;border-radius:6px;flex:none;background:var(--line)}p{margin:2px 0 0;color:var(--muted);font-size:.9rem}
.badge{display:inline-block;margin-right:6px;padding:0 6px;border-radius:4px;background:var(--badge);color:var(--badge-fg);font-size:.8rem;font-weight:600}
footer{margin-top:8px;font-size:.85rem}.empty{color:var(--muted);margin:8px 0}`;

export interface AgendaPage {
  /** e.g. "Próximos eventos en Teatro García Carrillo" */
  heading: string;
  events: Event[];
  theme: EmbedTheme;
  layout: EmbedLayout;
  /** The public origin; every link and image is absolute on it. */
  origin: string;
  /** Absolute URL of the Plaza page that lists the same events. */
  moreUrl: string;
}

function eventItem(event: Event, { origin, layout }: AgendaPage): string {
  const url = `${origin}/events/${encodeURIComponent(event._id)}`;
  const status = STATUS[event.status];
  const image =
    layout === "images" && event.coverImage
      ? `<img src="${escapeHtml(new URL(event.coverImage, origin).href)}" alt="" width="96" height="64" loading="lazy" decoding="async">`
      : "";
  return (
    `<li>${image}<div>` +
    `<a class="title" href="${escapeHtml(url)}" target="_blank" rel="noopener">${status ? `<span class="badge">${status}</span>` : ""}${escapeHtml(event.title)}</a>` +
    `<p><time datetime="${escapeHtml(event.startsAt)}">${escapeHtml(formatCityDateTime(new Date(event.startsAt)))}</time> · ${escapeHtml(whereOf(event))}</p>` +
    `</div></li>`
  );
}

export function renderAgendaPage(page: AgendaPage): string {
  const list = page.events.length
    ? `<ol>${page.events.map((event) => eventItem(event, page)).join("")}</ol>`
    : `<p class="empty">No hay eventos próximos.</p>`;
  return (
    `<!doctype html><html lang="${LOCALE}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escapeHtml(page.heading)} · Plaza</title>` +
    `<style>:root{${THEMES[page.theme]};--scheme:${page.theme}}${STYLES}</style></head>` +
    `<body><main><h1>${escapeHtml(page.heading)}</h1>${list}` +
    `<footer><a href="${escapeHtml(page.moreUrl)}" target="_blank" rel="noopener">Ver más en Plaza</a></footer></main>` +
    `<script>${RESIZE_SCRIPT}</script></body></html>`
  );
}
