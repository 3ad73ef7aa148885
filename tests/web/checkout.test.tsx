import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CART_HASH_KEY, readCartHash } from '../../web/src/features/cart/cart-storage.ts'
import { checkCard, parseExpiry, tokenizeCard } from '../../web/src/features/checkout/card.ts'
import { chargeFor, instalmentLabel, parseBRL } from '../../web/src/features/checkout/instalments.ts'
import { CART_MESSAGES } from '../../worker/contract/cart.ts'
import { CHECKOUT_MESSAGES } from '../../worker/contract/checkout.ts'
import { UNAVAILABLE_MESSAGE } from '../../worker/contract/unavailable.ts'
import { billingAddress } from '../support/buyer.ts'
import { STUDENT, toastTitle } from '../support/web/auth-fixtures.tsx'
import {
  CONFIG,
  cartResponse,
  checkoutView,
  HASH,
  HEMODIALISE,
  NEW_HASH,
  ORDER_ID,
  payResult,
  type Routes,
  renderShop,
  stubFetch,
  typeBillingAddress,
} from '../support/web/checkout-fixtures.tsx'

const NOW = new Date('2026-11-20T12:00:00Z')
const ALL_CARD_MESSAGES =
  'número do cartão inválido, nome do portador inválido, data de expiração inválido, código de segurança inválido'
const TOKENIZE = '/core/v5/tokens'
const ANONYMOUS = { status: 401, body: { message: 'Unauthenticated.' } }

describe('card check (SPEC section 5)', () => {
  const valid = { number: '4000 0000 0000 0010', holderName: 'Maria S Lima', expiry: '12/30', cvv: '123' }

  it('passes a valid card', () => {
    expect(checkCard(valid, NOW)).toBeNull()
    expect(checkCard({ ...valid, expiry: '11/26' }, NOW)).toBeNull()
  })

  it('joins the four messages with ", " as one error', () => {
    expect(
      checkCard({ number: '4000 0000 0000 0011', holderName: '', expiry: '13/30', cvv: '12' }, NOW),
    ).toBe(ALL_CARD_MESSAGES)
    expect(checkCard({ ...valid, expiry: '10/26' }, NOW)).toBe('data de expiração inválido')
    expect(checkCard({ ...valid, holderName: 'M4ria', cvv: '12345' }, NOW)).toBe(
      'nome do portador inválido, código de segurança inválido',
    )
  })

  it("removes '/20' from a four-digit year", () => {
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 })
    expect(parseExpiry('07/31')).toEqual({ month: 7, year: 2031 })
    expect(parseExpiry('00/31')).toBeNull()
  })

  it('tokenizes with the digits only, at the tokenize URL, without our cookies', async () => {
    const { requests } = stubFetch({ [TOKENIZE]: { body: { id: 'token_abc', type: 'card' } } })
    await expect(tokenizeCard(CONFIG as never, valid)).resolves.toBe('token_abc')
    const [request] = requests()
    expect(request!.credentials).toBe('omit')
    expect(request!.body).toEqual({
      type: 'card',
      card: {
        number: '4000000000000010',
        holder_name: 'Maria S Lima',
        exp_month: 12,
        exp_year: 30,
        cvv: '123',
      },
    })
  })
})

describe('instalments', () => {
  const view = checkoutView()

  it("labels each option as Brazilian consumer rules ask: '3x de R$ 348,56'", () => {
    const three = view.instalments[2]!
    expect(three).toEqual({ instalments: 3, total: 104568, instalment: 34856, interest: 4568 })
    expect(instalmentLabel(three)).toEqual({
      main: '3x de R$ 348,56',
      detail: 'total R$ 1.045,68 · juros R$ 45,68',
      text: '3x de R$ 348,56 (total R$ 1.045,68 · juros R$ 45,68)',
    })
    expect(instalmentLabel(view.instalments[0]!).text).toBe('1x de R$ 1.000,00 (à vista)')
  })

  it('adds the donation without interest', () => {
    expect(instalmentLabel(view.instalments[2]!, 5000).text).toBe(
      '3x de R$ 365,23 (total R$ 1.095,68 · juros R$ 45,68)',
    )
    expect(chargeFor(view, { card: true, parcela: 3, donationCents: 5000 })).toEqual({
      instalments: 3,
      total: 109568,
      interest: 4568,
    })
    expect(chargeFor(view, { card: false, parcela: 3, donationCents: 0 }).total).toBe(100000)
    expect(parseBRL('1.234,56')).toBe(123456)
    expect(parseBRL('')).toBe(0)
  })
})

function checkoutRoutes(routes: Routes = {}): Routes {
  return {
    '/checkout/get': { body: checkoutView() },
    '/admin/user/get': ANONYMOUS,
    '/api/payments/config': { body: CONFIG },
    ...routes,
  }
}

async function openCheckout(routes: Routes = {}) {
  const stub = stubFetch(checkoutRoutes(routes))
  const view = renderShop(`/checkout/${HASH}`)
  await screen.findByRole('group', { name: 'Forma de pagamento' })
  return { ...stub, ...view }
}

async function fillPayerAndAddress() {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Nome completo'), 'Maria Souza Lima')
  await user.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br')
  await user.type(screen.getByLabelText('CPF'), '52998224725')
  await user.type(screen.getByLabelText('Telefone'), '41999990101')
  await typeBillingAddress(user)
  return user
}

async function fillCard(
  user: ReturnType<typeof userEvent.setup>,
  card = { number: '4000000000000010', holder: 'MARIA S LIMA', expiry: '1230', cvv: '123' },
) {
  await user.click(screen.getByRole('radio', { name: 'Cartão de crédito' }))
  const fields: Array<[string, string]> = [
    ['Número do cartão', card.number],
    ['Nome impresso no cartão', card.holder],
    ['Validade (MM/AA)', card.expiry],
    ['Código de segurança (CVV)', card.cvv],
  ]
  for (const [label, value] of fields) {
    const input = screen.getByLabelText(label)
    await user.clear(input)
    if (value) await user.type(input, value)
  }
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }))

describe('/checkout/{hash}', () => {
  it("with nothing to buy toasts 'Produto não disponivel' and goes home", async () => {
    stubFetch(checkoutRoutes({ '/checkout/get': { body: checkoutView({ turmas: [], instalments: [] }) } }))
    const { router } = renderShop(`/checkout/${HASH}`)
    expect(await screen.findByText('Produto não disponivel')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.getByRole('heading', { name: 'Página inicial' })).toBeTruthy()
  })

  it('forgets a cart the server no longer knows and goes home', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    stubFetch(
      checkoutRoutes({
        '/checkout/get': { status: 404, body: { msg: CART_MESSAGES.notFound, clear: true } },
      }),
    )
    const { router } = renderShop(`/checkout/${HASH}`)
    expect(await screen.findByText(CART_MESSAGES.notFound)).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(readCartHash()).toBeNull()
  })

  it('offers boleto only when the cart allows it', async () => {
    await openCheckout()
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Cartão de crédito',
      'Boleto',
      'PIX',
    ])
  })

  it('hides boleto when the cart does not allow it', async () => {
    await openCheckout({ '/checkout/get': { body: checkoutView({ boleto: false }) } })
    expect(screen.queryByRole('radio', { name: 'Boleto' })).toBeNull()
    expect(screen.getByRole('radio', { name: 'PIX' })).toBeTruthy()
    expect(screen.getByText('O boleto não está disponível para os itens deste carrinho.')).toBeTruthy()
  })

  it('lists the instalment options with total and interest for the card', async () => {
    await openCheckout()
    await userEvent.click(screen.getByRole('radio', { name: 'Cartão de crédito' }))
    const select = screen.getByLabelText('Parcelas') as HTMLSelectElement
    const labels = [...select.options].map((option) => option.textContent)
    expect(labels).toHaveLength(12)
    expect(labels[0]).toBe('1x de R$ 1.000,00 (à vista)')
    expect(labels[2]).toBe('3x de R$ 348,56 (total R$ 1.045,68 · juros R$ 45,68)')
    await userEvent.selectOptions(select, '3')
    expect(screen.getByTestId('checkout-total').textContent).toBe('R$ 1.045,68')
  })

  it('requires a payment type when there is something to pay', async () => {
    const { requests } = await openCheckout()
    const user = await fillPayerAndAddress()
    await submit(user)
    expect(await screen.findByText('Escolha a forma de pagamento.')).toBeTruthy()
    expect(requests('/checkout/pagar')).toHaveLength(0)
  })

  it('checks the card before tokenising: the four messages joined by ", "', async () => {
    const { requests } = await openCheckout()
    const user = await fillPayerAndAddress()
    await fillCard(user, { number: '4000000000000011', holder: '', expiry: '1320', cvv: '12' })
    await submit(user)
    expect((await screen.findByRole('alert')).textContent).toBe(ALL_CARD_MESSAGES)
    expect(requests(TOKENIZE)).toHaveLength(0)
    expect(requests('/checkout/pagar')).toHaveLength(0)
  })

  it('aborts with the SPEC message when tokenisation fails', async () => {
    const { requests } = await openCheckout({
      [TOKENIZE]: {
        status: 422,
        body: { message: 'The request is invalid.', errors: { 'card.number': ['x'] } },
      },
    })
    const user = await fillPayerAndAddress()
    await fillCard(user)
    await submit(user)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ocorreu um erro ao validar cartão de crédito!',
    )
    expect(requests(TOKENIZE)).toHaveLength(1)
    expect(requests('/checkout/pagar')).toHaveLength(0)
  })

  it('pays by card in 3x: only the token reaches our API, then the result screen', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const { requests, router } = await openCheckout({
      [TOKENIZE]: { body: { id: 'token_aprovado', type: 'card' } },
      '/checkout/pagar': { body: payResult() },
      [`/api/pedidos/${ORDER_ID}`]: {
        body: { ...payResult(), items: [{ name: 'Hemodiálise', net_value: 100000 }] },
      },
    })
    const user = await fillPayerAndAddress()
    await fillCard(user)
    await user.selectOptions(screen.getByLabelText('Parcelas'), '3')
    await submit(user)

    await waitFor(() => expect(router.state.location.pathname).toBe(`/pedido/${ORDER_ID}`))
    expect(await screen.findByRole('heading', { name: 'Pagamento aprovado' })).toBeTruthy()
    expect(readCartHash()).toBeNull()
    const [pay] = requests('/checkout/pagar')
    expect(pay!.body).toMatchObject({
      hash: HASH,
      payment_type: 'CREDIT_CARD',
      cardhash: 'token_aprovado',
      holderName: 'MARIA S LIMA',
      total: 104568,
      doacao: 0,
      parcela: 3,
      gifts: [],
      ids: { turmas: [[1, 1, null]], produtos: [], pacotes: [], cupons: [] },
      billingAddress,
      payer: {
        name: 'Maria Souza Lima',
        email: 'maria@exemplo.com.br',
        cpf: '52998224725',
        phone: '(41) 99999-0101',
      },
    })
    expect(String(pay!.body?.idempotency_key)).toMatch(/^[\w-]{16,}$/)
    const sent = JSON.stringify(pay!.body)
    expect(sent).not.toContain('4000000000000010')
    expect(sent).not.toContain('"cvv"')
  })

  it('stays on a declined card with the message; the next attempt has a new token and key', async () => {
    const declined = `${CHECKOUT_MESSAGES.declined} (Transação recusada pelo emissor)`
    const { requests, router } = await openCheckout({
      [TOKENIZE]: [{ body: { id: 'token_1', type: 'card' } }, { body: { id: 'token_2', type: 'card' } }],
      '/checkout/pagar': { status: 422, body: { msg: declined, code: 2 } },
    })
    const user = await fillPayerAndAddress()
    await fillCard(user, { number: '4000000000000028', holder: 'MARIA S LIMA', expiry: '1230', cvv: '123' })
    await submit(user)
    expect((await screen.findByRole('alert')).textContent).toBe(declined)
    expect(router.state.location.pathname).toBe(`/checkout/${HASH}`)

    await submit(user)
    await waitFor(() => expect(requests('/checkout/pagar')).toHaveLength(2))
    const [first, second] = requests('/checkout/pagar')
    expect(first!.body?.cardhash).toBe('token_1')
    expect(second!.body?.cardhash).toBe('token_2')
    expect(second!.body?.idempotency_key).not.toBe(first!.body?.idempotency_key)
  })

  it('resends the same idempotency key when the outcome was unknown (network failure)', async () => {
    const { requests } = await openCheckout({
      '/checkout/pagar': [
        { status: 503, body: null },
        { body: payResult({ status: 'pending', ccj_pix_code: '000201' }) },
      ],
      [`/api/pedidos/${ORDER_ID}`]: {
        body: { ...payResult({ status: 'pending', ccj_pix_code: '000201' }), items: [] },
      },
    })
    const user = await fillPayerAndAddress()
    await user.click(screen.getByRole('radio', { name: 'PIX' }))
    await submit(user)
    // A 503 without a body (an edge's own answer): the instability message, the key kept.
    expect((await screen.findByRole('alert')).textContent).toBe(UNAVAILABLE_MESSAGE)
    await submit(user)
    await waitFor(() => expect(requests('/checkout/pagar')).toHaveLength(2))
    const [first, second] = requests('/checkout/pagar')
    expect(second!.body?.idempotency_key).toBe(first!.body?.idempotency_key)
    expect(first!.body).toMatchObject({ payment_type: 'PIX', parcela: 1, total: 100000 })
    expect(first!.body).not.toHaveProperty('cardhash')
  })

  it.each([
    ['nothing was charged', CHECKOUT_MESSAGES.nothingCharged],
    ['the card was charged but not recorded', CHECKOUT_MESSAGES.chargedNotRecorded],
  ])(
    'during an outage (%s) says so plainly, keeps what was typed and retries with the same key',
    async (_, msg) => {
      const { requests, router } = await openCheckout({
        [TOKENIZE]: [{ body: { id: 'token_1', type: 'card' } }, { body: { id: 'token_2', type: 'card' } }],
        '/checkout/pagar': [{ status: 503, body: { msg, code: 2 } }, { body: payResult() }],
        [`/api/pedidos/${ORDER_ID}`]: { body: { ...payResult(), items: [] } },
      })
      const user = await fillPayerAndAddress()
      await fillCard(user)
      await submit(user)
      expect((await screen.findByRole('alert')).textContent).toBe(msg)
      expect(await screen.findByText(toastTitle(msg))).toBeTruthy()
      expect(router.state.location.pathname).toBe(`/checkout/${HASH}`)
      // Nothing the person typed is lost.
      expect((screen.getByLabelText('Nome completo') as HTMLInputElement).value).toBe('Maria Souza Lima')
      expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('maria@exemplo.com.br')
      expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('Rua Padre Anchieta')
      expect((screen.getByLabelText('Nome impresso no cartão') as HTMLInputElement).value).toBe(
        'MARIA S LIMA',
      )
      expect((screen.getByLabelText('Número do cartão') as HTMLInputElement).value).toMatch(/^4000 ?0000/)

      // Paying again is the same attempt: the server completes it without a second charge.
      await submit(user)
      await waitFor(() => expect(router.state.location.pathname).toBe(`/pedido/${ORDER_ID}`))
      const [first, second] = requests('/checkout/pagar')
      expect(second!.body?.idempotency_key).toBe(first!.body?.idempotency_key)
    },
  )

  it('shows the provider errors of code 3 joined, and goes home on code 1', async () => {
    const { router } = await openCheckout({
      '/checkout/pagar': [
        {
          status: 422,
          body: {
            msg: 'CPF inválido, Número da rua incorreto',
            code: 3,
            errors: ['CPF inválido', 'Número da rua incorreto'],
          },
        },
        { status: 404, body: { msg: 'Produto não encontrado', code: 1 } },
      ],
    })
    const user = await fillPayerAndAddress()
    await user.click(screen.getByRole('radio', { name: 'Boleto' }))
    await submit(user)
    expect((await screen.findByRole('alert')).textContent).toBe('CPF inválido, Número da rua incorreto')
    await submit(user)
    expect(await screen.findByText('Produto não encontrado')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('prefills the payer of a logged-in user and sends its id', async () => {
    const { requests } = await openCheckout({
      '/admin/user/get': { body: STUDENT },
      '/checkout/pagar': { body: payResult({ status: 'pending', ccj_pix_code: '000201' }) },
    })
    await waitFor(() =>
      expect((screen.getByLabelText('Nome completo') as HTMLInputElement).value).toBe('Maria Souza Lima'),
    )
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('maria@exemplo.com.br')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('CPF'), '52998224725')
    await typeBillingAddress(user)
    await user.click(screen.getByRole('radio', { name: 'PIX' }))
    await submit(user)
    await waitFor(() => expect(requests('/checkout/pagar')).toHaveLength(1))
    expect(requests('/checkout/pagar')[0]!.body?.payer).toMatchObject({ id: 7, name: 'Maria Souza Lima' })
  })

  it('moves to the new cart after the passport flag, without boleto', async () => {
    window.localStorage.setItem(CART_HASH_KEY, HASH)
    const passport = checkoutView({
      hash: NEW_HASH,
      boleto: false,
      flags: { has_student_doc: false, has_passport: true },
    })
    const { requests, router } = await openCheckout({
      '/checkout/get': [{ body: checkoutView() }, { body: passport }],
      '/api/carrinho/flags': { body: cartResponse(NEW_HASH, [HEMODIALISE]) },
    })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tenho passaporte (estrangeiro)' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkout/${NEW_HASH}`))
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Boleto' })).toBeNull())
    expect(requests('/api/carrinho/flags')[0]!.body).toEqual({ hash: HASH, has_passport: true })
    expect(readCartHash()).toBe(NEW_HASH)
    expect(
      (screen.getByRole('checkbox', { name: 'Tenho passaporte (estrangeiro)' }) as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('shows coupons in the summary and the student price after the document upload', async () => {
    const withCoupon = checkoutView({
      turmas: [
        {
          ...checkoutView().turmas[0]!,
          student_price: 80000,
          student_discount: 'A',
          gross_value: 100000,
          net_value: 90000,
          coupon_id: 1,
        },
      ],
      cupons: [
        { key: 'RENAL10', type: 'C', cupom: { id: 1, type: 'P', value: 10 }, turma_id: 1, course_id: 1 },
      ],
    })
    const student = checkoutView({
      hash: NEW_HASH,
      turmas: [{ ...withCoupon.turmas[0]!, net_value: 80000, coupon_id: null, student_price_applied: true }],
      flags: { has_student_doc: true, has_passport: false },
    })
    const { requests } = stubFetch(
      checkoutRoutes({
        '/checkout/get': [{ body: withCoupon }, { body: student }],
        [`/api/carrinho/${HASH}/documento-estudante`]: { body: cartResponse(NEW_HASH, [HEMODIALISE]) },
      }),
    )
    const { router } = renderShop(`/checkout/${HASH}`)
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' })
    expect(within(summary).getByText('Cupom RENAL10')).toBeTruthy()

    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: 'Sou estudante' }))
    const file = new File(['%PDF-1.4'], 'matricula.pdf', { type: 'application/pdf' })
    await user.upload(screen.getByLabelText('Documento de estudante'), file)
    await user.click(screen.getByRole('button', { name: 'Enviar documento' }))

    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkout/${NEW_HASH}`))
    await waitFor(() => expect(within(summary).getByText('Preço de estudante')).toBeTruthy())
    expect(within(summary).queryByText('Cupom RENAL10')).toBeNull()
    const [upload] = requests(`/api/carrinho/${HASH}/documento-estudante`)
    expect(upload!.method).toBe('POST')
    expect((upload!.raw as FormData).get('document')).toBeInstanceOf(File)
  })
})
