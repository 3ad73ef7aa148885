/** The payment port (DESIGN 6). Amounts are centavos; shapes follow Pagar.me Core API v5. */
export type ChargeStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded'

export type GatewayOrder = {
  gatewayOrderId: string
  /** Our order id, sent as the provider order's `code`: a webhook finds the order by it. */
  code: string
  status: ChargeStatus
  amountCents: number
  boleto?: { url: string; line: string; dueAt: string } | undefined
  pix?: { code: string; expiresAt: string } | undefined
  /** The acquirer's words when a card is refused. */
  failureMessage?: string | undefined
}

export type CreateOrderInput = {
  code: string
  idempotencyKey: string
  amountCents: number
  method: 'credit_card' | 'boleto' | 'pix'
  instalments: number
  cardToken?: string | undefined
  customer: { name: string; email: string; document: string; phone: string }
  billingAddress?:
    | {
        zip_code: string
        street: string
        number: string
        complement?: string | undefined
        neighborhood: string
        city: string
        state: string
      }
    | null
    | undefined
  items: Array<{ code: string; description: string; amountCents: number }>
}

export type PaymentGateway = {
  name: 'sandbox' | 'pagarme'
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>
  getOrder(gatewayOrderId: string): Promise<GatewayOrder>
}

/** The provider refused the request's data (422): purchase error code 3, messages translated. */
export class GatewayValidationError extends Error {
  readonly errors: Record<string, string[]>
  constructor(message: string, errors: Record<string, string[]>) {
    super(message)
    this.name = 'GatewayValidationError'
    this.errors = errors
  }
}

/** The provider could not be reached or failed: nothing is known to be charged. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GatewayUnavailableError'
  }
}
