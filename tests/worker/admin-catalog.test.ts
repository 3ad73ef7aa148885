import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { classes, coupons } from '../../db/schema.ts'
import {
  AdminBundle,
  AdminClass,
  AdminClassPage,
  AdminCoupon,
  AdminCouponPage,
  AdminOptions,
  AdminProduct,
} from '../../worker/contract/admin-catalog.ts'
import { CourseDetail } from '../../worker/contract/catalog.ts'
import { adminCall, auditOf, fileAdmin, imageForm, PNG_BYTES } from '../support/worker/admin.ts'
import { buyClass } from '../support/worker/checkout.ts'
import { createClass, createCourse, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()
const admin = fileAdmin()

const publicJson = async (path: string) =>
  (await workerFetch(`http://localhost${path}`)).json() as Promise<Record<string, unknown>>

function classInput(courseId: number, overrides: Record<string, unknown> = {}) {
  return {
    course_id: courseId,
    name: 'Turma de março',
    type: 'N',
    course_init: '2027-03-15',
    location: 'Centro de Ensino, Curitiba',
    price: 89000,
    student_price: 69000,
    student_discount: 'A',
    boleto: true,
    instalment_times: 6,
    is_open: true,
    seats: 30,
    ...overrides,
  }
}

describe('classes (/api/admin/turmas)', () => {
  it('creates a class the course page sells at once: R$ 890,00 in up to 6x, boleto allowed', async () => {
    const course = await createCourse(db)
    const answer = await adminCall(admin(), 'POST', '/api/admin/turmas', classInput(course.id))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const turma = AdminClass.parse(answer.body)
    expect(turma).toMatchObject({
      course_name: course.name,
      price: 89000,
      enrolled: 0,
      orders: 0,
      version: 1,
    })
    const page = CourseDetail.parse(await publicJson(`/api/cursos/${course.url}`))
    expect(page.turmas).toEqual([
      expect.objectContaining({
        id: turma.id,
        price: 89000,
        student_price: 69000,
        student_discount: 'A',
        boleto: true,
        instalment_times: 6,
        type: 'N',
        course_init: '2027-03-15',
        open: true,
      }),
    ])
    const list = AdminClassPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/turmas?course_id=${course.id}`)).body,
    )
    expect(list.items.map((row) => row.id)).toEqual([turma.id])
    expect((await auditOf('class', turma.id))[0]).toMatchObject({ action: 'class.create' })
  })

  it('checks the rules: instalments 1–12, a dated class has a start, a student price needs the discount flag', async () => {
    const course = await createCourse(db)
    const answer = await adminCall(
      admin(),
      'POST',
      '/api/admin/turmas',
      classInput(course.id, { instalment_times: 13, course_init: null, student_price: null, price: -1 }),
    )
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toMatchObject({
      instalment_times: ['Parcelas: de 1 a 12.'],
      price: [expect.any(String)],
    })
    const rules = await adminCall(
      admin(),
      'POST',
      '/api/admin/turmas',
      classInput(course.id, { course_init: null, student_price: null }),
    )
    expect(rules.body.errors).toEqual({
      course_init: ['Informe a data de início de uma turma com data.'],
      student_price: ['Informe o preço de estudante quando o desconto de estudante se aplica.'],
    })
    const start = await adminCall(
      admin(),
      'POST',
      '/api/admin/turmas',
      classInput(course.id, { type: 'C', course_init: null, student_price: 99000 }),
    )
    expect(start.body.errors).toEqual({
      student_price: ['O preço de estudante não pode passar do preço da turma.'],
    })
    const noCourse = await adminCall(admin(), 'POST', '/api/admin/turmas', classInput(999_999))
    expect(noCourse.body.errors).toEqual({ course_id: ['Curso não encontrado.'] })
  })

  it('closes a class; a stale edit is a 409; a class someone bought can only be closed, never deleted', async () => {
    const { turma: sold } = await buyClass('CREDIT_CARD')
    const [row] = await db.select().from(classes).where(eq(classes.id, sold.id))
    const closed = await adminCall(admin(), 'PUT', `/api/admin/turmas/${sold.id}`, {
      ...classInput(sold.courseId, {
        type: 'C',
        course_init: null,
        student_price: null,
        student_discount: 'N',
      }),
      price: row!.priceCents,
      instalment_times: 12,
      is_open: false,
      version: row!.version,
    })
    expect(closed.status, JSON.stringify(closed.body)).toBe(200)
    expect(closed.body).toMatchObject({ is_open: false, enrolled: 1, orders: 1 })
    const stale = await adminCall(admin(), 'PUT', `/api/admin/turmas/${sold.id}`, {
      ...classInput(sold.courseId),
      version: row!.version,
    })
    expect(stale.status).toBe(409)
    const refused = await adminCall(admin(), 'DELETE', `/api/admin/turmas/${sold.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe(
      'Esta turma tem matrículas ou pedidos: ela não pode ser excluída, apenas fechada para novas inscrições.',
    )
    expect(await db.select().from(classes).where(eq(classes.id, sold.id))).toHaveLength(1)

    const unsold = await createClass(db)
    expect((await adminCall(admin(), 'DELETE', `/api/admin/turmas/${unsold.id}`)).status).toBe(200)
    expect(await db.select().from(classes).where(eq(classes.id, unsold.id))).toHaveLength(0)
    expect((await auditOf('class', unsold.id))[0]).toMatchObject({ action: 'class.delete' })
    expect((await adminCall(admin(), 'DELETE', `/api/admin/turmas/${unsold.id}`)).status).toBe(404)
  })
})

describe('products, bundles and coupons', () => {
  it('a product: created, shown on its page, edited with a version, with an image', async () => {
    const created = await adminCall(admin(), 'POST', '/api/admin/produtos', {
      name: unique('Manual de Diálise'),
      description: 'Guia de bolso.',
      price: 12990,
    })
    expect(created.status).toBe(201)
    const product = AdminProduct.parse(created.body)
    expect(await publicJson(`/api/produtos/${product.id}`)).toMatchObject({
      name: product.name,
      price: 12990,
    })
    const image = await adminCall(
      admin(),
      'POST',
      `/api/admin/produtos/${product.id}/imagens`,
      imageForm(PNG_BYTES),
    )
    expect(image.status).toBe(201)
    const hidden = await adminCall(admin(), 'PUT', `/api/admin/produtos/${product.id}`, {
      name: product.name,
      description: product.description,
      price: 13990,
      is_published: false,
      version: product.version,
    })
    expect(hidden.body).toMatchObject({ price: 13990, is_published: false, version: 2 })
    expect((await workerFetch(`http://localhost/api/produtos/${product.id}`)).status).toBe(404)
    expect((await auditOf('product', product.id)).map((line) => line.action)).toEqual([
      'product.update',
      'product.image_add',
      'product.create',
    ])
  })

  it("a bundle: 'P' or a fixed discount, its split in centavos as the cart charges it", async () => {
    const a = await createClass(db, { priceCents: 100000 })
    const b = await createClass(db, { priceCents: 49000 })
    const fixed = await adminCall(admin(), 'POST', '/api/admin/pacotes', {
      name: unique('Pacote'),
      discount_type: 'F',
      discount_value: 10001,
      instalment_times: 10,
      class_ids: [a.id, b.id],
    })
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201)
    const bundle = AdminBundle.parse(fixed.body)
    // R$ 100,01 split evenly by class id, the odd centavo to the first.
    expect(bundle.split.map((s) => [s.class_id, s.gross, s.discount, s.net])).toEqual([
      [a.id, 100000, 5001, 94999],
      [b.id, 49000, 5000, 44000],
    ])
    expect([bundle.gross, bundle.net]).toEqual([149000, 138999])
    const percent = await adminCall(admin(), 'PUT', `/api/admin/pacotes/${bundle.id}`, {
      name: bundle.name,
      discount_type: 'P',
      discount_value: 10,
      instalment_times: 10,
      class_ids: [a.id, b.id],
      version: bundle.version,
    })
    expect(percent.body).toMatchObject({ gross: 149000, net: 134100, discount_value: 10 })
    const tooMuch = await adminCall(admin(), 'POST', '/api/admin/pacotes', {
      name: 'Pacote inválido',
      discount_type: 'P',
      discount_value: 150,
      instalment_times: 10,
      class_ids: [a.id],
    })
    expect(tooMuch.body.errors).toEqual({
      discount_value: ['Percentual de desconto: de 1 a 100.'],
      class_ids: ['Um pacote reúne ao menos duas turmas.'],
    })
  })

  it('a coupon: per class or course, percent or fixed, limited and dated; the cart applies it; used, it cannot be deleted', async () => {
    const turma = await createClass(db, { priceCents: 50000 })
    const key = unique('promo')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 30)
    const created = await adminCall(admin(), 'POST', '/api/admin/cupons', {
      key: key.toLowerCase(),
      discount_type: 'F',
      discount_value: 5000,
      class_id: turma.id,
      max_uses: 3,
      expires_on: '2099-12-31',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const coupon = AdminCoupon.parse(created.body)
    expect(coupon).toMatchObject({
      key,
      used_count: 0,
      expires_on: '2099-12-31',
      scope: expect.stringContaining('Turma'),
    })
    const [row] = await db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(row?.expiresAt?.toISOString()).toBe('2100-01-01T03:00:00.000Z')
    // The day's last second, as the seed writes it, reads as the same day (the edit dialog's value).
    await db
      .update(coupons)
      .set({ expiresAt: new Date('2099-12-31T23:59:59-03:00') })
      .where(eq(coupons.id, coupon.id))
    const listed = AdminCouponPage.parse((await adminCall(admin(), 'GET', `/api/admin/cupons?q=${key}`)).body)
    expect(listed.items.find((item) => item.id === coupon.id)?.expires_on).toBe('2099-12-31')
    await db.update(coupons).set({ expiresAt: row!.expiresAt }).where(eq(coupons.id, coupon.id))

    const dup = await adminCall(admin(), 'POST', '/api/admin/cupons', {
      key,
      discount_type: 'P',
      discount_value: 10,
    })
    expect(dup.body.errors).toEqual({ key: ['Já existe um cupom com este código.'] })

    const cart = await workerFetch('http://localhost/carrinho-de-compras/update-cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ data: { id: turma.id, type: 'turma' }, option: 'add' }),
    })
    const { hash } = (await cart.json()) as { hash: string }
    const applied = await workerFetch('http://localhost/carrinho-de-compras/set-cupom', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ key, hash }),
    })
    expect(applied.status).toBe(200)
    expect(JSON.stringify(await applied.json())).toContain('45000')

    await db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon.id))
    const refused = await adminCall(admin(), 'DELETE', `/api/admin/cupons/${coupon.id}`)
    expect(refused.status).toBe(409)
    const off = await adminCall(admin(), 'PUT', `/api/admin/cupons/${coupon.id}`, {
      key,
      discount_type: 'F',
      discount_value: 5000,
      class_id: turma.id,
      is_active: false,
      version: coupon.version,
    })
    expect(off.body).toMatchObject({ is_active: false, max_uses: null, expires_on: null })
  })

  it('the options of the forms list courses, classes with prices, products, bundles and e-books', async () => {
    const turma = await createClass(db, { priceCents: 77700 })
    const options = AdminOptions.parse((await adminCall(admin(), 'GET', '/api/admin/opcoes')).body)
    expect(options.classes.find((row) => row.id === turma.id)).toMatchObject({ price: 77700, is_open: true })
    expect(options.courses.length).toBeGreaterThan(0)
  })
})
