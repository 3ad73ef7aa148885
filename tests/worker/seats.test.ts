import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { classes, classSeats, enrollments, orderItems, orders, users } from '../../db/schema.ts'
import { AdminClassPage } from '../../worker/contract/admin-catalog.ts'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { settleOrder } from '../../worker/services/checkout/order-ledger.ts'
import { adminCall, newAdmin, refundOrder } from '../support/worker/admin.ts'
import {
  call,
  cartWith,
  courseSeats,
  expireUnpaidPix,
  newPayer,
  orderScreen,
  payCheckout,
} from '../support/worker/checkout.ts'
import { createClass, createCourse, testContext, testDb, unique } from '../support/worker/db.ts'

// Issue 29, item 1: a class with seats sells at most that many (decision 011).

const db = testDb()
const SOLD_OUT = { code: 2, msg: 'Turma esgotada' }

function pay(view: CheckoutView, payment: 'CREDIT_CARD' | 'PIX' = 'CREDIT_CARD', payer = newPayer()) {
  return payCheckout(view, { payment, payer })
}

async function seatsOf(classId: number) {
  const [row] = await db.select().from(classSeats).where(eq(classSeats.classId, classId))
  return { taken: row!.taken, held: row!.held }
}

async function ordersOf(classId: number) {
  return db
    .selectDistinct({ id: orders.id, status: orders.status, isOverSeats: orders.isOverSeats })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orderItems.classId, classId))
}

async function expire(orderId: string) {
  await expireUnpaidPix(orderId)
  expect((await orderScreen(orderId)).status).toBe('expired')
}

describe('a class with seats, at the checkout', () => {
  it('two parallel card checkouts for its last seat: one is paid, the other refused, nothing half-written', async () => {
    const turma = await createClass(db, { seats: 1 })
    const views = await Promise.all([cartWith(['turma', turma.id]), cartWith(['turma', turma.id])])
    const results = await Promise.all(views.map((view) => pay(view)))

    expect(results.map((result) => result.status).sort()).toEqual([200, 422])
    const paid = results.find((result) => result.status === 200)!
    const refused = results.find((result) => result.status === 422)!
    expect(PayResult.parse(paid.body).status).toBe('paid')
    expect(refused.body).toEqual(SOLD_OUT)

    // One order, one enrollment; the refused buyer got no account, no order, no line.
    expect(await ordersOf(turma.id)).toEqual([{ id: paid.body.order_id, status: 'paid', isOverSeats: false }])
    expect(await db.select().from(enrollments).where(eq(enrollments.classId, turma.id))).toHaveLength(1)
    expect(await db.select().from(users).where(eq(users.email, refused.payer.email))).toEqual([])
    expect(await seatsOf(turma.id)).toEqual({ taken: 1, held: 0 })
  })

  it('3 seats, 8 parallel card checkouts: 3 paid, 5 refused', async () => {
    const turma = await createClass(db, { seats: 3 })
    const views = await Promise.all(Array.from({ length: 8 }, () => cartWith(['turma', turma.id])))
    const results = await Promise.all(views.map((view) => pay(view)))
    expect(results.filter((result) => result.status === 200)).toHaveLength(3)
    expect(results.filter((result) => result.status !== 200).map((result) => result.body)).toEqual(
      Array.from({ length: 5 }, () => SOLD_OUT),
    )
    expect(await ordersOf(turma.id)).toHaveLength(3)
    expect(await seatsOf(turma.id)).toEqual({ taken: 3, held: 0 })
  })

  it('the database itself refuses a line past the seats (the race the early check cannot see)', async () => {
    const turma = await createClass(db, { seats: 1 })
    const first = await pay(await cartWith(['turma', turma.id]), 'PIX')
    expect(first.status).toBe(200)
    const orderId = `ped_${crypto.randomUUID().replace(/-/g, '')}`
    const line = db.insert(orderItems).values({
      orderId,
      itemType: 'turma',
      itemId: turma.id,
      classId: turma.id,
      name: 'Turma de teste',
      grossCents: 49000,
      netCents: 49000,
    })
    const order = db.insert(orders).values({
      id: orderId,
      cartHash: 'x'.repeat(43),
      idempotencyKey: unique('chave'),
      grossCents: 49000,
      totalCents: 49000,
      gateway: 'sandbox',
      payer: { name: 'Teste', email: 'teste@teste.example', cpf: '', phone: '' },
    })
    await expect(db.batch([order, line])).rejects.toThrow(/class_sold_out/)
    expect(await db.select().from(orders).where(eq(orders.id, orderId))).toEqual([])
  })

  it('a PIX order holds the seat; its expiry releases it for the next buyer', async () => {
    const turma = await createClass(db, { seats: 1 })
    const second = await cartWith(['turma', turma.id])
    const pix = await pay(await cartWith(['turma', turma.id]), 'PIX')
    expect(pix.status).toBe(200)
    expect(PayResult.parse(pix.body).status).toBe('pending')
    expect(await seatsOf(turma.id)).toEqual({ taken: 0, held: 1 })

    // Held: a second buyer is refused, and cannot even put it in a new cart.
    const refused = await pay(second)
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual(SOLD_OUT)
    const add = await call('/carrinho-de-compras/update-cart', {
      data: { id: turma.id, type: 'turma' },
      option: 'add',
    })
    expect(add.status).toBe(422)
    expect(add.body.errors.data).toEqual(['Turma esgotada'])

    await expire(pix.body.order_id)
    expect(await seatsOf(turma.id)).toEqual({ taken: 0, held: 0 })
    const next = await pay(await cartWith(['turma', turma.id]))
    expect(next.status).toBe(200)
    expect(await seatsOf(turma.id)).toEqual({ taken: 1, held: 0 })
  })

  it('an expired order paid late is honoured and flagged when its seat was sold meanwhile', async () => {
    const turma = await createClass(db, { seats: 1 })
    const pix = await pay(await cartWith(['turma', turma.id]), 'PIX')
    await expire(pix.body.order_id)
    const card = await pay(await cartWith(['turma', turma.id]))
    expect(card.status).toBe(200)

    // The provider's word that the money arrived wins over our deadline (DESIGN 6).
    const [late] = await db.select().from(orders).where(eq(orders.id, pix.body.order_id))
    const settled = await settleOrder(testContext(), late!, { status: 'paid', refundedCents: 0 })
    expect(settled.order.status).toBe('paid')
    const [flagged] = await db.select().from(orders).where(eq(orders.id, pix.body.order_id))
    expect(flagged!.isOverSeats).toBe(true)
    expect(await seatsOf(turma.id)).toEqual({ taken: 2, held: 0 })
    const [onTime] = await db.select().from(orders).where(eq(orders.id, card.body.order_id))
    expect(onTime!.isOverSeats).toBe(false)
  })

  it('a refund releases the seat', async () => {
    const turma = await createClass(db, { seats: 1 })
    const later = await cartWith(['turma', turma.id])
    const bought = await pay(await cartWith(['turma', turma.id]))
    expect(bought.status).toBe(200)
    expect((await pay(later)).body).toEqual(SOLD_OUT)

    const { cookie } = await newAdmin()
    const refund = await refundOrder(cookie, bought.body.order_id)
    expect(refund.status).toBe(200)
    expect((await orderScreen(bought.body.order_id)).status).toBe('refunded')
    expect(await seatsOf(turma.id)).toEqual({ taken: 0, held: 0 })
    expect((await pay(await cartWith(['turma', turma.id]))).status).toBe(200)
  })

  it('a card refused by the issuer releases the seat it held', async () => {
    const turma = await createClass(db, { seats: 1 })
    const view = await cartWith(['turma', turma.id])
    const declined = await payCheckout(view, { card: '4000000000000028' })
    expect(declined.status).toBe(422)
    expect(await seatsOf(turma.id)).toEqual({ taken: 0, held: 0 })
    expect((await pay(await cartWith(['turma', turma.id]))).status).toBe(200)
  })
})

describe('manual enrollments count in the same total', () => {
  it('a seat held by a PIX refuses a manual enrollment; a manual enrollment refuses the checkout', async () => {
    const { cookie } = await newAdmin()
    const enrol = (classId: number) =>
      adminCall(cookie, 'POST', '/api/admin/matriculas', {
        class_id: classId,
        name: 'Aluna Manual',
        email: `${unique('manual')}@teste.example`,
        note: 'transferência em 10/11',
      })

    const held = await createClass(db, { seats: 1 })
    expect((await pay(await cartWith(['turma', held.id]), 'PIX')).status).toBe(200)
    const refused = await enrol(held.id)
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe('Esta turma não tem mais vagas.')

    const taken = await createClass(db, { seats: 1 })
    const view = await cartWith(['turma', taken.id])
    expect((await enrol(taken.id)).status).toBe(201)
    expect(await seatsOf(taken.id)).toEqual({ taken: 1, held: 0 })
    const checkout = await pay(view)
    expect(checkout.status).toBe(422)
    expect(checkout.body).toEqual(SOLD_OUT)
  })
})

describe('what the course page, the cart and the admin see', () => {
  it('the course page reads the seats left live; a class without a limit is not listed', async () => {
    const course = await createCourse(db)
    const few = await createClass(db, { courseId: course.id, seats: 3 })
    await createClass(db, { courseId: course.id, seats: null })
    expect(await courseSeats(course.url)).toEqual([{ id: few.id, seats_left: 3 }])

    expect((await pay(await cartWith(['turma', few.id]), 'PIX')).status).toBe(200)
    expect((await pay(await cartWith(['turma', few.id]))).status).toBe(200)
    expect(await courseSeats(course.url)).toEqual([{ id: few.id, seats_left: 1 }])
    // The catalogue's snapshot of the page carries no seats: they change with every sale.
    const page = await call(`/api/cursos/${course.url}`)
    expect(JSON.stringify(page.body)).not.toContain('seats')

    expect((await pay(await cartWith(['turma', few.id]))).status).toBe(200)
    expect(await courseSeats(course.url)).toEqual([{ id: few.id, seats_left: 0 }])
    expect((await call('/api/cursos/curso-que-nao-existe/vagas')).body).toEqual([])
  })

  it('the cart says how many seats are left, and that a class it holds sold out', async () => {
    const turma = await createClass(db, { seats: 2 })
    const added = await call('/carrinho-de-compras/update-cart', {
      data: { id: turma.id, type: 'turma' },
      option: 'add',
    })
    const cart = CartResponse.parse(added.body)
    expect(cart.data.data.itens[0]).toMatchObject({ id: turma.id, seats_left: 2 })

    const free = await createClass(db)
    const withFree = CartResponse.parse(
      (
        await call('/carrinho-de-compras/update-cart', {
          hash: cart.hash,
          data: { id: free.id, type: 'turma' },
          option: 'add',
        })
      ).body,
    )
    expect(withFree.data.data.itens.find((item) => item.id === free.id)).not.toHaveProperty('seats_left')

    expect((await pay(await cartWith(['turma', turma.id]))).status).toBe(200)
    expect((await pay(await cartWith(['turma', turma.id]))).status).toBe(200)
    const later = CartResponse.parse((await call(`/api/carrinho/${withFree.hash}`)).body)
    expect(later.data.data.itens.find((item) => item.id === turma.id)?.seats_left).toBe(0)

    const view = CheckoutView.parse((await call(`/checkout/get?cart=${withFree.hash}`)).body)
    const refused = await pay(view)
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual(SOLD_OUT)
  })

  it('the admin class list shows seats taken, held and free', async () => {
    const { cookie } = await newAdmin()
    const course = await createCourse(db)
    const turma = await createClass(db, { courseId: course.id, seats: 3 })
    await createClass(db, { courseId: course.id, seats: null })
    expect((await pay(await cartWith(['turma', turma.id]), 'PIX')).status).toBe(200)
    expect((await pay(await cartWith(['turma', turma.id]))).status).toBe(200)

    const list = await adminCall(cookie, 'GET', `/api/admin/turmas?course_id=${course.id}`)
    expect(list.status).toBe(200)
    const items = AdminClassPage.parse(list.body).items
    expect(items.map((item) => [item.seats, item.seats_taken, item.seats_held, item.seats_free])).toEqual(
      expect.arrayContaining([
        [3, 1, 1, 1],
        [null, 0, 0, null],
      ]),
    )
  })

  it('refuses to lower a class’s seats below those sold or held, with the count in pt-BR; nothing changes', async () => {
    const { cookie } = await newAdmin()
    const course = await createCourse(db)
    const turma = await createClass(db, { courseId: course.id, seats: 5 })
    expect((await pay(await cartWith(['turma', turma.id]))).status).toBe(200)
    expect((await pay(await cartWith(['turma', turma.id]), 'PIX')).status).toBe(200)
    const edit = async (seats: number | null) => {
      const [row] = await db.select().from(classes).where(eq(classes.id, turma.id))
      return adminCall(cookie, 'PUT', `/api/admin/turmas/${turma.id}`, {
        course_id: course.id,
        name: row!.name,
        type: 'C',
        course_init: null,
        location: row!.location,
        price: row!.priceCents,
        student_price: row!.studentPriceCents,
        student_discount: row!.studentDiscount,
        boleto: row!.isBoletoAllowed,
        instalment_times: row!.instalmentTimes,
        is_open: row!.isOpen,
        seats,
        version: row!.version,
      })
    }
    const refused = await edit(1)
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({
      seats: [
        'Esta turma já tem 2 vagas ocupadas (1 vendida ou matriculada, 1 reservada por pagamento pendente): informe 2 ou mais.',
      ],
    })
    expect((await db.select().from(classes).where(eq(classes.id, turma.id)))[0]?.seats).toBe(5)
    expect((await edit(2)).status).toBe(200)
    expect((await edit(null)).status).toBe(200)
  })
})
