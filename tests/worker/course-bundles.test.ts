import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { bundleClasses, bundles, classes } from '../../db/schema.ts'
import { CART_MESSAGES, CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { CourseDetail } from '../../worker/contract/catalog.ts'
import { SEAT_MESSAGES } from '../../worker/domain/seats.ts'
import { call, cartWith, courseSeats, payCheckout } from '../support/worker/checkout.ts'
import { createClass, createCourse, freshCatalog, testDb, unique } from '../support/worker/db.ts'

// Issue 22, item 6: a bundle is offered on the page of every course it holds, with its saving,
// exactly when the cart would take it.

const db = testDb()

async function coursePage(url: string) {
  const { status, body } = await call(`/api/cursos/${url}`)
  expect(status).toBe(200)
  return CourseDetail.parse(body)
}

const addBundle = (id: number) =>
  call('/carrinho-de-compras/update-cart', { hash: null, data: { id, type: 'pacote' }, option: 'add' })

/** The cart refuses the bundle (422), with `message` on its item. */
async function expectCartRefuses(bundleId: number, message: string) {
  const added = await addBundle(bundleId)
  expect(added.status).toBe(422)
  expect(added.body.errors.data).toEqual([message])
}

/** Two courses, a class each (one without boleto), and a bundle of the two classes. */
async function twoCourseBundle(bundle: Partial<typeof bundles.$inferInsert> = {}) {
  const vascular = await createCourse(db, { name: 'Acesso Vascular de teste' })
  const biopsy = await createCourse(db, { name: 'Biópsia Renal de teste' })
  const first = await createClass(db, { courseId: vascular.id, name: 'Turma abril', priceCents: 380000 })
  const second = await createClass(db, {
    courseId: biopsy.id,
    name: 'Turma julho',
    priceCents: 480000,
    isBoletoAllowed: false,
  })
  const [row] = await db
    .insert(bundles)
    .values({
      name: unique('Pacote'),
      description: 'Os dois treinamentos com desconto.',
      discountType: 'P',
      discountPercent: 15,
      instalmentTimes: 10,
      ...bundle,
    })
    .returning()
  // The bundle's own order: the biopsy first, though its class was created second.
  await db.insert(bundleClasses).values([
    { bundleId: row!.id, classId: second.id, sortOrder: 1 },
    { bundleId: row!.id, classId: first.id, sortOrder: 2 },
  ])
  await freshCatalog()
  return { vascular, biopsy, first, second, bundle: row! }
}

describe('the course page offers the bundles that hold the course', () => {
  beforeEach(async () => freshCatalog())

  it("appears on each of its courses' pages with the cart's own price and saving", async () => {
    const { vascular, biopsy, first, second, bundle } = await twoCourseBundle()
    const expected = {
      id: bundle.id,
      name: bundle.name,
      description: 'Os dois treinamentos com desconto.',
      valor_total: 860000,
      valor_descontado: 731000,
      economia: 129000,
      instalment_times: 10,
      boleto: false,
      ids_turma: [second.id, first.id],
      courses: [
        { name: 'Biópsia Renal de teste', turma: 'Turma julho' },
        { name: 'Acesso Vascular de teste', turma: 'Turma abril' },
      ],
    }
    expect((await coursePage(vascular.url)).pacotes).toEqual([expected])
    expect((await coursePage(biopsy.url)).pacotes).toEqual([expected])

    // The cart takes it and charges what the page said.
    const added = await addBundle(bundle.id)
    expect(added.status).toBe(200)
    const { hash } = CartResponse.parse(added.body)
    const view = CheckoutView.parse((await call(`/checkout/get?cart=${hash}`)).body)
    expect(view.pacotes.map((p) => [p.valor_total, p.valor_descontado])).toEqual([[860000, 731000]])
    expect(view.totals.net_value).toBe(731000)
  })

  it('a fixed discount: the saving is the amount, within the sum of the parts', async () => {
    const { vascular } = await twoCourseBundle({
      discountType: 'F',
      discountPercent: null,
      discountCents: 10001,
    })
    const [offer] = (await coursePage(vascular.url)).pacotes
    expect(offer).toMatchObject({ valor_total: 860000, valor_descontado: 849999, economia: 10001 })
  })

  it('leaves out an unpublished bundle, and the cart refuses it too', async () => {
    const { vascular, biopsy, bundle } = await twoCourseBundle({ isPublished: false })
    expect((await coursePage(vascular.url)).pacotes).toEqual([])
    expect((await coursePage(biopsy.url)).pacotes).toEqual([])
    await expectCartRefuses(bundle.id, CART_MESSAGES.itemUnavailable)
  })

  it("leaves out a bundle one of whose classes closed, on every course's page, as the cart refuses it", async () => {
    const { vascular, biopsy, second, bundle } = await twoCourseBundle()
    expect((await coursePage(vascular.url)).pacotes).toHaveLength(1)
    await db.update(classes).set({ isOpen: false }).where(eq(classes.id, second.id))
    await freshCatalog()
    expect((await coursePage(vascular.url)).pacotes).toEqual([])
    expect((await coursePage(biopsy.url)).pacotes).toEqual([])
    await expectCartRefuses(bundle.id, CART_MESSAGES.itemUnavailable)
  })

  it("a class of the bundle sold out elsewhere: every one of its courses' live seats says so, and the cart refuses it", async () => {
    const { vascular, biopsy, first, second, bundle } = await twoCourseBundle()
    await db.update(classes).set({ seats: 1 }).where(eq(classes.id, second.id))
    await db.update(classes).set({ seats: 20 }).where(eq(classes.id, first.id))
    // Before the sale: the page of the vascular course reads the biopsy class's seats as well.
    expect(await courseSeats(vascular.url)).toEqual([
      { id: first.id, seats_left: 20 },
      { id: second.id, seats_left: 1 },
    ])

    // Someone buys the biopsy class's one seat on its own.
    const view = await cartWith(['turma', second.id])
    const paid = await payCheckout(view)
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)

    for (const url of [vascular.url, biopsy.url]) {
      expect(await courseSeats(url)).toEqual([
        { id: first.id, seats_left: 20 },
        { id: second.id, seats_left: 0 },
      ])
    }
    await expectCartRefuses(bundle.id, SEAT_MESSAGES.soldOut)
  })

  it("lists only a course's own bundles, and none for a course in no bundle", async () => {
    const { vascular, bundle } = await twoCourseBundle()
    const other = await twoCourseBundle()
    const lonely = await createCourse(db)
    await createClass(db, { courseId: lonely.id })
    const page = await coursePage(vascular.url)
    expect(page.pacotes.map((p) => p.id)).toEqual([bundle.id])
    expect(page.pacotes.map((p) => p.id)).not.toContain(other.bundle.id)
    expect((await coursePage(lonely.url)).pacotes).toEqual([])
    // Seats: a course with no limited class and in no bundle reads none.
    expect(await courseSeats(lonely.url)).toEqual([])
  })
})
