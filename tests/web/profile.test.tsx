import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PasswordForm } from '../../web/src/features/profile/password-form.tsx'
import { ProfilePage } from '../../web/src/features/profile/profile-page.tsx'
import { renderAppRouter } from '../support/web/app.tsx'
import { renderAuth, STUDENT, stubApi, toastTitle, UNAUTHENTICATED } from '../support/web/auth-fixtures.tsx'

const alertMessages = () =>
  within(screen.getByRole('alert'))
    .queryAllByRole('listitem')
    .map((item) => item.textContent)

describe('password form (SPEC section 5)', () => {
  it("accumulates the SPEC's messages and shows them together, sending nothing", async () => {
    const { requests } = stubApi({ '/admin/user/get': { body: STUDENT } })
    renderAuth(<PasswordForm isNewUser={false} />)
    const submit = await screen.findByRole('button', { name: 'Atualizar senha' })
    await userEvent.click(submit)
    expect(alertMessages()).toEqual([
      'Favor inseirir a senha atual!',
      'Favor inseirir a nova senha!',
      'Favor inseirir a repetir a nova senha!',
    ])
    expect(screen.getByLabelText('Senha atual').getAttribute('aria-invalid')).toBe('true')

    await userEvent.type(screen.getByLabelText('Nova senha'), '123')
    await userEvent.type(screen.getByLabelText('Repetir a nova senha'), '124')
    await userEvent.click(submit)
    expect(alertMessages()).toEqual([
      'Favor inseirir a senha atual!',
      'A Nova senha deve possuir mais de 6 caracteres!',
      'Favor repetir a nova senha!',
    ])
    expect(requests().some((request) => request.path.startsWith('/usuario'))).toBe(false)
  })

  it("sends senha_atual, senha_nova, senha_repete; shows the server's messages, or 'Erro ao atualizar senha do usuário.'", async () => {
    const { requests } = stubApi({
      '/admin/user/get': { body: STUDENT },
      '/usuario/perfil/updatePassword/': [
        { status: 422, body: { message: 'x', errors: { senha_atual: ['A senha atual está incorreta!'] } } },
        { status: 500, body: { msg: 'falhou' } },
        { body: { data: 'Senha atualizada com sucesso!' } },
      ],
    })
    renderAuth(<PasswordForm isNewUser={false} />)
    await userEvent.type(await screen.findByLabelText('Senha atual'), 'Antiga@1')
    await userEvent.type(screen.getByLabelText('Nova senha'), 'Nova@12345')
    await userEvent.type(screen.getByLabelText('Repetir a nova senha'), 'Nova@12345')
    const submit = screen.getByRole('button', { name: 'Atualizar senha' })

    await userEvent.click(submit)
    await waitFor(() => expect(alertMessages()).toEqual(['A senha atual está incorreta!']))
    expect(requests().find((request) => request.path === '/usuario/perfil/updatePassword/')).toEqual({
      path: '/usuario/perfil/updatePassword/',
      method: 'POST',
      body: { senha_atual: 'Antiga@1', senha_nova: 'Nova@12345', senha_repete: 'Nova@12345' },
    })

    await userEvent.click(submit)
    expect(await screen.findByText(toastTitle('Erro ao atualizar senha do usuário.'))).toBeTruthy()

    await userEvent.click(submit)
    expect(await screen.findByText(toastTitle('Senha atualizada com sucesso!'))).toBeTruthy()
    await waitFor(() => expect((screen.getByLabelText('Nova senha') as HTMLInputElement).value).toBe(''))
  })

  it("for a new user: 'Alterar senha', no current password, and none sent", async () => {
    const { requests } = stubApi({
      '/admin/user/get': { body: { ...STUDENT, new_user: true } },
      '/usuario/perfil/updatePassword/': { body: { data: 'Senha atualizada com sucesso!' } },
    })
    renderAuth(<PasswordForm isNewUser />)
    const submit = await screen.findByRole('button', { name: 'Alterar senha' })
    expect(screen.queryByLabelText('Senha atual')).toBeNull()
    await userEvent.click(submit)
    expect(alertMessages()).toEqual([
      'Favor inseirir a nova senha!',
      'Favor inseirir a repetir a nova senha!',
    ])

    await userEvent.type(screen.getByLabelText('Nova senha'), 'Nova@12345')
    await userEvent.type(screen.getByLabelText('Repetir a nova senha'), 'Nova@12345')
    await userEvent.click(submit)
    expect(await screen.findByText(toastTitle('Senha atualizada com sucesso!'))).toBeTruthy()
    expect(requests().find((request) => request.path === '/usuario/perfil/updatePassword/')?.body).toEqual({
      senha_nova: 'Nova@12345',
      senha_repete: 'Nova@12345',
    })
  })
})

describe('profile page', () => {
  it("edits name, e-mail and phone in the shared form modal ('Fechar', 'Atualizar')", async () => {
    const updated = { ...STUDENT, name: 'Maria Lima', phone: '(41) 3333-0101' }
    const { requests } = stubApi({
      '/admin/user/get': { body: STUDENT },
      '/usuario/perfil/updateUser': [
        { status: 422, body: { message: 'x', errors: { email: ['Este e-mail já está cadastrado.'] } } },
        { body: { data: updated } },
      ],
    })
    renderAuth(<ProfilePage />)
    await userEvent.click(await screen.findByRole('button', { name: 'Editar dados' }))
    const modal = await screen.findByRole('dialog', { name: 'Meus dados' })
    expect(modal.id).toBe('perfilModal')
    expect(within(modal).getByRole('button', { name: 'Fechar' })).toBeTruthy()
    const name = within(modal).getByLabelText('Nome completo') as HTMLInputElement
    expect(name.value).toBe('Maria Souza Lima')
    await userEvent.clear(name)
    await userEvent.type(name, 'Maria Lima ')
    const phone = within(modal).getByLabelText('Telefone') as HTMLInputElement
    await userEvent.clear(phone)
    await userEvent.type(phone, '4133330101')

    await userEvent.click(within(modal).getByRole('button', { name: 'Atualizar' }))
    expect(await within(modal).findByText('Este e-mail já está cadastrado.')).toBeTruthy()
    expect(requests().find((request) => request.path === '/usuario/perfil/updateUser')).toEqual({
      path: '/usuario/perfil/updateUser',
      method: 'PUT',
      body: { name: 'Maria Lima', email: 'maria@exemplo.com.br', phone: '(41) 3333-0101' },
    })

    await userEvent.click(within(modal).getByRole('button', { name: 'Atualizar' }))
    expect(await screen.findByText(toastTitle('Dados atualizados com sucesso!'))).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('Maria Lima')).toBeTruthy()
    expect(screen.getByText('(41) 3333-0101')).toBeTruthy()
  })

  it('checks the photo in the browser (images only, 2 MB at most), previews it and uploads it', async () => {
    const withPhoto = { ...STUDENT, photo: '/files/users%2F7%2Ffoto.png' }
    const { calls } = stubApi({
      '/admin/user/get': { body: STUDENT },
      '/api/usuario/foto': { body: { data: withPhoto } },
    })
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview')
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    renderAuth(<ProfilePage />)
    const input = (await screen.findByLabelText('Escolher foto')) as HTMLInputElement

    await userEvent.upload(input, new File(['texto'], 'notas.txt', { type: 'text/plain' }), {
      applyAccept: false,
    })
    expect(await screen.findByText('Envie uma imagem JPG, PNG ou WebP.')).toBeTruthy()

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' })
    await userEvent.upload(input, big)
    expect(await screen.findByText('A foto deve ter no máximo 2 MB.')).toBeTruthy()
    // Nothing valid chosen: the submit says to choose a photo, and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Salvar foto' }))
    expect(await screen.findByText('Escolha uma foto para enviar.')).toBeTruthy()
    expect(calls.some((call) => call.path === '/api/usuario/foto')).toBe(false)

    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'eu.png', { type: 'image/png' })
    await userEvent.upload(input, photo)
    expect(screen.getByRole('img', { name: 'Pré-visualização da nova foto' }).getAttribute('src')).toBe(
      'blob:preview',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Salvar foto' }))
    expect(await screen.findByText(toastTitle('Foto atualizada com sucesso!'))).toBeTruthy()
    const upload = calls.find((call) => call.path === '/api/usuario/foto')?.init
    expect(upload?.method).toBe('POST')
    const body = upload?.body
    expect(body).toBeInstanceOf(FormData)
    expect(body instanceof FormData && body.get('photo')).toBe(photo)
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:preview'))
  })
})

describe('guards of /usuario and /admin', () => {
  const renderAt = (path: string) => renderAppRouter(path).router

  it('shows the login form in place of a /usuario page without a session, then the page after login', async () => {
    stubApi({
      '/admin/user/get': UNAUTHENTICATED,
      '/login': { body: STUDENT },
      '/api/menu': { body: [] },
      '/home_itens/lists': { body: [] },
    })
    renderAt('/usuario/compras')
    expect(await screen.findByRole('heading', { level: 1, name: 'Minhas compras' })).toBeTruthy()
    const main = screen.getByRole('main')
    expect(await within(main).findByText('Entre na sua conta para acessar esta página.')).toBeTruthy()
    await userEvent.type(within(main).getByLabelText('E-mail'), 'maria@exemplo.com.br')
    await userEvent.type(within(main).getByLabelText('Senha'), 'Senha@123{Enter}')
    await waitFor(() => expect(within(main).queryByLabelText('E-mail')).toBeNull())
    expect(within(main).getByRole('heading', { level: 1, name: 'Minhas compras' })).toBeTruthy()
  })

  it('tells a student that /admin is not for them', async () => {
    stubApi({ '/admin/user/get': { body: STUDENT }, '/api/menu': { body: [] } })
    renderAt('/admin/turmas')
    expect(await screen.findByText('Você não tem permissão para acessar esta área.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Turmas' })).toBeNull()
  })

  it('lets an administrator in', async () => {
    stubApi({ '/admin/user/get': { body: { ...STUDENT, type: 'A' } }, '/api/menu': { body: [] } })
    renderAt('/admin/turmas')
    expect(await screen.findByRole('heading', { level: 1, name: 'Turmas' })).toBeTruthy()
  })

  it('on /login, goes to the redirect target once logged in', async () => {
    stubApi({
      '/admin/user/get': UNAUTHENTICATED,
      '/login': { body: STUDENT },
      '/api/menu': { body: [] },
    })
    const router = renderAt('/login?redirect=%2Fusuario%2Fcursos')
    const main = await screen.findByRole('main')
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Olá! Já possui uma conta?' }),
    ).toBeTruthy()
    await userEvent.type(within(main).getByLabelText('E-mail'), 'maria@exemplo.com.br')
    await userEvent.type(within(main).getByLabelText('Senha'), 'Senha@123{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuario/cursos'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Meus cursos' })).toBeTruthy()
  })
})
