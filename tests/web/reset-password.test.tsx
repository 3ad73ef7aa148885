import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ResetPasswordPage } from '../../web/src/features/auth/reset-password-page.tsx'
import { renderAuth, stubApi } from '../support/web/auth-fixtures.tsx'

const TOKEN = 'a'.repeat(43)

describe('/senha/redefinir', () => {
  it('says the link is invalid when it carries no token, and offers no form', async () => {
    stubApi({})
    renderAuth(<ResetPasswordPage />)
    expect(
      await screen.findByText('Este link de redefinição é inválido ou expirou. Peça um novo.'),
    ).toBeTruthy()
    expect(screen.queryByLabelText('Nova senha')).toBeNull()
  })

  it('checks the passwords, shows the expired-link message from the API, then succeeds', async () => {
    const { requests: all } = stubApi({
      // The page asks whose link it is (the e-mail and linked providers) as it opens.
      '/api/auth/reset-password/conta': { body: { email: 'maria@exemplo.com.br', providers: [] } },
      '/api/auth/reset-password': [
        {
          status: 422,
          body: {
            message: 'x',
            errors: { token: ['Este link de redefinição é inválido ou expirou. Peça um novo.'] },
          },
        },
        { body: { msg: 'Senha redefinida com sucesso! Entre com a nova senha.' } },
      ],
    })
    const requests = () => all().filter((request) => request.path === '/api/auth/reset-password')
    const first = renderAuth(<ResetPasswordPage token={TOKEN} />)
    await userEvent.type(await screen.findByLabelText('Nova senha'), 'Nova@12345')
    await userEvent.type(screen.getByLabelText('Confirme a nova senha'), 'Outra@12345')
    await userEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }))
    expect(await screen.findByText('As senhas não conferem.')).toBeTruthy()
    expect(requests()).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText('Confirme a nova senha'))
    await userEvent.type(screen.getByLabelText('Confirme a nova senha'), 'Nova@12345')
    await userEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Este link de redefinição é inválido ou expirou. Peça um novo.',
    )
    expect(screen.queryByLabelText('Nova senha')).toBeNull()
    expect(requests()[0]).toEqual({
      path: '/api/auth/reset-password',
      method: 'POST',
      body: { token: TOKEN, password: 'Nova@12345', password_confirmation: 'Nova@12345' },
    })
    first.unmount()

    renderAuth(<ResetPasswordPage token={TOKEN} />)
    await userEvent.type(await screen.findByLabelText('Nova senha'), 'Nova@12345')
    await userEvent.type(screen.getByLabelText('Confirme a nova senha'), 'Nova@12345{Enter}')
    expect((await screen.findByRole('status')).textContent).toContain(
      'Senha redefinida com sucesso! Entre com a nova senha.',
    )
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login')
  })
})
