import { apiBaseUrl } from "@/lib/config";
import type { EmbedLayout, EmbedTheme } from "@/lib/schemas/embed-options";

// The embeddable agenda served by the API (server/routes/embed): the page for an <iframe> and the
// one-line script that inserts it. The snippets go on other sites, so every address is absolute.

export interface EmbedSubject {
  placeId?: string;
  communityId?: string;
  /** A tag's slug. */
  tag?: string;
}

export interface EmbedOptions {
  theme: EmbedTheme;
  layout: EmbedLayout;
  limit: number;
}

const absolute = (path: string, origin: string) => (origin ? new URL(path, origin).href : path);

/** e.g. embedPageUrl({ placeId: "1" }, { theme: "dark", … }) → "https://…/api/embed/agenda?placeId=1&theme=dark&…" */
export function embedPageUrl(subject: EmbedSubject, options: EmbedOptions, origin = globalThis.location?.origin ?? ""): string {
  const query = new URLSearchParams({ ...definedOf(subject), theme: options.theme, layout: options.layout, limit: String(options.limit) });
  return absolute(`${apiBaseUrl}/embed/agenda?${query.toString()}`, origin);
}

/** The one line for a site: inserts the frame after itself and sizes it to the agenda. */
export function embedScriptSnippet(subject: EmbedSubject, options: EmbedOptions, title: string, origin = globalThis.location?.origin ?? ""): string {
  const data = { ...definedOf(subject), theme: options.theme, layout: options.layout, limit: String(options.limit), title };
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeAttribute(value)}"`)
    .join("");
  return `<script src="${absolute(`${apiBaseUrl}/embed.js`, origin)}"${attributes} async></script>`;
}

/** For sites that allow no scripts: a fixed-height frame. */
export function embedFrameSnippet(subject: EmbedSubject, options: EmbedOptions, title: string, origin = globalThis.location?.origin ?? ""): string {
  return `<iframe src="${escapeAttribute(embedPageUrl(subject, options, origin))}" title="${escapeAttribute(title)}" width="100%" height="480" style="border:0" loading="lazy"></iframe>`;
}

function definedOf(subject: EmbedSubject): Record<string, string> {
  return Object.fromEntries(Object.entries(subject).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
