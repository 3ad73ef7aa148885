import type { ResultSet } from '@libsql/client'
import { eq, sql } from 'drizzle-orm'
import { orderItems, orders, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { GIFT_MESSAGES, type PayInput, type PayResult } from '../../contract/checkout.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout-messages.ts'
import { CART_ITEM_TYPES } from '../../domain/catalog.ts'
import { PROVIDER_METHOD } from '../../domain/payments.ts'
import { couponIsExhausted, validatePaymentChoice } from '../../domain/pricing.ts'
import { AppError } from '../../errors.ts'
import { NOBODY_HOLDS_IT } from '../auth/holders.ts'
import { type SessionUser, sessionInsert } from '../auth/sessions.ts'
import { linesOf } from '../cart/lines.ts'
import { type PricedSnapshot, priceSnapshot } from '../cart/pricing.ts'
import { readCart } from '../cart/snapshot.ts'
import { isClassSoldOut, isCouponLimit } from '../constraints.ts'
import { deliverLater, queueEmailWhere } from '../email/outbox.ts'
import { attemptCharge, joinByKey, nothingChargedUnless } from '../payments/attempt.ts'
import { settingsOf } from '../payments/gateway.ts'
import { paymentInputs } from '../payments/request.ts'
import { settleAndDeliver } from '../payments/settle.ts'
import { closeAbandonedCheckout } from '../reminders/close.ts'
import { purchaseWithYourEmail } from './emails.ts'
import { orderLedger } from './order-ledger.ts'
import { type OrderRow, orderOr404, purchaseError, resultOf } from './orders.ts'

/** A checkout submit: who buys (signed in or not), and what they sent. */
type Checkout = { ctx: AppContext; user: SessionUser | null; input: PayInput }

const cardOf = (input: PayInput) => ({ token: input.cardhash ?? null })

/**
 * The order its idempotency key already made, joined: the key belongs to one buyer, one cart and
 * one payment type (issue 12, item 7); another buyer's or another cart's submit with it gets
 * nothing of the first order.
 */
const earlierOrder = ({ ctx, user, input }: Checkout) =>
  joinByKey<OrderRow, PayResult>(ctx, orderLedger(ctx), input.idempotency_key, {
    card: cardOf(input),
    mismatch: CHECKOUT_MESSAGES.attemptMismatch,
    isSame: (order) =>
      (user ? order.userId === user.id : order.payer.email === input.payer.email) &&
      order.cartHash === input.hash &&
      ((order.paymentType ?? null) === (input.payment_type ?? null) || order.totalCents === 0),
  })

/**
 * Whose order it is (decision 010): the signed-in buyer's; a guest's goes to the account of that
 * e-mail if the account proved it, or if nobody holds the account (no password, no session: only
 * the proof can open it); else it waits for whoever proves the address (`claimEmail`). An e-mail
 * no account has gets a new account, with a session for this browser; it is created in the order's
 * own batch (placeOrder), so an outage never leaves an account without the order that made it.
 */
async function buyer(ctx: AppContext, user: SessionUser | null, input: PayInput) {
  if (user) return { userId: user.id, claimEmail: null, existingAccount: false }
  const [existing] = await ctx.db
    .select({
      id: users.id,
      emailVerifiedAt: users.emailVerifiedAt,
      unheld: sql<number>`${NOBODY_HOLDS_IT}`,
    })
    .from(users)
    .where(eq(users.email, input.payer.email))
  if (!existing) return { userId: null, claimEmail: null, existingAccount: false }
  if (existing.emailVerifiedAt) return { userId: existing.id, claimEmail: null, existingAccount: true }
  return { userId: null, claimEmail: existing.unheld ? null : input.payer.email, existingAccount: true }
}

function checkIds(input: PayInput, snapshot: PricedSnapshot) {
  if (!input.ids) return
  const inCart = (type: string) =>
    snapshot.priced.items
      .filter((item) => item.type === type)
      .map((item) => item.id)
      .sort((a, b) => a - b)
  const sent = {
    turma: (input.ids.turmas ?? []).map(([, classId]) => classId ?? -1).sort((a, b) => a - b),
    produto: [...(input.ids.produtos ?? [])].sort((a, b) => a - b),
    pacote: [...(input.ids.pacotes ?? [])].sort((a, b) => a - b),
  }
  for (const type of CART_ITEM_TYPES) {
    if (JSON.stringify(sent[type]) !== JSON.stringify(inCart(type))) {
      throw purchaseError('NOT_FOUND', 1, CHECKOUT_MESSAGES.productNotFound)
    }
  }
}

/**
 * POST /checkout/pagar. Every amount is recomputed from the cart and the database; the browser's
 * total is only compared. The order is written before the charge, so a charge never lacks an order.
 * When the database fails before anything was sent, the 503 says plainly that nothing was charged.
 */
export async function payCheckout(args: Checkout): Promise<{ result: PayResult; sessionToken?: string }> {
  return nothingChargedUnless(purchaseError, () => placeOrder(args))
}

async function placeOrder(checkout: Checkout): Promise<{ result: PayResult; sessionToken?: string }> {
  const { ctx, user, input } = checkout
  const earlier = await earlierOrder(checkout)
  if (earlier) return { result: earlier }

  const cart = await readCart(ctx, input.hash)
  if (!cart || cart.items.length === 0) throw purchaseError('NOT_FOUND', 1, CHECKOUT_MESSAGES.productNotFound)
  const snapshot = await priceSnapshot(ctx, cart)
  if (snapshot.unavailable.length) throw purchaseError('NOT_FOUND', 1, CHECKOUT_MESSAGES.productNotFound)
  checkIds(input, snapshot)
  // A cart's document no order used is deleted after a day (services/checkout/student-documents.ts).
  if (
    cart.flags.hasStudentDoc &&
    cart.flags.studentDocKey &&
    !(await ctx.env.FILES.head(cart.flags.studentDocKey))
  ) {
    throw purchaseError('VALIDATION', 2, CHECKOUT_MESSAGES.studentDocumentGone)
  }
  // Seen sold out already: refused before anything is written (the batch's trigger decides races).
  if ([...snapshot.seats.values()].some((left) => left === 0)) {
    throw purchaseError('VALIDATION', 2, CHECKOUT_MESSAGES.soldOut)
  }

  const choice = validatePaymentChoice(snapshot.priced, {
    paymentType: input.payment_type,
    instalments: input.parcela,
    donationCents: input.doacao,
  })
  if (!choice.ok) throw new AppError('VALIDATION', 'Os dados do pagamento são inválidos.', choice.errors)
  const amounts = choice.value
  if (amounts.totalCents !== input.total) {
    // The last use of the cart's coupon sold while this buyer was paying: say so, not 'the value changed'.
    const couponGone = [...snapshot.details.coupons.values()].some(couponIsExhausted)
    throw purchaseError(
      'VALIDATION',
      2,
      couponGone ? CHECKOUT_MESSAGES.couponExhausted : CHECKOUT_MESSAGES.totalChanged,
    )
  }
  if (input.gifts.some((gift) => gift.email === input.payer.email)) {
    throw new AppError('VALIDATION', GIFT_MESSAGES.notYourself, {
      'gifts.0.email': [GIFT_MESSAGES.notYourself],
    })
  }
  // A card's token and its payer's address, a boleto's address: refused before anything is written or sent.
  paymentInputs(ctx, amounts.paymentType && PROVIDER_METHOD[amounts.paymentType], {
    card: cardOf(input),
    billingAddress: input.billingAddress,
  })
  const free = amounts.totalCents === 0
  const gatewayName = free ? 'gratuito' : settingsOf(ctx).mode

  const { userId, claimEmail, existingAccount } = await buyer(ctx, user, input)
  const newAccount = userId === null && claimEmail === null
  // The account of that e-mail if nobody holds it (checked again inside the batch: another request
  // may have opened a session meanwhile, and an order for an account someone holds waits for the
  // proof instead).
  const fresh = sql`(SELECT id FROM users WHERE email = ${input.payer.email} AND email_verified_at IS NULL
    AND ${NOBODY_HOLDS_IT})`
  const orderId = `ped_${crypto.randomUUID().replace(/-/g, '')}`
  const { db } = ctx
  const lines = linesOf(snapshot)
  const written = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId})`
  const notice = existingAccount
    ? await purchaseWithYourEmail(ctx.env, input.payer.email, orderId, claimEmail !== null)
    : null
  // One transaction: a new buyer's account, the order, its lines and its coupon uses, or nothing
  // when another request took the key first. A coupon past its limit fails the coupons table's
  // check, and a line for a class with no seat left its trigger (decision 011): nothing is written.
  let inserted: OrderRow[]
  let createdAccount: ResultSet
  let noticeRow: ResultSet | undefined
  try {
    const results = await db.batch([
      db.run(sql`INSERT INTO users (name, email, phone, type, is_new_user)
        SELECT ${input.payer.name}, ${input.payer.email}, ${input.payer.phone}, 'N', 1 WHERE ${newAccount ? 1 : 0}
        ON CONFLICT (email) DO NOTHING RETURNING id`),
      db
        .insert(orders)
        .values({
          id: orderId,
          userId: userId ?? (newAccount ? fresh : null),
          claimEmail: newAccount ? sql`CASE WHEN ${fresh} IS NULL THEN ${input.payer.email} END` : claimEmail,
          cartHash: input.hash,
          idempotencyKey: input.idempotency_key,
          paymentType: amounts.paymentType,
          instalments: amounts.instalments,
          grossCents: snapshot.priced.totals.grossTotalCents,
          discountCents: snapshot.priced.totals.grossTotalCents - snapshot.priced.totals.netTotalCents,
          interestCents: amounts.interestCents,
          donationCents: amounts.donationCents,
          totalCents: amounts.totalCents,
          gateway: gatewayName,
          payer: {
            name: input.payer.name,
            email: input.payer.email,
            cpf: input.payer.cpf,
            phone: input.payer.phone,
          },
          billingAddress: input.billingAddress ?? null,
          gifts: input.gifts,
          isStudent: cart.flags.hasStudentDoc,
          studentDocKey: cart.flags.studentDocKey,
          // The institute reviews the document; a rejection asks for what the student price took off.
          studentDocStatus: cart.flags.hasStudentDoc && cart.flags.studentDocKey ? 'pending' : null,
          studentDiscountCents: snapshot.priced.items.reduce(
            (sum, item) =>
              item.type === 'turma' && item.studentPrice ? sum + item.grossCents - item.netCents : sum,
            0,
          ),
          hasPassport: cart.flags.hasPassport,
          // Its coupon uses, reserved below (services/checkout/coupon-holds.ts).
          couponHeld: lines.some((line) => line.couponId !== null),
          remindersConsent: input.reminders_consent,
          // The NFS-e's taker (issue 43): a company instead of the payer's CPF; a buyer abroad.
          company: input.empresa ?? null,
          foreignBuyer: input.estrangeiro ?? null,
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning(),
      ...lines.map((line) =>
        db.run(sql`INSERT INTO order_items (order_id, item_type, item_id, class_id, course_id, coupon_id, name, gross_cents, net_cents)
          SELECT ${orderId}, ${line.itemType}, ${line.itemId}, ${line.classId}, ${line.courseId}, ${line.couponId}, ${line.name}, ${line.grossCents}, ${line.netCents}
          WHERE ${written}`),
      ),
      db.run(sql`UPDATE coupons SET used_count = used_count + 1
        WHERE id IN (SELECT coupon_id FROM order_items WHERE order_id = ${orderId} AND coupon_id IS NOT NULL)`),
      ...closeAbandonedCheckout(ctx, { orderId, email: input.payer.email, cartHash: input.hash }),
      ...(notice ? [db.run(queueEmailWhere(notice, written))] : []),
    ])
    createdAccount = results[0]
    inserted = results[1]
    noticeRow = notice ? (results.at(-1) as ResultSet) : undefined
  } catch (error) {
    if (isCouponLimit(error)) throw purchaseError('VALIDATION', 2, CHECKOUT_MESSAGES.couponExhausted)
    if (isClassSoldOut(error)) throw purchaseError('VALIDATION', 2, CHECKOUT_MESSAGES.soldOut)
    throw error
  }
  const order = inserted[0]
  if (!order) {
    // Another request took the key first: its order.
    return { result: (await earlierOrder(checkout))! }
  }

  const noticeId = Number(noticeRow?.rows[0]?.id)
  if (noticeId > 0) deliverLater(ctx, noticeId)

  const result = free
    ? await settleFree(ctx, order)
    : await attemptCharge(ctx, orderLedger(ctx), order, cardOf(input), false)
  // The browser that made the account holds it, once the attempt answered: a refused card leaves
  // no session nobody received (the account stays unheld, and the next attempt's order joins it).
  const newBuyerId = createdAccount.rows[0]?.id as number | undefined
  const session =
    newBuyerId && order.userId === newBuyerId ? await sessionInsert(ctx, newBuyerId, undefined) : null
  // A session that could not be written costs the buyer a sign-in, never the answer about the payment.
  const opened = session
    ? await session.statement.then(
        () => true,
        () => false,
      )
    : false
  return { result, ...(session && opened ? { sessionToken: session.token } : {}) }
}

async function settleFree(ctx: AppContext, order: OrderRow) {
  const settled = await settleAndDeliver(ctx, orderLedger(ctx), order, { status: 'paid', refundedCents: 0 })
  return resultOf(settled.row, !settled.delivered)
}

/** Sends an order again (an expired boleto or PIX issued anew): one attempt, as a first submit's. */
export function sendAgain(ctx: AppContext, order: OrderRow): Promise<PayResult> {
  return attemptCharge(ctx, orderLedger(ctx), order, { token: null }, true)
}

/** GET /api/pedidos/{id}: the result screen's live status (the id is unguessable). */
export async function getOrderStatus({ ctx, id }: { ctx: AppContext; id: string }) {
  const order = await orderOr404(ctx, id)
  const items = await ctx.db
    .select({ name: orderItems.name, net: orderItems.netCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
  return { ...resultOf(order), items: items.map((item) => ({ name: item.name, net_value: item.net })) }
}
