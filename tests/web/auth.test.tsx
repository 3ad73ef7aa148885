import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { safeRedirect } from '../../web/src/features/auth/login-page.tsx'
import { UserArea } from '../../web/src/features/auth/user-area.tsx'
import { UNAVAILABLE_MESSAGE } from '../../worker/contract/unavailable.ts'
import {
  ADMIN,
  ADMIN_MENU,
  renderAuth,
  STUDENT,
  stubApi,
  toastTitle,
  UNAUTHENTICATED,
} from '../support/web/auth-fixtures.tsx'

async function openLoginModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Acesse sua conta' }))
  return screen.findByRole('dialog', { name: 'Olá! Já possui uma conta?' })
}

async function typeCredentials(dialog: HTMLElement, password = 'errada123') {
  await userEvent.type(within(dialog).getByLabelText('E-mail'), 'maria@exemplo.com.br')
  // Enter in the password field submits the form.
  await userEvent.type(within(dialog).getByLabelText('Senha'), `${password}{Enter}`)
}

/** Renders the user area, opens "Crie sua conta" and sends Maria's sign-up under `name`. */
async function submitSignUp(name: string) {
  renderAuth(<UserArea />)
  const dialog = await openLoginModal()
  await userEvent.click(within(dialog).getByRole('button', { name: 'Crie sua conta' }))
  await userEvent.type(within(dialog).getByLabelText('Nome completo'), name)
  await userEvent.type(within(dialog).getByLabelText('E-mail'), 'maria@exemplo.com.br')
  await userEvent.type(within(dialog).getByLabelText('Telefone'), '41999990101')
  await userEvent.type(within(dialog).getByLabelText('Senha'), 'Senha@123')
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' }))
  return dialog
}

describe('current user (GET /admin/user/get)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/')
  })

  it("shows 'Carregando' while loading, then 'Acesse sua conta'; a 401 never reloads, even in /usuario", async () => {
    window.history.replaceState(null, '', '/usuario/perfil')
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {})
    let answer: (response: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve
          }),
      ),
    )
    renderAuth(<UserArea />)
    const loading = (await screen.findByRole('button', { name: 'Carregando' })) as HTMLButtonElement
    expect(loading.disabled).toBe(true)
    expect(document.getElementById('loginModal')).toBeNull()

    // The question is asked once the component has subscribed (its effects ran).
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    answer(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }))
    expect(await screen.findByRole('button', { name: 'Acesse sua conta' })).toBeTruthy()
    expect(reload).not.toHaveBeenCalled()
  })

  it("treats the server's 200 null as a visitor", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    )
    renderAuth(<UserArea />)
    expect(await screen.findByRole('button', { name: 'Acesse sua conta' })).toBeTruthy()
  })

  it('shows the logged-in menu with the greeting, the default photo and only the account items', async () => {
    const { requests } = stubApi({ '/admin/user/get': { body: ADMIN }, '/api/menu': { body: ADMIN_MENU } })
    renderAuth(<UserArea />)
    const trigger = await screen.findByRole('button', { name: /Seja bem-vindo\s+Ana/ })
    expect(trigger.querySelector('img')?.getAttribute('src')).toBe('/img/default-user.svg')
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    // The role items come from GET /api/menu, which may answer after the menu opens.
    await within(menu).findByRole('menuitem', { name: 'Dashboard' })
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent)
    expect(items).toEqual(['Meu perfil', 'Minhas compras', 'Dashboard', 'Turmas', 'Sair'])
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin')
    expect(requests().some((request) => request.path === '/api/menu')).toBe(true)
  })

  it("falls back to the default photo when the user's photo fails to load", async () => {
    stubApi({
      '/admin/user/get': { body: { ...STUDENT, photo: '/files/users%2F7%2Ffoto.jpg' } },
      '/api/menu': { body: [] },
    })
    renderAuth(<UserArea />)
    const trigger = await screen.findByRole('button', { name: /Seja bem-vindo\s+Maria/ })
    const photo = trigger.querySelector('img')!
    expect(photo.getAttribute('src')).toBe('/files/users%2F7%2Ffoto.jpg')
    photo.dispatchEvent(new Event('error'))
    await waitFor(() => expect(photo.getAttribute('src')).toBe('/img/default-user.svg'))
  })

  it("logs out with 'Sair', or toasts 'Erro ao deslogar.' when the server refuses", async () => {
    const { requests } = stubApi({
      '/admin/user/get': { body: STUDENT },
      '/api/menu': { body: [] },
      '/logout': [{ status: 500, body: { msg: 'falhou' } }, { body: { success: true } }],
    })
    const { router, queryClient } = renderAuth(<UserArea />)
    const trigger = await screen.findByRole('button', { name: /Seja bem-vindo/ })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }))
    expect(await screen.findByText(toastTitle('Erro ao deslogar.'))).toBeTruthy()

    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }))
    // SPEC section 4: the user is cleared and the page goes to /login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull()
    expect(requests().filter((request) => request.path === '/logout')).toHaveLength(2)
  })
})

describe('login modal (#loginModal)', () => {
  it('switches between sign in, sign up and recovery with the SPEC texts', async () => {
    stubApi({ '/admin/user/get': UNAUTHENTICATED })
    renderAuth(<UserArea />)
    const dialog = await openLoginModal()
    expect(dialog.id).toBe('loginModal')
    expect(within(dialog).getByText('Seja bem vindo! Ainda não possui acesso?')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Entrar com Google' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Entrar com Facebook' })).toBeTruthy()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Crie sua conta' }))
    expect(await screen.findByRole('dialog', { name: 'Crie sua conta' })).toBe(dialog)
    expect(within(dialog).getByText('Olá! Já possui uma conta?')).toBeTruthy()
    expect(within(dialog).getByLabelText('Telefone')).toBeTruthy()
    // The new mode's heading takes focus, so screen readers hear the switch.
    expect(document.activeElement?.textContent).toBe('Crie sua conta')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Esqueceu sua senha?' }))
    expect(await screen.findByRole('dialog', { name: 'Recuperar senha' })).toBe(dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar para o login' }))
    expect(await screen.findByRole('dialog', { name: 'Olá! Já possui uma conta?' })).toBe(dialog)
  })

  it.each([
    [
      '422',
      { status: 422, body: { message: 'x', errors: { email: ['Usuário ou senha incorreta'] } } },
      'Usuário ou senha incorreta',
    ],
    [
      '429 with errors.email',
      {
        status: 429,
        body: { message: 'x', errors: { email: ['Aguarde 60 segundos para tentar de novo.'] } },
      },
      'Aguarde 60 segundos para tentar de novo.',
    ],
    [
      '429 without errors.email',
      { status: 429, body: { msg: 'limite' } },
      'Muitas tentativas, aguarde um minuto.',
    ],
    ['500', { status: 500, body: { msg: 'Erro interno' } }, 'Erro ao fazer login'],
    // A dependency away: what to do now (try again shortly) rather than a generic failure.
    ['503', { status: 503, body: { msg: UNAVAILABLE_MESSAGE } }, UNAVAILABLE_MESSAGE],
    ['503 without a body', { status: 503, body: null }, UNAVAILABLE_MESSAGE],
  ])('a %s answer toasts %j', async (_, reply, message) => {
    const { requests } = stubApi({ '/admin/user/get': UNAUTHENTICATED, '/login': reply })
    renderAuth(<UserArea />)
    const dialog = await openLoginModal()
    await typeCredentials(dialog)
    expect(await screen.findByText(toastTitle(message))).toBeTruthy()
    expect(requests().find((request) => request.path === '/login')).toEqual({
      path: '/login',
      method: 'POST',
      body: { email: 'maria@exemplo.com.br', password: 'errada123', json: true },
    })
    expect(screen.getByRole('dialog')).toBe(dialog)
    // What the person typed stays, ready to send again.
    expect((within(dialog).getByLabelText('E-mail') as HTMLInputElement).value).toBe('maria@exemplo.com.br')
    expect((within(dialog).getByLabelText('Senha') as HTMLInputElement).value).toBe('errada123')
  })

  it('logs in: the modal closes, the greeting shows and the menu is fetched again for the new role', async () => {
    const { requests } = stubApi({
      '/admin/user/get': UNAUTHENTICATED,
      '/login': { body: STUDENT },
      '/api/menu': { body: [] },
    })
    renderAuth(<UserArea />)
    const dialog = await openLoginModal()
    await typeCredentials(dialog, 'Senha@123')
    expect(await screen.findByRole('button', { name: /Seja bem-vindo\s+Maria/ })).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText(toastTitle('Logado com sucesso!'))).toBeTruthy()
    expect(requests().some((request) => request.path === '/api/menu')).toBe(true)
  })

  it('checks the fields before sending: nothing is posted with an invalid e-mail', async () => {
    const { requests } = stubApi({ '/admin/user/get': UNAUTHENTICATED })
    renderAuth(<UserArea />)
    const dialog = await openLoginModal()
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'maria')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }))
    expect(await within(dialog).findByText('Informe um e-mail válido.')).toBeTruthy()
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true')
    expect(requests().some((request) => request.path === '/login')).toBe(false)
  })

  it('masks the phone as (##) ####-#### and switches to (##) #####-#### on the 11th digit', async () => {
    stubApi({ '/admin/user/get': UNAUTHENTICATED })
    renderAuth(<UserArea />)
    const dialog = await openLoginModal()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crie sua conta' }))
    const phone = within(dialog).getByLabelText('Telefone') as HTMLInputElement
    await userEvent.type(phone, '4133330101')
    expect(phone.value).toBe('(41) 3333-0101')
    await userEvent.type(phone, '9')
    expect(phone.value).toBe('(41) 33330-1019')
    await userEvent.clear(phone)
    await userEvent.type(phone, '41a99999b0101c')
    expect(phone.value).toBe('(41) 99999-0101')
  })

  it("signs up with the trimmed name; a failure toasts 'Erro ao cadastarar' and shows the field messages", async () => {
    const { requests } = stubApi({
      '/admin/user/get': UNAUTHENTICATED,
      '/user/create_user': [
        { status: 422, body: { message: 'x', errors: { email: ['Este e-mail já está cadastrado.'] } } },
        { body: { msg: 'Cadastro realizado com sucesso!', data: STUDENT } },
      ],
      '/api/menu': { body: [] },
    })
    const dialog = await submitSignUp('  Maria Souza Lima  ')

    expect(await screen.findByText(toastTitle('Erro ao cadastarar'))).toBeTruthy()
    const email = within(dialog).getByLabelText('E-mail')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    const described = document.getElementById(email.getAttribute('aria-describedby')!)
    expect(described?.textContent).toBe('Este e-mail já está cadastrado.')
    expect(requests().find((request) => request.path === '/user/create_user')?.body).toEqual({
      name: 'Maria Souza Lima',
      email: 'maria@exemplo.com.br',
      password: 'Senha@123',
      phone: '(41) 99999-0101',
    })

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' }))
    expect(await screen.findByRole('button', { name: /Seja bem-vindo\s+Maria/ })).toBeTruthy()
    expect(await screen.findByText(toastTitle('Cadastro realizado com sucesso!'))).toBeTruthy()
  })

  it('signs up during an outage: the instability toast, every field kept, and the same sign-up sent again', async () => {
    const { requests } = stubApi({
      '/admin/user/get': UNAUTHENTICATED,
      '/user/create_user': [
        { status: 503, body: { msg: UNAVAILABLE_MESSAGE } },
        { body: { msg: 'Cadastro realizado com sucesso!', data: STUDENT } },
      ],
      '/api/menu': { body: [] },
    })
    const dialog = await submitSignUp('Maria Souza Lima')

    expect(await screen.findByText(toastTitle(UNAVAILABLE_MESSAGE))).toBeTruthy()
    expect(screen.queryByText(toastTitle('Erro ao cadastarar'))).toBeNull()
    const values = ['Nome completo', 'E-mail', 'Telefone', 'Senha'].map(
      (label) => (within(dialog).getByLabelText(label) as HTMLInputElement).value,
    )
    expect(values).toEqual(['Maria Souza Lima', 'maria@exemplo.com.br', '(41) 99999-0101', 'Senha@123'])

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' }))
    expect(await screen.findByRole('button', { name: /Seja bem-vindo\s+Maria/ })).toBeTruthy()
    const sent = requests().filter((request) => request.path === '/user/create_user')
    expect(sent).toHaveLength(2)
    expect(sent[1]!.body).toEqual(sent[0]!.body)
  })

  it('recovery: not found keeps the mode; a sent link toasts and returns to sign in', async () => {
    const { requests } = stubApi({
      '/admin/user/get': UNAUTHENTICATED,
      '/password/email': [
        {
          status: 422,
          body: { message: 'x', errors: { email: ['Não encontramos seu e-mail em nossa base de dados!'] } },
        },
        { body: { msg: 'Enviamos seu link de redefinição de senha por e-mail!' } },
      ],
    })
    renderAuth(<UserArea />)
    const dialog = await openLoginModal()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Esqueceu sua senha?' }))
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'ninguem@exemplo.com.br')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar link' }))
    expect(
      await screen.findByText(toastTitle('Não encontramos seu e-mail em nossa base de dados!')),
    ).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Recuperar senha' })).toBe(dialog)

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar link' }))
    expect(
      await screen.findByText(toastTitle('Enviamos seu link de redefinição de senha por e-mail!')),
    ).toBeTruthy()
    expect(await screen.findByRole('dialog', { name: 'Olá! Já possui uma conta?' })).toBe(dialog)
    expect(
      requests()
        .filter((request) => request.path === '/password/email')
        .at(-1)?.body,
    ).toEqual({
      email: 'ninguem@exemplo.com.br',
    })
  })
})

describe('safeRedirect (/login?redirect=…)', () => {
  it.each([
    [undefined, '/'],
    ['/usuario/perfil', '/usuario/perfil'],
    ['/admin/turmas?x=1', '/admin/turmas?x=1'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected)
  })
})
