import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { routeTree } from './routeTree.gen.ts'

/** The routes' tree: the browser's (routeTree.gen.ts), or the Worker's without the browser-only screens. */
export type AppRouteTree = typeof routeTree

/**
 * The router over `tree`: the browser's (router.tsx) and the Worker's page renderer's
 * (entry-server.tsx, with routeTree.server.gen.ts) are set up alike here.
 * `history` is a memory history in tests and in the Worker's page renderer.
 */
export function createRouterWith(tree: AppRouteTree, queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree: tree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // React Query owns caching: the router always asks it instead of keeping its own copy.
    defaultPreloadStaleTime: 0,
    // The browser restores scroll positions; a page rendered on the server has none to restore.
    scrollRestoration: typeof document !== 'undefined',
  })
}
