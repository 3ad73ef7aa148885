import { parsedQuery } from '../../lib/parsed-query.ts'

export const showcaseKeys = {
  all: ['showcase'] as const,
  lists: () => [...showcaseKeys.all, 'lists'] as const,
}

/** GET /home_itens/lists: the home page's course lists (SPEC section 7), parsed with `ShowcaseLists`. */
export const showcaseListsQuery = () =>
  parsedQuery(
    showcaseKeys.lists(),
    '/home_itens/lists',
    () => import('../../../../worker/contract/showcase.ts').then((m) => m.ShowcaseLists),
    { meta: { errorTitle: 'Erro ao carregar listas' } },
  )
