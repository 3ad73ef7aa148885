import type { ResultSet } from '@libsql/client'
import { eq, sql } from 'drizzle-orm'
import { orderItems, orders, users } from '../../../db/schema.ts'
import {
  type CreateOrderInput,
  GatewayNotFoundError,
  type GatewayPayment,
  GatewayUnavailableError,
  GatewayValidationError,
  type PaymentRequest,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import {
  type BillingAddress,
  CHECKOUT_MESSAGES,
  GIFT_MESSAGES,
  type PayInput,
  type PayResult,
} from '../../contract/checkout.ts'
import { CART_ITEM_TYPES, type CartItemType } from '../../domain/catalog.ts'
import { declineReason, translateProviderErrors } from '../../domain/payment-errors.ts'
import { couponIsExhausted, validatePaymentChoice } from '../../domain/pricing.ts'
import { AppError, dependencyFailure, notFound } from '../../errors.ts'
import { NOBODY_HOLDS_IT } from '../auth/proof.ts'
import { type SessionUser, sessionInsert } from '../auth/sessions.ts'
import { type PricedSnapshot, priceSnapshot } from '../cart/pricing.ts'
import { readCart } from '../cart/snapshot.ts'
import { isClassSoldOut, isCouponLimit } from '../constraints.ts'
import { deliverLater } from '../email/outbox.ts'
import { attemptCharge, CHARGE_LEASE_MS } from './attempt.ts'
import { purchaseWithYourEmail } from './emails.ts'
import { paymentGateway, settingsOf } from './gateway.ts'
import { deliverEmails, type OrderRow, providerCode, reportOf, settleOrder } from './settle.ts'

/** Purchase errors carry the SPEC's codes: 1 product not found, 2 a message, 3 provider errors. */
const purchaseError = (
  status: 'NOT_FOUND' | 'VALIDATION' | 'UNAVAILABLE',
  code: 1 | 2 | 3,
  msg: string,
  errors?: string[],
) => new AppError(status, msg, undefined, { code, ...(errors ? { errors } : {}) })

const PIX_TTL_SECONDS = 30 * 60
const BOLETO_DAYS = 3

export function resultOf(order: OrderRow, emailFailed = false): PayResult {
  return {
    order_id: order.id,
    status: order.status,
    error: emailFailed,
    ccj_boleto_link: order.boletoUrl,
    ccj_pay_number: order.boletoLine,
    ccj_pix_code: order.pixCode,
    boleto_due_at: order.boletoDueAt?.toISOString() ?? null,
    pix_expires_at: order.pixExpiresAt?.toISOString() ?? null,
    total: order.totalCents,
    instalments: order.instalments,
    instalment_value: Math.round(order.totalCents / order.instalments),
    refunded_cents: order.refundedCents,
    message: null,
  }
}

async function orderByKey(ctx: AppContext, key: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.idempotencyKey, key))
  return order
}

/**
 * An idempotency key belongs to one buyer, one cart and one payment type (issue 12, item 7):
 * another buyer's or another cart's submit with it gets nothing of the first order.
 */
function assertSameAttempt(order: OrderRow, user: SessionUser | null, input: PayInput) {
  const sameBuyer = user ? order.userId === user.id : order.payer.email === input.payer.email
  const sameCart = order.cartHash === input.hash
  const sameType = (order.paymentType ?? null) === (input.payment_type ?? null) || order.totalCents === 0
  if (!sameBuyer || !sameCart || !sameType) {
    throw purchaseError('VALIDATION', 2, CHECKOUT_MESSAGES.attemptMismatch)
  }
}

/** Takes the order for one attempt at the provider; undefined when another attempt holds it. */
async function claimAttempt(ctx: AppContext, order: OrderRow) {
  const [claimed] = await ctx.db
    .update(orders)
    .set({ chargeAttemptAt: new Date() })
    .where(
      sql`${orders.id} = ${order.id} AND ${orders.status} = 'pending' AND ${orders.gatewayOrderId} IS NULL
        AND (${orders.chargeAttemptAt} IS NULL OR ${orders.chargeAttemptAt} < ${Date.now() - CHARGE_LEASE_MS})`,
    )
    .returning()
  return claimed
}

/**
 * The same key again: the order as it stands, or one more attempt at the provider. Before sending
 * again, the order is looked up at the provider by its code (Pagar.me keeps an Idempotency-Key
 * 24 hours only), so a retry after a network failure, an unknown outcome or a database that failed
 * after the charge never charges twice.
 */
async function resume(
  ctx: AppContext,
  order: OrderRow,
  input: PayInput,
): Promise<{ result: PayResult; sessionToken?: string }> {
  return { result: await attempt(ctx, order, input.cardhash ?? null, true) }
}

const settledOrSent = (order: OrderRow) =>
  order.status !== 'pending' || order.gatewayOrderId !== null || order.totalCents === 0

/** One sender at a time (attempt.ts): the attempt that claims the order sends it. */
function attempt(ctx: AppContext, order: OrderRow, cardToken: string | null, lookUpFirst: boolean) {
  return attemptCharge<OrderRow, PayResult>(
    {
      done: settledOrSent,
      result: (row) => resultOf(row),
      code: providerCode,
      request: (row) => paymentRequest(ctx, row, cardToken),
      claim: (row) => claimAttempt(ctx, row),
      reload: async (row) => (await ctx.db.select().from(orders).where(eq(orders.id, row.id)))[0],
      send: (claimed, request) => send(ctx, claimed, request),
      finish: (row, found) => finish(ctx, row, found),
      unavailable: () => purchaseError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.outcomeUnknown),
      inProgress: () => purchaseError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.inProgress),
      findByCode: (code) => paymentGateway(ctx).findOrderByCode(code),
    },
    order,
    lookUpFirst,
  )
}

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

type Line = {
  itemType: CartItemType
  itemId: number
  classId: number | null
  courseId: number | null
  couponId: number | null
  name: string
  grossCents: number
  netCents: number
}

/** Order lines read as the cart does: the course's name, then the class's. */
function linesOf(snapshot: PricedSnapshot): Line[] {
  const courseName = (classId: number) => snapshot.details.classes.get(classId)?.course.name ?? ''
  return snapshot.priced.items.flatMap((item): Line[] => {
    if (item.type === 'pacote') {
      return item.classes.map((c) => ({
        itemType: 'pacote' as const,
        itemId: item.id,
        classId: c.classId,
        courseId: c.courseId,
        couponId: null,
        name: `${item.name} — ${courseName(c.classId)}`,
        grossCents: c.grossCents,
        netCents: c.netCents,
      }))
    }
    if (item.type === 'turma') {
      return [
        {
          itemType: 'turma' as const,
          itemId: item.id,
          classId: item.id,
          courseId: item.courseId,
          couponId: item.couponId,
          name: `${courseName(item.id)} — ${item.name}`,
          grossCents: item.grossCents,
          netCents: item.netCents,
        },
      ]
    }
    return [
      {
        itemType: 'produto' as const,
        itemId: item.id,
        classId: null,
        courseId: null,
        couponId: null,
        name: item.name,
        grossCents: item.grossCents,
        netCents: item.netCents,
      },
    ]
  })
}

/**
 * POST /checkout/pagar. Every amount is recomputed from the cart and the database; the browser's
 * total is only compared. The order is written before the charge, so a charge never lacks an order.
 * When the database fails before anything was sent, the 503 says plainly that nothing was charged.
 */
export async function payCheckout(args: {
  ctx: AppContext
  user: SessionUser | null
  input: PayInput
}): Promise<{ result: PayResult; sessionToken?: string }> {
  try {
    return await placeOrder(args)
  } catch (error) {
    // After the provider was asked, send() and finish() say what is known; before, nothing was.
    if (!(error instanceof AppError) && dependencyFailure(error)) {
      throw purchaseError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.nothingCharged)
    }
    throw error
  }
}

async function placeOrder({
  ctx,
  user,
  input,
}: {
  ctx: AppContext
  user: SessionUser | null
  input: PayInput
}): Promise<{ result: PayResult; sessionToken?: string }> {
  const earlier = await orderByKey(ctx, input.idempotency_key)
  if (earlier) {
    assertSameAttempt(earlier, user, input)
    return resume(ctx, earlier, input)
  }

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
  // A registered boleto names its payer's address: asked for before anything is written or sent.
  if (amounts.paymentType === 'BOLETO' && !input.billingAddress) {
    throw new AppError('VALIDATION', CHECKOUT_MESSAGES.boletoAddressRequired, {
      billingAddress: [CHECKOUT_MESSAGES.boletoAddressRequired],
    })
  }
  if (amounts.paymentType === 'CREDIT_CARD') {
    if (!input.cardhash) {
      throw new AppError('VALIDATION', CHECKOUT_MESSAGES.cardTokenRequired, {
        cardhash: [CHECKOUT_MESSAGES.cardTokenRequired],
      })
    }
    // The provider's antifraud needs it: refused here, before anything is written or sent.
    if (!input.billingAddress) {
      throw new AppError('VALIDATION', CHECKOUT_MESSAGES.billingAddressRequired, {
        billingAddress: [CHECKOUT_MESSAGES.billingAddressRequired],
      })
    }
  }
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
      ...(notice
        ? [
            db.run(sql`INSERT INTO email_outbox (${sql.identifier('to')}, subject, html, text)
              SELECT ${notice.to}, ${notice.subject}, ${notice.html}, ${notice.text} WHERE ${written}
              RETURNING id`),
          ]
        : []),
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
    const winner = (await orderByKey(ctx, input.idempotency_key))!
    assertSameAttempt(winner, user, input)
    return resume(ctx, winner, input)
  }

  const noticeId = Number(noticeRow?.rows[0]?.id)
  if (noticeId > 0) deliverLater(ctx, noticeId)

  const result = free
    ? await settleFree(ctx, order)
    : await attempt(ctx, order, input.cardhash ?? null, false)
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
  const settled = await settleOrder(ctx, order, { status: 'paid', refundedCents: 0 })
  const delivered = await deliverEmails(ctx, settled.emails)
  return resultOf(settled.order, !delivered)
}

function paymentRequest(ctx: AppContext, order: OrderRow, cardToken: string | null): PaymentRequest {
  switch (order.paymentType) {
    case 'CREDIT_CARD': {
      const address = order.billingAddress as BillingAddress | null
      if (!cardToken) {
        throw new AppError('VALIDATION', CHECKOUT_MESSAGES.cardTokenRequired, {
          cardhash: [CHECKOUT_MESSAGES.cardTokenRequired],
        })
      }
      if (!address) {
        throw new AppError('VALIDATION', CHECKOUT_MESSAGES.billingAddressRequired, {
          billingAddress: [CHECKOUT_MESSAGES.billingAddressRequired],
        })
      }
      return { method: 'credit_card', cardToken, instalments: order.instalments, billingAddress: address }
    }
    case 'BOLETO': {
      const address = order.billingAddress as BillingAddress | null
      if (!address) {
        throw new AppError('VALIDATION', CHECKOUT_MESSAGES.boletoAddressRequired, {
          billingAddress: [CHECKOUT_MESSAGES.boletoAddressRequired],
        })
      }
      return {
        method: 'boleto',
        dueAt: new Date(ctx.now.getTime() + BOLETO_DAYS * 86_400_000),
        instructions: 'Pagar até o vencimento. Após o pagamento, a matrícula é confirmada por e-mail.',
        documentNumber: order.id.replace(/\D/g, '').slice(0, 16) || '1',
        billingAddress: address,
      }
    }
    default:
      return { method: 'pix', expiresInSeconds: PIX_TTL_SECONDS }
  }
}

/** Sends the order to the provider under its id as Idempotency-Key, and applies the answer. */
async function send(
  ctx: AppContext,
  order: OrderRow,
  paymentRequestBody: PaymentRequest,
): Promise<PayResult> {
  const request: CreateOrderInput = {
    code: providerCode(order),
    idempotencyKey: providerCode(order),
    amountCents: order.totalCents,
    payment: paymentRequestBody,
    customer: {
      name: order.payer.name,
      email: order.payer.email,
      document: order.payer.cpf,
      phone: order.payer.phone,
      address: order.billingAddress as BillingAddress | null,
    },
    items: [
      {
        code: 'itens',
        description: 'Cursos e produtos — Instituto Renalis',
        amountCents: order.totalCents - order.donationCents,
      },
      ...(order.donationCents
        ? [{ code: 'doacao', description: 'Doação', amountCents: order.donationCents }]
        : []),
    ],
  }
  let payment: GatewayPayment
  try {
    payment = await paymentGateway(ctx).createOrder(request)
  } catch (error) {
    if (error instanceof GatewayValidationError) {
      // Refused before any charge: the order fails (its coupon uses go back).
      await settleOrder(ctx, order, { status: 'failed', refundedCents: 0 })
      const messages = translateProviderErrors(error.errors)
      throw purchaseError('VALIDATION', 3, messages.join(', '), messages)
    }
    if (error instanceof GatewayUnavailableError || error instanceof GatewayNotFoundError) {
      // The provider may or may not have the order: the retry looks it up by code first, and a
      // resend carries the same Idempotency-Key, so this attempt no longer needs to hold the order.
      await ctx.db.update(orders).set({ chargeAttemptAt: null }).where(eq(orders.id, order.id))
      throw purchaseError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.outcomeUnknown)
    }
    throw error
  }
  return finish(ctx, order, payment)
}

/** Applies the provider's answer: a paid order gets its confirmation, a refused card its reason. */
async function finish(ctx: AppContext, order: OrderRow, payment: GatewayPayment): Promise<PayResult> {
  const settled = await settleOrder(ctx, order, reportOf(payment)).catch((error: unknown) => {
    // The provider answered, the database did not take it: the same key completes the order
    // (the retry finds the provider's order by its code), without a second charge.
    if (!(error instanceof AppError) && dependencyFailure(error)) {
      throw purchaseError(
        'UNAVAILABLE',
        2,
        payment.status === 'paid' ? CHECKOUT_MESSAGES.chargedNotRecorded : CHECKOUT_MESSAGES.outcomeUnknown,
      )
    }
    throw error
  })
  if (settled.order.status === 'failed') {
    throw purchaseError(
      'VALIDATION',
      2,
      `${CHECKOUT_MESSAGES.declinedBecause}${declineReason(payment.refusal)}`,
    )
  }
  const delivered = await deliverEmails(ctx, settled.emails)
  return resultOf(settled.order, !delivered)
}

/** Sends an order again (an expired boleto or PIX issued anew): one attempt, as a first submit's. */
export function sendAgain(ctx: AppContext, order: OrderRow): Promise<PayResult> {
  return attempt(ctx, order, null, true)
}

/** GET /api/pedidos/{id}: the result screen's live status (the id is unguessable). */
export async function getOrderStatus({ ctx, id }: { ctx: AppContext; id: string }) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id))
  if (!order) throw notFound('Pedido não encontrado.')
  const items = await ctx.db
    .select({ name: orderItems.name, net: orderItems.netCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
  return { ...resultOf(order), items: items.map((item) => ({ name: item.name, net_value: item.net })) }
}
