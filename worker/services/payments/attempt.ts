import { sql } from 'drizzle-orm'
import { PAGARME_TIMEOUT_MS } from '../../adapters/payments/pagarme.ts'
import {
  GatewayNotFoundError,
  type GatewayPayment,
  GatewayUnavailableError,
  GatewayValidationError,
  type PaymentRequest,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout-messages.ts'
import { declineReason, translateProviderErrors } from '../../domain/payment-errors.ts'
import { AppError, dependencyFailure } from '../../errors.ts'
import { paymentGateway } from './gateway.ts'
import type { Card, Ledger, Payment } from './ledger.ts'
import { customerOf } from './request.ts'
import { deliverEmails, readRow, reportOf } from './settle.ts'

/**
 * One sender at a time: an attempt holds the payment (an order, a plan payment) from just before
 * it asks the provider, for the provider's deadline and a margin; a retry waits for it to end.
 */
export const CHARGE_LEASE_MS = PAGARME_TIMEOUT_MS + 1_000

export const leaseHeld = (row: { chargeAttemptAt: Date | null }, now = Date.now()) =>
  row.chargeAttemptAt !== null && now - row.chargeAttemptAt.getTime() < CHARGE_LEASE_MS

/** One attempt's context: the request's, and the ledger of what it sends. */
type Attempt<Row extends Payment, Result> = { ctx: AppContext; ledger: Ledger<Row, Result> }

/**
 * The same payment submitted once or many times, at once or later (decision 004): the attempt
 * that claims it sends it; any other waits for that outcome, up to the lease. Before sending
 * again, the payment is looked up at the provider by its code (Pagar.me keeps an Idempotency-Key
 * 24 hours only), so a retry after a network failure, an unknown outcome or a database that
 * failed after the charge never charges twice. `card`: what this submit brought of a card.
 */
export async function attemptCharge<Row extends Payment, Result>(
  ctx: AppContext,
  ledger: Ledger<Row, Result>,
  row: Row,
  card: Card,
  lookUpFirst: boolean,
): Promise<Result> {
  const at: Attempt<Row, Result> = { ctx, ledger }
  const deadline = Date.now() + CHARGE_LEASE_MS
  let current = row
  let lookUp = lookUpFirst
  for (;;) {
    if (ledger.sent(current)) return ledger.result(current)
    if (!leaseHeld(current)) {
      if (lookUp) {
        let found: GatewayPayment | null
        try {
          found = await paymentGateway(ctx).findOrderByCode(ledger.code(current))
        } catch (error) {
          if (error instanceof GatewayUnavailableError) {
            throw ledger.error('UNAVAILABLE', 2, CHECKOUT_MESSAGES.outcomeUnknown)
          }
          throw error
        }
        if (found) return finish(at, current, found)
      }
      // Never reached the provider: a card goes only with this submit's fresh token.
      const request = ledger.request(current, card)
      const claimed = await claim(at, current)
      if (claimed) return send(at, claimed, request)
    }
    if (Date.now() >= deadline) throw ledger.error('UNAVAILABLE', 2, CHECKOUT_MESSAGES.inProgress)
    await new Promise((resolve) => setTimeout(resolve, 250))
    lookUp = true // another attempt was at the provider meanwhile
    current = (await readRow(ledger, current.id)) ?? current
  }
}

/**
 * How a submit joins the payment its idempotency key already made (decision 004): a key belongs to
 * one attempt (`isSame`: the same payer, what is paid and how); another's use of it gets nothing of
 * that payment (`mismatch`, a 422). `card`: what this submit brought of a card.
 */
export type Join<Row> = { isSame: (row: Row) => boolean; mismatch: string; card: Card }

/** The earlier submit's payment, as it stands or with one more attempt at the provider (looked up there first). */
export function joinAttempt<Row extends Payment, Result>(
  ctx: AppContext,
  ledger: Ledger<Row, Result>,
  row: Row,
  join: Join<Row>,
): Promise<Result> {
  if (!join.isSame(row)) throw ledger.error('VALIDATION', 2, join.mismatch)
  return attemptCharge(ctx, ledger, row, join.card, true)
}

/** The payment written under `key`, joined (`joinAttempt`); undefined when the key made none yet. */
export async function joinByKey<Row extends Payment, Result>(
  ctx: AppContext,
  ledger: Ledger<Row, Result>,
  key: string,
  join: Join<Row>,
): Promise<Result | undefined> {
  const [row] = await ledger.select(sql`idempotency_key = ${key}`, 1)
  return row ? joinAttempt(ctx, ledger, row, join) : undefined
}

/** Takes the payment for one attempt at the provider; undefined when another attempt holds it. */
async function claim<Row extends Payment>({ ctx, ledger }: Attempt<Row, unknown>, row: Row) {
  const [claimed] = await ctx.db.batch([
    ledger.update(
      { chargeAttemptAt: new Date() } as Partial<Row>,
      sql`id = ${row.id} AND status = 'pending' AND gateway_order_id IS NULL
        AND (charge_attempt_at IS NULL OR charge_attempt_at < ${Date.now() - CHARGE_LEASE_MS})`,
    ),
  ])
  return (claimed as Row[])[0]
}

/** Sends the payment to the provider under its code as Idempotency-Key, and applies the answer. */
async function send<Row extends Payment, Result>(
  at: Attempt<Row, Result>,
  row: Row,
  payment: PaymentRequest,
) {
  const { ctx, ledger } = at
  const items = await ledger.items(row)
  let answer: GatewayPayment
  try {
    answer = await paymentGateway(ctx).createOrder({
      code: ledger.code(row),
      idempotencyKey: ledger.code(row),
      amountCents: items.reduce((sum, item) => sum + item.amountCents, 0),
      payment,
      customer: customerOf(row),
      items,
    })
  } catch (error) {
    if (error instanceof GatewayValidationError) {
      // Refused before any charge: the attempt fails (an order's coupon uses go back; a plan stays to pay).
      await ledger.settle(row, { status: 'failed', refundedCents: 0 })
      const messages = translateProviderErrors(error.errors)
      throw ledger.error('VALIDATION', 3, messages.join(', '), messages)
    }
    if (error instanceof GatewayUnavailableError || error instanceof GatewayNotFoundError) {
      // The provider may or may not have it: the retry looks it up by code first, and a resend
      // carries the same Idempotency-Key, so this attempt no longer needs to hold it.
      await ctx.db.batch([ledger.update({ chargeAttemptAt: null } as Partial<Row>, sql`id = ${row.id}`)])
      throw ledger.error('UNAVAILABLE', 2, CHECKOUT_MESSAGES.outcomeUnknown)
    }
    throw error
  }
  return finish(at, row, answer)
}

/** Applies the provider's answer: paid (its e-mails), waiting (boleto, PIX, a challenge) or refused. */
async function finish<Row extends Payment, Result>(
  at: Attempt<Row, Result>,
  row: Row,
  answer: GatewayPayment,
) {
  const { ctx, ledger } = at
  const settled = await ledger.settle(row, reportOf(answer)).catch((error: unknown) => {
    // The provider answered, the database did not take it: the same key completes the payment
    // (the retry finds the provider's order by its code), without a second charge.
    if (!(error instanceof AppError) && dependencyFailure(error)) {
      throw ledger.error(
        'UNAVAILABLE',
        2,
        answer.status === 'paid' ? CHECKOUT_MESSAGES.chargedNotRecorded : CHECKOUT_MESSAGES.outcomeUnknown,
      )
    }
    throw error
  })
  if (settled.row.status === 'failed') {
    throw ledger.error(
      'VALIDATION',
      2,
      `${CHECKOUT_MESSAGES.declinedBecause}${declineReason(answer.refusal)}`,
    )
  }
  const delivered = await deliverEmails(ctx, settled.emails)
  return ledger.result(settled.row, !delivered)
}

/**
 * A payment's first submit, written before the charge: a database that fails before anything
 * was sent answers plainly that nothing was charged (after the provider was asked, send() and
 * finish() say what is known).
 */
export async function nothingChargedUnless<Result>(
  paymentError: Ledger<Payment, unknown>['error'],
  place: () => Promise<Result>,
): Promise<Result> {
  try {
    return await place()
  } catch (error) {
    if (!(error instanceof AppError) && dependencyFailure(error)) {
      throw paymentError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.nothingCharged)
    }
    throw error
  }
}
