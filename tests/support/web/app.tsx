import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { vi } from 'vitest'
import { createQueryClient } from '../../../web/src/lib/query-client.ts'
import { createAppRouter } from '../../../web/src/router.tsx'
import type { Menu } from '../../../worker/contract/menu.ts'
import { mockFetch } from './render.tsx'

type Reply = { status?: number; body: unknown }

export const MENU: Menu = [
  { name: 'Quem somos', url: '/quem-somos' },
  {
    name: 'Cursos',
    url: '/cursos',
    ops: [{ name: 'Nefrologia intervencionista', url: '/cursos#nefrologia-intervencionista' }],
  },
]

/** The app's own router (header, routes, footer) at `path`, with whatever `fetch` is stubbed. */
export function renderAppRouter(path: string) {
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, queryClient }
}

/** The whole app (header, routes, footer) at `path`, with `fetch` answering `routes` by path. */
export function renderApp(path: string, routes: Record<string, Reply | Reply[]>) {
  const { fetchMock, calls } = mockFetch({ '/api/menu': { body: MENU }, ...routes })
  vi.stubGlobal('fetch', fetchMock)
  return { ...renderAppRouter(path), calls }
}

/** The value of a head tag once React has hoisted it into <head>. */
export function headContent(selector: string, attribute = 'content'): string | null {
  return document.head.querySelector(selector)?.getAttribute(attribute) ?? null
}
