// Content pictures are stored as WebP at 480, 960 and 1600 px wide, side by side under one key
// (`<kind>/<uuid>/<width>.webp`, made by server/storage/images.ts from the widths below); the API
// hands out the 960 one. From it the browser gets the whole set and picks by the room the picture
// takes: a phone's card thumbnail downloads the 480 file, a wide screen's cover the 1600 one. The
// app's covers and the cover the server paints into a detail page before its scripts run
// (server/plugins/cover-preview.ts) ask for the same file.

export const CONTENT_WIDTHS = [480, 960, 1600] as const;
export const CONTENT_DEFAULT_WIDTH = 960;
const DEFAULT_FILE = `${CONTENT_DEFAULT_WIDTH}.webp`;
const STORED_DEFAULT = new RegExp(`/[0-9a-f-]{36}/${DEFAULT_FILE.replace(".", "\\.")}$`);

/** How wide a detail page's cover is drawn: the whole column, at most 960 px. */
export const COVER_SIZES = "(min-width: 960px) 960px, 100vw";

/** The files of a stored content picture, smallest first, or undefined for any other URL. */
export function contentFiles(src: string): { width: number; file: string }[] | undefined {
  if (!STORED_DEFAULT.test(src)) return undefined;
  const folder = src.slice(0, -DEFAULT_FILE.length);
  return CONTENT_WIDTHS.map((width) => ({ width, file: `${folder}${width}.webp` }));
}

/** The `srcset` of a stored content picture, or undefined for any other URL. */
export function contentSrcSet(src: string): string | undefined {
  return contentFiles(src)
    ?.map(({ width, file }) => `${file} ${width}w`)
    .join(", ");
}

/**
 * The attribute on a detail page's loading cover box: the server finds the box by it and puts the
 * item's cover inside before the page's scripts run.
 */
export const COVER_PREVIEW_MARK = "data-cover-preview";
