import { labelled } from './labelled.ts'

/**
 * The payment enumerations' one home: db/schema.ts, the contracts, the services and the web app
 * import these tuples (as the catalogue's live in catalog.ts and the roles in roles.ts).
 */

/** How the checkout pays (SPEC section 3's payment_type). */
export const { values: PAYMENT_TYPES, labels: PAYMENT_TYPE_LABELS } = labelled({
  CREDIT_CARD: 'Cartão de crédito',
  BOLETO: 'Boleto',
  PIX: 'PIX',
})
export type PaymentType = (typeof PAYMENT_TYPES)[number]

/** How an edital's fee plan is paid (SPEC sections 3 and 9), with the SPEC's labels, in this order. */
export const { values: PLAN_PAYMENT_METHODS, labels: PLAN_PAYMENT_METHOD_LABELS } = labelled({
  credit_card: 'Cartão de crédito',
  boleto: 'Boleto',
  debit_card: 'Cartão de débito',
})
export type PlanPaymentMethod = (typeof PLAN_PAYMENT_METHODS)[number]

/** How a charge is paid at the provider (Pagar.me's payment_method): a plan's methods, and PIX. */
export const PROVIDER_PAYMENT_METHODS = [...PLAN_PAYMENT_METHODS, 'pix'] as const
export type ProviderPaymentMethod = (typeof PROVIDER_PAYMENT_METHODS)[number]

/** How the provider is asked for a checkout's payment type. */
export const PROVIDER_METHOD: Record<PaymentType, ProviderPaymentMethod> = {
  CREDIT_CARD: 'credit_card',
  BOLETO: 'boleto',
  PIX: 'pix',
}

/**
 * An order's (and a plan payment's) state. Before the payment: pending, then paid, failed or
 * expired, or `underpaid` (a boleto paid short: the money arrived, not all of it; nothing is given
 * until the difference is paid or the institute accepts what came, issue 40 item 5); after it, what the provider can still report: a partial or total refund, or a
 * chargeback (DESIGN 6): open while it is disputed, then won (paid again) or lost for good
 * (`chargeback_lost`, decision 023). worker/domain/orders.ts holds the order in which they may follow.
 */
export const { values: ORDER_STATES, labels: ORDER_STATE_LABELS } = labelled({
  pending: 'aguardando pagamento',
  paid: 'pago',
  underpaid: 'pago a menor',
  failed: 'recusado',
  expired: 'expirado',
  partially_refunded: 'estornado em parte',
  refunded: 'estornado',
  charged_back: 'contestado pelo titular do cartão',
  chargeback_lost: 'contestação encerrada: valor devolvido ao titular do cartão',
})
export type OrderState = (typeof ORDER_STATES)[number]

/**
 * What an order that pays another's difference (`orders.difference_of`) pays: the student price of
 * a rejected student document, or what is missing of a boleto paid short (issue 40, item 5).
 */
export const DIFFERENCE_KINDS = ['student_price', 'underpaid'] as const
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number]
