import { describe, expect, it } from 'vitest'
import { bundleClasses, bundles, type coupons } from '../../db/schema.ts'
import { CartResponse, CheckoutView, Recommendations } from '../../worker/contract/cart.ts'
import { createClass, createCoupon, createCourse, createProduct, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()

async function post(path: string, body: unknown) {
  const response = await workerFetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const get = async (path: string) => {
  const response = await workerFetch(`http://localhost${path}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function add(hash: string | null, type: 'turma' | 'produto' | 'pacote', id: number) {
  const { status, body } = await post('/carrinho-de-compras/update-cart', {
    hash,
    data: { id, type },
    option: 'add',
  })
  expect(status, JSON.stringify(body)).toBe(200)
  return CartResponse.parse(body)
}

const checkout = async (hash: string) => CheckoutView.parse((await get(`/checkout/get?cart=${hash}`)).body)

describe('cart', () => {
  it('adds and removes items; every change answers a new hash and old snapshots stay readable', async () => {
    const turma = await createClass(db, { priceCents: 49000 })
    const product = await createProduct(db, { priceCents: 15000, slider: [['kit', 'svg']] })
    const first = await add(null, 'turma', turma.id)
    expect(first.msg).toBe('Adicionado ao carrinho com sucesso!')
    expect(first.hash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const second = await add(first.hash, 'produto', product.id)
    expect(second.hash).not.toBe(first.hash)
    expect(second.data.data).toMatchObject({ num_itens: 2, gross_total: 64000, net_value: 64000 })
    expect(second.data.data.itens.find((i) => i.type === 'produto')).toMatchObject({
      id: product.id,
      img: '/img/produtos/kit.svg',
      net_value: 15000,
      gross_value: 15000,
    })
    expect(second.data.data.itens.find((i) => i.type === 'turma')?.img).toBe('/img/default-course.svg')

    const removed = await post('/carrinho-de-compras/update-cart', {
      hash: second.hash,
      data: { id: turma.id, type: 'turma' },
      option: 'remove',
    })
    expect(removed.status).toBe(200)
    expect(CartResponse.parse(removed.body)).toMatchObject({
      msg: 'Removido do carrinho com sucesso!',
      data: { data: { num_itens: 1 } },
    })
    expect((await get(`/api/carrinho/${first.hash}`)).body).toMatchObject({
      data: { data: { num_itens: 1 } },
    })
  })

  it('refuses unknown or closed items with 422 and keeps the cart as it was', async () => {
    const closed = await createClass(db, { isOpen: false })
    for (const [type, id] of [
      ['turma', closed.id],
      ['produto', 999_999_999],
      ['pacote', 999_999_999],
    ] as const) {
      const { status, body } = await post('/carrinho-de-compras/update-cart', {
        hash: null,
        data: { id, type },
        option: 'add',
      })
      expect(status, `${type} ${id}`).toBe(422)
      expect(body.errors).toEqual({ data: ['Este item não está disponível para compra.'] })
    }
    const bad = await post('/carrinho-de-compras/update-cart', {
      hash: null,
      data: { id: 'x', type: 'curso' },
      option: 'add',
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['data.id', 'data.type'])
    const wrongOption = await post('/carrinho-de-compras/update-cart', {
      data: { id: 1, type: 'turma' },
      option: 'clear',
    })
    expect(wrongOption.status).toBe(422)
  })

  it('answers a vanished cart with 404 and clear, so the browser forgets its hash', async () => {
    const hash = 'a'.repeat(43)
    for (const response of [
      await get(`/checkout/get?cart=${hash}`),
      await post('/carrinho-de-compras/update-cart', { hash, data: { id: 1, type: 'turma' }, option: 'add' }),
      await post('/carrinho-de-compras/set-cupom', { hash, key: 'RENAL10' }),
    ]) {
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ msg: 'Carrinho não encontrado. Ele pode ter expirado.', clear: true })
    }
    expect((await get('/checkout/get?cart=curto')).status).toBe(422)
  })
})

describe('coupons', () => {
  const coupon = (values: Partial<typeof coupons.$inferInsert>) => createCoupon(db, values)

  it('applies a class coupon, typed in any case', async () => {
    const turma = await createClass(db, { priceCents: 100000 })
    const ten = await coupon({ classId: turma.id })
    const cart = await add(null, 'turma', turma.id)
    const { status, body } = await post('/carrinho-de-compras/set-cupom', {
      hash: cart.hash,
      key: ten.key.toLowerCase(),
    })
    expect(status).toBe(200)
    const applied = CartResponse.parse(body)
    expect(applied.msg).toBe('Cupom aplicado com sucesso!')
    expect(applied.data.data).toMatchObject({ gross_total: 100000, net_value: 90000 })
    const view = await checkout(applied.hash)
    expect(view.cupons).toEqual([
      {
        key: ten.key,
        type: 'C',
        cupom: { id: ten.id, type: 'P', value: 10 },
        turma_id: turma.id,
        course_id: null,
      },
    ])
  })

  it('refuses expired, inactive, used-up, unknown and non-matching coupons with one message', async () => {
    const turma = await createClass(db)
    const other = await createCourse(db)
    const cart = await add(null, 'turma', turma.id)
    const keys = [
      (await coupon({ classId: turma.id, expiresAt: new Date(Date.now() - 1000) })).key,
      (await coupon({ classId: turma.id, isActive: false })).key,
      'NAOEXISTE',
      (await coupon({ courseId: other.id })).key,
      (await coupon({ classId: turma.id, maxUses: 1, usedCount: 1 })).key,
    ]
    // One message for all: which of these it is would tell a guesser that a code exists.
    const message = 'Cupom inválido, expirado ou que não vale para os itens do carrinho.'
    for (const key of keys) {
      const { status, body } = await post('/carrinho-de-compras/set-cupom', { hash: cart.hash, key })
      expect(status, key).toBe(422)
      expect(body.errors).toEqual({ key: [message] })
    }
  })

  it('a student document brings the student price and drops the coupons', async () => {
    const turma = await createClass(db, {
      priceCents: 100000,
      studentPriceCents: 70000,
      studentDiscount: 'A',
    })
    const ten = await coupon({ classId: turma.id })
    const withCoupon = CartResponse.parse(
      (
        await post('/carrinho-de-compras/set-cupom', {
          hash: (await add(null, 'turma', turma.id)).hash,
          key: ten.key,
        })
      ).body,
    )
    expect(withCoupon.data.data.net_value).toBe(90000)

    const form = new FormData()
    form.set('document', new File(['%PDF-1.7 carteirinha'], 'carteirinha.pdf', { type: 'application/pdf' }))
    const response = await workerFetch(
      `http://localhost/api/carrinho/${withCoupon.hash}/documento-estudante`,
      {
        method: 'POST',
        body: form,
      },
    )
    expect(response.status).toBe(200)
    const student = CartResponse.parse(await response.json())
    expect(student.data.data.net_value).toBe(70000)
    const view = await checkout(student.hash)
    expect(view.cupons).toEqual([])
    expect(view.flags).toEqual({ has_student_doc: true, has_passport: false })
    expect(view.turmas[0]).toMatchObject({
      student_price_applied: true,
      net_value: 70000,
      gross_value: 100000,
    })

    const notPdf = new FormData()
    notPdf.set('document', new File(['texto'], 'doc.pdf', { type: 'application/pdf' }))
    const refused = await workerFetch(`http://localhost/api/carrinho/${student.hash}/documento-estudante`, {
      method: 'POST',
      body: notPdf,
    })
    expect(refused.status).toBe(422)
  })
})

describe('GET /checkout/get', () => {
  it('prices classes with instalments (R$ 1.000,00 in 3x is R$ 1.045,68) and tells when boleto is allowed', async () => {
    const turma = await createClass(db, { priceCents: 100000, instalmentTimes: 12 })
    const view = await checkout((await add(null, 'turma', turma.id)).hash)
    expect(view.totals).toEqual({ num_itens: 1, gross_total: 100000, net_value: 100000 })
    expect(view.max_instalments).toBe(12)
    expect(view.instalments).toHaveLength(12)
    expect(view.instalments[2]).toEqual({ instalments: 3, total: 104568, instalment: 34856, interest: 4568 })
    expect(view.boleto).toBe(true)

    const noBoleto = await createClass(db, { isBoletoAllowed: false, instalmentTimes: 6 })
    const both = await checkout((await add(view.hash, 'turma', noBoleto.id)).hash)
    expect(both.boleto).toBe(false)
    expect(both.max_instalments).toBe(6)

    const passport = await post('/api/carrinho/flags', { hash: view.hash, has_passport: true })
    expect(CartResponse.parse(passport.body).data.boleto).toBe(false)
  })

  it('splits a fixed bundle discount that does not divide evenly, to the centavo', async () => {
    const classes = [
      await createClass(db, { priceCents: 50000 }),
      await createClass(db, { priceCents: 50000 }),
      await createClass(db, { priceCents: 50000 }),
    ]
    const [bundle] = await db
      .insert(bundles)
      .values({ name: 'Trilha completa', discountType: 'F', discountCents: 10000, instalmentTimes: 10 })
      .returning()
    await db.insert(bundleClasses).values(classes.map((c) => ({ bundleId: bundle!.id, classId: c.id })))
    const view = await checkout((await add(null, 'pacote', bundle!.id)).hash)
    expect(view.pacotes[0]).toMatchObject({
      valor_total: 150000,
      valor_descontado: 140000,
      discount_type: 'F',
      ids_turma: classes.map((c) => c.id),
    })
    expect(view.pacotes[0]!.courses.map((c) => c.net_value)).toEqual([46666, 46667, 46667])
    expect(view.max_instalments).toBe(10)
  })
})

describe('recommendations', () => {
  it('suggests courses of the same section and products that are not in the cart', async () => {
    const course = await createCourse(db, { section: 'nefrologia-intervencionista' })
    const turma = await createClass(db, { courseId: course.id })
    const sibling = await createCourse(db, { section: 'nefrologia-intervencionista', sortOrder: -1000 })
    await createClass(db, { courseId: sibling.id, priceCents: 12300 })
    const cart = await add(null, 'turma', turma.id)
    const { status, body } = await get(`/carrinho-de-compras/recomendation/${cart.hash}`)
    expect(status).toBe(200)
    const recommendations = Recommendations.parse(body)
    expect(recommendations.cursos.map((c) => c.id)).toContain(sibling.id)
    expect(recommendations.cursos.map((c) => c.id)).not.toContain(course.id)
    expect(recommendations.cursos.find((c) => c.id === sibling.id)?.price_from).toBe(12300)
  })
})

describe('round trips', () => {
  it('adding to the cart and reading the checkout each cost one database round trip', async () => {
    const turma = await createClass(db)
    const response = await workerFetch('http://localhost/carrinho-de-compras/update-cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash: null, data: { id: turma.id, type: 'turma' }, option: 'add' }),
    })
    expect(response.headers.get('Server-Timing')).toContain('db;desc="1 round trips"')
    const { hash } = CartResponse.parse(await response.json())
    const checkoutResponse = await workerFetch(`http://localhost/checkout/get?cart=${hash}`)
    expect(checkoutResponse.headers.get('Server-Timing')).toContain('db;desc="1 round trips"')
  })
})
