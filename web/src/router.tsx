import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen.ts'

/** `history` is a memory history in tests and in the Worker's page renderer. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // React Query owns caching: the router always asks it instead of keeping its own copy.
    defaultPreloadStaleTime: 0,
    // The browser restores scroll positions; a page rendered on the server has none to restore.
    scrollRestoration: typeof document !== 'undefined',
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
