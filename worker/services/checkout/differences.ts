import { and, eq, inArray, sql } from 'drizzle-orm'
import { orders } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { PayResult } from '../../contract/checkout.ts'
import { ACCESS_STATES, grantsAccess, missingCents, type OrderState } from '../../domain/orders.ts'
import type { DifferenceKind } from '../../domain/payments.ts'
import { AppError } from '../../errors.ts'
import type { OrderRow } from './orders.ts'
import { sendAgain } from './pay.ts'

/**
 * An order's difference, paid by a PIX or boleto of its own: an order whose only line is the
 * difference (`difference_of` the order it completes, `difference_kind` what it pays). Two kinds:
 * the student price of a rejected student document (issue 29, item 3), and what is missing of a
 * boleto paid short (issue 40, item 5), which, once paid, makes that order paid in the same
 * settlement (the order ledger's `alongside`), and, refunded in full or charged back, makes it paid
 * short again (decision 028).
 */
export const DIFFERENCE_MESSAGES = {
  noDifference: 'Este pedido não tem diferença a pagar.',
  differencePaid: 'A diferença deste pedido já foi paga.',
  differenceDisputed:
    'O pagamento da diferença deste pedido foi contestado junto à operadora do cartão: aguarde o fim da contestação.',
  deadlinePassed: 'O prazo para pagar a diferença terminou: o pedido será cancelado e estornado.',
} as const

/** What an order asks to be paid apart, if anything: how much, the line's name, and until when. */
export type DifferenceAsked = {
  kind: DifferenceKind
  amountCents: number
  name: string
  deadline: Date | null
}

export function differenceAsked(order: OrderRow): DifferenceAsked | null {
  if (order.status === 'underpaid' && order.differenceOf === null) {
    const amountCents = missingCents(order)
    if (amountCents <= 0) return null
    return {
      kind: 'underpaid',
      amountCents,
      name: `Diferença do boleto pago a menor — pedido ${order.id}`,
      deadline: null,
    }
  }
  if (order.studentDocStatus === 'rejected' && order.studentDiscountCents > 0 && grantsAccess(order.status)) {
    return {
      kind: 'student_price',
      amountCents: order.studentDiscountCents,
      name: `Diferença do preço de estudante — pedido ${order.id}`,
      deadline: order.studentDocDeadline,
    }
  }
  return null
}

/**
 * A difference order in this state stands for the difference (decision 028): paid (in part refunded
 * or not), or charged back while its dispute is open (won, it is paid again). Refunded in full or
 * lost in a dispute, its money went back: the difference is due again (a boleto's, paid again; a
 * student price's, the order refunded once its deadline passes).
 */
const STANDING_STATES = [...ACCESS_STATES, 'charged_back'] as const satisfies readonly OrderState[]
export const paysDifference = (status: OrderRow['status']) =>
  (STANDING_STATES as readonly string[]).includes(status)

/** The orders among these whose difference of this kind was paid. */
export async function paidDifferences(
  ctx: AppContext,
  orderIds: string[],
  kind: DifferenceKind,
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set()
  const rows = await ctx.db
    .select({ of: orders.differenceOf })
    .from(orders)
    .where(
      and(
        inArray(orders.differenceOf, orderIds),
        eq(orders.differenceKind, kind),
        inArray(orders.status, [...STANDING_STATES]),
      ),
    )
  return new Set(rows.map((row) => row.of!))
}

/**
 * POST /api/usuario/compras/{id}/diferenca: the order's difference (`differenceAsked`), by a PIX or
 * boleto of its own. A second click while one is open answers that one; after it expired, a new
 * one. 409 when there is none to pay, it was paid, or its deadline passed.
 */
export async function payDifference({
  ctx,
  order,
  paymentType,
}: {
  ctx: AppContext
  order: OrderRow
  paymentType: 'PIX' | 'BOLETO'
}): Promise<PayResult> {
  const { db } = ctx
  const asked = differenceAsked(order)
  if (!asked) throw new AppError('CONFLICT', DIFFERENCE_MESSAGES.noDifference)
  const earlier = await db.select().from(orders).where(eq(orders.differenceOf, order.id))
  const ofKind = earlier.filter((row) => row.differenceKind === asked.kind)
  const standing = ofKind.find((row) => paysDifference(row.status))
  if (standing) {
    throw new AppError(
      'CONFLICT',
      standing.status === 'charged_back'
        ? DIFFERENCE_MESSAGES.differenceDisputed
        : DIFFERENCE_MESSAGES.differencePaid,
    )
  }
  if (asked.deadline && asked.deadline.getTime() < ctx.now.getTime()) {
    throw new AppError('CONFLICT', DIFFERENCE_MESSAGES.deadlinePassed)
  }
  // One open at a time for the amount asked now (a partial refund meanwhile changes it).
  const open = ofKind.find(
    (row) =>
      row.status === 'pending' && row.paymentType === paymentType && row.totalCents === asked.amountCents,
  )
  if (open) return sendAgain(ctx, open)
  const id = `ped_${crypto.randomUUID().replace(/-/g, '')}`
  const key = `diferenca-${order.id}-${earlier.length + 1}`
  const [[created]] = await db.batch([
    db
      .insert(orders)
      .values({
        id,
        userId: order.userId,
        cartHash: order.cartHash,
        idempotencyKey: key,
        paymentType,
        instalments: 1,
        grossCents: asked.amountCents,
        discountCents: 0,
        interestCents: 0,
        donationCents: 0,
        totalCents: asked.amountCents,
        gateway: order.gateway,
        payer: order.payer,
        billingAddress: order.billingAddress,
        differenceOf: order.id,
        differenceKind: asked.kind,
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning(),
    db.run(sql`INSERT INTO order_items (order_id, item_type, item_id, class_id, course_id, coupon_id, name, gross_cents, net_cents)
      SELECT ${id}, 'diferenca', 0, NULL, NULL, NULL, ${asked.name}, ${asked.amountCents}, ${asked.amountCents}
      WHERE EXISTS (SELECT 1 FROM orders WHERE id = ${id})`),
  ])
  // Another click wrote it first: that one.
  const row = created ?? (await db.select().from(orders).where(eq(orders.idempotencyKey, key)))[0]!
  return sendAgain(ctx, row)
}
