import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'
import { toastError } from '../../lib/toast.ts'

/** SPEC section 9: a query starts only when the text has been unchanged for 400 ms. */
export const SEARCH_DEBOUNCE_MS = 400
/** The API refuses longer texts with a 422. */
export const SEARCH_MAX_LENGTH = 100

export const searchKeys = {
  all: ['search'] as const,
  text: (text: string) => [...searchKeys.all, text] as const,
}

/** GET /search/all_product?search={text}: at most 10 {name, url}, the most relevant first. */
export function searchQuery(text: string) {
  return queryOptions({
    queryKey: searchKeys.text(text),
    queryFn: async ({ signal }) => {
      try {
        return await apiParsed(
          `/search/all_product?search=${encodeURIComponent(text)}`,
          () => import('../../../../worker/contract/catalog.ts').then((m) => m.SearchResults),
          { signal },
        )
      } catch (error) {
        // SPEC section 8: the toast helper's message, with the search's own fallback.
        if (!signal.aborted) void toastError(error, 'Erro ao pesquisar produtos')
        throw error
      }
    },
    // A failed search is not retried behind the user's back: the next keystroke asks again.
    retry: false,
    enabled: text !== '',
  })
}
