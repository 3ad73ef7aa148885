import { QueryClientProvider } from '@tanstack/react-query'
import {
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

/** Renders `ui` at `/` inside the app's real providers: React Query (app defaults), a router and the toaster. */
export function renderWithApp(ui: ReactNode) {
  const queryClient = createQueryClient()
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToasterHost />
      </>
    ),
  })
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, queryClient, router }
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
