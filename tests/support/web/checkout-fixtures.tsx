import { screen } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { CartPage } from '../../../web/src/features/cart/cart-page.tsx'
import { CheckoutPage } from '../../../web/src/features/checkout/checkout-page.tsx'
import { OrderPage } from '../../../web/src/features/checkout/order-page.tsx'
import type { CartResponse, CheckoutView } from '../../../worker/contract/cart.ts'
import type { PayResult } from '../../../worker/contract/checkout.ts'
import { billingAddress } from '../buyer.ts'
import { mockFetch, pageAt, paramsPageAt, renderRoutes } from './render.tsx'

export const HASH = 'a'.repeat(32)
export const NEW_HASH = 'b'.repeat(32)
export const ORDER_ID = `ped_${'0'.repeat(32)}`

type Reply = { status?: number; body: unknown }
export type Routes = Record<string, Reply | Reply[]>

/** Stubs fetch and records each call with its method and JSON body. */
export function stubFetch(routes: Routes) {
  const { fetchMock, calls } = mockFetch(routes)
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  const requests = (path?: string) =>
    calls
      .filter((call) => path === undefined || call.path === path)
      .map(({ path: called, init }) => ({
        path: called,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
        raw: init?.body,
        credentials: init?.credentials,
      }))
  return { calls, requests }
}

export const cartResponse = (hash: string, itens: CartResponse['data']['data']['itens']): CartResponse => ({
  hash,
  data: {
    data: {
      itens,
      num_itens: itens.length,
      gross_total: itens.reduce((sum, item) => sum + item.gross_value, 0),
      net_value: itens.reduce((sum, item) => sum + item.net_value, 0),
    },
    boleto: true,
  },
})

export const HEMODIALISE = {
  id: 1,
  type: 'turma' as const,
  name: 'Hemodiálise para Enfermagem — Comece agora',
  img: '/img/cursos/hemodialise-para-enfermagem-1.svg',
  net_value: 90000,
  gross_value: 100000,
}
export const DRC = {
  id: 3,
  type: 'turma' as const,
  name: 'Doença Renal Crônica na Atenção Primária — Comece agora',
  img: '/img/cursos/drc-1.svg',
  net_value: 49000,
  gross_value: 49000,
}

/** net × 1.015^n rounded to centavos, per item (DESIGN section 4), as the server builds the table. */
export function instalmentTable(nets: number[], max = 12): CheckoutView['instalments'] {
  return Array.from({ length: max }, (_, index) => {
    const n = index + 1
    const total = nets.reduce((sum, net) => sum + (n === 1 ? net : Math.round(net * 1.015 ** n)), 0)
    const base = nets.reduce((sum, net) => sum + net, 0)
    return { instalments: n, total, instalment: Math.round(total / n), interest: total - base }
  })
}

const TURMA_BASE = {
  course_id: 1,
  name: 'Comece agora',
  price: 100000,
  student_price: null,
  student_discount: 'N' as const,
  boleto: true,
  instalment_times: 12,
  type: 'C' as const,
  course_init: null,
  location: null,
  open: true,
  course: { name: 'Hemodiálise para Enfermagem', url: 'hemodialise-para-enfermagem', slider: [] },
  gross_value: 100000,
  net_value: 100000,
  student_price_applied: false,
  coupon_id: null,
}

/** A checkout with one R$ 1.000,00 class (no coupon) unless told otherwise. */
export function checkoutView(overrides: Partial<CheckoutView> = {}): CheckoutView {
  const turmas = overrides.turmas ?? [{ id: 1, ...TURMA_BASE }]
  const nets = turmas.map((turma) => turma.net_value)
  const net = nets.reduce((sum, value) => sum + value, 0)
  return {
    hash: HASH,
    turmas,
    produtos: [],
    pacotes: [],
    cupons: [],
    boleto: true,
    flags: { has_student_doc: false, has_passport: false },
    totals: { num_itens: turmas.length, gross_total: net, net_value: net },
    max_instalments: 12,
    instalments: instalmentTable(nets),
    ...overrides,
  }
}

/** The Pagar.me sandbox as npm start runs it: the browser tokenizes at {PAGARME_API_URL}/tokens. */
export const CONFIG = {
  gateway: 'sandbox',
  public_key: 'pk_test_sandbox',
  tokenize_url: 'http://127.0.0.1:8090/core/v5/tokens',
  account_type: 'gateway',
} as const

export function payResult(overrides: Partial<PayResult> = {}): PayResult {
  return {
    order_id: ORDER_ID,
    status: 'paid',
    error: false,
    ccj_boleto_link: null,
    ccj_pay_number: null,
    ccj_pix_code: null,
    boleto_due_at: null,
    pix_expires_at: null,
    total: 104568,
    instalments: 3,
    instalment_value: 34856,
    refunded_cents: 0,
    message: null,
    ...overrides,
  }
}

/** The cart, checkout and result screens under a test router, with a home page to be sent to. */
export function renderShop(path: string) {
  return renderRoutes(
    (root) => [
      pageAt(root, '/', <h1>Página inicial</h1>),
      pageAt(root, '/carrinho-de-compras', <CartPage />),
      paramsPageAt(root, '/checkout/$hash', ({ hash }) => <CheckoutPage hash={hash!} />),
      paramsPageAt(root, '/pedido/$orderId', ({ orderId }) => <OrderPage orderId={orderId!} />),
    ],
    { at: path },
  )
}

/** The test buyers' billing address, typed into the form's fields (a card's and a boleto's). */
export async function typeBillingAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('CEP'), billingAddress.zip_code.replace('-', ''))
  await user.type(screen.getByLabelText('Rua'), billingAddress.street)
  await user.type(screen.getByLabelText('Número'), billingAddress.number)
  await user.type(screen.getByLabelText('Bairro'), billingAddress.neighborhood)
  await user.type(screen.getByLabelText('Cidade'), billingAddress.city)
  await user.selectOptions(screen.getByLabelText('UF'), billingAddress.state)
}
