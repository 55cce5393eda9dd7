import escapeHtml from "escape-html";
import { COVER_PREVIEW_MARK, COVER_SIZES, contentSrcSet } from "../../lib/content-images";

// A detail page is exported once, as its loading skeleton, and draws its item only after its
// scripts ran and the item arrived: on a mid-range phone, seconds after the HTML. Its largest
// picture, the cover, is known to the server when the page is asked for, so the server puts it
// into the skeleton's cover box (components/content/detail-page.tsx). The browser then finds the
// picture in the HTML and paints it with the first paint; React keeps that box's inner HTML while
// hydrating, and the page's own cover replaces it at the same place and size.

const EMPTY_BOX = `${COVER_PREVIEW_MARK}=""></div>`;
const BOX_END = "</div>".length;

/** The `<img>` of a cover, as the page's own cover asks for it (same file, set and sizes). */
export function coverPreviewImage(cover: string): string {
  const srcSet = contentSrcSet(cover);
  const set = srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${COVER_SIZES}"` : "";
  return `<img src="${escapeHtml(cover)}"${set} alt="" width="960" height="540" fetchpriority="high">`;
}

/** The page with the cover in its loading cover box; null unless the page has exactly one empty box. */
export function withCoverPreview(html: string, cover: string): string | null {
  const at = html.indexOf(EMPTY_BOX);
  if (at < 0 || html.includes(EMPTY_BOX, at + 1)) return null;
  const inside = at + EMPTY_BOX.length - BOX_END;
  return html.slice(0, inside) + coverPreviewImage(cover) + html.slice(inside);
}
