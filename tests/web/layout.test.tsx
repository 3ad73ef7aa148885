import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Menu } from '../../worker/contract/menu.ts'
import { renderAppRouter } from '../support/web/app.tsx'
import { mockFetch } from '../support/web/render.tsx'

const MENU: Menu = [
  { name: 'Quem somos', url: '/quem-somos' },
  {
    name: 'Pesquisa',
    url: '#',
    ops: [
      { name: 'Centro de Pesquisa Clínica', url: '/pesquisa/centro-pesquisa-clinica' },
      { name: 'Publicações', url: '/pesquisa/publicacoes' },
    ],
  },
  { name: 'Cartão fidelidade', url: 'https://cartao.institutorenalis.com.br', blank: true },
]

function renderApp(path = '/') {
  vi.stubGlobal(
    'fetch',
    mockFetch({ '/api/menu': { body: MENU }, '/home_itens/lists': { body: [] } }).fetchMock,
  )
  return renderAppRouter(path).router
}

const desktopNav = async () => (await screen.findAllByRole('navigation', { name: 'Menu principal' }))[0]!

describe('layout', () => {
  it('renders the header, the skip link, the main content and the footer', async () => {
    renderApp()
    const logo = await screen.findByRole('img', { name: 'Instituto Renalis – página inicial' })
    expect(logo.closest('a')?.getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' }).getAttribute('href')).toBe('#conteudo')
    expect(document.querySelector('main#conteudo')).toBeTruthy()
    expect(screen.getByLabelText('Pesquisar cursos e produtos')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Carrinho' })).toBeTruthy()
    // 'Carregando' until GET /admin/user/get answers, then the anonymous button.
    expect(await screen.findByRole('button', { name: 'Acesse sua conta' })).toBeTruthy()

    const footer = screen.getByRole('contentinfo')
    expect(footer.textContent).toContain('(41) 3333-0101')
    expect(footer.textContent).toContain('(41) 3333-0202')
    expect(footer.textContent).toContain('ensino@institutorenalis.com.br')
    expect(footer.textContent).toContain('contato@institutorenalis.com.br')
    expect(footer.textContent).toContain('Curitiba – Paraná')
    expect(within(footer).getByRole('img', { name: 'Instituto Renalis' }).getAttribute('src')).toBe(
      '/img/logo-white.svg',
    )
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(
      expect.arrayContaining(['/cursos', '/ebooks', '/cursos#nefrologia-intervencionista']),
    )
  })

  it('builds the menu from the server options, with keyboard dropdowns and new-tab links', async () => {
    renderApp()
    const nav = within(await desktopNav())
    const toggle = await nav.findByRole('button', { name: 'Pesquisa' })
    expect(nav.getByRole('link', { name: 'Quem somos' }).getAttribute('href')).toBe('/quem-somos')
    const external = nav.getByRole('link', { name: /Cartão fidelidade/ })
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toContain('noopener')

    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const submenu = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(submenu.hidden).toBe(false)
    expect(within(submenu).getByRole('link', { name: 'Publicações' }).getAttribute('href')).toBe(
      '/pesquisa/publicacoes',
    )

    await userEvent.tab()
    expect(document.activeElement?.textContent).toBe('Centro de Pesquisa Clínica')
    await userEvent.keyboard('{Escape}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(submenu.hidden).toBe(true)
    expect(document.activeElement).toBe(toggle)
  })

  it('toggles the mobile menu with its button and closes it with Escape', async () => {
    renderApp()
    const button = await screen.findByRole('button', { name: 'Menu' })
    const panel = document.getElementById('menu-mobile')!
    expect(panel.hidden).toBe(true)
    await userEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(panel.hidden).toBe(false)
    expect(panel.className).toContain('max-h-[500px]')
    const link = await within(panel).findByRole('link', { name: 'Quem somos' })
    link.focus()
    await userEvent.keyboard('{Escape}')
    expect(panel.hidden).toBe(true)
    expect(document.activeElement).toBe(button)
  })

  it('opens the login dialog placeholder from "Acesse sua conta"', async () => {
    renderApp()
    const button = await screen.findByRole('button', { name: 'Acesse sua conta' })
    await userEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Olá! Já possui uma conta?' })
    expect(dialog.id).toBe('loginModal')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(button)
  })

  it('sets the document title per route and shows a not-found page', async () => {
    const router = renderApp('/cursos')
    expect(await screen.findByRole('heading', { level: 1, name: 'Cursos' })).toBeTruthy()
    expect(document.getElementById('nefrologia-intervencionista')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Cursos | Instituto Renalis'))

    await router.navigate({ to: '/usuario/perfil' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Meu perfil' })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Meu perfil | Instituto Renalis'))

    await router.navigate({ to: '/nao-existe' as '/' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' }).getAttribute('href')).toBe('/')
  })
})
