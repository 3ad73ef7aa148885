import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { coupons, courses, orderItems, orders } from '../../../db/schema.ts'
import {
  GatewayNotFoundError,
  type GatewayPayment,
  GatewayUnavailableError,
} from '../../adapters/payments/types.ts'
import type { AppContext, UserCall } from '../../context.ts'
import type { PayResult } from '../../contract/checkout.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout-messages.ts'
import type { PurchaseInvoice } from '../../contract/fiscal.ts'
import type { Purchase, PurchaseDetail, Receipt, Withdrawal } from '../../contract/student.ts'
import type { CartItemType } from '../../domain/catalog.ts'
import {
  canReissue,
  missingCents,
  refundsAtOnce,
  withdrawalEndsAt,
  withdrawalView,
} from '../../domain/orders.ts'
import { couponIsUsable } from '../../domain/pricing.ts'
import { reissueAsStored } from '../../domain/reissue.ts'
import { AppError, notFound } from '../../errors.ts'
import { isAvailable, priceSnapshot } from '../cart/pricing.ts'
import { type CartSnapshot, writeCart } from '../cart/snapshot.ts'
import { isClassSoldOut, isCouponLimit } from '../constraints.ts'
import { purchaseInvoicesOf, purchaseInvoicesQuery } from '../fiscal/view.ts'
import { paymentGateway } from '../payments/gateway.ts'
import { reopen } from '../payments/settle.ts'
import { differenceAsked, paidDifferences, payDifference, paysDifference } from './differences.ts'
import { giftOf } from './gifts.ts'
import { orderLedger } from './order-ledger.ts'
import type { OrderRow } from './orders.ts'
import { sendAgain } from './pay.ts'
import { documentStateOf } from './student-documents.ts'

export const PURCHASE_MESSAGES = {
  notFound: 'Compra não encontrada.',
  notReissuable: 'Só um boleto ou PIX expirado pode ser gerado de novo.',
  couponExhausted:
    'O cupom deste pedido atingiu o limite de usos enquanto ele estava expirado. Faça um novo pedido pelo carrinho.',
  changed:
    'Os preços ou as condições deste pedido mudaram desde a compra. Revise o carrinho: colocamos nele os mesmos itens.',
  partlyOffSale:
    'Alguns itens deste pedido não estão mais à venda. Revise o carrinho: colocamos nele os que continuam disponíveis.',
  offSale: 'Os itens deste pedido não estão mais à venda: não é possível gerar um novo pagamento.',
} as const

type Item = { orderId: string; name: string; netCents: number; courseSection: string | null }

/** An order's lines as Minhas compras shows them, with their course's section (online or not). */
const ITEM_COLUMNS = {
  orderId: orderItems.orderId,
  name: orderItems.name,
  netCents: orderItems.netCents,
  courseSection: courses.section,
}

/** The right of withdrawal as the buyer reads it (CDC art. 49; issue 22, item 8). */
export function withdrawalOf(order: OrderRow, lines: Item[], now: Date): Withdrawal | null {
  const state = withdrawalView(order, now)
  if (!state || !order.paidAt) return null
  return {
    state,
    ends_at: withdrawalEndsAt(order.paidAt).toISOString(),
    at_once: refundsAtOnce(lines, order.paymentType),
    reason: order.withdrawalReason,
    requested_at: order.withdrawalRequestedAt?.toISOString() ?? null,
    answer: order.withdrawalAnswer,
    decided_at: order.withdrawalDecidedAt?.toISOString() ?? null,
  }
}

function purchaseOf(
  order: OrderRow,
  items: Item[],
  now: Date,
  differencePaid: boolean,
  invoice: PurchaseInvoice | null,
): Purchase {
  const pending = order.status === 'pending'
  const lines = items.filter((item) => item.orderId === order.id)
  const gift = giftOf(order)
  return {
    order_id: order.id,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_type: order.paymentType,
    instalments: order.instalments,
    instalment_value: Math.round(order.totalCents / order.instalments),
    total: order.totalCents,
    refunded_cents: order.refundedCents,
    items: lines.map((item) => ({ name: item.name, net_value: item.netCents })),
    boleto:
      pending && order.paymentType === 'BOLETO' && (order.boletoLine || order.boletoUrl)
        ? { link: order.boletoUrl, line: order.boletoLine, due_at: order.boletoDueAt?.toISOString() ?? null }
        : null,
    pix:
      pending && order.paymentType === 'PIX' && order.pixCode
        ? { code: order.pixCode, expires_at: order.pixExpiresAt?.toISOString() ?? null }
        : null,
    // A difference's PIX or boleto is asked again from its order (payDifference), never reissued.
    can_reissue: order.differenceOf === null && canReissue(order.status, order.paymentType),
    student_document: documentStateOf(order, differencePaid),
    underpaid:
      order.status === 'underpaid'
        ? {
            received: order.receivedCents ?? 0,
            missing: missingCents(order),
            can_pay_difference: differenceAsked(order) !== null,
          }
        : null,
    gift: gift ? { name: gift.name, email: gift.email } : null,
    withdrawal: withdrawalOf(order, lines, now),
    invoice,
  }
}

/** GET /api/usuario/compras: every order of the student, newest first (one round trip). */
export async function listPurchases({ ctx, userId }: UserCall) {
  const { db } = ctx
  const mine = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))
  const [rows, items, invoiceRows] = await db.batch([
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)),
    db
      .select(ITEM_COLUMNS)
      .from(orderItems)
      .leftJoin(courses, eq(courses.id, orderItems.courseId))
      .where(inArray(orderItems.orderId, mine))
      .orderBy(orderItems.id),
    purchaseInvoicesQuery(ctx, mine),
  ])
  const invoicesByOrder = purchaseInvoicesOf(invoiceRows)
  // A student price's difference is paid by an order of the same buyer: among these.
  const paid = new Set(
    rows
      .filter(
        (row) => row.differenceOf && row.differenceKind === 'student_price' && paysDifference(row.status),
      )
      .map((row) => row.differenceOf),
  )
  return rows.map((order) =>
    purchaseOf(order, items, ctx.now, paid.has(order.id), invoicesByOrder.get(order.id) ?? null),
  )
}

function receiptOf(payment: GatewayPayment): Receipt | null {
  const receipt = payment.receipt
  if (!receipt) return null
  return {
    charge_id: receipt.chargeId,
    transaction_id: receipt.transactionId,
    paid_at: receipt.paidAt,
    card: receipt.card
      ? { brand: receipt.card.brand, last_four: receipt.card.lastFour, holder_name: receipt.card.holderName }
      : null,
    instalments: receipt.instalments,
    authorization_code: receipt.authorizationCode,
    nsu: receipt.nsu,
    tid: receipt.tid,
    acquirer_message: receipt.acquirerMessage,
    boleto: receipt.boleto ? { nosso_numero: receipt.boleto.nossoNumero, bank: receipt.boleto.bank } : null,
    pix_end_to_end_id: receipt.pixEndToEndId,
  }
}

/**
 * An order and its lines (with their course's section), in one round trip: the buyer's own when
 * `userId` is given (someone else's is not found), any when not (the admin's answers).
 */
export async function orderWithLines(ctx: AppContext, orderId: string, userId?: number) {
  const { db } = ctx
  const [rows, items] = await db.batch([
    db
      .select()
      .from(orders)
      .where(
        userId === undefined
          ? eq(orders.id, orderId)
          : and(eq(orders.id, orderId), eq(orders.userId, userId)),
      ),
    db
      .select(ITEM_COLUMNS)
      .from(orderItems)
      .leftJoin(courses, eq(courses.id, orderItems.courseId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id),
  ])
  const order = rows[0]
  if (!order) throw notFound(PURCHASE_MESSAGES.notFound)
  return { order, items }
}

/** What a student's acts on one of their orders take: the order and its owner. */
export type OwnOrder = UserCall<{ orderId: string }>

/**
 * GET /api/usuario/compras/{id}: the order with the provider's receipt, read from its charge.
 * When the provider cannot answer, the order still shows, and says the receipt is missing.
 */
export async function getPurchase({ ctx, userId, orderId }: OwnOrder): Promise<PurchaseDetail> {
  const { order, items } = await orderWithLines(ctx, orderId, userId)
  const differencePaid = order.studentDocStatus
    ? (await paidDifferences(ctx, [order.id], 'student_price')).has(order.id)
    : false
  let receipt: Receipt | null = null
  let unavailable = false
  if (order.gatewayChargeId) {
    try {
      receipt = receiptOf(await paymentGateway(ctx).getCharge(order.gatewayChargeId))
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError || error instanceof GatewayNotFoundError)) throw error
      unavailable = true
    }
  }
  const invoice = purchaseInvoicesOf(await purchaseInvoicesQuery(ctx, [order.id])).get(order.id) ?? null
  return {
    ...purchaseOf(order, items, ctx.now, differencePaid, invoice),
    paid_at: order.paidAt?.toISOString() ?? null,
    gross: order.grossCents,
    discount: order.discountCents,
    interest: order.interestCents,
    donation: order.donationCents,
    payer: { name: order.payer.name, email: order.payer.email },
    receipt,
    receipt_unavailable: unavailable,
  }
}

/**
 * The order's items, coupons and flags as a cart, priced with today's prices, coupons and offer
 * (the checkout's own pricing). Unchanged: it may be issued again at its stored total. Changed:
 * a 422 with a new cart of the items still for sale and the coupons still usable, never the old
 * total.
 */
async function repriceOrder(ctx: AppContext, order: OrderRow): Promise<AppError | null> {
  const rows = await ctx.db
    .select({
      itemType: orderItems.itemType,
      itemId: orderItems.itemId,
      classId: orderItems.classId,
      couponId: orderItems.couponId,
      netCents: orderItems.netCents,
      couponKey: coupons.key,
    })
    .from(orderItems)
    .leftJoin(coupons, eq(coupons.id, orderItems.couponId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id)
  // A student price's difference is no cart item (its orders are never issued again).
  const lines = rows.filter(
    (line): line is (typeof rows)[number] & { itemType: CartItemType } => line.itemType !== 'diferenca',
  )
  const items = new Map(
    lines.map((line) => [`${line.itemType}:${line.itemId}`, { type: line.itemType, id: line.itemId }]),
  )
  const cart: CartSnapshot = {
    v: 1,
    items: [...items.values()],
    coupons: [...new Set(lines.flatMap((line) => (line.couponKey ? [line.couponKey] : [])))],
    flags: {
      hasStudentDoc: order.isStudent,
      studentDocKey: order.studentDocKey,
      hasPassport: order.hasPassport,
    },
  }
  const snapshot = await priceSnapshot(ctx, cart)
  if (reissueAsStored({ ...order, lines }, snapshot.priced, snapshot.unavailable.length)) return null

  const forSale = cart.items.filter((item) => isAvailable(snapshot.details, item))
  const message =
    forSale.length === 0
      ? PURCHASE_MESSAGES.offSale
      : snapshot.unavailable.length
        ? PURCHASE_MESSAGES.partlyOffSale
        : PURCHASE_MESSAGES.changed
  const hash = forSale.length
    ? await writeCart(ctx, {
        ...cart,
        items: forSale,
        coupons: [...snapshot.details.coupons.values()]
          .filter((c) => couponIsUsable(c, ctx.now))
          .map((c) => c.key),
      })
    : null
  return new AppError('VALIDATION', message, { pedido: [message] }, { cart: hash })
}

/**
 * POST /api/usuario/compras/{id}/novo-pagamento: an expired boleto or PIX issued again for the
 * same order (no second order), only when it is still sold as it was (repriceOrder). The order
 * goes back to pending with a new provider code (its id and the attempt's number), its coupon use
 * is reserved again in the same transaction, and it is sent as a first submit is. A second click
 * while that happens joins the same attempt.
 */
export async function reissuePayment({ ctx, userId, orderId }: OwnOrder): Promise<PayResult> {
  const { db } = ctx
  const { order } = await orderWithLines(ctx, orderId, userId)
  // Issued again already (a second click, or a retry after an outage): that attempt.
  if (order.status === 'pending' && order.chargeAttempts > 1) return sendAgain(ctx, order)
  if (order.differenceOf !== null || !canReissue(order.status, order.paymentType)) {
    throw new AppError('CONFLICT', PURCHASE_MESSAGES.notReissuable)
  }
  const changed = await repriceOrder(ctx, order)
  if (changed) throw changed
  const attempts = order.chargeAttempts + 1
  let reopened: OrderRow[]
  try {
    const results = await db.batch([
      reopen(ctx, orderLedger(ctx), order, {
        also: {
          chargeAttempts: attempts,
          // Its coupon uses, reserved again below (services/checkout/coupon-holds.ts).
          couponHeld: sql`EXISTS (SELECT 1 FROM order_items WHERE order_id = ${order.id} AND coupon_id IS NOT NULL)`,
        },
        where: sql`status = 'expired' AND charge_attempts = ${order.chargeAttempts}`,
      }),
      db.run(sql`UPDATE coupons SET used_count = used_count + 1
        WHERE id IN (SELECT coupon_id FROM order_items WHERE order_id = ${order.id} AND coupon_id IS NOT NULL)
        AND EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND status = 'pending' AND charge_attempts = ${attempts})`),
    ])
    reopened = results[0] as OrderRow[]
  } catch (error) {
    // The coupon's last use sold since it was priced: that is a change too.
    if (isCouponLimit(error)) {
      throw (await repriceOrder(ctx, order)) ?? new AppError('CONFLICT', PURCHASE_MESSAGES.couponExhausted)
    }
    // Its class sold out while it was expired (the seats trigger refused the reopening).
    if (isClassSoldOut(error)) throw new AppError('CONFLICT', CHECKOUT_MESSAGES.soldOut)
    throw error
  }
  const row = reopened[0]
  if (!row) {
    // Another click reopened it first: that attempt's outcome.
    const { order: current } = await orderWithLines(ctx, orderId, userId)
    if (current.status === 'pending') return sendAgain(ctx, current)
    throw new AppError('CONFLICT', PURCHASE_MESSAGES.notReissuable)
  }
  try {
    return await sendAgain(ctx, row)
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAVAILABLE') {
      throw new AppError('UNAVAILABLE', CHECKOUT_MESSAGES.outcomeUnknown)
    }
    throw error
  }
}

/**
 * POST /api/usuario/compras/{id}/diferenca: the student's own order's difference (a rejected
 * student document's, or what a boleto paid short missed).
 */
export async function payOwnDifference({
  ctx,
  userId,
  orderId,
  paymentType,
}: OwnOrder & { paymentType: 'PIX' | 'BOLETO' }): Promise<PayResult> {
  const { order } = await orderWithLines(ctx, orderId, userId)
  return payDifference({ ctx, order, paymentType })
}
