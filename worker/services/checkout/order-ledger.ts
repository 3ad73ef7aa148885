import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { courses, orderItems, orders } from '../../../db/schema.ts'
import type { GatewayPayment } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import type { PayResult } from '../../contract/checkout.ts'
import { CERTIFICATE_MONEY_REASONS } from '../../domain/certificates.ts'
import {
  ACCESS_STATES,
  chargedCents,
  completesOrder,
  disputeStep,
  endsAccess,
  grantsAccess,
  missingCents,
  shortfallOf,
} from '../../domain/orders.ts'
import { certificatesMoved, certificatesPaidBy, stepMovesCertificates } from '../certificates/standing.ts'
import { advanceSaleInvoices } from '../fiscal/job.ts'
import type { Sale } from '../fiscal/queue.ts'
import { fiscalStatements } from '../fiscal/step.ts'
import type { Ledger, Report, StepMail } from '../payments/ledger.ts'
import { boletoRequest, cardInputs } from '../payments/request.ts'
import { providerFields, reportedDate, rowsOf, settle } from '../payments/settle.ts'
import { endEnrollmentsStatement, enrollStatement } from '../student/access.ts'
import { couponStatements } from './coupon-holds.ts'
import {
  chargebackEmail,
  confirmationEmail,
  differenceWentBackEmail,
  disputeWonEmail,
  firstPasswordLink,
  giftEmail,
  refundEmail,
  underpaidEmail,
} from './emails.ts'
import { giftOf, recipientStatements } from './gifts.ts'
import { type OrderRow, providerCode, purchaseError, resultOf } from './orders.ts'

const PIX_TTL_SECONDS = 30 * 60

/**
 * Flags an order whose classes went over their seats while it gave none (an expired order paid
 * late, a chargeback won): honoured, for the institute to decide (decision 011).
 */
const overSeatsStatement = (orderId: string, thisStep: SQL) =>
  sql`UPDATE orders SET is_over_seats = 1 WHERE id = ${orderId} AND ${thisStep}
    AND EXISTS (SELECT 1 FROM order_items i JOIN class_seats s ON s.class_id = i.class_id
      WHERE i.order_id = ${orderId} AND s.seats IS NOT NULL AND s.taken + s.held > s.seats)`

/** The paid order as its NFS-e states it (services/fiscal/queue.ts): its lines, read when asked. */
async function saleOf(ctx: AppContext, order: OrderRow): Promise<Sale> {
  const lines = await ctx.db
    .select({
      type: orderItems.itemType,
      name: orderItems.name,
      netCents: orderItems.netCents,
      section: courses.section,
    })
    .from(orderItems)
    .leftJoin(courses, eq(courses.id, orderItems.courseId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id)
  return {
    source: 'order',
    id: order.id,
    payer: order.payer,
    billingAddress: order.billingAddress,
    company: order.company,
    foreignBuyer: order.foreignBuyer,
    lines: lines.map((line) => ({
      name: line.name,
      netCents: line.netCents,
      // E-books and physical products take an NF-e, never a service's note.
      kind: line.type === 'produto' ? 'product' : 'service',
      online: line.section === 'online',
    })),
    paidAt: order.paidAt ?? ctx.now,
  }
}

/**
 * What arrived for an order's sale, which its NFS-e states and of which a refund's share comes off:
 * its own charge's, and, for a boleto paid short, what the paid differences that complete it brought
 * (the note then states the whole price). One read, only for an order whose charge fell short.
 */
async function arrivedCents(ctx: AppContext, order: OrderRow): Promise<number> {
  const charged = chargedCents(order)
  if (charged >= order.totalCents || order.differenceKind !== null) return charged
  const [differences] = await ctx.db
    .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.differenceOf, order.id),
        eq(orders.differenceKind, 'underpaid'),
        inArray(orders.status, ACCESS_STATES),
      ),
    )
  return Math.min(order.totalCents, charged + Number(differences?.cents ?? 0))
}

/** The provider's ids and the boleto's or PIX's data, as the payment reports them. */
function fields(order: OrderRow, payment: GatewayPayment | undefined): Partial<OrderRow> {
  if (!payment) return {}
  return {
    ...providerFields(payment, order),
    ...(payment.boleto ? { boletoLine: payment.boleto.line } : {}),
    ...(payment.pix
      ? { pixCode: payment.pix.code, pixExpiresAt: reportedDate(payment.pix.expiresAt, order.pixExpiresAt) }
      : {}),
  }
}

/**
 * The store's orders as the payments serve them: a paid order enrols its buyer (or its gift's
 * recipient) and queues the confirmation; a refunded or charged-back one ends its enrollments and
 * tells the buyer; a failed or expired one gives its coupon uses and its seats back.
 */
export function orderLedger(ctx: AppContext): Ledger<OrderRow, PayResult> {
  const { db } = ctx
  const ledger: Ledger<OrderRow, PayResult> = {
    table: 'orders',
    ...rowsOf<OrderRow>(db, orders),
    // A free order has nothing at the provider.
    atProvider: { pending: sql`total_cents > 0`, paid: sql`gateway != 'gratuito'` },
    fields,
    unsent: { boletoLine: null, pixCode: null, pixExpiresAt: null },
    stepColumns: (order, { current, next }) => ({
      // Paid by this step, even when it had been paid before its difference went back (completesOrder).
      ...(current.state === 'underpaid' && grantsAccess(next.state) ? { paidAt: ctx.now } : {}),
      ...(next.refundedCents > current.refundedCents || endsAccess(next.state)
        ? { refundKey: null, refundRequestedAt: null, refundRequestedCents: null }
        : {}),
      // A buyer's request to give it up is answered by the refund, however it was made (a boleto's
      // through the admin's Estornar, with the buyer's bank account).
      ...(next.state === 'refunded' && order.withdrawalStatus === 'requested'
        ? { withdrawalStatus: 'approved' as const, withdrawalDecidedAt: ctx.now }
        : {}),
    }),
    async effects(order, { current, next, acceptedShort }, thisStep) {
      const statements: SQL[] = []
      const mails: StepMail[] = []
      const dispute = disputeStep(current.state, next.state)
      // What the order paid for, as its certificates' standing follows it (decision 023).
      const certificates = async (change: 'revoke' | 'suspend' | 'reinstate', reason: string) => {
        const holderId = giftOf(order) ? order.recipientUserId : order.userId
        const standing = await certificatesPaidBy(ctx, {
          orderId: order.id,
          holderId,
          change,
          reason,
          thisStep,
        })
        statements.push(...standing.statements)
        mails.push(...standing.mails)
      }
      if (dispute === 'won') {
        // The dispute won: the enrollments it cancelled come back, and its certificates with them.
        statements.push(enrollStatement(sql`o.user_id`, sql`o.id = ${order.id} AND ${thisStep}`))
        statements.push(overSeatsStatement(order.id, thisStep))
        await certificates('reinstate', CERTIFICATE_MONEY_REASONS.disputeWon)
        mails.push(await disputeWonEmail(ctx.env, order))
      } else if (grantsAccess(next.state) && !grantsAccess(current.state)) {
        // Paid again after its difference went back: the certificates that suspended come back.
        const paidAgain = current.state === 'underpaid' && order.paidAt !== null
        if (paidAgain) await certificates('reinstate', CERTIFICATE_MONEY_REASONS.orderPaid)
        const gift = giftOf(order)
        if (gift) statements.push(...recipientStatements(order, gift, thisStep))
        // A class bought again after a refund reactivates the student's cancelled enrollment.
        statements.push(enrollStatement(sql`o.user_id`, sql`o.id = ${order.id} AND ${thisStep}`))
        // Paid late, after its seat was released: honoured, and flagged when a class it enrols in
        // went over its seats meanwhile (decision 011).
        if (current.state === 'expired') statements.push(overSeatsStatement(order.id, thisStep))
        const firstPassword = await firstPasswordLink(ctx, order, thisStep)
        if (firstPassword) statements.push(firstPassword.statement)
        // A gift's recipient is told once, when it is first paid: paid again, the access simply comes back.
        const received = gift && !paidAgain ? await giftEmail(ctx, order, gift, thisStep) : null
        mails.push(
          await confirmationEmail(ctx.env, order, firstPassword?.link, firstPassword?.claim, received?.waits),
        )
        if (received) {
          if (received.statement) statements.push(received.statement)
          mails.push(received.mail)
        }
      }
      if (next.state === 'underpaid' && grantsAccess(current.state)) {
        // Its difference went back in full (decision 028): not fully paid again, so what it gave is
        // taken back until the rest is paid (a new difference, the institute accepting what came, the
        // difference's dispute won); its certificates suspended, revoked if it is refunded.
        statements.push(endEnrollmentsStatement(order.id, thisStep))
        await certificates('suspend', CERTIFICATE_MONEY_REASONS.differenceWentBack)
        mails.push(
          await differenceWentBackEmail(
            ctx.env,
            order,
            missingCents({ ...order, refundedCents: next.refundedCents }),
          ),
        )
      } else if (next.state === 'underpaid' && current.state !== 'underpaid') {
        // Paid short: nothing is given yet; the seat stays held (class_seats) while the difference
        // is due. Paid late, after its seat was released: flagged as a late payment is.
        if (current.state === 'expired') statements.push(overSeatsStatement(order.id, thisStep))
        const received = order.receivedCents ?? 0
        mails.push(
          await underpaidEmail(
            ctx.env,
            order,
            received,
            missingCents({ ...order, receivedCents: received, refundedCents: next.refundedCents }),
          ),
        )
      }
      if (endsAccess(next.state) && !endsAccess(current.state)) {
        statements.push(endEnrollmentsStatement(order.id, thisStep))
        if (next.state === 'charged_back') {
          await certificates('suspend', CERTIFICATE_MONEY_REASONS.chargeback)
          mails.push(await chargebackEmail(ctx.env, order))
        } else {
          await certificates('revoke', CERTIFICATE_MONEY_REASONS.refunded)
          mails.push(await refundEmail(ctx.env, order, next.refundedCents || order.totalCents, true))
        }
      } else if (next.state === 'partially_refunded' && next.refundedCents > current.refundedCents) {
        mails.push(await refundEmail(ctx.env, order, next.refundedCents, false))
      }
      if (dispute === 'lost') await certificates('revoke', CERTIFICATE_MONEY_REASONS.chargebackLost)
      // The NFS-e (issue 43): queued with the payment, cancelled when the money goes back in full
      // (a refund, a withdrawal, a chargeback lost), replaced by the net value after a partial refund.
      // A boleto's difference has none of its own: the note of the order it completes states the
      // order's whole price, the difference included (a note of its own would invoice it twice).
      const fiscal =
        order.differenceKind === 'underpaid'
          ? []
          : await fiscalStatements(ctx, {
              source: 'order',
              id: order.id,
              step: { current, next },
              thisStep,
              chargedCents: await arrivedCents(ctx, order),
              sale: () => saleOf(ctx, order),
              // The institute accepted what a boleto paid short brought: the note states what arrived.
              short: acceptedShort ? shortfallOf(order) : undefined,
            })
      statements.push(...fiscal)
      // A seat held or taken needs no statement to go back: the class_seats view counts live
      // orders only, so this step's new state releases it (decision 011).
      // Its coupon uses go back when it fails or expires, and are taken again by a late payment.
      statements.push(...couponStatements(order.id, current.state, next.state, thisStep))
      // The note's own step (sent, cancelled, replaced) taken at once, not minutes later by the
      // scheduled job (issue 43).
      const after = fiscal.length ? [() => advanceSaleInvoices(ctx, 'order', order.id)] : []
      return { statements, mails, after }
    },
    // The order that pays what a boleto paid short missed: once it is paid, so is that order; once
    // its money goes back in full (a refund, a chargeback), that order is paid short again (decision 028).
    async alongside(order, { current, next }) {
      if (order.differenceKind !== 'underpaid' || !order.differenceOf) return []
      const paid = grantsAccess(next.state) && !grantsAccess(current.state)
      const wentBack = endsAccess(next.state) && grantsAccess(current.state)
      if (!paid && !wentBack) return []
      const [short] = await db.select().from(orders).where(eq(orders.id, order.differenceOf))
      if (!short) return []
      if (paid) {
        if (short.status !== 'underpaid') return []
        return [{ row: short, report: { status: 'paid', refundedCents: short.refundedCents } }]
      }
      if (!completesOrder(order, short)) return []
      return [
        {
          row: short,
          report: { status: 'underpaid', refundedCents: short.refundedCents, differenceWentBack: true },
        },
      ]
    },
    async settle(order, report) {
      const settled = await settle(ctx, ledger, order, report)
      // A difference's step may move the certificates of the order it completes, and that order paid
      // again brings them back.
      const moves =
        stepMovesCertificates(order.status, settled.row.status) ||
        order.differenceKind === 'underpaid' ||
        order.status === 'underpaid'
      if (settled.changed && moves) {
        await certificatesMoved(ctx)
      }
      return settled
    },
    code: providerCode,
    // A code matches only the order's current one: the canceled charge of an expired boleto issued
    // again must not close the new one.
    byCode(code) {
      const [id, attempt] = code.split('-')
      return sql`(id = ${id} AND charge_attempts = ${Number(attempt ?? 1) || 0})`
    },
    sent: (order) => order.status !== 'pending' || order.gatewayOrderId !== null || order.totalCents === 0,
    request(order, card) {
      switch (order.paymentType) {
        case 'CREDIT_CARD': {
          const { cardToken, billingAddress } = cardInputs(ctx, 'credit_card', order, card)
          return { method: 'credit_card', instalments: order.instalments, cardToken, billingAddress }
        }
        case 'BOLETO':
          return boletoRequest(
            ctx,
            order,
            'Pagar até o vencimento. Após o pagamento, a matrícula é confirmada por e-mail.',
          )
        default:
          return { method: 'pix', expiresInSeconds: PIX_TTL_SECONDS }
      }
    },
    items: async (order) => [
      {
        code: 'itens',
        description: 'Cursos e produtos — Instituto Renalis',
        amountCents: order.totalCents - order.donationCents,
      },
      ...(order.donationCents
        ? [{ code: 'doacao', description: 'Doação', amountCents: order.donationCents }]
        : []),
    ],
    result: resultOf,
    error: purchaseError,
  }
  return ledger
}

/**
 * Applies what the provider reports to an order (DESIGN 6): a paid order enrols its buyer and
 * queues the confirmation; a refunded or charged-back one ends its enrollments (and with them the
 * seats and e-books they hold) and tells the buyer; a failed or expired one gives its coupon uses
 * and its seats back. A partial refund keeps the enrollments and records the amount.
 */
export async function settleOrder(ctx: AppContext, order: OrderRow, report: Report) {
  const settled = await orderLedger(ctx).settle(order, report)
  return { order: settled.row, changed: settled.changed, emails: settled.emails }
}
