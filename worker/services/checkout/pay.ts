import { eq, sql } from 'drizzle-orm'
import { orderItems, orders, users } from '../../../db/schema.ts'
import { GatewayUnavailableError, GatewayValidationError } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { CHECKOUT_MESSAGES, type PayInput, type PayResult } from '../../contract/checkout.ts'
import { CART_ITEM_TYPES, type CartItemType } from '../../domain/catalog.ts'
import { translateProviderErrors } from '../../domain/payment-errors.ts'
import { validatePaymentChoice } from '../../domain/pricing.ts'
import { AppError, dependencyFailure, notFound } from '../../errors.ts'
import { type SessionUser, sessionInsert } from '../auth/sessions.ts'
import { type PricedSnapshot, priceSnapshot } from '../cart/pricing.ts'
import { readCart } from '../cart/snapshot.ts'
import { deliverConfirmation, type OrderRow, paymentGateway, settleOrder } from './settle.ts'

/** Purchase errors carry the SPEC's codes: 1 product not found, 2 a message, 3 provider errors. */
const purchaseError = (
  status: 'NOT_FOUND' | 'VALIDATION' | 'UNAVAILABLE',
  code: 1 | 2 | 3,
  msg: string,
  errors?: string[],
) => new AppError(status, msg, undefined, { code, ...(errors ? { errors } : {}) })

const METHOD = { CREDIT_CARD: 'credit_card', BOLETO: 'boleto', PIX: 'pix' } as const
const IN_FLIGHT_WAIT_MS = 8_000

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
    message: null,
  }
}

async function orderByKey(ctx: AppContext, key: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.idempotencyKey, key))
  return order
}

/** The same key again: the first order's result; while the first request is still charging, wait for it. */
async function replay(
  ctx: AppContext,
  order: OrderRow,
  input: PayInput,
): Promise<{ result: PayResult; sessionToken?: string }> {
  let current = order
  // Only a recent order can still be charging in another request; an older one is recovered now.
  const deadline = order.createdAt.getTime() + IN_FLIGHT_WAIT_MS
  while (current.status === 'pending' && !current.gatewayOrderId && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    current = (await orderByKey(ctx, current.idempotencyKey)) ?? current
  }
  if (current.status === 'pending' && !current.gatewayOrderId) {
    // The first attempt never recorded its charge: ask the provider again under the same key,
    // with the request's card token (unused if the first attempt never reached the provider).
    return charge(ctx, current, input)
  }
  return { result: resultOf(current) }
}

/**
 * The buyer: the logged-in user, or the account of the payer's e-mail. When there is none, the
 * account is created in the order's own batch (payCheckout), so an outage never leaves an account
 * without the order that made it.
 */
async function buyer(ctx: AppContext, user: SessionUser | null, input: PayInput) {
  if (user) return { userId: user.id }
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.payer.email))
  return { userId: existing?.id ?? null }
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
 * When the database fails, the 503 says plainly whether anything was charged.
 */
export async function payCheckout(args: { ctx: AppContext; user: SessionUser | null; input: PayInput }) {
  try {
    return await placeOrder(args)
  } catch (error) {
    // A charge that went through is reported by charge(); any other database failure came first.
    if (dependencyFailure(error)) throw purchaseError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.nothingCharged)
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
}) {
  const earlier = await orderByKey(ctx, input.idempotency_key)
  if (earlier) return replay(ctx, earlier, input)

  const cart = await readCart(ctx, input.hash)
  if (!cart || cart.items.length === 0) throw purchaseError('NOT_FOUND', 1, CHECKOUT_MESSAGES.productNotFound)
  const snapshot = await priceSnapshot(ctx, cart)
  if (snapshot.unavailable.length) throw purchaseError('NOT_FOUND', 1, CHECKOUT_MESSAGES.productNotFound)
  checkIds(input, snapshot)

  const choice = validatePaymentChoice(snapshot.priced, {
    paymentType: input.payment_type,
    instalments: input.parcela,
    donationCents: input.doacao,
  })
  if (!choice.ok) throw new AppError('VALIDATION', 'Os dados do pagamento são inválidos.', choice.errors)
  const amounts = choice.value
  if (amounts.totalCents !== input.total) throw purchaseError('VALIDATION', 2, CHECKOUT_MESSAGES.totalChanged)
  if (amounts.paymentType === 'CREDIT_CARD' && !input.cardhash) {
    throw new AppError('VALIDATION', CHECKOUT_MESSAGES.cardTokenRequired, {
      cardhash: [CHECKOUT_MESSAGES.cardTokenRequired],
    })
  }

  const { userId } = await buyer(ctx, user, input)
  const orderId = `ped_${crypto.randomUUID().replace(/-/g, '')}`
  const { db } = ctx
  const free = amounts.totalCents === 0
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
  // Order lines read as the cart does: the course's name, then the class's.
  const courseName = (classId: number) => snapshot.details.classes.get(classId)?.course.name ?? ''
  const lines = snapshot.priced.items.flatMap((item): Line[] => {
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
  // One transaction: a new buyer's account, the order and its lines, or nothing when another
  // request took the key first.
  const [createdAccount, inserted] = await db.batch([
    db.run(sql`INSERT INTO users (name, email, phone, type, is_new_user)
      SELECT ${input.payer.name}, ${input.payer.email}, ${input.payer.phone}, 'N', 1 WHERE ${userId === null ? 1 : 0}
      ON CONFLICT (email) DO NOTHING RETURNING id`),
    db
      .insert(orders)
      .values({
        id: orderId,
        userId: userId ?? sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${input.payer.email})`,
        cartHash: input.hash,
        idempotencyKey: input.idempotency_key,
        paymentType: amounts.paymentType,
        instalments: amounts.instalments,
        grossCents: snapshot.priced.totals.grossTotalCents,
        discountCents: snapshot.priced.totals.grossTotalCents - snapshot.priced.totals.netTotalCents,
        interestCents: amounts.interestCents,
        donationCents: amounts.donationCents,
        totalCents: amounts.totalCents,
        gateway: free ? 'gratuito' : paymentGateway(ctx).name,
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
        hasPassport: cart.flags.hasPassport,
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning(),
    ...lines.map((line) =>
      db.run(sql`INSERT INTO order_items (order_id, item_type, item_id, class_id, course_id, coupon_id, name, gross_cents, net_cents)
        SELECT ${orderId}, ${line.itemType}, ${line.itemId}, ${line.classId}, ${line.courseId}, ${line.couponId}, ${line.name}, ${line.grossCents}, ${line.netCents}
        WHERE EXISTS (SELECT 1 FROM orders WHERE id = ${orderId})`),
    ),
  ])
  const order = inserted[0]
  if (!order) return replay(ctx, (await orderByKey(ctx, input.idempotency_key))!, input)

  const newBuyerId = createdAccount.rows[0]?.id as number | undefined
  const session = newBuyerId ? await sessionInsert(ctx, newBuyerId, undefined) : null
  if (session) await session.statement
  const outcome = free ? await settleFree(ctx, order) : await charge(ctx, order, input)
  return { ...outcome, ...(session ? { sessionToken: session.token } : {}) }
}

async function settleFree(ctx: AppContext, order: OrderRow) {
  const { order: settled } = await settleOrder(ctx, order, {
    gatewayOrderId: `gratuito_${order.id}`,
    code: order.id,
    status: 'paid',
    amountCents: 0,
  })
  const delivered = await deliverConfirmation(ctx, settled)
  return { result: resultOf(settled, !delivered) }
}

async function charge(ctx: AppContext, order: OrderRow, input?: PayInput) {
  const gateway = paymentGateway(ctx)
  let reported: Awaited<ReturnType<typeof gateway.createOrder>>
  try {
    reported = await gateway.createOrder({
      code: order.id,
      idempotencyKey: order.id,
      amountCents: order.totalCents,
      method: METHOD[order.paymentType ?? 'CREDIT_CARD'],
      instalments: order.instalments,
      cardToken: input?.cardhash ?? undefined,
      customer: {
        name: order.payer.name,
        email: order.payer.email,
        document: order.payer.cpf,
        phone: order.payer.phone,
      },
      billingAddress: input?.billingAddress ?? null,
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
    })
  } catch (error) {
    if (error instanceof GatewayValidationError) {
      await ctx.db
        .update(orders)
        .set({ status: 'failed', updatedAt: ctx.now })
        .where(sql`${orders.id} = ${order.id} AND ${orders.status} = 'pending'`)
      const messages = translateProviderErrors(error.errors)
      throw purchaseError('VALIDATION', 3, messages.join(', '), messages)
    }
    if (error instanceof GatewayUnavailableError)
      throw purchaseError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.gatewayUnavailable)
    throw error
  }

  const { order: settled } = await settleOrder(ctx, order, reported).catch((error: unknown) => {
    if (dependencyFailure(error) && reported.status === 'paid') {
      throw purchaseError('UNAVAILABLE', 2, CHECKOUT_MESSAGES.chargedNotRecorded)
    }
    throw error
  })
  if (settled.status === 'failed') {
    const detail = reported.failureMessage ? ` (${reported.failureMessage})` : ''
    throw purchaseError('VALIDATION', 2, `${CHECKOUT_MESSAGES.declined}${detail}`)
  }
  const emailFailed = settled.status === 'paid' ? !(await deliverConfirmation(ctx, settled)) : false
  return { result: resultOf(settled, emailFailed) }
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
