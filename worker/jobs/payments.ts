import { createAppContext } from '../context.ts'
import type { Env } from '../env.ts'
import { reconcilePayments } from '../services/checkout/reconcile.ts'

/**
 * The Cron Trigger's payments job (wrangler.toml [triggers]): the reconciliation of orders with
 * the provider. One job per function, each called from worker/index.ts's `scheduled`.
 */
export async function paymentsReconciliationJob(env: Env, scheduledTime: number): Promise<void> {
  const pending: Promise<unknown>[] = []
  const ctx = createAppContext(env, {
    requestId: `cron-pagamentos-${scheduledTime}`,
    now: new Date(scheduledTime),
    waitUntil: (promise) => pending.push(promise),
  })
  try {
    const result = await reconcilePayments({ ctx })
    console.log(
      JSON.stringify({ level: 'info', requestId: ctx.requestId, kind: 'payments_reconciled', ...result }),
    )
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        kind: 'payments_reconciliation_failed',
        error: String(error),
      }),
    )
  } finally {
    await Promise.allSettled(pending)
  }
}
