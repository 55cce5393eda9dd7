// The embeddable agenda's options as plain constants (no zod): the "Insertar en tu sitio"
// dialog in the browser reads them, the server's schema in embed.ts checks them.

export const EMBED_THEMES = ["light", "dark"] as const;
export const EMBED_LAYOUTS = ["compact", "images"] as const;
export const EMBED_WHEN = ["upcoming", "today", "weekend", "week"] as const;
export const EMBED_LIMIT_DEFAULT = 5;
export const EMBED_LIMIT_MAX = 20;
/** The message the page posts to its parent so the script can size the frame to its content. */
export const EMBED_HEIGHT_MESSAGE = "plaza-embed:height";

export type EmbedTheme = (typeof EMBED_THEMES)[number];
export type EmbedLayout = (typeof EMBED_LAYOUTS)[number];
