/**
 * How long the search box waits after the last keystroke before it searches: long enough that a
 * word typed at a normal pace is one search, short enough to feel immediate. The end-to-end test
 * checks the behaviour against this same value.
 */
export const SEARCH_DEBOUNCE_MS = 300;
