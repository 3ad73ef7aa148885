import {
  GatewayNotFoundError,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { ORDER_NOT_FOUND } from '../../contract/checkout.ts'
import { AppError, notFound } from '../../errors.ts'
import { paymentGateway, settingsOf } from './gateway.ts'
import type { Ledger, Payment } from './ledger.ts'
import { readAtProvider, readRow, reportOf, settleAndDeliver } from './settle.ts'

/** An order of an earlier sandbox (its state file was removed): nothing to pay there. */
const UNKNOWN_TO_SANDBOX = 'O sandbox de pagamentos não conhece este pedido. Faça um novo pedido.'

/**
 * 'Simular pagamento' (PAYMENT_GATEWAY=sandbox; only locally, by the route's localOnly middleware):
 * the buyer pays the boleto or PIX at the local sandbox, then the payment (`id`, of the `ledger` the
 * route hands in) is re-read there, as the sandbox's webhook would make it.
 */
export async function simulateSandboxPayment<Row extends Payment>({
  ctx,
  ledger,
  id,
}: {
  ctx: AppContext
  ledger: Ledger<Row, unknown>
  id: string
}) {
  if (settingsOf(ctx).mode !== 'sandbox') throw notFound('Endereço não encontrado.')
  const row = await readRow(ledger, id)
  if (!row?.gatewayChargeId) throw notFound(ORDER_NOT_FOUND)
  try {
    await paymentGateway(ctx).payAtSandbox(row.gatewayChargeId)
    const payment = await readAtProvider(ctx, ledger, row)
    if (!payment) return { status: row.status }
    const settled = await settleAndDeliver(ctx, ledger, row, reportOf(payment))
    return { status: settled.row.status }
  } catch (error) {
    if (error instanceof GatewayNotFoundError) throw notFound(UNKNOWN_TO_SANDBOX)
    // A charge the sandbox would not pay (already paid, canceled) reads as no answer, as before.
    if (error instanceof GatewayUnavailableError || error instanceof GatewayValidationError) {
      throw new AppError('UNAVAILABLE', 'O sandbox de pagamentos não respondeu.')
    }
    throw error
  }
}
