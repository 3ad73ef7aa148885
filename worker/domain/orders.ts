import { ORDER_STATES, type OrderState } from './payments.ts'
import { DAY_MS } from './time-zone.ts'

export { ORDER_STATES, type OrderState }

/**
 * Where an order may go from each state (DESIGN 6). States only move forward: a late or replayed
 * report of an earlier state changes nothing. An expired order may still become paid, because the
 * provider's word that the money arrived wins over our deadline (the buyer paid as it closed). A
 * chargeback is a dispute: open (`charged_back`) until it is won (see `advance`) or lost for good.
 */
const NEXT: Record<OrderState, readonly OrderState[]> = {
  pending: ['paid', 'underpaid', 'failed', 'expired', 'partially_refunded', 'refunded', 'charged_back'],
  expired: ['paid', 'underpaid', 'partially_refunded', 'refunded', 'charged_back'],
  // Paid short: the difference paid or what came accepted (paid), or what came returned (refunded).
  // Back from an access state only by the store's word that its difference went back (`advance`).
  underpaid: ['paid', 'refunded'],
  paid: ['partially_refunded', 'refunded', 'charged_back'],
  partially_refunded: ['refunded', 'charged_back'],
  failed: [],
  refunded: [],
  charged_back: ['chargeback_lost'],
  chargeback_lost: [],
}

/** Where an order stands: its state and how much of it was refunded, in centavos. */
export type OrderPosition = { state: OrderState; refundedCents: number }

/**
 * What the provider reports. `disputeWon`: the charge is still `chargedback` (Pagar.me never moves
 * it again) but the institute won the dispute (a `chargeback_refund` payable): the money is back.
 */
export type ReportedPosition = OrderPosition & {
  disputeWon?: boolean | undefined
  /**
   * The store's own word, never the provider's: the difference that completed this order (a boleto
   * paid short) went back in full (refunded, charged back), so the order is again `underpaid`.
   */
  differenceWentBack?: boolean | undefined
}

/**
 * The position to store when the provider reports `reported`: `current` itself when the report is
 * not a step forward. A further partial refund is a step forward within `partially_refunded`
 * or `underpaid` (the refunded amount only grows). A charged-back order is paid again only by a report of the
 * dispute won, never by a plain (late, replayed) report of the payment (decision 023).
 */
export function advance(current: OrderPosition, reported: ReportedPosition): OrderPosition {
  const position = { state: reported.state, refundedCents: reported.refundedCents }
  if (reported.differenceWentBack && reported.state === 'underpaid' && grantsAccess(current.state)) {
    return { state: 'underpaid', refundedCents: current.refundedCents }
  }
  if (current.state === 'charged_back' && reported.disputeWon && grantsAccess(reported.state)) {
    return { state: position.state, refundedCents: Math.max(current.refundedCents, position.refundedCents) }
  }
  if (NEXT[current.state].includes(reported.state)) {
    return { state: reported.state, refundedCents: Math.max(current.refundedCents, reported.refundedCents) }
  }
  if (
    (current.state === 'partially_refunded' || current.state === 'underpaid') &&
    reported.state === current.state &&
    reported.refundedCents > current.refundedCents
  ) {
    return { state: current.state, refundedCents: reported.refundedCents }
  }
  return current
}

export function isSameStep(a: OrderPosition, b: OrderPosition): boolean {
  return a.state === b.state && a.refundedCents === b.refundedCents
}

/** The states in which an order gives what it bought (paid, or only partly refunded). */
export const ACCESS_STATES = ['paid', 'partially_refunded'] as const satisfies readonly OrderState[]

export function grantsAccess(state: OrderState): boolean {
  return (ACCESS_STATES as readonly OrderState[]).includes(state)
}

/**
 * The states in which a payment stands for what it pays: it grants access, or waits for money on
 * its way (a boleto not paid yet). A fee plan has at most one such payment per application.
 */
export const OPEN_STATES = ['pending', ...ACCESS_STATES] as const satisfies readonly OrderState[]

export function isOpen(state: OrderState): boolean {
  return (OPEN_STATES as readonly OrderState[]).includes(state)
}

/** The money went back (refund) or was taken back (chargeback): what the order gave ends. */
export function endsAccess(state: OrderState): boolean {
  return state === 'refunded' || state === 'charged_back' || state === 'chargeback_lost'
}

// ── A chargeback's dispute (decision 023) ──

/**
 * Days a chargeback's dispute may stay open: Pagar.me's reapresentação takes 45 to 120 days; one
 * still not won after this many is recorded as lost by the reconciliation.
 */
export const DISPUTE_DAYS = 180

/** When an open dispute, charged back at `chargedBackAt`, counts as lost. */
export function disputeLostAt(chargedBackAt: Date): Date {
  return new Date(chargedBackAt.getTime() + DISPUTE_DAYS * DAY_MS)
}

/** A chargeback as the institute follows it: still disputed, won (paid again), or lost. */
export const DISPUTE_STATES = ['open', 'won', 'lost'] as const
export type DisputeState = (typeof DISPUTE_STATES)[number]

/** Where an order's chargeback stands; null when it never had one. */
export function disputeOf(state: OrderState, chargedBackAt: Date | null): DisputeState | null {
  if (state === 'charged_back') return 'open'
  if (state === 'chargeback_lost') return 'lost'
  return chargedBackAt ? 'won' : null
}

/** What a settlement step does to a chargeback's dispute: opens it, wins it, loses it, or nothing. */
export function disputeStep(current: OrderState, next: OrderState): 'opened' | 'won' | 'lost' | null {
  if (next === 'charged_back' && current !== 'charged_back') return 'opened'
  if (current === 'charged_back' && grantsAccess(next)) return 'won'
  if (current === 'charged_back' && next === 'chargeback_lost') return 'lost'
  return null
}

/** States a refund may be asked for from our side: a paid order, or what arrived of one paid short. */
export const REFUNDABLE_STATES = [...ACCESS_STATES, 'underpaid'] as const satisfies readonly OrderState[]

export function isRefundable(state: OrderState): boolean {
  return (REFUNDABLE_STATES as readonly OrderState[]).includes(state)
}

// ── A boleto paid short (issue 40, item 5) ──

/** What an order's money is, as the provider counted it: its total, what arrived, what went back. */
export type Received = { totalCents: number; receivedCents: number | null; refundedCents: number }

/**
 * What is missing of an order paid short: its total less what arrived and stayed (0 when it is
 * covered). The student pays it as a difference order, or the institute accepts what came.
 */
export function missingCents(order: Received): number {
  return Math.max(0, order.totalCents - ((order.receivedCents ?? 0) - order.refundedCents))
}

/**
 * What of an order's charge can go back: its total, or what arrived when that was less (a boleto
 * paid short; the difference, paid by an order of its own, is refunded with that order).
 */
export function chargedCents(order: Pick<Received, 'totalCents' | 'receivedCents'>): number {
  return order.receivedCents !== null && order.receivedCents < order.totalCents
    ? order.receivedCents
    : order.totalCents
}

export type Shortfall = { priceCents: number; missingCents: number }

/**
 * A charge paid with less than its price (a boleto paid short): its price and what it lacked, as the
 * sale's NFS-e takes the shortfall off; undefined when it was paid in full.
 */
export function shortfallOf(order: Pick<Received, 'totalCents' | 'receivedCents'>): Shortfall | undefined {
  const charged = chargedCents(order)
  return charged < order.totalCents
    ? { priceCents: order.totalCents, missingCents: order.totalCents - charged }
    : undefined
}

/**
 * Whether an order paying a boleto's missing part (`difference_kind` 'underpaid') is what makes that
 * order (`original`) paid and still gives its access: the original was paid (again) by the step that
 * paid this difference, or later (a dispute of the difference won pays it again). One accepted by the
 * institute, or completed by another difference, was paid before that difference was (a difference
 * paid while its order was already paid completes nothing). Its money going back in full takes the
 * order's access back with it (decision 028): the order is `underpaid` again.
 */
export function completesOrder(
  difference: { differenceKind: string | null; paidAt: Date | null },
  original: { status: OrderState; paidAt: Date | null },
): boolean {
  return (
    difference.differenceKind === 'underpaid' &&
    grantsAccess(original.status) &&
    difference.paidAt !== null &&
    original.paidAt !== null &&
    original.paidAt.getTime() >= difference.paidAt.getTime()
  )
}

/**
 * An expired boleto or PIX may be issued again for the same order (Minhas compras): our own act,
 * never a provider's report, and the one way an order goes back to pending. The old charge was
 * canceled at the provider when the order expired, so it can no longer be paid.
 */
export function canReissue(state: OrderState, paymentType: string | null): boolean {
  return state === 'expired' && (paymentType === 'BOLETO' || paymentType === 'PIX')
}

// ── The buyer's right of withdrawal (Código de Defesa do Consumidor, art. 49) ──

/** Days after the payment in which a buyer may give up an online purchase. */
export const WITHDRAWAL_DAYS = 7

/** A buyer's request to give a purchase up: waiting for the institute, granted, or refused. */
export const WITHDRAWAL_STATES = ['requested', 'approved', 'refused'] as const
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number]

/** What Minhas compras offers or says of it: the request's state, or whether one can still be made. */
export const WITHDRAWAL_VIEWS = [...WITHDRAWAL_STATES, 'available', 'expired'] as const
export type WithdrawalView = (typeof WITHDRAWAL_VIEWS)[number]

export type WithdrawalFacts = {
  status: OrderState
  paidAt: Date | null
  totalCents: number
  refundedCents: number
  /** An order that pays another's difference is part of that order, never given up alone. */
  differenceOf: string | null
  /**
   * When the cardholder disputed the charge: the dispute settled its money, and Pagar.me never
   * cancels a charge once charged back, so the purchase is not given up here, even after a win.
   */
  chargedBackAt: Date | null
  withdrawalStatus: WithdrawalState | null
}

/** The last moment a request may be made: 7 days after the payment. */
export function withdrawalEndsAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS)
}

/** A purchase paid after this moment may still be given up now. */
export function withdrawalOpensAfter(now: Date): Date {
  return new Date(now.getTime() - WITHDRAWAL_DAYS * DAY_MS)
}

/**
 * Whether a purchase may be given up now, or what became of the request: null when the question
 * does not arise (unpaid, free, refunded, disputed, part of another order). Only a whole paid order is given
 * up; a request once made keeps its state, whatever the date.
 */
export function withdrawalView(order: WithdrawalFacts, now: Date): WithdrawalView | null {
  if (order.withdrawalStatus) return order.withdrawalStatus
  if (order.status !== 'paid' || order.refundedCents > 0 || order.totalCents === 0) return null
  if (!order.paidAt || order.differenceOf !== null || order.chargedBackAt !== null) return null
  return now < withdrawalEndsAt(order.paidAt) ? 'available' : 'expired'
}

/**
 * Refunded at once through the provider (an online course, its access ends), or a request the
 * institute answers (an in-person class, a product, a boleto's refund that needs a bank account).
 */
export function refundsAtOnce(
  lines: readonly { courseSection: string | null }[],
  paymentType: string | null,
): boolean {
  return (
    paymentType !== 'BOLETO' && lines.length > 0 && lines.every((line) => line.courseSection === 'online')
  )
}
