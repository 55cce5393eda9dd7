import fs from "node:fs";
import path from "node:path";
import escapeHtml from "escape-html";
import type { FastifyRequest } from "fastify";
import { COVER_PREVIEW_MARK, COVER_SIZES, contentSrcSet } from "../../lib/content-images";
import type { ContentKind } from "../../lib/schemas/content";

// A detail page is exported once, as its loading skeleton, and draws its item only after its
// scripts ran and the item arrived; only then did the browser learn of the cover and ask for it.
// The server knows the cover when the page is asked for, so it puts it into the skeleton's cover
// box (components/content/detail-page.tsx). The browser finds the picture in the HTML and has it
// downloaded and drawn while the scripts load: in sight at once for a visitor with nothing of a
// session stored (the head's probe steps the 'Cargando...' view aside, lib/auth/session-probe.ts),
// and already there when that view lifts for anyone else (bench/cover-visible.mjs times it). React keeps that box's inner HTML while hydrating, and the
// page's own cover replaces it at the same place and size.

const EMPTY_BOX = `${COVER_PREVIEW_MARK}=""></div>`;
const BOX_END = "</div>".length;
// The cover is a head start, not a condition: a slower lookup sends the page without it.
export const DEFAULT_COVER_BUDGET_MS = 150;

/** The cover of an item everyone may see; null otherwise or past the client's budget. */
export type CoverLookup = (request: FastifyRequest, kind: ContentKind, id: string) => Promise<string | null>;

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

/**
 * Paints detail pages of the export in `root`: the page with its item's cover in it, or null to
 * send the exported file as it is (no cover, a lookup that failed or took too long).
 */
export function coverPainter(root: string, coverOf: CoverLookup, budgetMs = DEFAULT_COVER_BUDGET_MS) {
  // The exported pages' text, read again only when a build replaces the file.
  const pages = new Map<string, { mtimeMs: number; text: string }>();
  async function pageText(relative: string): Promise<string> {
    const file = path.join(root, relative);
    const { mtimeMs } = await fs.promises.stat(file);
    const known = pages.get(relative);
    if (known?.mtimeMs === mtimeMs) return known.text;
    const text = await fs.promises.readFile(file, "utf8");
    pages.set(relative, { mtimeMs, text });
    return text;
  }

  async function coverWithin(request: FastifyRequest, item: { kind: ContentKind; id: string }): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([coverOf(request, item.kind, item.id), new Promise<null>((resolve) => (timer = setTimeout(resolve, budgetMs, null)))]);
    } catch (error) {
      request.log.warn({ err: error }, "No se pudo leer la portada de la página: se envía sin ella");
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return async (request: FastifyRequest, page: string, item: { kind: ContentKind; id: string }): Promise<string | null> => {
    const cover = await coverWithin(request, item);
    return cover ? withCoverPreview(await pageText(page), cover) : null;
  };
}
