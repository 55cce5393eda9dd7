import { contentFiles } from "./content-images";

/**
 * The files of stored pictures that a small view (a card's thumbnail, a map popup's picture) drew
 * on this page, as absolute URLs. On a phone those are a picture's 480 px file and the item page's
 * cover its 960 one, which starts downloading only when the page is drawn: the cover's box draws
 * the small file, already here, until its own arrives, instead of staying empty for a moment after
 * the tap (e2e/content/demo-pictures.spec.ts, bench/cover-after-tap.mjs). A page opened directly
 * drew no small view of its cover and downloads nothing more (the server painted the cover into
 * it). One URL per file drawn in the visit (a picture drawn at two widths leaves two); a reload
 * empties it.
 */
const drawnFiles = new Set<string>();

/** Called when a small view's picture is drawn: its chosen file may stand in for the cover. */
export function noteDrawn(img: HTMLImageElement) {
  drawnFiles.add(new URL(img.currentSrc || img.src, window.location.href).href);
}

/** The largest file of a stored picture drawn on this page, if any. */
export function drawnFileOf(src: string): string | undefined {
  return contentFiles(src)?.findLast(({ file }) => drawnFiles.has(new URL(file, window.location.href).href))?.file;
}
