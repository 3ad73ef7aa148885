import type { AppContext } from '../context.ts'
import { orderLedger } from './checkout/order-ledger.ts'
import { reconcileLedgers } from './payments/reconcile.ts'
import { planLedger } from './plans/payment-ledger.ts'

/**
 * Every kind of payment the store takes, as the pipeline (services/payments) serves them: the
 * store's orders, then the edital fee plans' payments. The webhook's route and the scheduled job
 * hand this list in; the pipeline never reaches up for it.
 */
export const paymentLedgers = (ctx: AppContext) => [orderLedger(ctx), planLedger(ctx)] as const

/** The scheduled reconciliation (services/payments/reconcile.ts) over every ledger. */
export const reconcilePayments = ({ ctx }: { ctx: AppContext }) =>
  reconcileLedgers({ ctx, ledgers: paymentLedgers(ctx) })
