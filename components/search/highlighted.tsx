import type { HighlightRange } from "@/lib/schemas/search";
import { highlightSegments } from "@/lib/search/highlight";

/** `text` with the parts the search matched in <mark>; plain text nodes only, never markup from the API. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly HighlightRange[] }) {
  return (
    <>
      {highlightSegments(text, ranges).map((s, i) => (s.marked ? <mark key={i}>{s.text}</mark> : s.text))}
    </>
  );
}
