import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ToasterHost } from '../../web/src/components/toaster-host.tsx'
import { ApiError } from '../../web/src/lib/api.ts'
import {
  errorMessage,
  toastComment,
  toastError,
  truncateComment,
  unavailableMessage,
} from '../../web/src/lib/toast.ts'
import { UNAVAILABLE_MESSAGE } from '../../worker/contract/unavailable.ts'

describe('errorMessage (SPEC section 8 toast helper)', () => {
  it('joins every 422 field message with line breaks', () => {
    const error = new ApiError(422, {
      message: 'Dados inválidos',
      errors: { email: ['E-mail inválido'], name: ['Nome obrigatório', 'Nome curto'] },
    })
    expect(errorMessage(error)).toBe('E-mail inválido\nNome obrigatório\nNome curto')
  })

  it('shows the server msg when there is no 422 errors object', () => {
    expect(errorMessage(new ApiError(500, { msg: 'Serviço indisponível' }))).toBe('Serviço indisponível')
    expect(errorMessage(new ApiError(422, { msg: 'Cupom inválido' }))).toBe('Cupom inválido')
  })

  it('ignores an errors object outside a 422', () => {
    expect(errorMessage(new ApiError(400, { errors: { a: ['x'] }, msg: 'Pedido inválido' }))).toBe(
      'Pedido inválido',
    )
  })

  it("says 'try again shortly' for a dependency outage, even when the answer had no body", () => {
    expect(
      errorMessage(new ApiError(503, { msg: UNAVAILABLE_MESSAGE }), 'erro ao adicionar item no carrinho'),
    ).toBe(UNAVAILABLE_MESSAGE)
    expect(errorMessage(new ApiError(503, '<html>Service Unavailable</html>'))).toBe(UNAVAILABLE_MESSAGE)
    expect(errorMessage(new ApiError(504, null))).toBe(UNAVAILABLE_MESSAGE)
    expect(unavailableMessage(new ApiError(500, { msg: 'Erro interno' }))).toBeNull()
    expect(unavailableMessage(new ApiError(422, { msg: 'x' }))).toBeNull()
  })

  it('falls back to the default, or to the given fallback', () => {
    expect(errorMessage(new ApiError(500, null))).toBe('Erro ao executar')
    expect(errorMessage(new Error('network down'))).toBe('Erro ao executar')
    expect(errorMessage(new ApiError(404, 'Not Found'), 'Erro ao pesquisar produtos')).toBe(
      'Erro ao pesquisar produtos',
    )
  })
})

describe('toasts', () => {
  it('shows the 422 messages on separate lines in a toast', async () => {
    render(<ToasterHost />)
    void toastError(new ApiError(422, { message: 'x', errors: { a: ['Primeira'], b: ['Segunda'] } }))
    const title = await screen.findByText(
      (_, element) =>
        element?.hasAttribute('data-title') === true && element.textContent === 'Primeira\nSegunda',
    )
    // The line breaks only show because the title keeps white space.
    expect(title.className).toContain('whitespace-pre-line')
  })

  it('truncates comment toasts to 40 characters plus "..."', async () => {
    const long = 'Este comentário é bem mais comprido do que quarenta caracteres'
    expect(truncateComment(long)).toBe(`${long.slice(0, 40)}...`)
    expect(truncateComment('Curto')).toBe('Curto')
    render(<ToasterHost />)
    void toastComment(long)
    expect(await screen.findByText(`${long.slice(0, 40)}...`)).toBeTruthy()
    await waitFor(() => expect(screen.queryByText(long)).toBeNull())
  })
})
