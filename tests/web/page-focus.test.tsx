import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../support/web/app.tsx'

// After a navigation inside the app, the pressed link is gone: the focus goes to the new page's
// heading, so a keyboard or screen-reader user starts there (issue 12, item 17).

describe('focus after a navigation', () => {
  it("leaves the first page alone, then puts the focus on the next page's h1", async () => {
    const { router } = renderApp('/', {
      '/home_itens/lists': { body: [] },
      '/admin/user/get': { body: null },
    })
    await screen.findByRole('heading', { level: 1, name: 'Cursos' })
    // As a person would: the page answers input once the app has mounted (its effects ran).
    await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'))
    expect(document.activeElement).toBe(document.body)

    await router.navigate({ to: '/login' })
    const heading = await screen.findByRole('heading', { level: 1, name: 'Olá! Já possui uma conta?' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(heading.getAttribute('tabindex')).toBe('-1')
  })

  it('does not move the focus when only the hash or the search changes', async () => {
    const { router } = renderApp('/', {
      '/home_itens/lists': { body: [] },
      '/admin/user/get': { body: null },
    })
    const search = await screen.findByRole('combobox', { name: 'Pesquisar cursos e produtos' })
    search.focus()
    await router.navigate({ to: '/', hash: 'cursos-online' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(search)
  })
})
