import type { OrderState } from './payments.ts'

/**
 * What a Pagar.me charge says happened, as the provider documents its states (issue 30, item 2;
 * README "Payments"): one pure reading shared by the webhook, the reconciliation and a refund's
 * answer. The provider's words:
 * - `pending`, `processing`: nothing yet.
 * - `paid`, `overpaid`: paid (more than asked, for a boleto paid over). With `canceled_amount`,
 *   part of it went back (`charge.partial_canceled`, the last transaction `partial_void` or
 *   `partial_refunded`); all of it, the whole is returned.
 * - `underpaid`: a boleto paid short. What arrived covers the total (`paid_amount` ≥ `amount`):
 *   paid. Otherwise `underpaid` with what arrived: nothing is given until the difference is paid or
 *   the institute accepts what came (issue 40, item 5). With `canceled_amount`, as for paid: all of
 *   what arrived returned is refunded; part of it keeps it underpaid, with what went back.
 * - `canceled`: cancelled before payment (a boleto or PIX past its deadline, a card authorization
 *   given up) or returned after it: a card refunded on the day of its capture comes back
 *   `canceled`, its last transaction `voided`, with `canceled_amount` and, as in the documentation's
 *   `charge.refunded` example, no `paid_at`; a later-day refund `refunded`.
 * - `refunded`: returned (a PIX refund, once it left `pending_refund`).
 * - `chargedback` (or a last transaction `chargedback`): the cardholder disputed it. The status is
 *   final ("depois de se tornar chargedback a transação não vai sofrer mais alterações de status"):
 *   a dispute the institute wins shows only in the charge's payables, as a `chargeback_refund`
 *   ("chargeback com reapresentação ganha"), which the adapter reads with the charge (decision 023).
 * - `failed`: refused, or (last transaction `expired`) a boleto or PIX never paid.
 */
export type ChargeFacts = {
  status: string
  payment_method: string
  amount: number
  paid_amount?: number | null
  canceled_amount?: number | null
  paid_at?: string | null
  last_transaction?: { status?: string | null } | null
  /** Not the charge's own field: its payables (GET /payables?charge_id=…), read for a chargeback. */
  payables?: readonly { type?: string | null }[] | undefined
}

export type ChargeReading = {
  state: OrderState
  /** What the payer paid (for an underpaid or overpaid boleto, what arrived). */
  paidCents: number
  /** What went back to the payer. */
  refundedCents: number
  /** A chargeback the institute won: still `chargedback` at the provider, paid again for the store. */
  disputeWon?: true
}

/** Last-transaction states that say money had been taken and went back (all or part). */
const RETURNED = new Set(['partial_void', 'refunded', 'partial_refunded', 'chargedback'])
const CARDS = new Set(['credit_card', 'debit_card'])

/**
 * `paidBefore`: the store had recorded this payment as paid. It settles the cases the charge alone
 * leaves open: a card charge `canceled` with its last transaction `voided` and no mark of a
 * payment is a refund on the day of its capture when it had been paid, and an authorization given
 * up (nothing charged) when it had not; a boleto `underpaid` the store counts paid is a payment of
 * what arrived, so part of it returned is a partial refund.
 */
export function readCharge(charge: ChargeFacts, paidBefore = false): ChargeReading {
  const tx = charge.last_transaction?.status ?? ''
  const canceled = charge.canceled_amount ?? 0
  const received = charge.paid_amount ?? 0
  const paid = (fallback: number) => (received > 0 ? received : fallback)

  if (charge.status === 'chargedback' || tx === 'chargedback') {
    if (charge.payables?.some((payable) => payable.type === 'chargeback_refund')) {
      // The reapresentação was won: the money came back, read as the payment it was.
      const asPaid = { ...charge, status: 'paid', last_transaction: { status: 'paid' }, payables: undefined }
      return { ...readCharge(asPaid), disputeWon: true }
    }
    // The issuer took the money back, not the store: nothing is recorded as refunded.
    return { state: 'charged_back', paidCents: paid(charge.amount), refundedCents: 0 }
  }
  switch (charge.status) {
    case 'underpaid': {
      // Covered, or already paid for the store (the institute accepted what came, or the difference
      // was paid): Pagar.me keeps the charge `underpaid`, read as a payment of what arrived.
      if (received >= charge.amount || paidBefore)
        return readCharge({ ...charge, status: 'paid' }, paidBefore)
      if (canceled <= 0) return { state: 'underpaid', paidCents: received, refundedCents: 0 }
      return canceled >= received
        ? { state: 'refunded', paidCents: received, refundedCents: received }
        : { state: 'underpaid', paidCents: received, refundedCents: canceled }
    }
    case 'paid':
    case 'overpaid': {
      const total = paid(charge.amount)
      if (canceled <= 0) return { state: 'paid', paidCents: total, refundedCents: 0 }
      // The access ends exactly when the whole was returned.
      return canceled >= total
        ? { state: 'refunded', paidCents: total, refundedCents: total }
        : { state: 'partially_refunded', paidCents: total, refundedCents: canceled }
    }
    case 'refunded': {
      const total = paid(canceled || charge.amount)
      return { state: 'refunded', paidCents: total, refundedCents: canceled || total }
    }
    case 'canceled': {
      const voidedAfterPayment = tx === 'voided' && CARDS.has(charge.payment_method) && paidBefore
      if (charge.paid_at || received > 0 || RETURNED.has(tx) || voidedAfterPayment) {
        const total = paid(canceled || charge.amount)
        return { state: 'refunded', paidCents: total, refundedCents: canceled || total }
      }
      return {
        state: CARDS.has(charge.payment_method) ? 'failed' : 'expired',
        paidCents: 0,
        refundedCents: 0,
      }
    }
    case 'failed':
      return { state: tx === 'expired' ? 'expired' : 'failed', paidCents: 0, refundedCents: 0 }
    default:
      // pending, processing, and anything the provider adds later: nothing yet.
      return { state: 'pending', paidCents: 0, refundedCents: 0 }
  }
}
