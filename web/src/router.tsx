import type { QueryClient } from '@tanstack/react-query'
import type { RouterHistory } from '@tanstack/react-router'
import { createRouterWith } from './create-router.ts'
import { routeTree } from './routeTree.gen.ts'

/** `history` is a memory history in tests and in the Worker's page renderer. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouterWith(routeTree, queryClient, history)
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
