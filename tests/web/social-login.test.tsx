import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SocialLinkButtons } from '../../web/src/features/auth/social-buttons.tsx'
import { SOCIAL_CHANNEL, SOCIAL_MAX_POLLS, SOCIAL_POLL_MS } from '../../web/src/features/auth/social-login.ts'
import { UserArea } from '../../web/src/features/auth/user-area.tsx'
import { renderAuth, STUDENT, stubApi, toastTitle, UNAUTHENTICATED } from '../support/web/auth-fixtures.tsx'

type FakePopup = { closed: boolean; close: ReturnType<typeof vi.fn>; location: { href: string } }

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    location: { href: 'about:blank' },
    close: vi.fn(() => {
      popup.closed = true
    }),
  }
  return popup
}

async function startSocialLogin(provider: 'Google' | 'Facebook') {
  await userEvent.click(await screen.findByRole('button', { name: 'Acesse sua conta' }))
  const dialog = await screen.findByRole('dialog', { name: 'Olá! Já possui uma conta?' })
  return within(dialog).getByRole('button', { name: `Entrar com ${provider}` })
}

describe('social login popup (SPEC section 4)', () => {
  let popup: FakePopup
  let open: ReturnType<typeof vi.fn>

  beforeEach(() => {
    popup = fakePopup()
    open = vi.fn(() => popup)
    vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open)
  })

  it("opens a 780x410 popup; an 'ok' on the BroadcastChannel refetches the user, offers a password and closes it", async () => {
    const { requests } = stubApi({
      '/admin/user/get': [UNAUTHENTICATED, { body: { ...STUDENT, new_user: true } }],
      '/api/menu': { body: [] },
    })
    renderAuth(<UserArea />)
    await userEvent.click(await startSocialLogin('Google'))
    expect(open).toHaveBeenCalledTimes(1)
    const [url, name, features] = open.mock.calls[0] as [string, string, string]
    expect(url).toBe('/redirect?login=google')
    expect(name).toBe('social-login')
    expect(features).toContain('width=780,height=410')

    const provider = new BroadcastChannel(SOCIAL_CHANNEL)
    provider.postMessage({ type: 'social-login', status: 'ok', new_user: true })
    provider.close()

    expect(await screen.findByText(toastTitle('Logado com sucesso!'))).toBeTruthy()
    expect(popup.close).toHaveBeenCalled()
    // The header shows the user (behind the modal, hence hidden from the accessibility tree).
    await waitFor(() =>
      expect(document.getElementById('user-menu-trigger')?.textContent).toBe('Seja bem-vindo Maria'),
    )
    expect(requests().filter((request) => request.path === '/admin/user/get')).toHaveLength(2)
    // A new (social) user is offered 'Adicionar nova senha', without a current-password field.
    const modal = await screen.findByRole('dialog', { name: 'Adicionar nova senha' })
    expect(within(modal).queryByLabelText('Senha atual')).toBeNull()
    expect(within(modal).getByRole('button', { name: 'Alterar senha' })).toBeTruthy()
  })

  it('takes an error through postMessage from this origin only, and shows its message', async () => {
    stubApi({ '/admin/user/get': UNAUTHENTICATED })
    renderAuth(<UserArea />)
    await userEvent.click(await startSocialLogin('Facebook'))
    expect(open.mock.calls[0]?.[0]).toBe('/redirect?login=facebook')

    const message = {
      type: 'social-login',
      status: 'error',
      new_user: false,
      message: 'Login com Instagram não está disponível.',
    }
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: message, origin: 'https://outro-site.example' }),
      )
    })
    expect(popup.close).not.toHaveBeenCalled()

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: message, origin: window.location.origin }))
    })
    expect(await screen.findByText(toastTitle('Login com Instagram não está disponível.'))).toBeTruthy()
    expect(popup.close).toHaveBeenCalledTimes(1)
  })

  it("shows 'Error ao logar' for an error without a message", async () => {
    stubApi({ '/admin/user/get': UNAUTHENTICATED })
    renderAuth(<UserArea />)
    await userEvent.click(await startSocialLogin('Google'))
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'social-login', status: 'error', new_user: false },
          origin: window.location.origin,
        }),
      )
    })
    expect(await screen.findByText(toastTitle('Error ao logar'))).toBeTruthy()
  })

  it('polls every 500 ms and closes the popup after 60000 polls', async () => {
    stubApi({ '/admin/user/get': UNAUTHENTICATED })
    renderAuth(<UserArea />)
    const button = await startSocialLogin('Google')
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    fireEvent.click(button)
    expect(open).toHaveBeenCalledTimes(1)

    act(() => vi.advanceTimersByTime(SOCIAL_POLL_MS * (SOCIAL_MAX_POLLS - 1)))
    expect(popup.close).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(SOCIAL_POLL_MS))
    expect(popup.close).toHaveBeenCalledTimes(1)
    // Stopped for good: no more polling.
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops polling when the user closes the popup, and when the user gets set meanwhile', async () => {
    const { requests } = stubApi({
      '/admin/user/get': [UNAUTHENTICATED, UNAUTHENTICATED, { body: STUDENT }],
      '/api/menu': { body: [] },
    })
    const { queryClient } = renderAuth(<UserArea />)
    const button = await startSocialLogin('Google')
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    fireEvent.click(button)
    popup.closed = true
    // One more tick lets a message posted just before closing arrive; then it gives up.
    act(() => vi.advanceTimersByTime(SOCIAL_POLL_MS))
    expect(vi.getTimerCount()).toBe(1)
    act(() => vi.advanceTimersByTime(SOCIAL_POLL_MS))
    expect(vi.getTimerCount()).toBe(0)
    vi.useRealTimers()
    // The user is checked again, in case the login finished before the popup was closed.
    await waitFor(() =>
      expect(requests().filter((request) => request.path === '/admin/user/get')).toHaveLength(2),
    )

    popup = fakePopup()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    fireEvent.click(button)
    act(() => queryClient.setQueryData(['auth', 'user'], STUDENT))
    act(() => vi.advanceTimersByTime(SOCIAL_POLL_MS))
    expect(popup.close).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('Meu perfil links a social network to the signed-in account', () => {
  it('opens the popup in link mode and confirms the link, or shows why it was refused', async () => {
    const popup = fakePopup()
    const open: ReturnType<typeof vi.fn> = vi.fn(() => popup)
    vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open)
    const { requests } = stubApi({
      '/admin/user/get': { body: STUDENT },
      '/api/usuario/conta/vincular': { body: { url: '/oauth/sandbox/authorize?provider=facebook' } },
    })
    renderAuth(<SocialLinkButtons />)

    await userEvent.click(await screen.findByRole('button', { name: 'Vincular Facebook' }))
    // Opened on the click (popup blockers), then sent where the API's answer says.
    expect(open.mock.calls[0]?.[0]).toBe('about:blank')
    await waitFor(() => expect(popup.location.href).toBe('/oauth/sandbox/authorize?provider=facebook'))
    expect(requests().find((r) => r.path === '/api/usuario/conta/vincular')).toMatchObject({
      method: 'POST',
      body: { provider: 'facebook' },
    })
    const provider = new BroadcastChannel(SOCIAL_CHANNEL)
    provider.postMessage({ type: 'social-login', status: 'ok', new_user: false, linked: true })
    expect(await screen.findByText(toastTitle('Rede social vinculada ao seu perfil!'))).toBeTruthy()
    expect(popup.close).toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Vincular Google' }))
    expect(open.mock.calls[1]?.[0]).toBe('about:blank')
    provider.postMessage({
      type: 'social-login',
      status: 'error',
      new_user: false,
      message: 'Esta conta da rede social já está vinculada a outro cadastro.',
    })
    provider.close()
    expect(
      await screen.findByText(toastTitle('Esta conta da rede social já está vinculada a outro cadastro.')),
    ).toBeTruthy()
  })
})
