import type { OrderState, ProviderPaymentMethod } from '../../domain/payments.ts'

/** The payment port (DESIGN 6). Amounts are centavos; the one adapter speaks Pagar.me Core API v5. */

/** Pagar.me's payment_method: one home, the domain's tuple. */
export type PaymentMethod = ProviderPaymentMethod

/** Where a payment stands, read from the charge (not only the order), in the order's own states. */
export type PaymentStatus = OrderState

export type GatewayPayment = {
  gatewayOrderId: string
  /** Our order id, sent as the provider order's `code`: a lookup by code finds an order sent blind. */
  code: string
  chargeId: string | null
  method: PaymentMethod | null
  status: PaymentStatus
  amountCents: number
  paidCents: number
  /** Refunded (or canceled after payment) so far. */
  refundedCents: number
  /**
   * What the charge means for a payment the store had recorded as paid, when that differs: a card
   * voided on the day of its capture is a refund then, an authorization given up otherwise.
   */
  ifPaidBefore?: { status: PaymentStatus; refundedCents: number } | undefined
  /** A chargeback the institute won (the charge stays `chargedback`; a `chargeback_refund` payable). */
  disputeWon?: boolean | undefined
  boleto?: { url: string; pdf: string; line: string; dueAt: string } | undefined
  pix?: { code: string; qrCodeUrl: string | null; expiresAt: string } | undefined
  /** Why the card was refused: the issuer's return code and words, and the gateway's own errors. */
  refusal?: { code: string | null; message: string | null; gatewayErrors: string[] } | undefined
  /** 3-D Secure: where the payer authenticates a debit card when the issuer asks for a challenge. */
  authenticationUrl?: string | undefined
  /** The provider's receipt data (the buyer's order detail). */
  receipt?: PaymentReceipt | undefined
}

/** What the provider records of a charge, shown to the buyer as the payment's receipt. */
export type PaymentReceipt = {
  chargeId: string
  transactionId: string | null
  paidAt: string | null
  card: { brand: string | null; lastFour: string | null; holderName: string | null } | null
  instalments: number | null
  authorizationCode: string | null
  nsu: string | null
  tid: string | null
  acquirerMessage: string | null
  boleto: { nossoNumero: string | null; bank: string | null } | null
  pixEndToEndId: string | null
}

export type BillingAddress = {
  zip_code: string
  street: string
  number: string
  complement?: string | undefined
  neighborhood: string
  city: string
  state: string
}

/**
 * The 3-D Secure authentication of a debit card (card networks require it online), by the
 * account's contract (worker/domain/three-ds.ts): a gateway account sends `mpi: 'acquirer'` and a
 * `successUrl`, and the acquirer answers an `authenticationUrl` for the challenge; a PSP account
 * sends `mpi: 'pagarme'` with the `transactionId` of the authentication the browser ran with
 * Pagar.me's 3DS library; a third-party MPI sends its result (cavv, eci, ids, version).
 */
export type ThreeDSecure = {
  mpi: string
  cavv?: string | undefined
  eci?: string | undefined
  transactionId?: string | undefined
  dsTransactionId?: string | undefined
  version?: string | undefined
  /** Where the issuer's challenge returns the payer (mpi 'acquirer'). */
  successUrl?: string | undefined
}

export type PaymentRequest =
  | { method: 'credit_card'; cardToken: string; instalments: number; billingAddress: BillingAddress }
  | { method: 'debit_card'; cardToken: string; billingAddress: BillingAddress; authentication: ThreeDSecure }
  /** A registered boleto names its payer's address (the SDK's boleto request requires it). */
  | {
      method: 'boleto'
      dueAt: Date
      instructions: string
      documentNumber: string
      billingAddress: BillingAddress
    }
  | { method: 'pix'; expiresInSeconds: number }

export type CreateOrderInput = {
  code: string
  idempotencyKey: string
  amountCents: number
  payment: PaymentRequest
  customer: {
    name: string
    email: string
    document: string
    phone: string
    address?: BillingAddress | null | undefined
  }
  items: Array<{ code: string; description: string; amountCents: number }>
}

/** Where a refunded boleto's money goes (a paid boleto is refunded by bank transfer). */
export type BankAccount = {
  holder_name: string
  holder_type: 'individual' | 'company'
  holder_document: string
  bank: string
  branch_number: string
  branch_check_digit?: string | undefined
  account_number: string
  account_check_digit: string
  type: 'checking' | 'savings'
}

export type CancelChargeInput = {
  chargeId: string
  /** Part of the charge; none: all that is left. */
  amountCents?: number | undefined
  idempotencyKey: string
  bankAccount?: BankAccount | undefined
}

export type PaymentGateway = {
  createOrder(input: CreateOrderInput): Promise<GatewayPayment>
  getOrder(gatewayOrderId: string): Promise<GatewayPayment>
  /** The provider's order whose code is ours, or null when it never got one. */
  findOrderByCode(code: string): Promise<GatewayPayment | null>
  getCharge(chargeId: string): Promise<GatewayPayment>
  /** DELETE /charges/{id}: cancels a pending charge, refunds a paid one (in part with an amount). */
  cancelCharge(input: CancelChargeInput): Promise<GatewayPayment>
  /**
   * A PSP account's short-lived token for Pagar.me's 3DS library in the browser
   * (GET /{test|live}/3ds2/tds-token at the API's host, the secret key as Basic auth).
   */
  createTdsToken(): Promise<string>
  /** Where the browser tokenizes a card (POST, `?appId=<public key>`). */
  tokenizeUrl: string
  /**
   * The local sandbox's control, which Pagar.me does not have (POST /_sandbox/charges/{id}/pay at
   * the API's host): the payer pays a boleto's or PIX's charge ('Simular pagamento').
   */
  payAtSandbox(chargeId: string): Promise<void>
}

/** The provider refused the request's data (400/422): nothing was charged. */
export class GatewayValidationError extends Error {
  readonly errors: Record<string, string[]>
  constructor(message: string, errors: Record<string, string[]>) {
    super(message)
    this.name = 'GatewayValidationError'
    this.errors = errors
  }
}

/** The provider does not know the order or charge (404). */
export class GatewayNotFoundError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GatewayNotFoundError'
  }
}

/**
 * The provider could not be reached, timed out or failed (5xx, 429, a refused key): the outcome of
 * what was asked is unknown, so the caller must look before asking again.
 */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    // The cause (a DependencyUnavailableError from the deadline helper) makes any uncaught one a 503.
    super(message, options)
    this.name = 'GatewayUnavailableError'
  }
}
