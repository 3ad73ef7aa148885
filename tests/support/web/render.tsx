import { QueryClientProvider } from '@tanstack/react-query'
import {
  type AnyRootRoute,
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { ToasterHost } from '../../../web/src/components/toaster-host.tsx'
import { createQueryClient } from '../../../web/src/lib/query-client.ts'

/**
 * A test router inside the app's real providers (React Query with the app's defaults, the
 * toaster): the routes `children` makes under the root, opened at `at`; `before` and `after`
 * stand beside the outlet, as the layout's pieces do.
 */
export function renderRoutes(
  children: (root: AnyRootRoute) => AnyRoute[],
  { at = '/', before, after }: { at?: string; before?: ReactNode; after?: ReactNode } = {},
) {
  const queryClient = createQueryClient()
  const root = createRootRoute({
    component: () => (
      <>
        {before}
        <Outlet />
        <ToasterHost />
        {after}
      </>
    ),
  })
  const router = createRouter({
    routeTree: root.addChildren(children(root)),
    history: createMemoryHistory({ initialEntries: [at] }),
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  )
  return { ...result, queryClient, router }
}

/** A route at `path` showing `ui` (a fixed element: the screen under test, or a stand-in page). */
export function pageAt(root: AnyRootRoute, path: string, ui: ReactNode) {
  return createRoute({ getParentRoute: () => root, path, component: () => ui })
}

/** A route at `path` showing the screen `ui` makes of the path's params (`/pedido/$orderId`: `orderId`). */
export function paramsPageAt(
  root: AnyRootRoute,
  path: string,
  ui: (params: Record<string, string>) => ReactNode,
) {
  const route = createRoute({
    getParentRoute: () => root,
    path,
    component: function ParamsPage() {
      return ui(route.useParams() as Record<string, string>)
    },
  })
  return route
}

/** Renders `ui` at `/` (or at `at`, whose search string the screen reads) inside the app's real providers. */
export function renderWithApp(ui: ReactNode, options: { at?: string; after?: ReactNode } = {}) {
  return renderRoutes((root) => [pageAt(root, '/', ui)], options)
}

type Reply = { status?: number; body: unknown }

/** Stubs `fetch` at the HTTP edge: each path answers its replies in turn, the last one repeating. */
export function mockFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: { path: string; init: RequestInit | undefined }[] = []
  const counters = new Map<string, number>()
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost')
    const path = url.pathname
    calls.push({ path, init })
    const replies = routes[path]
    if (!replies) return new Response(JSON.stringify({ msg: 'não encontrado' }), { status: 404 })
    const list = Array.isArray(replies) ? replies : [replies]
    const count = counters.get(path) ?? 0
    counters.set(path, count + 1)
    const reply = list[Math.min(count, list.length - 1)]!
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetchMock, calls }
}
