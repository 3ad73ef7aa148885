import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'

export const showcaseKeys = {
  all: ['showcase'] as const,
  lists: () => [...showcaseKeys.all, 'lists'] as const,
}

/** GET /home_itens/lists: the home page's course lists (SPEC section 7), parsed with `ShowcaseLists`.
 * Written out, not through `parsedQuery`: it is on every page's first load, which that form puts
 * over its 125 KB budget by a few bytes (README, 'JavaScript of the first load').
 */
export function showcaseListsQuery() {
  return queryOptions({
    queryKey: showcaseKeys.lists(),
    queryFn: ({ signal }) =>
      apiParsed(
        '/home_itens/lists',
        () => import('../../../../worker/contract/showcase.ts').then((m) => m.ShowcaseLists),
        {
          signal,
        },
      ),
    meta: { errorTitle: 'Erro ao carregar listas' },
  })
}
