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
import { REFUNDABLE_STATES } from '../../domain/orders.ts'
import { translateProviderErrors } from '../../domain/payment-errors.ts'
import { AppError, invalidField } from '../../errors.ts'
import { paymentGateway } from './gateway.ts'
import type { Ledger, Payment, Settled } from './ledger.ts'
import { deliverEmails, reportOf } from './settle.ts'

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

/** What a refund of a payment says, in pt-BR, at each turn. */
export type RefundTexts = {
  noCharge: string
  tooMuch: string
  alreadyRequested: string
  confirmed: string
  awaiting: string
}

/** Where a refund stands: the row as it is now, and whether the provider has yet to confirm. */
export type RefundOutcome<Row> = { row: Row; awaiting: boolean; message: string }

/**
 * Refunds `input.amount_cents` (all that remains of `totalCents` by default) of a paid payment:
 * 422 above what remains; once claimed, `audit(amount)` runs and the provider is called
 * (`refundAtProvider`); the e-mails of its settlement go after the answer.
 */
export async function refundPayment<Row extends Refundable, Result>(
  ctx: AppContext,
  ledger: Ledger<Row, Result>,
  row: Row,
  {
    totalCents,
    input,
    texts,
    audit,
  }: {
    totalCents: number
    input: { amount_cents?: number | undefined; bank_account?: unknown }
    texts: RefundTexts
    audit: (amountCents: number) => Promise<unknown>
  },
): Promise<RefundOutcome<Row>> {
  const remaining = totalCents - row.refundedCents
  const amountCents = input.amount_cents ?? remaining
  if (amountCents > remaining) throw invalidField('amount_cents', texts.tooMuch)
  const settled = await refundAtProvider(ctx, ledger, row, {
    amountCents,
    bankAccount: input.bank_account as BankAccount | undefined,
    texts,
    audit: () => audit(amountCents),
  })
  if (!settled) {
    const fresh = (await ledger.select(sql`id = ${row.id}`, 1))[0]
    return { row: fresh ?? row, awaiting: true, message: texts.alreadyRequested }
  }
  if (settled.emails.length) ctx.waitUntil(deliverEmails(ctx, settled.emails))
  const confirmed = settled.row.refundedCents > row.refundedCents
  return { row: settled.row, awaiting: !confirmed, message: confirmed ? texts.confirmed : texts.awaiting }
}

/**
 * Refunds `amountCents` of a paid payment (an order, a plan payment; or what arrived of an order
 * paid short) at the provider
 * (DELETE /charges/{id}), once however often it is asked: the request that claims the row calls the
 * provider, the others answer null (it is on its way). The row changes only when the provider
 * confirms (the ledger's settlement); one confirmed later arrives by webhook or reconciliation.
 * `audit` runs right after the claim, before the provider is called.
 */
async function refundAtProvider<Row extends Refundable, Result>(
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
    sql`id = ${row.id} AND status IN ${REFUNDABLE_STATES} AND refunded_cents = ${row.refundedCents}
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
