import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'

export const menuKeys = {
  all: ['menu'] as const,
  options: () => [...menuKeys.all, 'options'] as const,
}

/** GET /api/menu: the header menu options (SPEC section 2, 'Public menu and routes'), parsed with `Menu`. */
export function menuQuery() {
  return queryOptions({
    queryKey: menuKeys.options(),
    queryFn: ({ signal }) =>
      apiParsed('/api/menu', () => import('../../../../worker/contract/menu.ts').then((m) => m.Menu), {
        signal,
      }),
    staleTime: 5 * 60_000,
  })
}
