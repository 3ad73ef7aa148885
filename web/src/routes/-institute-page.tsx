import type { QueryClient } from '@tanstack/react-query'
import type { Page } from '../../../worker/contract/catalog.ts'
import { NotFound } from '../components/not-found.tsx'
import { type PageSlug, pageQuery } from '../features/content/content.queries.ts'
import { institutePageHead } from '../features/seo/heads.ts'
import { loadOrNotFound } from '../lib/load.ts'

// Not a route (the router's generator passes over files named '-…'): what the routes of the
// institute's own pages (Quem somos, Contato, the research pages…) share besides their component.

/**
 * An institute page's loader (the page from the API, or the not-found page), its head, and its
 * not-found page. The route spreads it beside its component and loading and error states, which
 * stay written in the route so that the router's build splits them into the route's own chunk.
 */
export function institutePage(slug: PageSlug) {
  return {
    loader: ({ context }: { context: { queryClient: QueryClient } }) =>
      loadOrNotFound(context.queryClient, pageQuery(slug), 'Página não encontrada.'),
    head: ({ loaderData }: { loaderData?: Page | undefined }) => institutePageHead(loaderData, `/${slug}`),
    notFoundComponent: NotFound,
  }
}
