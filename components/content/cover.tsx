"use client";

import { useMemo, type SyntheticEvent } from "react";
import { COVER_SIZES, contentSrcSet } from "@/lib/content-images";
import { drawnFileOf, noteDrawn } from "@/lib/drawn-pictures";
import { LOCALE } from "@/lib/schemas/constants";
import styles from "./cover.module.css";

/** A thumbnail's file may stand in for its picture's cover while that arrives (lib/drawn-pictures.ts). */
function noteThumbDrawn(event: SyntheticEvent<HTMLImageElement>) {
  noteDrawn(event.currentTarget);
}

/**
 * The backdrop's job ends when the cover is drawn: a picture with see-through parts shows what is
 * behind it. Not at `load`: a file that has arrived is still decoded off the main thread, and the
 * frames until then draw the box without it (empty, for as long as a big file takes on a busy
 * phone). decode() settles once the file is decoded and ready for the next frame; a file that
 * cannot be decoded shows as broken either way. A decode of a file the element no longer shows
 * (its src changed) leaves the backdrop to that file's own load.
 */
function dropBackdrop(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  const arrived = img.currentSrc;
  const drop = () => {
    if (img.currentSrc === arrived) img.style.removeProperty("background-image");
  };
  // A browser without decode() (before 2019) drops it on arrival, as before.
  if (typeof img.decode !== "function") return drop();
  img.decode().then(drop, drop);
}

/** The cover image in a fixed 16:9 box (no layout shift), or the title's initial. */
export function Cover({ src, title }: { src: string | null | undefined; title: string }) {
  // Decided once per picture: a later render that found a larger file drawn meanwhile would put a
  // backdrop back after its load removed it, for good.
  const backdrop = useMemo(() => (src ? drawnFileOf(src) : undefined), [src]);
  if (!src) {
    return (
      <div className={styles.coverPlaceholder} aria-hidden="true">
        {title.charAt(0).toLocaleUpperCase(LOCALE)}
      </div>
    );
  }
  // The detail page's first picture, often its largest paint: fetched first. width/height give
  // the 16:9 box before the file arrives (the CSS box holds it too).
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className={styles.cover}
      src={src}
      srcSet={contentSrcSet(src)}
      sizes={COVER_SIZES}
      alt=""
      width={960}
      height={540}
      fetchPriority="high"
      decoding="async"
      style={backdrop ? { backgroundImage: `url("${backdrop}")` } : undefined}
      onLoad={backdrop ? dropBackdrop : undefined}
    />
  );
}

/** The cover preloadCover readied last (at most one), held so it is not collected before its page draws it. */
const readying = new Set<HTMLImageElement>();

/**
 * Starts downloading and decoding the file Cover will draw for `src` (the same set and sizes, so
 * the browser picks the same one) when a link to its page is tapped. The file then travels while
 * the page's answer and code do, instead of from when the page is drawn, and the page's first
 * frame draws it: a file that arrives with the page is decoded after it, and its box shows empty
 * for a frame (48–100 ms on a phone; bench/cover-after-tap.mjs).
 */
export function preloadCover(src: string | null | undefined) {
  // A small file drawn here stands in for it until it arrives (lib/drawn-pictures.ts): the page's
  // own code would share the phone's network with it for nothing (a card's tap on a first visit:
  // the page drawn 930 → 1 032 ms).
  if (!src || drawnFileOf(src)) return;
  const img = new Image();
  const srcSet = contentSrcSet(src);
  // Before src: the set and sizes decide which file is fetched.
  if (srcSet) {
    img.sizes = COVER_SIZES;
    img.srcset = srcSet;
  }
  img.src = src;
  readying.clear();
  readying.add(img);
  // Only a head start: where decode() is missing the file still downloads, and one that fails here
  // fails again, and shows it, where the page draws it. Never in the way of the tap's navigation.
  img.decode?.().catch(() => undefined);
}

/** A square thumbnail for cards. */
export function Thumb({ src, title }: { src: string | null | undefined; title: string }) {
  if (!src) {
    return (
      <span className={styles.thumb} aria-hidden="true">
        {title.charAt(0).toLocaleUpperCase(LOCALE)}
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element
  return <img className={styles.thumb} src={src} srcSet={contentSrcSet(src)} sizes="96px" alt="" loading="lazy" width={96} height={96} onLoad={noteThumbDrawn} />;
}

export function VerifiedBadge() {
  return (
    <span className={styles.badge} title="Cuenta verificada">
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2l2.4 2.1 3.1-.5 1 3 2.9 1.4-.7 3.1 1.5 2.8-2.4 2.1-.2 3.2-3.2.3L12 22l-2.4-2.1-3.2-.3-.2-3.2L3.8 14.9l1.5-2.8-.7-3.1 2.9-1.4 1-3 3.1.5z" />
        <path fill="#fff" d="M10.6 15.6l-3.2-3.2 1.4-1.4 1.8 1.8 4.6-4.6 1.4 1.4z" />
      </svg>
      <span>Verificada</span>
    </span>
  );
}
