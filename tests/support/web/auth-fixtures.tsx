import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { FormModalProvider } from '../../../web/src/lib/form-modal.tsx'
import type { User } from '../../../worker/contract/auth.ts'
import type { Menu } from '../../../worker/contract/menu.ts'
import { mockFetch, renderWithApp } from './render.tsx'

export const STUDENT: User = {
  id: 7,
  name: 'Maria Souza Lima',
  email: 'maria@exemplo.com.br',
  phone: '(41) 99999-0101',
  photo: null,
  type: 'N',
  new_user: false,
  email_verified: true,
}

export const ADMIN: User = { ...STUDENT, id: 1, name: 'Ana Admin', email: 'admin@instituto.test', type: 'A' }

/** What GET /admin/user/get answers a visitor: 200 with null. */
export const UNAUTHENTICATED = { status: 200, body: null }

/** What GET /api/menu answers an administrator: public, student and admin items. */
export const ADMIN_MENU: Menu = [
  { name: 'Cursos', url: '/cursos' },
  { name: 'Meu perfil', url: '/usuario/perfil' },
  { name: 'Minhas compras', url: '/usuario/compras' },
  { name: 'Dashboard', url: '/admin' },
  { name: 'Turmas', url: '/admin/turmas' },
]

type Replies = Parameters<typeof mockFetch>[0]

/** Stubs fetch with path → replies and returns the calls, with their method and JSON body. */
export function stubApi(routes: Replies) {
  const { fetchMock, calls } = mockFetch(routes)
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  const requests = () =>
    calls.map(({ path, init }) => ({
      path,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    }))
  return { calls, requests }
}

/** The app's providers around `ui`, plus the root's form-modal registry. */
export function renderAuth(ui: ReactNode) {
  return renderWithApp(<FormModalProvider>{ui}</FormModalProvider>)
}

/** A toast's text as sonner renders it. */
export const toastTitle = (text: string) => (_: string, element: Element | null) =>
  element?.hasAttribute('data-title') === true && element.textContent === text
