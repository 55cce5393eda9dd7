import type { HighlightRange } from "@/lib/schemas/search";

// The search answer says which parts of each title matched as offsets (never markup); this cuts
// the title there so the page can wrap those parts in <mark> as plain text.

/** `text` cut at the ranges, for drawing; ranges out of bounds or overlapping are clamped. */
export function highlightSegments(text: string, ranges: readonly HighlightRange[]): { text: string; marked: boolean }[] {
  const segments: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(r.start, text.length));
    const end = Math.max(start, Math.min(r.end, text.length));
    if (end === start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
