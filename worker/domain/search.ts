/** Limits of GET /search/all_product: the box sends what the visitor typed, debounced. */
export const SEARCH_MAX_LENGTH = 100
export const SEARCH_MAX_TERMS = 8
export const SEARCH_RESULT_LIMIT = 10

/** Lowercase, accents stripped, runs of anything but letters and digits folded to one space. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
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
