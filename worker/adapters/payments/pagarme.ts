import { readCharge } from '../../domain/pagarme-charge.ts'
import { PROVIDER_PAYMENT_METHODS } from '../../domain/payments.ts'
import { UNAUTHENTICATED_ECI } from '../../domain/three-ds.ts'
import { DEADLINES_MS, fetchWithDeadline } from '../deadline.ts'
import type {
  BillingAddress,
  CancelChargeInput,
  CreateOrderInput,
  GatewayPayment,
  PaymentGateway,
  PaymentMethod,
  PaymentReceipt,
  PaymentStatus,
} from './types.ts'
import { GatewayNotFoundError, GatewayUnavailableError, GatewayValidationError } from './types.ts'

// Pagar.me Core API v5 (DESIGN 6), the one adapter: production, Pagar.me's test environment and
// the local sandbox differ only in `apiUrl`. The browser tokenizes the card; we see the token only.
export const PAGARME_API_URL = 'https://api.pagar.me/core/v5'
/** The payments deadline (worker/adapters/deadline.ts): the Worker answers 503 after it. */
export const PAGARME_TIMEOUT_MS = DEADLINES_MS.payments

type PagarmeTransaction = {
  status?: string
  acquirer_message?: string | null
  acquirer_return_code?: string | null
  gateway_response?: { code?: string | null; errors?: Array<{ message?: string }> | null } | null
  antifraud_response?: { status?: string | null } | null
  /** 3-D Secure of a debit card (GetDebitCardTransactionResponse): the challenge (gateway), */
  threed_authentication_url?: string | null
  /** the MPI that authenticated ('acquirer', 'pagarme'), the type ('threed_secure') */
  mpi?: string | null
  authentication_type?: string | null
  /** and the ECI: 07 (Visa, Elo) or 00 (Mastercard) when the payer was not authenticated. */
  eci?: string | null
  id?: string
  installments?: number | null
  acquirer_auth_code?: string | null
  acquirer_nsu?: string | null
  acquirer_tid?: string | null
  card?: { brand?: string | null; last_four_digits?: string | null; holder_name?: string | null } | null
  nosso_numero?: string | null
  bank?: string | null
  paid_at?: string | null
  end_to_end_id?: string | null
  url?: string
  pdf?: string
  line?: string
  due_at?: string
  qr_code?: string
  qr_code_url?: string
  expires_at?: string
}
export type PagarmeCharge = {
  id: string
  code?: string
  amount: number
  status: string
  payment_method: string
  paid_amount?: number | null
  canceled_amount?: number | null
  paid_at?: string | null
  last_transaction?: PagarmeTransaction | null
  order?: { id: string; code: string; status?: string } | null
  /** Read apart (GET /payables) for a charged-back charge: a won dispute shows only there. */
  payables?: Array<{ type?: string | null }>
}
export type PagarmeOrder = {
  id: string
  code: string
  amount: number
  status: string
  charges?: PagarmeCharge[] | null
}

const METHODS: readonly string[] = PROVIDER_PAYMENT_METHODS
/** Where the payment stands when no charge exists yet: the order's own status. */
function statusOfOrder(orderStatus: string): PaymentStatus {
  if (orderStatus === 'paid') return 'paid'
  if (orderStatus === 'failed') return 'failed'
  if (orderStatus === 'canceled') return 'expired'
  return 'pending'
}

export function toPayment(order: PagarmeOrder, chargeOverride?: PagarmeCharge): GatewayPayment {
  const charge = chargeOverride ?? order.charges?.[0] ?? undefined
  const tx = charge?.last_transaction ?? undefined
  // The charge as the provider documents its states (worker/domain/pagarme-charge.ts).
  const reading = charge ? readCharge(charge) : null
  const ifPaid = charge ? readCharge(charge, true) : null
  const status = reading?.state ?? statusOfOrder(order.status)
  const method =
    charge && METHODS.includes(charge.payment_method) ? (charge.payment_method as PaymentMethod) : null
  const card = method === 'credit_card' || method === 'debit_card'
  const refused = card && status === 'failed'
  return {
    gatewayOrderId: order.id,
    code: order.code,
    chargeId: charge?.id ?? null,
    method,
    status,
    amountCents: charge?.amount ?? order.amount,
    paidCents: reading ? reading.paidCents : status === 'paid' ? order.amount : 0,
    refundedCents: reading?.refundedCents ?? 0,
    ...(reading?.disputeWon ? { disputeWon: true } : {}),
    ...(ifPaid && reading && ifPaid.state !== reading.state
      ? { ifPaidBefore: { status: ifPaid.state, refundedCents: ifPaid.refundedCents } }
      : {}),
    boleto:
      method === 'boleto' && tx?.line
        ? { url: tx.url ?? tx.pdf ?? '', pdf: tx.pdf ?? tx.url ?? '', line: tx.line, dueAt: tx.due_at ?? '' }
        : undefined,
    pix:
      method === 'pix' && tx?.qr_code
        ? { code: tx.qr_code, qrCodeUrl: tx.qr_code_url ?? null, expiresAt: tx.expires_at ?? '' }
        : undefined,
    refusal: refused
      ? {
          code:
            method === 'debit_card' && tx?.eci && UNAUTHENTICATED_ECI.includes(tx.eci)
              ? 'authentication'
              : tx?.antifraud_response?.status === 'reproved'
                ? 'antifraud'
                : (tx?.acquirer_return_code ?? null),
          message: tx?.acquirer_message ?? null,
          gatewayErrors: (tx?.gateway_response?.errors ?? []).flatMap((error) =>
            error.message ? [error.message] : [],
          ),
        }
      : undefined,
    authenticationUrl:
      card && status === 'pending' ? (tx?.threed_authentication_url ?? undefined) : undefined,
    receipt: charge ? receiptOf(charge, tx, method) : undefined,
  }
}

/** What the provider's receipt says (the buyer's order detail): how and when it was paid. */
function receiptOf(
  charge: PagarmeCharge,
  tx: PagarmeTransaction | undefined,
  method: PaymentMethod | null,
): PaymentReceipt {
  const card = method === 'credit_card' || method === 'debit_card'
  return {
    chargeId: charge.id,
    transactionId: tx?.id ?? null,
    paidAt: charge.paid_at ?? tx?.paid_at ?? null,
    card:
      card && tx?.card
        ? {
            brand: tx.card.brand ?? null,
            lastFour: tx.card.last_four_digits ?? null,
            holderName: tx.card.holder_name ?? null,
          }
        : null,
    instalments: method === 'credit_card' ? (tx?.installments ?? null) : null,
    authorizationCode: tx?.acquirer_auth_code ?? null,
    nsu: tx?.acquirer_nsu ?? null,
    tid: tx?.acquirer_tid ?? null,
    acquirerMessage: tx?.acquirer_message ?? null,
    boleto: method === 'boleto' ? { nossoNumero: tx?.nosso_numero ?? null, bank: tx?.bank ?? null } : null,
    pixEndToEndId: method === 'pix' ? (tx?.end_to_end_id ?? null) : null,
  }
}

/** GET /charges/{id} answers the charge with a summary of its order. */
export function chargeToPayment(charge: PagarmeCharge): GatewayPayment {
  const order = charge.order ?? { id: '', code: charge.code ?? '', status: '' }
  return toPayment(
    { id: order.id, code: order.code, amount: charge.amount, status: order.status ?? '' },
    charge,
  )
}

function phoneParts(phone: string) {
  const digits = phone.replace(/\D/g, '')
  return { country_code: '55', area_code: digits.slice(0, 2), number: digits.slice(2) }
}

/** Pagar.me v5 addresses: line_1 is 'number, street, neighbourhood'. */
function addressOf(address: BillingAddress) {
  return {
    line_1: `${address.number}, ${address.street}, ${address.neighborhood}`,
    line_2: address.complement ?? '',
    zip_code: address.zip_code.replace(/\D/g, ''),
    city: address.city,
    state: address.state,
    country: 'BR',
  }
}

/** Pagar.me's boleto fields, as its reference bounds them. */
export const BOLETO_LIMITS = { instructions: 256, documentNumber: 16 } as const

function paymentBody(input: CreateOrderInput) {
  const { payment } = input
  const base = { payment_method: payment.method, amount: input.amountCents }
  switch (payment.method) {
    case 'credit_card':
      return {
        ...base,
        credit_card: {
          installments: payment.instalments,
          statement_descriptor: 'RENALIS',
          card_token: payment.cardToken,
          card: { billing_address: addressOf(payment.billingAddress) },
        },
      }
    case 'debit_card': {
      const threeDs = payment.authentication
      return {
        ...base,
        debit_card: {
          statement_descriptor: 'RENALIS',
          card_token: payment.cardToken,
          card: { billing_address: addressOf(payment.billingAddress) },
          authentication: {
            type: 'threed_secure',
            threed_secure: {
              mpi: threeDs.mpi,
              ...(threeDs.cavv ? { cavv: threeDs.cavv } : {}),
              ...(threeDs.eci ? { eci: threeDs.eci } : {}),
              ...(threeDs.transactionId ? { transaction_id: threeDs.transactionId } : {}),
              ...(threeDs.dsTransactionId ? { ds_transaction_id: threeDs.dsTransactionId } : {}),
              ...(threeDs.version ? { version: threeDs.version } : {}),
              ...(threeDs.successUrl ? { success_url: threeDs.successUrl } : {}),
            },
          },
        },
      }
    }
    case 'boleto':
      return {
        ...base,
        boleto: {
          // The reference's limits: instructions up to 256 characters, the document number up to 16.
          instructions: payment.instructions.slice(0, BOLETO_LIMITS.instructions),
          due_at: payment.dueAt.toISOString(),
          document_number: payment.documentNumber.slice(0, BOLETO_LIMITS.documentNumber),
          type: 'DM',
          billing_address: addressOf(payment.billingAddress),
        },
      }
    case 'pix':
      return { ...base, pix: { expires_in: payment.expiresInSeconds } }
  }
}

export type PagarmeConfig = {
  secretKey: string
  /** PAGARME_API_URL: Pagar.me itself by default, or a stand-in of the same API. */
  apiUrl?: string | undefined
  timeoutMs?: number
}

export function pagarmeGateway(config: PagarmeConfig, fetcher: typeof fetch = fetch): PaymentGateway {
  const api = (config.apiUrl || PAGARME_API_URL).replace(/\/+$/, '')
  const authorization = `Basic ${btoa(`${config.secretKey}:`)}`
  const timeoutMs = config.timeoutMs ?? PAGARME_TIMEOUT_MS

  async function call<T>(
    path: string,
    init: { method?: string; body?: unknown; idempotencyKey?: string; base?: string } = {},
  ) {
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' }
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey
    const method = init.method ?? 'GET'
    let response: Response
    try {
      // Reads may be sent once more; a POST or DELETE is repeated only by its caller, after
      // looking (its Idempotency-Key makes the repeat safe).
      response = await fetchWithDeadline(
        'payments',
        `${init.base ?? api}${path}`,
        { method, headers, body: init.body === undefined ? null : JSON.stringify(init.body) },
        { timeoutMs, retry: method === 'GET' ? 'idempotent' : 'never', fetcher },
      )
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new GatewayUnavailableError(`Pagar.me não respondeu (${reason})`, { cause: error })
    }
    if (response.status === 404) {
      await response.body?.cancel()
      throw new GatewayNotFoundError(`Pagar.me não conhece ${path}`)
    }
    if (response.status === 403 || response.status === 412) {
      // Documented answers, not outages: 412 'valid parameters, but the request failed', 403 'not
      // allowed for this account'. A refusal with its words: the caller frees its key.
      const body = (await response.json().catch(() => ({}))) as { message?: string }
      const what = response.status === 412 ? 'recusou a operação' : 'não permite esta operação nesta conta'
      throw new GatewayValidationError(body.message ?? `HTTP ${response.status}`, {
        request: [`O Pagar.me ${what}${body.message ? `: ${body.message}` : '.'}`],
      })
    }
    if (response.status === 400 || response.status === 422) {
      const body = (await response.json().catch(() => ({}))) as {
        message?: string
        errors?: Record<string, string[]>
      }
      throw new GatewayValidationError(
        body.message ?? 'The request is invalid.',
        body.errors && Object.keys(body.errors).length
          ? body.errors
          : { request: [body.message ?? 'invalid'] },
      )
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new GatewayUnavailableError(`Pagar.me respondeu ${response.status}`)
    }
    try {
      return (await response.json()) as T
    } catch {
      throw new GatewayUnavailableError('Pagar.me respondeu um corpo ilegível')
    }
  }

  /** A charged-back charge with its payables: a dispute won is a `chargeback_refund` (decision 023). */
  async function withPayables<T extends PagarmeCharge | undefined | null>(charge: T): Promise<T> {
    if (!charge || (charge.status !== 'chargedback' && charge.last_transaction?.status !== 'chargedback')) {
      return charge
    }
    const query = new URLSearchParams({
      charge_id: charge.id,
      type: 'chargeback_refund',
      page: '1',
      size: '10',
    })
    try {
      const list = await call<{ data?: Array<{ type?: string | null }> | null }>(`/payables?${query}`)
      return { ...charge, payables: list.data ?? [] }
    } catch (error) {
      // No payables to read (none yet, or not for this account): the chargeback stands as read.
      if (error instanceof GatewayNotFoundError || error instanceof GatewayValidationError) return charge
      throw error
    }
  }
  async function orderWithPayables(order: PagarmeOrder): Promise<PagarmeOrder> {
    const first = order.charges?.[0]
    return first
      ? { ...order, charges: [await withPayables(first), ...(order.charges ?? []).slice(1)] }
      : order
  }

  return {
    tokenizeUrl: `${api}/tokens`,
    async createTdsToken() {
      // Pagar.me's 3DS guide: GET https://api.pagar.me/{test|live}/3ds2/tds-token, outside /core/v5;
      // the environment follows the key (sk_test_… is the test environment's).
      const environment = config.secretKey.startsWith('sk_test_') ? 'test' : 'live'
      const answer = await call<{ tds_token?: unknown }>(`/${environment}/3ds2/tds-token`, {
        base: new URL(api).origin,
      })
      if (typeof answer.tds_token !== 'string' || answer.tds_token === '') {
        throw new GatewayUnavailableError('Pagar.me respondeu sem tds_token')
      }
      return answer.tds_token
    },
    async createOrder(input) {
      const order = await call<PagarmeOrder>('/orders', {
        method: 'POST',
        idempotencyKey: input.idempotencyKey,
        body: {
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
            ...(input.customer.address ? { address: addressOf(input.customer.address) } : {}),
          },
          payments: [paymentBody(input)],
        },
      })
      return toPayment(order)
    },
    async payAtSandbox(chargeId) {
      await call(`/_sandbox/charges/${encodeURIComponent(chargeId)}/pay`, {
        method: 'POST',
        base: new URL(api).origin,
      })
    },
    async getOrder(id) {
      return toPayment(await orderWithPayables(await call<PagarmeOrder>(`/orders/${encodeURIComponent(id)}`)))
    },
    async findOrderByCode(code) {
      const list = await call<{ data?: PagarmeOrder[] | null }>(
        `/orders?code=${encodeURIComponent(code)}&page=1&size=10`,
      )
      const found = (list.data ?? []).filter((order) => order.code === code)
      // Several would mean a retry charged twice: the paid one is the one that counts.
      const chosen = found.find((order) => order.status === 'paid') ?? found[0]
      return chosen ? toPayment(await orderWithPayables(chosen)) : null
    },
    async getCharge(id) {
      return chargeToPayment(
        await withPayables(await call<PagarmeCharge>(`/charges/${encodeURIComponent(id)}`)),
      )
    },
    async cancelCharge(input: CancelChargeInput) {
      const charge = await call<PagarmeCharge>(`/charges/${encodeURIComponent(input.chargeId)}`, {
        method: 'DELETE',
        idempotencyKey: input.idempotencyKey,
        body: {
          ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
          ...(input.bankAccount ? { bank_account: input.bankAccount } : {}),
        },
      })
      return chargeToPayment(charge)
    },
  }
}
