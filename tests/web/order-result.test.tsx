import { act, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { rememberOrder } from '../../web/src/features/checkout/order-record.ts'
import { formatCountdown } from '../../web/src/features/checkout/payment-panels.tsx'
import { CONFIG, ORDER_ID, payResult, renderShop, stubFetch } from '../support/web/checkout-fixtures.tsx'

const NOW = new Date('2026-11-20T12:00:00Z')
const PIX_CODE =
  '00020101021226830014br.gov.bcb.pix2561sandbox.renalis/pix/ped0000520400005303986540510.005802BR6304ABCD'
const ITEMS = [{ name: 'Hemodiálise para Enfermagem — Comece agora', net_value: 100000 }]
const ORDER_PATH = `/api/pedidos/${ORDER_ID}`

const pixOrder = (status: 'pending' | 'paid') => ({
  ...payResult({
    status,
    ccj_pix_code: PIX_CODE,
    pix_expires_at: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
    total: 100000,
    instalments: 1,
    instalment_value: 100000,
  }),
  items: ITEMS,
})

/** The countdown's and the polling's intervals (and the clock) move on; renders settle inside act. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

// The panel imports `qrcode` on demand; loaded here first, that import settles at once under fake timers.
beforeAll(async () => {
  await import('qrcode')
})

afterEach(() => {
  window.sessionStorage.clear()
})

describe('order result: PIX', () => {
  it('formats the time left as mm:ss', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00')
    expect(formatCountdown(59_001)).toBe('01:00')
    expect(formatCountdown(-5)).toBe('00:00')
  })

  it('shows the QR code, the copy code and a countdown, polls every 3 s until paid', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setInterval', 'clearInterval', 'Date'] })
    const { requests } = stubFetch({
      [ORDER_PATH]: [
        { body: pixOrder('pending') },
        { body: pixOrder('pending') },
        { body: pixOrder('paid') },
      ],
      '/api/payments/config': { body: CONFIG },
    })
    renderShop(`/pedido/${ORDER_ID}`)
    await screen.findByTestId('pix-countdown')

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pedido recebido: falta pagar o PIX')
    expect(screen.getByTestId('order-status').textContent).toBe('aguardando pagamento')
    expect(screen.getByTestId('pix-countdown').textContent).toBe('30:00')
    expect((screen.getByLabelText('PIX copia e cola') as HTMLTextAreaElement).value).toBe(PIX_CODE)
    expect(screen.getByRole('button', { name: 'Copiar código' })).toBeTruthy()
    const qr = (await screen.findByRole('img', {
      name: /QR Code do PIX de R\$ 1\.000,00/,
    })) as HTMLImageElement
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(screen.getByRole('button', { name: 'Simular pagamento' })).toBeTruthy()
    expect(requests(ORDER_PATH)).toHaveLength(1)

    await advance(1000)
    expect(screen.getByTestId('pix-countdown').textContent).toBe('29:59')

    await advance(2000)
    expect(requests(ORDER_PATH)).toHaveLength(2)
    expect(screen.getByTestId('order-status').textContent).toBe('aguardando pagamento')

    await advance(3000)
    expect(requests(ORDER_PATH)).toHaveLength(3)
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento confirmado' })).toBeTruthy()
    expect(screen.getByTestId('order-status').textContent).toBe('pago')
    expect(screen.getByRole('link', { name: 'Meus cursos' }).getAttribute('href')).toBe('/usuario/cursos')
    expect(screen.queryByTestId('pix-countdown')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).toBeNull()

    // Paid: the polling stops.
    await advance(9000)
    expect(requests(ORDER_PATH)).toHaveLength(3)
  })

  it('says when the PIX code expired', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setInterval', 'clearInterval', 'Date'] })
    stubFetch({
      [ORDER_PATH]: {
        body: { ...pixOrder('pending'), pix_expires_at: new Date(NOW.getTime() + 2000).toISOString() },
      },
      '/api/payments/config': { body: { ...CONFIG, gateway: 'pagarme' } },
    })
    renderShop(`/pedido/${ORDER_ID}`)
    expect((await screen.findByTestId('pix-countdown')).textContent).toBe('00:02')
    // Not the sandbox: no simulated payment.
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).toBeNull()
    await advance(2000)
    expect(screen.getByText('O código PIX expirou. Faça um novo pedido para pagar.')).toBeTruthy()
  })

  it("'Simular pagamento' pays in the sandbox and the status follows", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setInterval', 'clearInterval', 'Date'] })
    const { requests } = stubFetch({
      [ORDER_PATH]: [{ body: pixOrder('pending') }, { body: pixOrder('paid') }],
      [`/api/sandbox/pedidos/${ORDER_ID}/pagar`]: { body: { status: 'paid' } },
      '/api/payments/config': { body: CONFIG },
    })
    renderShop(`/pedido/${ORDER_ID}`)
    const simulate = await screen.findByRole('button', { name: 'Simular pagamento' })
    await act(async () => simulate.click())
    expect(await screen.findByText('pago')).toBeTruthy()
    expect(requests(`/api/sandbox/pedidos/${ORDER_ID}/pagar`)[0]!.method).toBe('POST')
  })
})

describe('order result: card and boleto', () => {
  it("an approved card: 'Pagamento aprovado', the items and 'Meus cursos'", async () => {
    stubFetch({
      [ORDER_PATH]: { body: { ...payResult(), items: ITEMS } },
      '/api/payments/config': { body: CONFIG },
    })
    renderShop(`/pedido/${ORDER_ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento aprovado' })).toBeTruthy()
    expect(screen.getByText(ITEMS[0]!.name)).toBeTruthy()
    expect(screen.getByText('3x de R$ 348,56')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Meus cursos' }).getAttribute('href')).toBe('/usuario/cursos')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('warns when the confirmation e-mail could not be sent (SPEC section 8)', async () => {
    rememberOrder(ORDER_ID, { emailFailed: true })
    stubFetch({
      [ORDER_PATH]: { body: { ...payResult(), items: ITEMS } },
      '/api/payments/config': { body: CONFIG },
    })
    renderShop(`/pedido/${ORDER_ID}`)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('compra foi realizada com sucesso')
    expect(alert.textContent).toContain('e-mail de confirmação')
    expect(alert.textContent).toContain('ensino@institutorenalis.com.br')
  })

  it('a boleto: the link to print it, the digitable line with a copy button and the due date', async () => {
    stubFetch({
      [ORDER_PATH]: {
        body: {
          ...payResult({
            status: 'pending',
            ccj_boleto_link: 'http://127.0.0.1:8090/sandbox/boletos/ch_123.pdf',
            ccj_pay_number: '34191.79001 01043.510047 91020.150008 8 10000000100000',
            boleto_due_at: '2026-11-23T15:00:00.000Z',
            total: 100000,
            instalments: 1,
          }),
          items: ITEMS,
        },
      },
      '/api/payments/config': { body: CONFIG },
    })
    renderShop(`/pedido/${ORDER_ID}`)
    const link = await screen.findByRole('link', { name: /Abrir boleto/ })
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:8090/sandbox/boletos/ch_123.pdf')
    expect(link.getAttribute('target')).toBe('_blank')
    expect((screen.getByLabelText('Linha digitável') as HTMLInputElement).value).toContain('34191.79001')
    expect(screen.getByRole('button', { name: 'Copiar linha digitável' })).toBeTruthy()
    expect(screen.getByText('23/11/2026')).toBeTruthy()
    expect(screen.getByTestId('order-status').textContent).toBe('aguardando pagamento')
  })

  it.each([
    {
      status: 'refunded' as const,
      refunded: 100000,
      heading: 'Pagamento estornado',
      label: 'estornado',
      text: 'O valor de R$ 1.000,00 foi devolvido e as inscrições deste pedido foram canceladas.',
      courses: false,
    },
    {
      status: 'partially_refunded' as const,
      refunded: 25000,
      heading: 'Pagamento confirmado',
      label: 'estornado em parte',
      text: 'Estornamos R$ 250,00 deste pedido. Sua inscrição continua ativa.',
      courses: true,
    },
    {
      status: 'charged_back' as const,
      refunded: 0,
      heading: 'Pagamento contestado',
      label: 'contestado pelo titular do cartão',
      text: 'O pagamento foi contestado junto à operadora do cartão e as inscrições deste pedido foram canceladas.',
      courses: false,
    },
  ])('after the sale, $status: the heading, the state and what happened to the enrollment', async (c) => {
    stubFetch({
      [ORDER_PATH]: {
        body: {
          ...payResult({ status: c.status, refunded_cents: c.refunded, total: 100000, instalments: 1 }),
          items: ITEMS,
        },
      },
      '/api/payments/config': { body: CONFIG },
    })
    renderShop(`/pedido/${ORDER_ID}`)
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(c.heading)
    expect(screen.getByTestId('order-status').textContent).toBe(c.label)
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && element.textContent?.startsWith(c.text) === true,
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Meus cursos' }) !== null).toBe(c.courses)
  })
})
