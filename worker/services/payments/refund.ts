import { sql } from 'drizzle-orm'
import { PAGARME_TIMEOUT_MS } from '../../adapters/payments/pagarme.ts'
import {
  type BankAccount,
  GatewayNotFoundError,
  type GatewayPayment,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { translateProviderErrors } from '../../domain/payment-errors.ts'
import { AppError, invalidField } from '../../errors.ts'
import { paymentGateway } from './gateway.ts'
import type { Ledger, Payment, Settled } from './ledger.ts'
import { reportOf } from './settle.ts'

/** A refund asked of the provider is one request's until it answers (past its deadline). */
const REFUND_LEASE_MS = PAGARME_TIMEOUT_MS + 5_000

/** A payment row that can be refunded at the provider: its refund request's columns. */
export type Refundable = Payment & {
  refundKey: string | null
  refundRequestedAt: Date | null
  refundRequestedCents: number | null
}

export const REFUND_UNAVAILABLE =
  'Não foi possível confirmar o estorno com a operadora. Tente novamente em instantes: ele não será feito duas vezes.'

/** What a refund of a payment says the provider cannot refund (no charge there). */
export type RefundTexts = { noCharge: string }

/**
 * Refunds `amountCents` of a paid payment (an order, a plan payment) at the provider
 * (DELETE /charges/{id}), once however often it is asked: the request that claims the row calls the
 * provider, the others answer null (it is on its way). The row changes only when the provider
 * confirms (the ledger's settlement); one confirmed later arrives by webhook or reconciliation.
 * `audit` runs right after the claim, before the provider is called.
 */
export async function refundAtProvider<Row extends Refundable, Result>(
  ctx: AppContext,
  ledger: Ledger<Row, Result>,
  row: Row,
  {
    amountCents,
    bankAccount,
    texts,
    audit,
  }: { amountCents: number; bankAccount?: BankAccount; texts: RefundTexts; audit: () => Promise<unknown> },
): Promise<Settled<Row> | null> {
  const now = ctx.now.getTime()
  // A stale claim for the same amount keeps its key: the provider then answers the first DELETE.
  const key = row.refundKey && row.refundRequestedCents === amountCents ? row.refundKey : crypto.randomUUID()
  const claimed = (await ledger.update(
    { refundKey: key, refundRequestedAt: new Date(now), refundRequestedCents: amountCents } as Partial<Row>,
    sql`id = ${row.id} AND status IN ('paid', 'partially_refunded') AND refunded_cents = ${row.refundedCents}
      AND (refund_key IS NULL OR refund_requested_at < ${now - REFUND_LEASE_MS})`,
  )) as unknown as Row[]
  const mine = claimed[0]
  if (!mine) return null
  await audit()

  let payment: GatewayPayment
  try {
    payment = await refundCall(texts, () =>
      paymentGateway(ctx).cancelCharge({
        chargeId: mine.gatewayChargeId!,
        amountCents,
        idempotencyKey: key,
        bankAccount,
      }),
    )
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'UNAVAILABLE')) {
      // Refused by the provider: nothing was refunded, the next request may try again.
      await ledger.update(
        { refundKey: null, refundRequestedAt: null, refundRequestedCents: null } as Partial<Row>,
        sql`id = ${row.id}`,
      )
    }
    throw error
  }
  return ledger.settle(mine, reportOf(payment))
}

/** The provider's refusals in pt-BR (422), its outages as 503: the refund is not known to be done. */
export async function refundCall<T>(texts: RefundTexts, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof GatewayValidationError) {
      const messages = translateProviderErrors(error.errors)
      throw new AppError('VALIDATION', messages.join(', '), { refund: messages })
    }
    // The provider does not know the order or charge: there is nothing at the provider to refund.
    if (error instanceof GatewayNotFoundError) throw invalidField('charge', texts.noCharge)
    if (error instanceof GatewayUnavailableError) throw new AppError('UNAVAILABLE', REFUND_UNAVAILABLE)
    throw error
  }
}
