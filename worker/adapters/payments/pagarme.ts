import { DEADLINES_MS, fetchWithDeadline } from '../deadline.ts'
import {
  type ChargeStatus,
  type CreateOrderInput,
  type GatewayOrder,
  GatewayUnavailableError,
  GatewayValidationError,
  type PaymentGateway,
} from './types.ts'

// Pagar.me Core API v5 (DESIGN 6). The browser tokenizes the card; we only ever see the token.
const API = 'https://api.pagar.me/core/v5'

type PagarmeTransaction = {
  status?: string
  acquirer_message?: string
  url?: string
  pdf?: string
  line?: string
  due_at?: string
  qr_code?: string
  qr_code_url?: string
  expires_at?: string
}
type PagarmeOrder = {
  id: string
  code: string
  amount: number
  status: string
  charges?: Array<{
    id: string
    status: string
    payment_method: string
    last_transaction?: PagarmeTransaction
  }>
}

function statusOf(order: PagarmeOrder): ChargeStatus {
  const charge = order.charges?.[0]
  if (order.status === 'paid' || charge?.status === 'paid') return 'paid'
  if (charge?.status === 'refunded') return 'refunded'
  if (order.status === 'failed' || order.status === 'canceled' || charge?.status === 'failed') {
    return charge?.last_transaction?.status === 'expired' || charge?.status === 'canceled'
      ? 'expired'
      : 'failed'
  }
  return 'pending'
}

export function toGatewayOrder(order: PagarmeOrder): GatewayOrder {
  const charge = order.charges?.[0]
  const tx = charge?.last_transaction
  return {
    gatewayOrderId: order.id,
    code: order.code,
    status: statusOf(order),
    amountCents: order.amount,
    boleto:
      charge?.payment_method === 'boleto' && tx?.line
        ? { url: tx.pdf ?? tx.url ?? '', line: tx.line, dueAt: tx.due_at ?? '' }
        : undefined,
    pix:
      charge?.payment_method === 'pix' && tx?.qr_code
        ? { code: tx.qr_code, expiresAt: tx.expires_at ?? '' }
        : undefined,
    failureMessage: statusOf(order) === 'failed' ? tx?.acquirer_message : undefined,
  }
}

function phoneParts(phone: string) {
  const digits = phone.replace(/\D/g, '')
  return { country_code: '55', area_code: digits.slice(0, 2), number: digits.slice(2) }
}

export function pagarmeGateway(
  secretKey: string,
  fetcher: typeof fetch = fetch,
  timeoutMs: number = DEADLINES_MS.payments,
): PaymentGateway {
  const authorization = `Basic ${btoa(`${secretKey}:`)}`
  async function call(
    path: string,
    init: RequestInit & { idempotencyKey?: string } = {},
  ): Promise<PagarmeOrder> {
    const headers: Record<string, string> = {
      Authorization: authorization,
      'Content-Type': 'application/json',
    }
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey
    let response: Response
    try {
      // Never retried here: a repeated POST is the caller's call (its Idempotency-Key makes it safe).
      response = await fetchWithDeadline(
        'payments',
        `${API}${path}`,
        { ...init, headers, body: typeof init.body === 'string' ? init.body : null },
        { timeoutMs, retry: 'never', fetcher },
      )
    } catch (error) {
      throw new GatewayUnavailableError(error instanceof Error ? error.message : 'network error')
    }
    if (response.status === 422 || response.status === 400) {
      const body = (await response.json().catch(() => ({}))) as {
        message?: string
        errors?: Record<string, string[]>
      }
      throw new GatewayValidationError(
        body.message ?? 'The request is invalid.',
        body.errors ?? { request: [body.message ?? 'invalid'] },
      )
    }
    if (!response.ok) throw new GatewayUnavailableError(`Pagar.me respondeu ${response.status}`)
    return (await response.json()) as PagarmeOrder
  }

  return {
    name: 'pagarme',
    async createOrder(input: CreateOrderInput) {
      const address = input.billingAddress
        ? {
            line_1: `${input.billingAddress.number}, ${input.billingAddress.street}, ${input.billingAddress.neighborhood}`,
            line_2: input.billingAddress.complement ?? '',
            zip_code: input.billingAddress.zip_code.replace(/\D/g, ''),
            city: input.billingAddress.city,
            state: input.billingAddress.state,
            country: 'BR',
          }
        : undefined
      const payment =
        input.method === 'credit_card'
          ? {
              payment_method: 'credit_card',
              credit_card: {
                installments: input.instalments,
                statement_descriptor: 'RENALIS',
                card_token: input.cardToken,
                ...(address ? { card: { billing_address: address } } : {}),
              },
            }
          : input.method === 'boleto'
            ? {
                payment_method: 'boleto',
                boleto: {
                  instructions:
                    'Pagar até o vencimento. Após o pagamento, a matrícula é confirmada por e-mail.',
                  due_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
                  document_number: input.code.replace(/\D/g, '').slice(0, 16) || '1',
                  type: 'DM',
                },
              }
            : { payment_method: 'pix', pix: { expires_in: 1800 } }
      const order = await call('/orders', {
        method: 'POST',
        idempotencyKey: input.idempotencyKey,
        body: JSON.stringify({
          code: input.code,
          items: input.items.map((item) => ({
            code: item.code,
            description: item.description,
            amount: item.amountCents,
            quantity: 1,
          })),
          customer: {
            name: input.customer.name,
            email: input.customer.email,
            document: input.customer.document,
            document_type: 'CPF',
            type: 'individual',
            phones: { mobile_phone: phoneParts(input.customer.phone) },
            ...(address ? { address } : {}),
          },
          payments: [{ ...payment, amount: input.amountCents }],
        }),
      })
      return toGatewayOrder(order)
    },
    async getOrder(id) {
      return toGatewayOrder(await call(`/orders/${encodeURIComponent(id)}`))
    },
  }
}
