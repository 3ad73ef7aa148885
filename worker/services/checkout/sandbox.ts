import { eq } from 'drizzle-orm'
import { orders } from '../../../db/schema.ts'
import { GatewayNotFoundError, GatewayUnavailableError } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { AppError, notFound } from '../../errors.ts'
import { settingsOf } from './gateway.ts'
import { deliverEmails, readAtProvider, reportOf, settleOrder } from './settle.ts'

/** An order of an earlier sandbox (its state file was removed): nothing to pay there. */
const UNKNOWN_TO_SANDBOX = 'O sandbox de pagamentos não conhece este pedido. Faça um novo pedido.'

/**
 * 'Simular pagamento' (PAYMENT_GATEWAY=sandbox; only locally, by the route's localOnly middleware):
 * the buyer pays the boleto or PIX at the local sandbox, then the order is re-read there, as the
 * sandbox's webhook would make it.
 */
export async function simulateSandboxPayment({ ctx, orderId }: { ctx: AppContext; orderId: string }) {
  const settings = settingsOf(ctx)
  if (settings.mode !== 'sandbox') throw notFound('Endereço não encontrado.')
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order?.gatewayChargeId) throw notFound('Pedido não encontrado.')
  const control = `${new URL(settings.apiUrl).origin}/_sandbox/charges/${encodeURIComponent(order.gatewayChargeId)}/pay`
  const paid = await fetch(control, { method: 'POST', signal: AbortSignal.timeout(10_000) }).catch(() => null)
  if (paid?.status === 404) throw notFound(UNKNOWN_TO_SANDBOX)
  if (!paid?.ok) throw new AppError('UNAVAILABLE', 'O sandbox de pagamentos não respondeu.')
  try {
    const payment = await readAtProvider(ctx, order)
    if (!payment) return { status: order.status }
    const settled = await settleOrder(ctx, order, reportOf(payment))
    await deliverEmails(ctx, settled.emails)
    return { status: settled.order.status }
  } catch (error) {
    if (error instanceof GatewayNotFoundError) throw notFound(UNKNOWN_TO_SANDBOX)
    if (error instanceof GatewayUnavailableError)
      throw new AppError('UNAVAILABLE', 'O sandbox de pagamentos não respondeu.')
    throw error
  }
}
