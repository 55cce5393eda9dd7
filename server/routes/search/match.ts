import type { HighlightRange } from "../../../lib/schemas/search";

// How a search query meets a title: which words to send to PostgreSQL and which parts of each
// result's title matched (the `highlight` of the answer; the search page draws them). The folding
// mirrors plaza_fold in 0003_content.sql so "Teátro", "TEATRO" and "teatro" are one word.

/** Typo matches need this many letters: shorter words are close to too many others. */
export const TYPO_MIN_LENGTH = 4;
/** pg_trgm strict word similarity from which a word counts as a typo of another ("tatro" ~ "teatro" ≈ 0.44). */
export const TYPO_SIMILARITY = 0.4;

const ACCENTED = "áàâäãéèêëíìîïóòôöõúùûüñç";
const PLAIN = "aaaaaeeeeiiiiooooouuuunc";

/** Lower-case without accents, one character for one (offsets in the result are the text's). */
function foldKeepingLength(text: string): string {
  let out = "";
  for (const unit of text) {
    const lower = unit.toLowerCase();
    const c = lower.length === unit.length ? lower : unit;
    const at = ACCENTED.indexOf(c);
    out += at >= 0 ? PLAIN[at] : c;
  }
  return out;
}

/** The folded words of a query ("Teátro  Fernando!" → ["teatro", "fernando"]), at most 8. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9ñ]+/)
    .map((w) => w.replace(/ñ/g, "n"))
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity() of two single words: shared trigrams over all trigrams. */
export function wordSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/**
 * The parts of `title` the query matched, in order and without overlaps: the typed start of a
 * word ("teat" marks "Teat" of "Teatro"), or a whole word the query misspelt ("tatro" marks
 * "teatro"). Empty when the result matched elsewhere (its description, say).
 */
export function highlightRanges(title: string, query: string): HighlightRange[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const folded = foldKeepingLength(title);
  const ranges: HighlightRange[] = [];
  for (const m of folded.matchAll(/[a-z0-9]+/g)) {
    const word = m[0];
    const start = m.index;
    let end = start;
    for (const q of words) {
      if (word.startsWith(q)) end = Math.max(end, start + q.length);
      else if (q.length >= TYPO_MIN_LENGTH && wordSimilarity(q, word) >= TYPO_SIMILARITY) end = start + word.length;
    }
    if (end > start) ranges.push({ start, end });
  }
  return ranges;
}
