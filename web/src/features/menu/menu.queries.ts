import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'
import { loadContract } from '../../lib/contract.ts'

export const menuKeys = {
  all: ['menu'] as const,
  options: () => [...menuKeys.all, 'options'] as const,
}

/** GET /api/menu: the header menu options (SPEC section 2, 'Public menu and routes'), parsed with `Menu`. */
export function menuQuery() {
  return queryOptions({
    queryKey: menuKeys.options(),
    queryFn: ({ signal }) =>
      apiParsed(
        '/api/menu',
        () => loadContract(() => import('../../../../worker/contract/menu.ts')).then((m) => m.Menu),
        {
          signal,
        },
      ),
    staleTime: 5 * 60_000,
  })
}

/** GET /search/getSearch?menu=true: the published editais, children of the 'Editais' submenu. */
export function editaisMenuQuery() {
  return queryOptions({
    queryKey: [...menuKeys.all, 'editais'] as const,
    queryFn: ({ signal }) =>
      apiParsed(
        '/search/getSearch?menu=true',
        () =>
          loadContract(() => import('../../../../worker/contract/catalog.ts')).then((m) => m.SearchResults),
        { signal },
      ),
    staleTime: 5 * 60_000,
  })
}
