import { queryOptions } from '@tanstack/react-query'
import type { Menu } from '../../../../worker/contract/menu.ts'
import { api, apiParsed } from '../../lib/api.ts'

export const menuKeys = {
  all: ['menu'] as const,
  options: () => [...menuKeys.all, 'options'] as const,
  account: () => [...menuKeys.all, 'account'] as const,
}

const fetchMenu = ({ signal }: { signal: AbortSignal }) =>
  apiParsed('/api/menu', () => import('../../../../worker/contract/menu.ts').then((m) => m.Menu), { signal })

/** GET /api/menu: the header menu options (SPEC section 2, 'Public menu and routes'), parsed with `Menu`. */
export function menuQuery() {
  return queryOptions({ queryKey: menuKeys.options(), queryFn: fetchMenu, staleTime: 5 * 60_000 })
}

/**
 * GET /api/menu as the signed-in visitor sees it, for the user menu's role items. Asked by the
 * browser only, under its own key: the header's main menu comes with the shared page (rendered
 * for nobody), so it never holds anyone's role items.
 */
export function accountMenuQuery() {
  return queryOptions({
    queryKey: menuKeys.account(),
    // Not parsed with zod, like the current user: a signed-in visitor's first load stays without it.
    queryFn: ({ signal }) => api<Menu>('/api/menu', { signal }),
    staleTime: 5 * 60_000,
  })
}

/** GET /search/getSearch?menu=true: the published editais, children of the 'Editais' submenu.
 * Written out, not through `parsedQuery`: it is on every page's first load, which that form puts
 * over its 125 KB budget by a few bytes (README, 'JavaScript of the first load').
 */
export function editaisMenuQuery() {
  return queryOptions({
    queryKey: [...menuKeys.all, 'editais'] as const,
    queryFn: ({ signal }) =>
      apiParsed(
        '/search/getSearch?menu=true',
        () => import('../../../../worker/contract/catalog.ts').then((m) => m.SearchResults),
        { signal },
      ),
    staleTime: 5 * 60_000,
  })
}
