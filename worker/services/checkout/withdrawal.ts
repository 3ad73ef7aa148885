import { and, eq, sql } from 'drizzle-orm'
import { auditLog, orders } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { RefundOrderResult, WithdrawalDecisionInput } from '../../contract/refunds.ts'
import { WITHDRAWAL_MESSAGES, type WithdrawalResult } from '../../contract/student.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { refundsAtOnce, WITHDRAWAL_DAYS, withdrawalOpensAfter, withdrawalView } from '../../domain/orders.ts'
import { curitibaDateTime } from '../../domain/time-zone.ts'
import { AppError, invalidField } from '../../errors.ts'
import { deliverLater, queueEmail } from '../email/outbox.ts'
import { brl, firstName, message, type OutboxMessage } from '../email/templates.ts'
import type { OrderRow } from './orders.ts'
import { type OwnOrder, orderWithLines, withdrawalOf } from './purchases.ts'
import { type OnOrder, refundOrder } from './refund.ts'

// The buyer's right of withdrawal (Código de Defesa do Consumidor, art. 49; issue 22, item 8):
// within 7 days of the payment, an online course paid by card or PIX is refunded at once through
// the provider (its access ends when the provider confirms); anything else (an in-person class, a
// product, a boleto, whose money goes back to a bank account) is a request the institute answers.

type Lines = Awaited<ReturnType<typeof orderWithLines>>['items']

function resultOf(
  ctx: AppContext,
  order: OrderRow,
  lines: Lines,
  awaiting: boolean,
  text: string,
): WithdrawalResult {
  return {
    order_id: order.id,
    status: order.status,
    withdrawal: withdrawalOf(order, lines, ctx.now)!,
    awaiting_provider: awaiting,
    message: text,
  }
}

/**
 * POST /api/usuario/compras/{id}/reembolso: the buyer gives a whole paid purchase up within 7 days.
 * Refunded at once when it may be (one refund however often it is asked: refundOrder's claim),
 * otherwise recorded once as a request and the institute told.
 */
export async function requestWithdrawal({
  ctx,
  userId,
  orderId,
  reason,
}: OwnOrder & { reason: string }): Promise<WithdrawalResult> {
  const { db } = ctx
  const { order, items: lines } = await orderWithLines(ctx, orderId, userId)
  const view = withdrawalView(order, ctx.now)
  if (view === null) throw invalidField('pedido', WITHDRAWAL_MESSAGES.notAllowed)
  if (view === 'expired') throw invalidField('pedido', WITHDRAWAL_MESSAGES.expired)
  if (view === 'refused') throw invalidField('pedido', WITHDRAWAL_MESSAGES.refused)
  if (view === 'requested') return resultOf(ctx, order, lines, false, WITHDRAWAL_MESSAGES.alreadyRequested)
  const atOnce = refundsAtOnce(lines, order.paymentType)

  let current = order
  if (view === 'available') {
    const since = withdrawalOpensAfter(ctx.now).getTime()
    const [claimed] = await db
      .update(orders)
      .set({
        withdrawalStatus: atOnce ? 'approved' : 'requested',
        withdrawalReason: reason,
        withdrawalRequestedAt: ctx.now,
        ...(atOnce ? { withdrawalDecidedAt: ctx.now } : {}),
      })
      .where(
        sql`${orders.id} = ${order.id} AND ${orders.userId} = ${userId} AND ${orders.withdrawalStatus} IS NULL
          AND ${orders.status} = 'paid' AND ${orders.refundedCents} = 0 AND ${orders.paidAt} > ${since}`,
      )
      .returning()
    if (!claimed) {
      // Another request of the same buyer made it first: answer as it stands.
      const fresh = await orderWithLines(ctx, orderId, userId)
      if (fresh.order.withdrawalStatus === 'approved' && atOnce) current = fresh.order
      else return resultOf(ctx, fresh.order, fresh.items, false, WITHDRAWAL_MESSAGES.alreadyRequested)
    } else {
      current = claimed
      await db.insert(auditLog).values({
        actorUserId: userId,
        action: atOnce ? 'order.withdrawal_refunded' : 'order.withdrawal_requested',
        entity: 'order',
        entityId: order.id,
        data: { reason },
        ip: ctx.clientIp,
      })
      if (!atOnce) await tellInstitute(ctx, claimed, reason)
    }
  }
  if (!atOnce) return resultOf(ctx, current, lines, false, WITHDRAWAL_MESSAGES.requested)
  // Granted (now, or by an earlier request the provider had not answered): the refund, once.
  const refund = await refundOrder({ ctx, orderId: current.id, input: {}, actorUserId: userId })
  const after = await orderWithLines(ctx, orderId, userId)
  return resultOf(ctx, after.order, after.items, refund.awaiting_provider, refund.message)
}

/** The institute hears of a request to answer, through the outbox (sent now, or by the cron). */
async function tellInstitute(ctx: AppContext, order: OrderRow, reason: string) {
  const mail = await message(
    INSTITUTE.emails.education,
    `Pedido de reembolso (desistência) — pedido ${order.id}`,
    [
      `${order.payer.name} (${order.payer.email}) pediu o reembolso do pedido ${order.id} (${brl(order.totalCents)}), pago em ${order.paidAt ? curitibaDateTime(order.paidAt) : ''}, dentro dos ${WITHDRAWAL_DAYS} dias do direito de arrependimento.`,
      `Motivo: ${reason}`,
      'Aprove ou recuse, com uma resposta, na tela de matrículas do painel.',
    ],
    { href: `${publicOrigin(ctx.env)}/admin/matriculas`, label: 'Abrir as matrículas' },
  )
  await queue(ctx, mail)
}

/** Through the outbox: sent after the answer, or by the scheduled job. */
async function queue(ctx: AppContext, mail: OutboxMessage) {
  const [row] = await queueEmail(ctx, mail)
  if (row) deliverLater(ctx, row.id)
}

/**
 * POST /api/admin/pedidos/{id}/reembolso-solicitado: the institute approves a request (the refund
 * goes to the provider; refused by it, the request waits again) or refuses it with an answer the
 * buyer reads, by e-mail and in Minhas compras. Once: a second answer finds no request waiting.
 */
export async function decideWithdrawal({
  ctx,
  orderId,
  input,
  actorUserId,
}: OnOrder & { input: WithdrawalDecisionInput }): Promise<RefundOrderResult> {
  const { db } = ctx
  const { order } = await orderWithLines(ctx, orderId)
  const waiting = order.withdrawalStatus === 'requested'
  // Approved before and the provider did not answer: approving again retries the same refund.
  const retry = order.withdrawalStatus === 'approved' && order.status === 'paid'
  if (!waiting && !(retry && input.decisao === 'aprovar')) {
    throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.notRequested)
  }
  const approve = input.decisao === 'aprovar'
  const [decided] = await db
    .update(orders)
    .set({
      withdrawalStatus: approve ? 'approved' : 'refused',
      withdrawalAnswer: approve ? null : (input.resposta ?? null),
      withdrawalDecidedAt: ctx.now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.withdrawalStatus, waiting ? 'requested' : 'approved')))
    .returning()
  if (!decided) throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.notRequested)
  await db.insert(auditLog).values({
    actorUserId,
    action: approve ? 'order.withdrawal_approved' : 'order.withdrawal_refused',
    entity: 'order',
    entityId: order.id,
    data: approve ? {} : { answer: input.resposta },
    ip: ctx.clientIp,
  })
  if (!approve) {
    await queue(
      ctx,
      await message(
        order.payer.email,
        `Seu pedido de reembolso — pedido ${order.id}`,
        [
          `Olá, ${firstName(order.payer.name)}!`,
          `O instituto respondeu ao seu pedido de reembolso do pedido ${order.id}: ${input.resposta}`,
          `Se tiver dúvidas, fale com o Centro de Ensino: ${INSTITUTE.emails.education}.`,
        ],
        { href: `${publicOrigin(ctx.env)}/usuario/compras`, label: 'Minhas compras' },
      ),
    )
    return {
      order_id: decided.id,
      status: decided.status,
      refunded_cents: decided.refundedCents,
      awaiting_provider: false,
      message: WITHDRAWAL_MESSAGES.refusedDone,
    }
  }
  try {
    return await refundOrder({
      ctx,
      orderId: decided.id,
      input: input.bank_account ? { bank_account: input.bank_account } : {},
      actorUserId,
    })
  } catch (error) {
    // Refused (no charge at the provider, a boleto without a bank account): the request waits again.
    if (error instanceof AppError && error.code === 'VALIDATION') {
      await db
        .update(orders)
        .set({ withdrawalStatus: 'requested', withdrawalDecidedAt: null })
        .where(
          and(eq(orders.id, order.id), eq(orders.withdrawalStatus, 'approved'), eq(orders.status, 'paid')),
        )
    }
    throw error
  }
}
