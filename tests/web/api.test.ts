import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api } from '../../web/src/lib/api.ts'

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  )
}

describe('api', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/')
  })

  it('sends same-origin JSON and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ hash: 'abc' }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(
      api('/carrinho-de-compras/update-cart', { method: 'POST', json: { a: 1 } }),
    ).resolves.toEqual({
      hash: 'abc',
    })
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/carrinho-de-compras/update-cart')
    expect(init.credentials).toBe('same-origin')
    expect(init.body).toBe('{"a":1}')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })

  it('throws an ApiError with the status and the parsed body', async () => {
    answer(422, { message: 'x', errors: { email: ['E-mail inválido'] } })
    const error = await api('/login').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(422)
    expect((error as ApiError).body).toEqual({ message: 'x', errors: { email: ['E-mail inválido'] } })
  })

  it('reloads on a 401 Unauthenticated inside /admin or /usuario, not elsewhere', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {})
    answer(401, { message: 'Unauthenticated.' })
    window.history.replaceState(null, '', '/cursos')
    await api('/admin/user/get').catch(() => {})
    expect(reload).not.toHaveBeenCalled()

    window.history.replaceState(null, '', '/usuario/perfil')
    await api('/admin/user/get').catch(() => {})
    expect(reload).toHaveBeenCalledTimes(1)

    window.history.replaceState(null, '', '/admin/course')
    await api('/admin/user/get').catch(() => {})
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('reloads on a 419 anywhere', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {})
    answer(419, { msg: 'Sessão expirada' })
    await expect(api('/checkout/pagar', { method: 'POST', json: {} })).rejects.toBeInstanceOf(ApiError)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
