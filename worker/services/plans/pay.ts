import { and, eq, inArray, type SQL } from 'drizzle-orm'
import { applications, editais, feePlans, planPayments } from '../../../db/schema.ts'
import {
  GatewayNotFoundError,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout-messages.ts'
import {
  PLAN_MESSAGES,
  type PlanPaymentResult,
  type PlanPurchaseInput,
  type TdsToken,
} from '../../contract/plans.ts'
import { feeApplies } from '../../domain/editais.ts'
import { OPEN_STATES } from '../../domain/orders.ts'
import { AppError, invalidField, notFound } from '../../errors.ts'
import type { SessionUser } from '../auth/sessions.ts'
import { constraintFailed } from '../constraints.ts'
import {
  attemptCharge,
  type Join,
  joinAttempt,
  joinByKey,
  nothingChargedUnless,
} from '../payments/attempt.ts'
import { paymentGateway, settingsOf } from '../payments/gateway.ts'
import type { Card } from '../payments/ledger.ts'
import { paymentInputs } from '../payments/request.ts'
import { readAtProvider, reportOf, settleAndDeliver } from '../payments/settle.ts'
import { planLedger, settlePlanPayment } from './payment-ledger.ts'
import { type PlanPaymentRow, planError, planPaymentResult } from './payments.ts'

/** GET /search/planos?id={id}: a plan of a published edital, its methods as SPEC 3's JSON string. */
export async function getPlan({ ctx, id }: { ctx: AppContext; id: number }) {
  const [row] = await ctx.db
    .select({ plan: feePlans, edital: editais })
    .from(feePlans)
    .innerJoin(editais, eq(editais.id, feePlans.editalId))
    .where(and(eq(feePlans.id, id), eq(editais.isPublished, true)))
  if (!row) throw notFound(PLAN_MESSAGES.planNotFound)
  return {
    id: row.plan.id,
    name: row.plan.name,
    amount: row.plan.amountCents,
    payment_methods: JSON.stringify(row.plan.paymentMethods),
    instalment_times: Math.min(12, Math.max(1, row.plan.instalmentTimes)),
    edital: {
      id: row.edital.id,
      slug: row.edital.slug,
      title: row.edital.title,
      is_open: row.edital.isOpen,
    },
  }
}

/** What the browser sends of the card: the provider's token, and a PSP debit's authentication. */
const cardOf = (input: PlanPurchaseInput): Card => ({
  token: input.cardhash ?? null,
  tdsTransactionId: input.tds_transaction_id ?? null,
})

/**
 * A debit whose payer left the issuer's challenge: the new attempt replaces it. It is canceled at
 * the provider first (a challenge answered meanwhile decides instead: paid is paid).
 */
async function abandonChallenge(ctx: AppContext, row: PlanPaymentRow): Promise<PlanPaymentRow> {
  const gateway = paymentGateway(ctx)
  try {
    const payment = await readAtProvider(ctx, planLedger(ctx), row)
    if (!payment) return (await settlePlanPayment(ctx, row, { status: 'failed', refundedCents: 0 })).payment
    let report = reportOf(payment)
    if (payment.status === 'pending' && payment.chargeId) {
      try {
        report = reportOf(
          await gateway.cancelCharge({ chargeId: payment.chargeId, idempotencyKey: `abandona-${row.id}` }),
        )
      } catch (error) {
        if (!(error instanceof GatewayValidationError)) throw error
        report = reportOf(await gateway.getCharge(payment.chargeId))
      }
    }
    return (await settlePlanPayment(ctx, row, report)).payment
  } catch (error) {
    if (error instanceof GatewayUnavailableError || error instanceof GatewayNotFoundError) {
      throw planError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.outcomeUnknown)
    }
    throw error
  }
}

/** What stands in the way of paying a plan: it is paid, or a boleto waits for its payment. */
function refuseOpen(open: PlanPaymentRow): never {
  if (open.status === 'pending') throw planError('CONFLICT', 2, PLAN_MESSAGES.boletoPending)
  throw planError('CONFLICT', 2, PLAN_MESSAGES.alreadyPaid)
}

const isOneOpenViolation = (error: unknown): boolean =>
  constraintFailed(error, /plan_payments_one_open|plan_payments\.application_id, plan_payments\.plan_id/)

/** A student's plan purchase: who buys, and what they sent. */
type PlanPurchase = { ctx: AppContext; user: SessionUser; input: PlanPurchaseInput }

/** How this submit joins the payment its key already made: one student, application, plan and method (decision 004). */
const sameAttempt = ({ user, input }: PlanPurchase): Join<PlanPaymentRow> => ({
  card: cardOf(input),
  mismatch: PLAN_MESSAGES.attemptMismatch,
  isSame: (row) =>
    row.userId === user.id &&
    row.planId === input.plan_id &&
    row.applicationId === input.inscricao_id &&
    row.paymentMethod === input.payment_method,
})

/** The payment this key already made (its own, or a double click's), joined; undefined when none. */
const earlierPayment = (purchase: PlanPurchase) =>
  joinByKey(purchase.ctx, planLedger(purchase.ctx), purchase.input.idempotency_key, sameAttempt(purchase))

/** The open payments of a plan for an application (a unique index allows one). */
const openPayments = (ctx: AppContext, applicationId: number, planId: number, ...also: SQL[]) =>
  ctx.db
    .select()
    .from(planPayments)
    .where(
      and(
        eq(planPayments.applicationId, applicationId),
        eq(planPayments.planId, planId),
        ...also,
        inArray(planPayments.status, [...OPEN_STATES]),
      ),
    )

/**
 * POST /usuario/editais/mensalidade. The amount is the plan's (the browser's total is only
 * compared); the plan must be one of the student's own application's edital, the method one of
 * the plan's, the plan not paid. The payment is written before the charge under the attempt's
 * idempotency key, and a plan has at most one open payment (a unique index), so 20 submits at
 * once make one payment and one charge.
 */
export async function payPlan(args: PlanPurchase): Promise<PlanPaymentResult> {
  return nothingChargedUnless(planError, () => placePlanPayment(args))
}

async function placePlanPayment(purchase: PlanPurchase): Promise<PlanPaymentResult> {
  const { ctx, user, input } = purchase
  const { db } = ctx
  const earlier = await earlierPayment(purchase)
  if (earlier) return earlier

  const [plans, owned, open] = await db.batch([
    db
      .select({ plan: feePlans, edital: editais })
      .from(feePlans)
      .innerJoin(editais, eq(editais.id, feePlans.editalId))
      .where(and(eq(feePlans.id, input.plan_id), eq(editais.isPublished, true))),
    db
      .select()
      .from(applications)
      .where(and(eq(applications.id, input.inscricao_id), eq(applications.userId, user.id))),
    openPayments(ctx, input.inscricao_id, input.plan_id, eq(planPayments.userId, user.id)),
  ])
  const found = plans[0]
  if (!found) throw planError('NOT_FOUND', 1, PLAN_MESSAGES.planNotFound)
  const application = owned[0]
  // Another student's application reads as none at all: nothing about it is told.
  if (!application) throw planError('NOT_FOUND', 2, PLAN_MESSAGES.applicationNotFound)
  if (application.editalId !== found.plan.editalId) {
    throw planError('VALIDATION', 2, PLAN_MESSAGES.planOfAnotherEdital)
  }
  if (application.status === 'rejected' || application.status === 'cancelled') {
    throw planError('VALIDATION', 2, PLAN_MESSAGES.applicationClosed)
  }
  const { plan } = found
  if (!feeApplies(plan.kind, application.status)) {
    throw planError('VALIDATION', 2, PLAN_MESSAGES.notApprovedYet)
  }
  if (!plan.paymentMethods.includes(input.payment_method)) {
    throw planError('VALIDATION', 3, PLAN_MESSAGES.invalidMethod)
  }
  if (input.total !== plan.amountCents) throw planError('VALIDATION', 2, PLAN_MESSAGES.totalChanged)
  if (input.parcela > 1 && input.payment_method !== 'credit_card') {
    throw invalidField('parcela', PLAN_MESSAGES.instalmentsOnlyByCredit)
  }
  if (input.parcela > Math.min(12, plan.instalmentTimes)) {
    throw invalidField('parcela', PLAN_MESSAGES.tooManyInstalments)
  }
  if (input.id !== undefined && input.id !== user.id) {
    throw invalidField('id', 'O pagador com cadastro deve ser você: sem o id, informe os dados de quem paga.')
  }
  // A card's token (a PSP debit's authentication) and the payer's address (issue 30, item 1).
  paymentInputs(ctx, input.payment_method, { card: cardOf(input), billingAddress: input.billingAddress })
  const current = open[0]
  if (current?.idempotencyKey === input.idempotency_key) {
    // The same submit again, after the first wrote its payment (a double click): that payment.
    return joinAttempt(ctx, planLedger(ctx), current, sameAttempt(purchase))
  }
  if (current) {
    // A debit left at the issuer's challenge gives way to this attempt; anything else stands.
    const waitingChallenge = current.status === 'pending' && current.paymentMethod === 'debit_card'
    if (!waitingChallenge) refuseOpen(current)
    const after = await abandonChallenge(ctx, current)
    if (after.status !== 'failed' && after.status !== 'expired') refuseOpen(after)
  }

  // The applicant's choice on the payment screen: reminders of this application's fees (issue 25).
  if (input.reminders_consent !== undefined && input.reminders_consent !== application.remindersConsent) {
    await db
      .update(applications)
      .set({ remindersConsent: input.reminders_consent })
      .where(eq(applications.id, application.id))
  }
  const id = `pla_${crypto.randomUUID().replace(/-/g, '')}`
  let inserted: PlanPaymentRow[]
  try {
    inserted = await db
      .insert(planPayments)
      .values({
        id,
        planId: plan.id,
        applicationId: application.id,
        userId: user.id,
        idempotencyKey: input.idempotency_key,
        paymentMethod: input.payment_method,
        instalments: input.payment_method === 'credit_card' ? input.parcela : 1,
        amountCents: plan.amountCents,
        gateway: settingsOf(ctx).mode,
        payer: {
          ...(input.id !== undefined ? { id: input.id } : {}),
          name: input.name,
          email: input.email,
          cpf: input.cpf,
          phone: input.phone,
        },
        billingAddress: input.billingAddress ?? null,
        // The fee's NFS-e taker (issue 43): a company instead of the payer's CPF; a buyer abroad.
        company: input.empresa ?? null,
        foreignBuyer: input.estrangeiro ?? null,
      })
      .onConflictDoNothing({ target: planPayments.idempotencyKey })
      .returning()
  } catch (error) {
    if (!isOneOpenViolation(error)) throw error
    // Another attempt opened a payment first: the same key joins it; another key is refused.
    const sameKey = await earlierPayment(purchase)
    if (sameKey) return sameKey
    const [winner] = await openPayments(ctx, application.id, plan.id)
    if (winner?.status === 'pending' && winner.paymentMethod !== 'boleto') {
      throw planError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.inProgress)
    }
    if (winner) refuseOpen(winner)
    throw error
  }
  const row = inserted[0]
  if (!row) {
    return (await earlierPayment(purchase))!
  }
  return attemptCharge(ctx, planLedger(ctx), row, cardOf(input), false)
}

/**
 * GET /api/usuario/editais/3ds-token: a PSP account's debit step, before the payment: Pagar.me's
 * short-lived token for its 3DS library in the browser, and where that library loads from. A
 * gateway account has none to give (409); the provider away or slow: 503 within the payments'
 * deadline, nothing started.
 */
export async function getTdsToken({ ctx }: { ctx: AppContext }): Promise<TdsToken> {
  const settings = settingsOf(ctx)
  if (settings.accountType !== 'psp') throw new AppError('CONFLICT', PLAN_MESSAGES.noBrowserAuthentication)
  if (!settings.threeDsScriptUrl) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        kind: 'payments_misconfigured',
        problems: ['falta PAGARME_3DS_SCRIPT_URL (conta PSP: a biblioteca 3DS do Pagar.me)'],
      }),
    )
    throw new AppError('UNAVAILABLE', PLAN_MESSAGES.debitUnavailable)
  }
  try {
    const token = await paymentGateway(ctx).createTdsToken()
    return { tds_token: token, script_url: settings.threeDsScriptUrl }
  } catch (error) {
    if (error instanceof GatewayUnavailableError || error instanceof GatewayNotFoundError) {
      throw new AppError('UNAVAILABLE', CHECKOUT_MESSAGES.paymentsUnavailable)
    }
    if (error instanceof GatewayValidationError) {
      // The provider refused the account's request (a 403: 3DS not enabled on the account).
      throw new AppError('UNAVAILABLE', PLAN_MESSAGES.debitUnavailable)
    }
    throw error
  }
}

/**
 * GET /api/usuario/editais/pagamentos/{id}: the student's own payment. A card payment still
 * pending (the payer back from the issuer's challenge) is re-read at the provider first.
 */
export async function getPlanPayment({ ctx, user, id }: { ctx: AppContext; user: SessionUser; id: string }) {
  const [row] = await ctx.db
    .select()
    .from(planPayments)
    .where(and(eq(planPayments.id, id), eq(planPayments.userId, user.id)))
  if (!row) throw notFound(PLAN_MESSAGES.paymentNotFound)
  if (row.status !== 'pending' || row.paymentMethod === 'boleto') return planPaymentResult(row)
  try {
    const ledger = planLedger(ctx)
    const payment = await readAtProvider(ctx, ledger, row)
    if (!payment) return planPaymentResult(row)
    const settled = await settleAndDeliver(ctx, ledger, row, reportOf(payment))
    return planPaymentResult(settled.row, !settled.delivered)
  } catch (error) {
    // The provider is away: the payment as we know it; the reconciliation catches up.
    if (error instanceof GatewayUnavailableError || error instanceof GatewayNotFoundError) {
      return planPaymentResult(row)
    }
    throw error
  }
}
