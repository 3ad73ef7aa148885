import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { addToCart, applyCoupon, removeFromCart } from '../../web/src/features/cart/cart.mutations.ts'
import { CartButton } from '../../web/src/features/cart/cart-button.tsx'
import { CART_HASH_KEY, readCartHash } from '../../web/src/features/cart/cart-storage.ts'
import { CART_MESSAGES } from '../../worker/contract/cart.ts'
import { DEFAULT_IMAGES } from '../../worker/domain/institute.ts'
import {
  cartResponse,
  DRC,
  HASH,
  HEMODIALISE,
  NEW_HASH,
  renderShop,
  stubFetch,
} from '../support/web/checkout-fixtures.tsx'
import { renderWithApp } from '../support/web/render.tsx'

const GONE = { status: 404, body: { msg: CART_MESSAGES.notFound, clear: true } }

/** Another tab wrote the key: browsers fire `storage` only in the other tabs. */
function otherTabWrites(value: string | null) {
  act(() => {
    if (value === null) window.localStorage.removeItem(CART_HASH_KEY)
    else window.localStorage.setItem(CART_HASH_KEY, value)
    window.dispatchEvent(new StorageEvent('storage', { key: CART_HASH_KEY, newValue: value }))
  })
}

const badge = () => screen.getByTestId('cart-count')

describe('header cart button', () => {
  it('fetches the stored cart when it mounts and shows the count', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const { requests } = stubFetch({
      [`/api/carrinho/${HASH}`]: { body: cartResponse(HASH, [HEMODIALISE, DRC]) },
    })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(badge().textContent).toBe('2'))
    expect(requests().map((request) => request.path)).toEqual([`/api/carrinho/${HASH}`])
    expect(screen.getByRole('button', { name: 'Carrinho' }).getAttribute('aria-describedby')).toBeTruthy()
    expect(
      document.getElementById(
        screen.getByRole('button', { name: 'Carrinho' }).getAttribute('aria-describedby')!,
      )?.textContent,
    ).toBe('2 itens')
  })

  it('asks nothing without a stored hash and shows 0', async () => {
    const { requests } = stubFetch({})
    renderWithApp(<CartButton />)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(badge().textContent).toBe('0')
    expect(requests()).toEqual([])
  })

  it('opens the items with images, struck gross prices, totals and the two links', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    stubFetch({ [`/api/carrinho/${HASH}`]: { body: cartResponse(HASH, [HEMODIALISE, DRC]) } })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(badge().textContent).toBe('2'))
    await userEvent.click(screen.getByRole('button', { name: 'Carrinho' }))

    const dialog = await screen.findByRole('dialog', { name: 'Carrinho' })
    const items = within(dialog).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]!.textContent).toContain('Hemodiálise para Enfermagem — Comece agora')
    expect(items[0]!.querySelector('s')?.textContent).toBe('R$ 1.000,00')
    expect(items[0]!.textContent).toContain('R$ 900,00')
    expect(items[1]!.querySelector('s')).toBeNull()

    const image = items[0]!.querySelector('img')!
    fireEvent.error(image)
    expect(image.getAttribute('src')).toBe(DEFAULT_IMAGES.course)

    expect(within(dialog).getByTestId('cart-num-itens').textContent).toBe('2')
    expect(within(dialog).getByTestId('cart-gross-total').textContent).toBe('R$ 1.490,00')
    expect(within(dialog).getByTestId('cart-net-value').textContent).toBe('R$ 1.390,00')
    expect(within(dialog).getByRole('link', { name: 'Ver carrinho' }).getAttribute('href')).toBe(
      '/carrinho-de-compras',
    )
    expect(within(dialog).getByRole('link', { name: 'Finalizar compra' }).getAttribute('href')).toBe(
      `/checkout/${HASH}`,
    )
  })

  it("says 'Turma esgotada' or 'Últimas N vagas' on a line with few seats left", async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    stubFetch({
      [`/api/carrinho/${HASH}`]: {
        body: cartResponse(HASH, [
          { ...HEMODIALISE, seats_left: 0 },
          { ...DRC, seats_left: 3 },
        ]),
      },
    })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(badge().textContent).toBe('2'))
    await userEvent.click(screen.getByRole('button', { name: 'Carrinho' }))
    const dialog = await screen.findByRole('dialog', { name: 'Carrinho' })
    const seats = within(dialog).getAllByTestId('cart-item-seats')
    expect(seats.map((line) => line.textContent)).toEqual(['Turma esgotada', 'Últimas 3 vagas'])
  })

  it('follows a cart changed in another tab (storage event)', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const { requests } = stubFetch({
      [`/api/carrinho/${HASH}`]: { body: cartResponse(HASH, [HEMODIALISE]) },
      [`/api/carrinho/${NEW_HASH}`]: { body: cartResponse(NEW_HASH, [HEMODIALISE, DRC]) },
    })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(badge().textContent).toBe('1'))

    otherTabWrites(NEW_HASH)
    await waitFor(() => expect(badge().textContent).toBe('2'))
    expect(requests().map((request) => request.path)).toContain(`/api/carrinho/${NEW_HASH}`)

    otherTabWrites(null)
    await waitFor(() => expect(badge().textContent).toBe('0'))
  })

  it('forgets the stored hash when the server answers clear', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    stubFetch({ [`/api/carrinho/${HASH}`]: GONE })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(window.localStorage.getItem(CART_HASH_KEY)).toBeNull())
    expect(badge().textContent).toBe('0')
  })

  it('forgets a malformed stored hash too (422)', async () => {
    window.localStorage.setItem(CART_HASH_KEY, 'hash-velho')
    stubFetch({
      '/api/carrinho/hash-velho': {
        status: 422,
        body: { message: 'x', errors: { hash: ['Carrinho inválido.'] } },
      },
    })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(window.localStorage.getItem(CART_HASH_KEY)).toBeNull())
  })

  it('removes an item from the dialog', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const { requests } = stubFetch({
      [`/api/carrinho/${HASH}`]: { body: cartResponse(HASH, [HEMODIALISE, DRC]) },
      '/carrinho-de-compras/update-cart': {
        body: { ...cartResponse(NEW_HASH, [DRC]), msg: CART_MESSAGES.removed },
      },
    })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(badge().textContent).toBe('2'))
    await userEvent.click(screen.getByRole('button', { name: 'Carrinho' }))
    const dialog = await screen.findByRole('dialog', { name: 'Carrinho' })
    await userEvent.click(within(dialog).getByRole('button', { name: `Remover ${HEMODIALISE.name}` }))

    expect(await screen.findByText('Removido do carrinho com sucesso!')).toBeTruthy()
    await waitFor(() => expect(badge().textContent).toBe('1'))
    expect(readCartHash()).toBe(NEW_HASH)
    expect(requests('/carrinho-de-compras/update-cart')[0]!.body).toEqual({
      hash: HASH,
      data: { id: 1, type: 'turma' },
      option: 'remove',
    })
    // The answer is cached under the new hash: nothing refetches it.
    expect(requests().filter((request) => request.path === `/api/carrinho/${NEW_HASH}`)).toHaveLength(0)
  })
})

describe('cart actions', () => {
  it('addToCart sends the stored hash, stores the new one, fills the cache and toasts', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const { requests } = stubFetch({
      [`/api/carrinho/${HASH}`]: { body: cartResponse(HASH, [HEMODIALISE]) },
      '/carrinho-de-compras/update-cart': {
        body: { ...cartResponse(NEW_HASH, [HEMODIALISE, DRC]), msg: CART_MESSAGES.added },
      },
    })
    renderWithApp(<CartButton />)
    await waitFor(() => expect(badge().textContent).toBe('1'))

    let added = false
    await act(async () => {
      added = await addToCart({ id: 3, type: 'turma', option: 'add' })
    })
    expect(added).toBe(true)
    expect(await screen.findByText('Adicionado ao carrinho com sucesso!')).toBeTruthy()
    expect(readCartHash()).toBe(NEW_HASH)
    await waitFor(() => expect(badge().textContent).toBe('2'))
    expect(requests('/carrinho-de-compras/update-cart')[0]!.body).toEqual({
      hash: HASH,
      data: { id: 3, type: 'turma' },
      option: 'add',
    })
    expect(requests(`/api/carrinho/${NEW_HASH}`)).toHaveLength(0)
  })

  it('addToCart starts a new cart when the stored one expired', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const { requests } = stubFetch({
      '/carrinho-de-compras/update-cart': [GONE, { body: cartResponse(NEW_HASH, [DRC]) }],
    })
    renderWithApp(<p>página</p>)
    await act(async () => {
      await addToCart({ id: 3, type: 'turma', option: 'add' })
    })
    expect(requests('/carrinho-de-compras/update-cart').map((request) => request.body?.hash)).toEqual([
      HASH,
      null,
    ])
    expect(readCartHash()).toBe(NEW_HASH)
    expect(await screen.findByText('Adicionado ao carrinho com sucesso!')).toBeTruthy()
  })

  it('toasts the 422 messages, or the SPEC fallback', async () => {
    stubFetch({
      '/carrinho-de-compras/update-cart': [
        { status: 422, body: { message: 'inválido', errors: { data: [CART_MESSAGES.itemUnavailable] } } },
        { status: 500, body: null },
      ],
    })
    renderWithApp(<p>página</p>)
    await act(async () => {
      expect(await addToCart({ id: 13, type: 'turma', option: 'add' })).toBe(false)
    })
    expect(await screen.findByText('Este item não está disponível para compra.')).toBeTruthy()
    await act(async () => {
      await addToCart({ id: 13, type: 'turma', option: 'add' })
    })
    expect(await screen.findByText('erro ao adicionar item no carrinho')).toBeTruthy()
    expect(readCartHash()).toBeNull()
  })

  it('removeFromCart toasts its error and forgets a cart that is gone', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    stubFetch({ '/carrinho-de-compras/update-cart': [{ status: 500, body: null }, GONE] })
    renderWithApp(<p>página</p>)
    await act(async () => {
      expect(await removeFromCart({ id: 1, type: 'turma' })).toBe(false)
    })
    expect(await screen.findByText('erro ao remover item do carrinho')).toBeTruthy()
    expect(readCartHash()).toBe(HASH)
    await act(async () => {
      await removeFromCart({ id: 1, type: 'turma' })
    })
    expect(readCartHash()).toBeNull()
  })

  it('applyCoupon posts the key with the hash and toasts success or the coupon error', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const { requests } = stubFetch({
      '/carrinho-de-compras/set-cupom': [
        { body: { ...cartResponse(NEW_HASH, [HEMODIALISE]), msg: CART_MESSAGES.couponApplied } },
        { status: 422, body: { message: 'inválido', errors: { key: [CART_MESSAGES.couponInvalid] } } },
        { status: 500, body: null },
      ],
    })
    renderWithApp(<p>página</p>)
    await act(async () => {
      expect(await applyCoupon(' renal10 ')).toBe(true)
    })
    expect(await screen.findByText('Cupom aplicado com sucesso!')).toBeTruthy()
    expect(requests('/carrinho-de-compras/set-cupom')[0]!.body).toEqual({ key: 'renal10', hash: HASH })
    expect(readCartHash()).toBe(NEW_HASH)

    await act(async () => {
      expect(await applyCoupon('EXPIRADO')).toBe(false)
    })
    expect(
      await screen.findByText('Cupom inválido, expirado ou que não vale para os itens do carrinho.'),
    ).toBeTruthy()
    await act(async () => {
      await applyCoupon('EXPIRADO')
    })
    expect(await screen.findByText('erro ao aplicar cupom')).toBeTruthy()
  })
})

describe('/carrinho-de-compras', () => {
  it('shows the empty state without a cart', async () => {
    stubFetch({})
    renderShop('/carrinho-de-compras')
    expect(await screen.findByText('Seu carrinho está vazio.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver cursos' }).getAttribute('href')).toBe('/cursos')
  })

  it('lists the items, applies a coupon, recommends and links to the checkout', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const couponed = { ...HEMODIALISE }
    stubFetch({
      [`/api/carrinho/${HASH}`]: { body: cartResponse(HASH, [{ ...HEMODIALISE, net_value: 100000 }]) },
      '/carrinho-de-compras/set-cupom': { body: cartResponse(NEW_HASH, [couponed]) },
      [`/carrinho-de-compras/recomendation/${HASH}`]: {
        body: {
          cursos: [
            { id: 2, name: 'Nutrição Renal', url: 'nutricao-renal', img: '/x.svg', price_from: 69000 },
          ],
          produtos: [{ id: 1, name: 'Pad de punção', img: '/y.svg', price: 18000 }],
        },
      },
      [`/carrinho-de-compras/recomendation/${NEW_HASH}`]: { body: { cursos: [], produtos: [] } },
    })
    renderShop('/carrinho-de-compras')
    expect(await screen.findByText(HEMODIALISE.name)).toBeTruthy()
    expect(screen.getByTestId('cart-net-value').textContent).toBe('R$ 1.000,00')
    expect(await screen.findByRole('heading', { name: 'Você também pode gostar' })).toBeTruthy()
    expect(screen.getByText('Nutrição Renal')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Finalizar compra' }).getAttribute('href')).toBe(
      `/checkout/${HASH}`,
    )

    await userEvent.type(screen.getByLabelText('Cupom de desconto'), 'renal10')
    expect((screen.getByLabelText('Cupom de desconto') as HTMLInputElement).value).toBe('RENAL10')
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar cupom' }))
    expect(await screen.findByText('Cupom aplicado com sucesso!')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('cart-net-value').textContent).toBe('R$ 900,00'))
    expect(screen.getByRole('link', { name: 'Finalizar compra' }).getAttribute('href')).toBe(
      `/checkout/${NEW_HASH}`,
    )
  })
})
