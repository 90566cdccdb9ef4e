/**
 * The catalogue search's query rules, apart from catalog.ts (which re-exports them): the top bar's
 * search is in the first download of every page, and importing catalog.ts there put all of it
 * (SKU, slug and CSV rules used by lazy pages) in that download.
 */

/** Search text longer than this is refused (400), not truncated. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** Suggestions start after this many typed characters (top-bar search). */
export const SEARCH_SUGGEST_MIN_LENGTH = 2;
/** The query-string prefix of an attribute filter: `attr.Thread=M8`. */
export const ATTRIBUTE_FILTER_PREFIX = 'attr.';
