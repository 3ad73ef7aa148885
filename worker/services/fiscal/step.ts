import type { SQL } from 'drizzle-orm'
import { fiscalSettings } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { InvoiceSource } from '../../domain/fiscal.ts'
import { disputeStep, grantsAccess, type OrderPosition, type Shortfall } from '../../domain/orders.ts'
import { cancelSaleInvoices, queueSaleInvoice, type Sale, substituteSaleInvoice } from './queue.ts'

/** A payment's step, as a ledger takes it: where it stood and where it goes. */
export type PaymentStep = { current: OrderPosition; next: OrderPosition }

/** What a payment's step asks of its sale's NFS-e. */
type FiscalAction = 'queue' | 'cancel' | 'substitute' | 'none'

/**
 * The one rule of what money coming in and going back does to a sale's NFS-e (issue 43, decision
 * 026), for every ledger (the store's orders, the edital fees' payments): a step that pays the sale
 * queues its note; the money back in full (a refund, a withdrawal, a chargeback lost) cancels it;
 * part of it back replaces it by the net value. A chargeback opened or won changes nothing: the note
 * stands while the dispute is open, and a won one had its note already.
 */
function fiscalStep({ current, next }: PaymentStep): FiscalAction {
  const dispute = disputeStep(current.state, next.state)
  if (dispute === 'lost') return 'cancel'
  if (dispute !== null) return 'none'
  if (grantsAccess(next.state) && !grantsAccess(current.state)) return 'queue'
  if (next.state === 'refunded' && current.state !== 'refunded') return 'cancel'
  if (next.state === 'partially_refunded' && next.refundedCents > current.refundedCents) return 'substitute'
  return 'none'
}

/**
 * The statements of a step's NFS-e action, for the step's own batch. `sale`: the paid sale as the
 * ledger reads it, asked for only when a note is queued and issuance is on; `chargedCents`: what the
 * payment charged, of which a refund's share on the service lines comes off the note; `short`: a sale
 * paid with less than its price because the institute accepted what a boleto paid short brought
 * (its price and what it lacked): the note states what arrived, the shortfall falling on the whole
 * price as a refund's share does.
 */
export async function fiscalStatements(
  ctx: AppContext,
  {
    source,
    id,
    step,
    thisStep,
    chargedCents,
    sale,
    short,
  }: {
    source: InvoiceSource
    id: string
    step: PaymentStep
    thisStep: SQL
    chargedCents: number
    sale: () => Promise<Sale>
    short?: Shortfall | undefined
  },
): Promise<SQL[]> {
  const substitute = () =>
    substituteSaleInvoice(
      source,
      id,
      { refundedCents: step.next.refundedCents, chargedCents },
      thisStep,
      ctx.now,
    )
  switch (fiscalStep(step)) {
    case 'queue': {
      // Issuance off (the default): nothing to queue, so the sale is not read either.
      if (fiscalSettings(ctx.env).issuance !== 'on') return []
      const queued = queueSaleInvoice(ctx, await sale(), thisStep)
      if (short) {
        const arrived = { refundedCents: short.missingCents, chargedCents: short.priceCents }
        queued.push(...substituteSaleInvoice(source, id, arrived, thisStep, ctx.now))
      }
      // A partial refund reported with the payment (rare): the note states the net value at once.
      return step.next.refundedCents > 0 ? [...queued, ...substitute()] : queued
    }
    case 'cancel':
      return cancelSaleInvoices(source, id, thisStep, ctx.now)
    case 'substitute':
      return substitute()
    case 'none':
      return []
  }
}
