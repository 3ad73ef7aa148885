import { describe, expect, it, vi } from 'vitest'
import { chargeToPayment, pagarmeGateway, toPayment } from '../../worker/adapters/payments/pagarme.ts'
import {
  type CreateOrderInput,
  GatewayNotFoundError,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../worker/adapters/payments/types.ts'
import { declineReason, translateProviderErrors } from '../../worker/domain/payment-errors.ts'
import boletoCanceled from '../fixtures/pagarme/charge-boleto-canceled.json'
import boletoOverpaid from '../fixtures/pagarme/charge-boleto-overpaid.json'
import boletoUnderpaid from '../fixtures/pagarme/charge-boleto-underpaid.json'
import antifraud from '../fixtures/pagarme/charge-card-antifraud-reproved.json'
import chargedback from '../fixtures/pagarme/charge-card-chargedback.json'
import gatewayErrors from '../fixtures/pagarme/charge-card-gateway-errors.json'
import partiallyRefunded from '../fixtures/pagarme/charge-card-partially-refunded.json'
import processing from '../fixtures/pagarme/charge-card-processing.json'
import cardRefunded from '../fixtures/pagarme/charge-card-refunded.json'
import cardVoided from '../fixtures/pagarme/charge-card-voided.json'
import pixExpired from '../fixtures/pagarme/charge-pix-expired.json'
import pixPendingRefund from '../fixtures/pagarme/charge-pix-pending-refund.json'
import pixRefunded from '../fixtures/pagarme/charge-pix-refunded.json'
import boletoPending from '../fixtures/pagarme/order-boleto-pending.json'
import cardFailed from '../fixtures/pagarme/order-card-failed.json'
import cardPaid from '../fixtures/pagarme/order-card-paid.json'
import debitChallenge from '../fixtures/pagarme/order-debit-3ds-challenge.json'
import pixPending from '../fixtures/pagarme/order-pix-pending.json'
import byCode from '../fixtures/pagarme/orders-by-code.json'
import chargebackRefund from '../fixtures/pagarme/payables-chargeback-refund.json'
import validationError from '../fixtures/pagarme/validation-error.json'
import { billingAddress as address, providerBillingAddress } from '../support/buyer.ts'
import { answering, hangingFetch } from '../support/worker/fetch-stubs.ts'

// Pagar.me Core API v5 answers in the documented shapes (tests/fixtures/pagarme); only the
// outbound fetch is replaced. The sandbox (tests/unit/pagarme-sandbox.test.ts) answers the same.
const input: CreateOrderInput = {
  code: 'ped_0123456789abcdef0123456789abcdef',
  idempotencyKey: 'ped_0123456789abcdef0123456789abcdef',
  amountCents: 104568,
  payment: { method: 'credit_card', cardToken: 'token_abc123', instalments: 3, billingAddress: address },
  customer: {
    name: 'Ana Beatriz Souza',
    email: 'ana@example.com',
    document: '52998224725',
    phone: '(41) 99876-5432',
    address,
  },
  items: [{ code: 'itens', description: 'Cursos', amountCents: 104568 }],
}

const gateway = (fetcher: typeof fetch, apiUrl?: string) =>
  pagarmeGateway({ secretKey: 'sk_test_123', apiUrl }, fetcher)

describe('pagarme adapter: requests', () => {
  it('creates a card order at PAGARME_API_URL with instalments, token, billing address, idempotency key and basic auth', async () => {
    const fetcher = answering(200, cardPaid)
    const payment = await gateway(fetcher, 'http://127.0.0.1:9999/core/v5/').createOrder(input)
    expect(payment).toMatchObject({
      gatewayOrderId: 'or_56GXnk6T0eU88qMm',
      chargeId: 'ch_bJ3xA1lC9s8YvKp2',
      code: input.code,
      status: 'paid',
      amountCents: 104568,
      paidCents: 104568,
      refundedCents: 0,
    })

    const [url, init] = fetcher.mock.calls[0]!
    expect(url).toBe('http://127.0.0.1:9999/core/v5/orders')
    expect(init!.signal).toBeInstanceOf(AbortSignal)
    const headers = init!.headers as Record<string, string>
    expect(headers.Authorization).toBe(`Basic ${btoa('sk_test_123:')}`)
    expect(headers['Idempotency-Key']).toBe(input.idempotencyKey)
    const sent = JSON.parse(String(init!.body))
    expect(sent.payments[0]).toMatchObject({
      payment_method: 'credit_card',
      amount: 104568,
      credit_card: {
        installments: 3,
        card_token: 'token_abc123',
        statement_descriptor: 'RENALIS',
        card: {
          billing_address: {
            line_1: '1000, Rua Padre Anchieta, Bigorrilho',
            zip_code: '80730000',
            country: 'BR',
          },
        },
      },
    })
    expect(sent.customer).toMatchObject({
      document: '52998224725',
      document_type: 'CPF',
      phones: { mobile_phone: { area_code: '41', number: '998765432' } },
      address: { city: 'Curitiba', state: 'PR' },
    })
    expect(JSON.stringify(sent)).not.toMatch(/4000000000000010/)
  })

  it('defaults to https://api.pagar.me/core/v5 and tokenizes at {PAGARME_API_URL}/tokens', async () => {
    const fetcher = answering(200, cardPaid)
    const adapter = gateway(fetcher)
    await adapter.getOrder('or_56GXnk6T0eU88qMm')
    expect(fetcher.mock.calls[0]![0]).toBe('https://api.pagar.me/core/v5/orders/or_56GXnk6T0eU88qMm')
    expect(adapter.tokenizeUrl).toBe('https://api.pagar.me/core/v5/tokens')
    expect(gateway(fetcher, 'http://127.0.0.1:8090/core/v5').tokenizeUrl).toBe(
      'http://127.0.0.1:8090/core/v5/tokens',
    )
  })

  it('carries a debit card with its 3-D Secure authentication, and reads the challenge URL back', async () => {
    const fetcher = answering(200, debitChallenge)
    const payment = await gateway(fetcher).createOrder({
      ...input,
      payment: {
        method: 'debit_card',
        cardToken: 'token_debito',
        billingAddress: address,
        authentication: { mpi: 'acquirer', successUrl: 'https://www.institutorenalis.com.br/3ds/volta' },
      },
    })
    const sent = JSON.parse(String(fetcher.mock.calls[0]![1]!.body))
    expect(sent.payments[0]).toMatchObject({
      payment_method: 'debit_card',
      debit_card: {
        card_token: 'token_debito',
        authentication: {
          type: 'threed_secure',
          threed_secure: { mpi: 'acquirer', success_url: 'https://www.institutorenalis.com.br/3ds/volta' },
        },
      },
    })
    expect(payment).toMatchObject({
      method: 'debit_card',
      status: 'pending',
      authenticationUrl: 'https://3ds.example/challenge/abc',
    })
  })

  it('boleto and PIX: the due date and expiry we chose go out; line, PDF and EMV code come back', async () => {
    const due = new Date('2026-11-23T23:59:59Z')
    const fetcher = answering(200, boletoPending)
    const boleto = await gateway(fetcher).createOrder({
      ...input,
      payment: {
        method: 'boleto',
        dueAt: due,
        instructions: 'Pagar até o vencimento.',
        documentNumber: '123',
        billingAddress: address,
      },
    })
    expect(JSON.parse(String(fetcher.mock.calls[0]![1]!.body)).payments[0].boleto).toMatchObject({
      due_at: '2026-11-23T23:59:59.000Z',
      type: 'DM',
      // A registered boleto names its payer's address (issue 30, item 1).
      billing_address: providerBillingAddress,
    })
    expect(boleto).toMatchObject({
      status: 'pending',
      boleto: { line: '23793381286000000000003000000000400000000049000', dueAt: '2026-11-23T23:59:59Z' },
    })
    expect(boleto.boleto?.pdf).toMatch(/\/pdf$/)

    const pix = await gateway(answering(200, pixPending)).createOrder({
      ...input,
      payment: { method: 'pix', expiresInSeconds: 1800 },
    })
    expect(pix.status).toBe('pending')
    expect(pix.pix).toMatchObject({
      code: expect.stringMatching(/^000201/),
      expiresAt: '2026-11-20T13:34:11Z',
    })
  })

  it('refunds with DELETE /charges/{id}, the amount and its own Idempotency-Key', async () => {
    const fetcher = answering(200, partiallyRefunded)
    const payment = await gateway(fetcher).cancelCharge({
      chargeId: 'ch_P4rt14lR3fund01',
      amountCents: 10000,
      idempotencyKey: 'estorno-1',
    })
    const [url, init] = fetcher.mock.calls[0]!
    expect(url).toBe('https://api.pagar.me/core/v5/charges/ch_P4rt14lR3fund01')
    expect(init!.method).toBe('DELETE')
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toBe('estorno-1')
    expect(JSON.parse(String(init!.body))).toEqual({ amount: 10000 })
    expect(payment).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 10000,
      gatewayOrderId: 'or_C0c0C0c0C0c0C0c0',
    })
  })

  it('finds an order by its code with GET /orders?code=, and answers null when there is none', async () => {
    const fetcher = answering(200, { ...byCode, data: byCode.data.map((o) => ({ ...o, code: input.code })) })
    const found = await gateway(fetcher).findOrderByCode(input.code)
    expect(fetcher.mock.calls[0]![0]).toBe(
      `https://api.pagar.me/core/v5/orders?code=${input.code}&page=1&size=10`,
    )
    expect(found?.gatewayOrderId).toBe('or_B0l3t0P3nd1ngXy')
    expect(
      await gateway(answering(200, { data: [], paging: { total: 0 } })).findOrderByCode(input.code),
    ).toBeNull()
  })
})

describe('pagarme adapter: every documented charge status reaches the order state', () => {
  // `refunded`: the centavos returned, where any were.
  it.each([
    { name: 'paid order', charge: cardPaid.charges[0]!, status: 'paid' },
    { name: 'refused card', charge: cardFailed.charges[0]!, status: 'failed' },
    { name: 'boleto waiting', charge: boletoPending.charges[0]!, status: 'pending' },
    { name: 'PIX waiting', charge: pixPending.charges[0]!, status: 'pending' },
    { name: 'processing card', charge: processing, status: 'pending' },
    { name: 'refunded card', charge: cardRefunded, status: 'refunded', refunded: 49000 },
    { name: 'voided card (same day)', charge: cardVoided, status: 'refunded', refunded: 49000 },
    { name: 'refunded PIX', charge: pixRefunded, status: 'refunded', refunded: 49000 },
    { name: 'partial refund', charge: partiallyRefunded, status: 'partially_refunded', refunded: 10000 },
    { name: 'PIX refund not yet done', charge: pixPendingRefund, status: 'paid' },
    { name: 'chargeback', charge: chargedback, status: 'charged_back' },
    { name: 'canceled boleto', charge: boletoCanceled, status: 'expired' },
    { name: 'expired PIX', charge: pixExpired, status: 'expired' },
    // The README's rule (issue 30, item 4): the money arrived, read as paid with what was received.
    { name: 'boleto paid short', charge: boletoUnderpaid, status: 'underpaid' },
    { name: 'boleto paid more', charge: boletoOverpaid, status: 'paid' },
    { name: 'antifraud refusal', charge: antifraud, status: 'failed' },
  ] as const)('$name → $status', ({ charge, status, refunded = 0 }) => {
    const payment = chargeToPayment(charge as Parameters<typeof chargeToPayment>[0])
    expect(payment.status).toBe(status)
    expect(payment.refundedCents).toBe(refunded)
  })

  it("a refused card carries the issuer's code and words, and the gateway's own errors", () => {
    expect(chargeToPayment(cardFailed.charges[0] as never).refusal).toEqual({
      code: '1000',
      message: 'Transação não autorizada',
      gatewayErrors: [],
    })
    expect(chargeToPayment(antifraud as never).refusal?.code).toBe('antifraud')
    const errors = chargeToPayment(gatewayErrors as never).refusal
    expect(errors?.gatewayErrors).toEqual(['The card expired.'])
    expect(declineReason(errors)).toBe('Cartão vencido. Confira os dados ou use outro cartão.')
    expect(declineReason(chargeToPayment(antifraud as never).refusal)).toBe(
      'o banco emissor não autorizou esta compra. Fale com o banco ou use outro cartão.',
    )
  })
})

describe('pagarme adapter: a chargeback and its dispute (decision 023)', () => {
  /** Pagar.me answering the charge, and its chargeback_refund payables. */
  const provider = (payables: unknown) =>
    vi.fn<typeof fetch>(async (input) =>
      Response.json(String(input).includes('/payables?') ? payables : chargedback, { status: 200 }),
    )

  it('reads a charged-back charge with its chargeback_refund payables: none, still disputed', async () => {
    const fetcher = provider({ data: [], paging: { total: 0 } })
    const payment = await gateway(fetcher).getCharge('ch_Ch4rg3dB4ck0001')
    expect(payment).toMatchObject({ status: 'charged_back', refundedCents: 0 })
    expect(payment.disputeWon).toBeUndefined()
    expect(fetcher.mock.calls.map(([url]) => String(url).replace(/^.*\/core\/v5/, ''))).toEqual([
      '/charges/ch_Ch4rg3dB4ck0001',
      '/payables?charge_id=ch_Ch4rg3dB4ck0001&type=chargeback_refund&page=1&size=10',
    ])
  })

  it('a chargeback_refund payable (reapresentação ganha) reads as paid again, the dispute won', async () => {
    const payment = await gateway(provider(chargebackRefund)).getCharge('ch_Ch4rg3dB4ck0001')
    expect(payment).toMatchObject({ status: 'paid', refundedCents: 0, paidCents: 49000, disputeWon: true })
  })

  it('asks no payables of a charge that is not charged back', async () => {
    const fetcher = answering(200, cardRefunded)
    await gateway(fetcher).getCharge('ch_x')
    expect(fetcher.mock.calls).toHaveLength(1)
  })
})

describe('pagarme adapter: failures', () => {
  it('turns a 422 into provider errors that translate to pt-BR', async () => {
    const error = await gateway(answering(422, validationError))
      .createOrder(input)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayValidationError)
    expect(translateProviderErrors((error as GatewayValidationError).errors)).toEqual([
      'CPF inválido',
      'Número da rua incorreto',
    ])
  })

  it('a 404 is "unknown to the provider"; 5xx, 429, a refused key, a timeout or no network are an outage', async () => {
    await expect(
      gateway(answering(404, { message: 'Order not found' })).getOrder('or_x'),
    ).rejects.toBeInstanceOf(GatewayNotFoundError)
    for (const status of [500, 502, 503, 429, 401]) {
      await expect(gateway(answering(status, { message: 'x' })).createOrder(input)).rejects.toBeInstanceOf(
        GatewayUnavailableError,
      )
    }
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'))
    await expect(gateway(offline).getOrder('or_x')).rejects.toBeInstanceOf(GatewayUnavailableError)
    const slow = hangingFetch()
    const error = await pagarmeGateway({ secretKey: 'sk', timeoutMs: 50 }, slow)
      .getCharge('ch_x')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayUnavailableError)
    expect((error as Error).message).toContain('timeout')
  })
})

describe('what the student area reads from a charge', () => {
  it("a paid card's receipt: card, instalments and the acquirer's words", () => {
    const payment = toPayment(cardPaid as never)
    expect(payment.receipt).toMatchObject({
      chargeId: cardPaid.charges[0]!.id,
      transactionId: 'tran_gR4oYv5HmT0K7L2z',
      card: { brand: 'Visa', lastFour: '0010', holderName: 'ANA B SOUZA' },
      instalments: 3,
      acquirerMessage: 'Transação capturada com sucesso',
      boleto: null,
    })
  })

  it('a debit whose 3-D Secure the issuer refused is refused for that reason, in pt-BR', () => {
    const failed = structuredClone(debitChallenge) as typeof debitChallenge & {
      charges: Array<Record<string, unknown>>
    }
    Object.assign(failed.charges[0]!, { status: 'failed' })
    Object.assign(failed.charges[0]!.last_transaction as object, {
      status: 'not_authorized',
      // The v5 debit transaction has no authentication status: its ECI says "not authenticated".
      eci: '07',
      threed_authentication_url: null,
    })
    const payment = toPayment(failed as never)
    expect(payment.status).toBe('failed')
    expect(payment.refusal?.code).toBe('authentication')
    expect(payment.authenticationUrl).toBeUndefined()
    expect(declineReason(payment.refusal)).toMatch(/autenticação do cartão de débito/)
  })
})
