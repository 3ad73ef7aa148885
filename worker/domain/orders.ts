import { ORDER_STATES, type OrderState } from './payments.ts'

export { ORDER_STATES, type OrderState }

/**
 * Where an order may go from each state (DESIGN 6). States only move forward: a late or replayed
 * report of an earlier state changes nothing. An expired order may still become paid, because the
 * provider's word that the money arrived wins over our deadline (the buyer paid as it closed).
 */
const NEXT: Record<OrderState, readonly OrderState[]> = {
  pending: ['paid', 'failed', 'expired', 'partially_refunded', 'refunded', 'charged_back'],
  expired: ['paid', 'partially_refunded', 'refunded', 'charged_back'],
  paid: ['partially_refunded', 'refunded', 'charged_back'],
  partially_refunded: ['refunded', 'charged_back'],
  failed: [],
  refunded: [],
  charged_back: [],
}

/** Where an order stands: its state and how much of it was refunded, in centavos. */
export type OrderPosition = { state: OrderState; refundedCents: number }

/**
 * The position to store when the provider reports `reported`: `current` itself when the report is
 * not a step forward. A further partial refund is a step forward within `partially_refunded`
 * (the refunded amount only grows).
 */
export function advance(current: OrderPosition, reported: OrderPosition): OrderPosition {
  if (NEXT[current.state].includes(reported.state)) {
    return { state: reported.state, refundedCents: Math.max(current.refundedCents, reported.refundedCents) }
  }
  if (
    current.state === 'partially_refunded' &&
    reported.state === 'partially_refunded' &&
    reported.refundedCents > current.refundedCents
  ) {
    return { state: current.state, refundedCents: reported.refundedCents }
  }
  return current
}

export function isSameStep(a: OrderPosition, b: OrderPosition): boolean {
  return a.state === b.state && a.refundedCents === b.refundedCents
}

/** States in which the order's enrolments, seats and e-books are the buyer's. */
/** The states in which an order gives what it bought (paid, or only partly refunded). */
export const ACCESS_STATES = ['paid', 'partially_refunded'] as const satisfies readonly OrderState[]

export function grantsAccess(state: OrderState): boolean {
  return (ACCESS_STATES as readonly OrderState[]).includes(state)
}

/** The money went back (refund) or was taken back (chargeback): what the order gave ends. */
export function endsAccess(state: OrderState): boolean {
  return state === 'refunded' || state === 'charged_back'
}

/** States a refund may be asked for from our side. */
export function isRefundable(state: OrderState): boolean {
  return state === 'paid' || state === 'partially_refunded'
}

/**
 * An expired boleto or PIX may be issued again for the same order (Minhas compras): our own act,
 * never a provider's report, and the one way an order goes back to pending. The old charge was
 * canceled at the provider when the order expired, so it can no longer be paid.
 */
export function canReissue(state: OrderState, paymentType: string | null): boolean {
  return state === 'expired' && (paymentType === 'BOLETO' || paymentType === 'PIX')
}
