import escapeHtml from "escape-html";
import { COVER_PREVIEW_MARK, COVER_SIZES, contentSrcSet } from "../../lib/content-images";

// A detail page is exported once, as its loading skeleton, and draws its item only after its
// scripts ran and the item arrived; only then did the browser learn of the cover and ask for it.
// The server knows the cover when the page is asked for, so it puts it into the skeleton's cover
// box (components/content/detail-page.tsx). The browser finds the picture in the HTML and has it
// downloaded and drawn while the scripts load, under the 'Cargando...' view the spec lays over
// every page until the first sign-in check: when that view lifts the cover is already there
// (bench/cover-visible.mjs times it). React keeps that box's inner HTML while hydrating, and the
// page's own cover replaces it at the same place and size.

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
