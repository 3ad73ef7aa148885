/** Limits of GET /search/all_product: the box sends what the visitor typed, debounced. */
export const SEARCH_MAX_LENGTH = 100
export const SEARCH_MAX_TERMS = 8
export const SEARCH_RESULT_LIMIT = 10

/**
 * The visitor's text as terms: composed (NFC), lowercase, runs of anything but letters, their marks
 * and digits folded to one space. Accents are not stripped here: FTS5 folds the query's terms with
 * the index's own tokenizer (unicode61 remove_diacritics 2), so both sides fold one way — stripping
 * them here decomposed Hangul syllables into jamo the index never holds (issue 40).
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * An FTS5 MATCH expression: every term must match, each as a prefix so results follow typing
 * ('nefro' finds 'Nefrologia'). Terms are quoted, so FTS5 operators typed by a visitor are text.
 * Null when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  const terms = normalizeSearch(text).split(' ').filter(Boolean).slice(0, SEARCH_MAX_TERMS)
  if (terms.length === 0) return null
  return terms.map((term) => `"${term}"*`).join(' ')
}
