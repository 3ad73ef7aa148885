import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { type PageHeadOptions, pageHead } from '../lib/page-head.ts'

// Not a route (the router's generator passes over files named '-…'): what the catalogue's
// listings (Cursos, Produtos, E-books, Anais) share besides their component.

/**
 * A listing's head (its canonical path is the page's own) and its loader, which starts the list's
 * request while the page chunk downloads; the page shows its own loading and error states. The
 * route spreads it beside its component, which stays written in the route so that the router's
 * build splits it into the route's own chunk.
 */
export function listingPage<T, K extends QueryKey>(
  list: () => FetchQueryOptions<T, Error, T, K>,
  title: string,
  head: Omit<PageHeadOptions, 'path'>,
) {
  return {
    head: ({ match }: { match: { pathname: string } }) => pageHead(title, { ...head, path: match.pathname }),
    loader: ({ context }: { context: { queryClient: QueryClient } }) => {
      void context.queryClient.prefetchQuery(list())
    },
  }
}
