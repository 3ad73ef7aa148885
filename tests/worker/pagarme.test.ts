import { describe, expect, it, vi } from 'vitest'
import { pagarmeGateway } from '../../worker/adapters/payments/pagarme.ts'
import { GatewayUnavailableError, GatewayValidationError } from '../../worker/adapters/payments/types.ts'
import { translateProviderErrors } from '../../worker/domain/payment-errors.ts'
import boletoPending from '../fixtures/pagarme/order-boleto-pending.json'
import cardFailed from '../fixtures/pagarme/order-card-failed.json'
import cardPaid from '../fixtures/pagarme/order-card-paid.json'
import pixPending from '../fixtures/pagarme/order-pix-pending.json'
import validationError from '../fixtures/pagarme/validation-error.json'

// Recorded Pagar.me Core API v5 answers; only the outbound fetch is replaced.
const input = {
  code: 'ped_0123456789abcdef0123456789abcdef',
  idempotencyKey: 'ped_0123456789abcdef0123456789abcdef',
  amountCents: 104568,
  method: 'credit_card' as const,
  instalments: 3,
  cardToken: 'token_abc123',
  customer: {
    name: 'Ana Beatriz Souza',
    email: 'ana@example.com',
    document: '52998224725',
    phone: '(41) 99876-5432',
  },
  billingAddress: {
    zip_code: '80730-000',
    street: 'Rua Padre Anchieta',
    number: '1000',
    neighborhood: 'Bigorrilho',
    city: 'Curitiba',
    state: 'PR',
  },
  items: [{ code: 'itens', description: 'Cursos', amountCents: 104568 }],
}

function recorded(status: number, body: unknown) {
  return vi.fn<typeof fetch>().mockResolvedValue(Response.json(body, { status }))
}

describe('pagarme adapter', () => {
  it('creates a card order with instalments, token, idempotency key and basic auth', async () => {
    const fetcher = recorded(200, cardPaid)
    const order = await pagarmeGateway('sk_test_123', fetcher).createOrder(input)
    expect(order).toMatchObject({
      gatewayOrderId: 'or_56GXnk6T0eU88qMm',
      code: input.code,
      status: 'paid',
      amountCents: 104568,
    })

    const [url, init] = fetcher.mock.calls[0]!
    expect(url).toBe('https://api.pagar.me/core/v5/orders')
    const headers = init!.headers as Record<string, string>
    expect(headers.Authorization).toBe(`Basic ${btoa('sk_test_123:')}`)
    expect(headers['Idempotency-Key']).toBe(input.idempotencyKey)
    const sent = JSON.parse(String(init!.body))
    expect(sent.payments[0]).toMatchObject({
      payment_method: 'credit_card',
      amount: 104568,
      credit_card: { installments: 3, card_token: 'token_abc123', statement_descriptor: 'RENALIS' },
    })
    expect(sent.customer).toMatchObject({
      document: '52998224725',
      document_type: 'CPF',
      phones: { mobile_phone: { area_code: '41', number: '998765432' } },
    })
    expect(JSON.stringify(sent)).not.toMatch(/4000000000000010/)
  })

  it('maps a refused card, a boleto and a PIX', async () => {
    const failed = await pagarmeGateway('sk', recorded(200, cardFailed)).getOrder('or_Q8v3LmZpX1aB2cD4')
    expect(failed).toMatchObject({ status: 'failed', failureMessage: 'Transação não autorizada' })

    const boleto = await pagarmeGateway('sk', recorded(200, boletoPending)).createOrder({
      ...input,
      method: 'boleto',
    })
    expect(boleto).toMatchObject({
      status: 'pending',
      boleto: { line: '23793381286000000000003000000000400000000049000', dueAt: '2026-11-23T23:59:59Z' },
    })
    expect(boleto.boleto?.url).toMatch(/\/pdf$/)

    const pix = await pagarmeGateway('sk', recorded(200, pixPending)).createOrder({ ...input, method: 'pix' })
    expect(pix.status).toBe('pending')
    expect(pix.pix?.code).toMatch(/^000201/)
    expect(pix.pix?.expiresAt).toBe('2026-11-20T13:34:11Z')
  })

  it('turns a 422 into provider errors that translate to pt-BR, and outages into unavailability', async () => {
    const error = await pagarmeGateway('sk', recorded(422, validationError))
      .createOrder(input)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayValidationError)
    expect(translateProviderErrors((error as GatewayValidationError).errors)).toEqual([
      'CPF inválido',
      'Número da rua incorreto',
    ])

    await expect(
      pagarmeGateway('sk', recorded(502, { message: 'Bad gateway' })).createOrder(input),
    ).rejects.toBeInstanceOf(GatewayUnavailableError)
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'))
    await expect(pagarmeGateway('sk', offline).getOrder('or_x')).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    )
  })
})
