import { and, eq, sql } from 'drizzle-orm'
import { editais, feePlans, planPayments } from '../../../db/schema.ts'
import type { EmailMessage } from '../../adapters/email.ts'
import type { GatewayPayment, PaymentRequest } from '../../adapters/payments/types.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout-messages.ts'
import type { PlanPaymentResult } from '../../contract/plans.ts'
import {
  chargedCents,
  disputeStep,
  endsAccess,
  grantsAccess,
  isOpen,
  OPEN_STATES,
  shortfallOf,
} from '../../domain/orders.ts'
import { declineReason } from '../../domain/payment-errors.ts'
import { advanceSaleInvoices } from '../fiscal/job.ts'
import { fiscalStatements } from '../fiscal/step.ts'
import { paymentGateway } from '../payments/gateway.ts'
import type { Card, Ledger, Report } from '../payments/ledger.ts'
import { boletoRequest, cardInputs } from '../payments/request.ts'
import { providerFields, rowsOf, settle } from '../payments/settle.ts'
import { planDisputeWonEmail, planPaidEmail, planRefundEmail } from './emails.ts'
import { type PlanPaymentRow, planError, planPaymentResult } from './payments.ts'

/** The provider's ids, the boleto's data, a debit's challenge and a refusal's reason. */
function fields(row: PlanPaymentRow, payment: GatewayPayment | undefined): Partial<PlanPaymentRow> {
  if (!payment) return {}
  return {
    ...providerFields(payment, row),
    ...(payment.boleto ? { payNumber: payment.boleto.line } : {}),
    authenticationUrl: payment.status === 'pending' ? (payment.authenticationUrl ?? null) : null,
    ...(payment.status === 'failed' && payment.refusal
      ? { refusalReason: declineReason(payment.refusal) }
      : {}),
  }
}

async function namesOf(ctx: AppContext, planId: number) {
  const [row] = await ctx.db
    .select({ plan: feePlans.name, edital: editais.title })
    .from(feePlans)
    .innerJoin(editais, eq(editais.id, feePlans.editalId))
    .where(eq(feePlans.id, planId))
  return row ?? { plan: 'Plano', edital: '' }
}

/**
 * The edital fee plans' payments: they settle as an order does (DESIGN 6), and what a step
 * implies is only e-mail. A debit card is sent with 3-D Secure, as the account's contract says.
 */
export function planLedger(ctx: AppContext): Ledger<PlanPaymentRow, PlanPaymentResult> {
  const { db } = ctx
  const ledger: Ledger<PlanPaymentRow, PlanPaymentResult> = {
    table: 'plan_payments',
    ...rowsOf<PlanPaymentRow>(db, planPayments),
    atProvider: { pending: sql`1`, paid: sql`1` },
    fields,
    unsent: { payNumber: null, authenticationUrl: null, refusalReason: null },
    // As on orders: a refund the provider confirmed (or a payment that ended) is no longer asked.
    stepColumns: (_row, { current, next }) =>
      next.refundedCents > current.refundedCents || endsAccess(next.state)
        ? { refundKey: null, refundRequestedAt: null, refundRequestedCents: null }
        : {},
    async effects(row, { current, next }, thisStep) {
      const mails: EmailMessage[] = []
      // A dispute won is told as such (its payment was confirmed long ago), not as a new payment.
      if (disputeStep(current.state, next.state) === 'won') {
        mails.push(await planDisputeWonEmail(ctx.env, row, await namesOf(ctx, row.planId)))
      } else if (grantsAccess(next.state) && !grantsAccess(current.state)) {
        mails.push(await planPaidEmail(ctx.env, row, await namesOf(ctx, row.planId)))
      }
      // The fee's NFS-e (issue 43), as every payment's (services/fiscal/step.ts): all this step
      // writes besides the e-mails. One note per paid fee payment, whatever the card's instalments.
      const received = { totalCents: row.amountCents, receivedCents: row.receivedCents }
      const statements = await fiscalStatements(ctx, {
        source: 'plan_payment',
        id: row.id,
        step: { current, next },
        thisStep,
        chargedCents: chargedCents(received),
        // A boleto paid short counts as paid (settle, below): the note states what arrived.
        short: shortfallOf(received),
        sale: async () => {
          const names = await namesOf(ctx, row.planId)
          return {
            source: 'plan_payment',
            id: row.id,
            payer: row.payer,
            billingAddress: row.billingAddress,
            company: row.company,
            foreignBuyer: row.foreignBuyer,
            lines: [
              {
                name: `${names.plan} — ${names.edital || 'Instituto Renalis'}`,
                netCents: row.amountCents,
                kind: 'service',
                online: false,
              },
            ],
            paidAt: row.paidAt ?? ctx.now,
          }
        },
      })
      if (endsAccess(next.state) && !endsAccess(current.state)) {
        const names = await namesOf(ctx, row.planId)
        mails.push(
          await planRefundEmail(
            ctx.env,
            { ...row, refundedCents: next.refundedCents },
            names,
            next.state === 'charged_back',
          ),
        )
      }
      // The note's own step (sent, cancelled, replaced) taken at once, not minutes later by the
      // scheduled job.
      const after = statements.length ? [() => advanceSaleInvoices(ctx, 'plan_payment', row.id)] : []
      return { statements, mails, after }
    },
    async settle(row, reported) {
      // A fee's boleto paid short still counts as paid, recording what arrived (received_cents): the
      // difference to pay and the institute's decision are the store's orders' (issue 40, item 5).
      const report: Report = reported.status === 'underpaid' ? { ...reported, status: 'paid' } : reported
      // `duplicateOf`: the payment that had already paid this fee, written with a late payment's step.
      const reopens = isOpen(report.status) && !isOpen(row.status) && row.duplicateOf === null
      const duplicateOf = reopens ? await makeRoomFor(ctx, ledger, row) : null
      return settle(
        ctx,
        duplicateOf
          ? { ...ledger, stepColumns: (...step) => ({ ...ledger.stepColumns?.(...step), duplicateOf }) }
          : ledger,
        row,
        report,
      )
    },
    code: (row) => row.id,
    byCode: (code) => sql`id = ${code}`,
    sent: (row) => row.status !== 'pending' || row.gatewayOrderId !== null,
    request: (row, card) => paymentRequest(ctx, row, card),
    async items(row) {
      const names = await namesOf(ctx, row.planId)
      const description = `${names.plan} — ${names.edital || 'Instituto Renalis'}`.slice(0, 250)
      return [{ code: `plano-${row.planId}`, description, amountCents: row.amountCents }]
    },
    result(row, emailFailed) {
      if (row.status === 'failed') {
        throw planError('VALIDATION', 2, `${CHECKOUT_MESSAGES.declinedBecause}${row.refusalReason ?? ''}`)
      }
      return planPaymentResult(row, emailFailed)
    },
    error: planError,
  }
  return ledger
}

function paymentRequest(ctx: AppContext, row: PlanPaymentRow, card: Card): PaymentRequest {
  if (row.paymentMethod === 'boleto') {
    return boletoRequest(
      ctx,
      row,
      'Pagar até o vencimento. A confirmação chega por e-mail e aparece em Meus editais.',
    )
  }
  const { cardToken, billingAddress, pspAuthentication } = cardInputs(ctx, row.paymentMethod, row, card)
  const paid = { cardToken, billingAddress }
  if (row.paymentMethod === 'credit_card') {
    return { method: 'credit_card', instalments: row.instalments, ...paid }
  }
  // Card networks require 3-D Secure on e-commerce debit, run as the account's contract says
  // (worker/domain/three-ds.ts). A PSP account: the browser authenticated the card with Pagar.me's
  // 3DS library before this request, and the order carries that authentication's transaction id.
  if (pspAuthentication) {
    return {
      method: 'debit_card',
      ...paid,
      authentication: { mpi: 'pagarme', transactionId: pspAuthentication },
    }
  }
  // A gateway account: the acquirer runs it and, when the issuer asks for a challenge, answers
  // where the payer goes; the issuer then returns the payer to this screen, which re-reads the
  // payment.
  return {
    method: 'debit_card',
    ...paid,
    authentication: {
      mpi: 'acquirer',
      successUrl: `${publicOrigin(ctx.env)}/usuario/editais/mensalidade/${row.planId}?pagamento=${row.id}`,
    },
  }
}

export async function settlePlanPayment(ctx: AppContext, row: PlanPaymentRow, report: Report) {
  const settled = await planLedger(ctx).settle(row, report)
  return { payment: settled.row, changed: settled.changed, emails: settled.emails }
}

/**
 * A payment that had expired (or failed) and is paid after all, while the student has opened
 * another for the same fee (issue 29, item 10): the newer one, still unpaid, is closed and
 * cancelled at the provider so that the fee is paid once; already paid, this one is recorded as
 * its duplicate (the institute refunds it). Either way the late payment is recorded, never
 * refused by the one-open rule. Answers the id of the payment this one duplicates, if any.
 */
async function makeRoomFor(
  ctx: AppContext,
  ledger: Ledger<PlanPaymentRow, PlanPaymentResult>,
  row: PlanPaymentRow,
): Promise<string | null> {
  const [other] = await ctx.db
    .select()
    .from(planPayments)
    .where(
      sql`${planPayments.applicationId} = ${row.applicationId} AND ${planPayments.planId} = ${row.planId}
        AND ${planPayments.id} != ${row.id} AND ${planPayments.duplicateOf} IS NULL
        AND ${planPayments.status} IN ${OPEN_STATES}`,
    )
    .limit(1)
  if (!other) return null
  if (other.status !== 'pending') return other.id
  const closed = await settle(ctx, ledger, other, { status: 'expired', refundedCents: 0 })
  // Paid meanwhile: this one is its duplicate.
  if (closed.row.status !== 'expired') return isOpen(closed.row.status) ? closed.row.id : null
  // If it is paid at the provider all the same, its report arrives as a duplicate.
  await cancelAtProvider(ctx, other, `substituido-${other.id}`)
  return null
}

/**
 * Cancels a closed payment's charge at the provider, best effort: a failure is logged, and a charge
 * paid all the same reports its payment, which is recorded (the admin refunds it from the panel).
 */
async function cancelAtProvider(ctx: AppContext, row: PlanPaymentRow, idempotencyKey: string) {
  if (!row.gatewayChargeId) return
  await paymentGateway(ctx)
    .cancelCharge({ chargeId: row.gatewayChargeId, idempotencyKey })
    .catch((error: unknown) =>
      console.warn(
        JSON.stringify({
          level: 'warn',
          requestId: ctx.requestId,
          kind: 'plan_payment_cancel_failed',
          planPayment: row.id,
          error: String(error),
        }),
      ),
    )
}

/**
 * An application refused: its fees no longer apply, so a payment still waiting for its money (a
 * boleto or PIX not paid yet) is closed here and its charge cancelled at the provider, so the
 * applicant cannot pay it. A fee already paid stays paid: the admin refunds it from the panel.
 * Sent again, it finds none.
 */
export async function closeWaitingPlanPayments(ctx: AppContext, applicationId: number): Promise<void> {
  const ledger = planLedger(ctx)
  const waiting = await ctx.db
    .select()
    .from(planPayments)
    .where(and(eq(planPayments.applicationId, applicationId), eq(planPayments.status, 'pending')))
  for (const row of waiting) {
    const settled = await settle(ctx, ledger, row, { status: 'expired', refundedCents: 0 })
    // Paid meanwhile: it stays paid.
    if (settled.row.status === 'expired') await cancelAtProvider(ctx, row, `recusado-${row.id}`)
  }
}
