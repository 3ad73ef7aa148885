import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { enrollments, leads, orderItems, type orders, users } from '../../db/schema.ts'
import { AdminEnrollmentPage, AdminOrder, Dashboard } from '../../worker/contract/admin-sales.ts'
import { adminCall, auditOf, fileAdmin, refundOrder } from '../support/worker/admin.ts'
import { buyClass, enrolledClasses, newPayer, orderScreen } from '../support/worker/checkout.ts'
import { createClass, createCourse, createOrder, createUser, testDb, unique } from '../support/worker/db.ts'
import { providerRequests } from '../support/worker/pagarme.ts'

const db = testDb()
const admin = fileAdmin()

const enrollmentsOf = async (query: string) => {
  const answer = await adminCall(admin(), 'GET', `/api/admin/matriculas?${query}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return AdminEnrollmentPage.parse(answer.body)
}

describe('enrollments (/api/admin/matriculas)', () => {
  it('lists a sale with its buyer, course, class, order and payment; found by name, e-mail or CPF', async () => {
    const payer = { ...newPayer(), name: 'Mariana Teixeira Lopes' }
    const { order, turma } = await buyClass('CREDIT_CARD', payer)
    const byEmail = await enrollmentsOf(`q=${encodeURIComponent(payer.email)}`)
    expect(byEmail.total).toBe(1)
    expect(byEmail.items[0]).toMatchObject({
      status: 'active',
      source: 'order',
      student: { email: payer.email },
      class: { id: turma.id },
      order: {
        id: order.id,
        status: 'paid',
        payment_type: 'CREDIT_CARD',
        total: 49000,
        amount: 49000,
        cpf: '52998224725',
      },
    })
    const byCpf = await enrollmentsOf(`q=${encodeURIComponent('529.982.247-25')}&class_id=${turma.id}`)
    expect(byCpf.items.map((row) => row.order?.id)).toEqual([order.id])
    const byName = await enrollmentsOf(`q=${encodeURIComponent('Teixeira Lopes')}&class_id=${turma.id}`)
    expect(byName.total).toBe(1)
    expect((await enrollmentsOf(`class_id=${turma.id}&status=cancelled`)).total).toBe(0)
    expect((await enrollmentsOf(`class_id=${turma.id}&payment=paid`)).total).toBe(1)
    expect((await enrollmentsOf(`class_id=${turma.id}&payment=manual`)).total).toBe(0)
    expect((await enrollmentsOf(`class_id=${turma.id}&from=2020-01-01&to=2020-12-31`)).total).toBe(0)
    const reversed = await adminCall(admin(), 'GET', '/api/admin/matriculas?from=2026-02-01&to=2026-01-01')
    expect(reversed.status).toBe(422)
    expect(reversed.body.errors.to).toEqual(['A data final deve ser igual ou posterior à inicial.'])

    const detail = AdminOrder.parse((await adminCall(admin(), 'GET', `/api/admin/pedidos/${order.id}`)).body)
    expect(detail).toMatchObject({
      status: 'paid',
      total: 49000,
      payer: { email: payer.email },
      provider: { gateway: 'sandbox', charge_id: order.gatewayChargeId },
      enrollments: [{ class_id: turma.id, status: 'active' }],
    })
  })

  it('refund clicked 10 times at once: one refund at the provider, the order refunded, the access ended', async () => {
    const { order, cookie, turma } = await buyClass('CREDIT_CARD')
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
    const answers = await Promise.all(Array.from({ length: 10 }, () => refundOrder(admin(), order.id)))
    expect(answers.every((answer) => [200, 202].includes(answer.status))).toBe(true)
    expect(await providerRequests(`/charges/${order.gatewayChargeId}`, 'DELETE')).toHaveLength(1)
    expect((await orderScreen(order.id)).status).toBe('refunded')
    expect(await enrolledClasses(cookie)).toEqual([])
    const [row] = (await enrollmentsOf(`class_id=${turma.id}`)).items
    expect(row).toMatchObject({ status: 'cancelled', order: { status: 'refunded', refunded: 49000 } })
    const audit = await auditOf('order', order.id)
    expect(audit.map((line) => line.action)).toEqual(['order.refund_requested'])
  })

  it('exports the current filter as CSV for a Brazilian spreadsheet, and records the export', async () => {
    const payer = { ...newPayer(), name: 'João; "Zé" da Silva' }
    const { turma } = await buyClass('CREDIT_CARD', payer, 89000)
    const answer = await adminCall(admin(), 'GET', `/api/admin/matriculas/exportacao?class_id=${turma.id}`)
    expect(answer.status).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="matriculas-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await answer.response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const [header, line, end] = text.split('\r\n')
    expect(header).toBe(
      'Data da matrícula;Aluno;E-mail;Telefone;CPF;Curso;Turma;Situação;Origem;Pedido;Pagamento;Forma de pagamento;Valor da turma (R$);Total do pedido (R$);Estornado (R$);Pago em;Observação',
    )
    const fields = line!.split(';')
    expect(fields[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    expect(line).toContain('"João; ""Zé"" da Silva"')
    expect(line).toContain(';529.982.247-25;')
    expect(line).toContain(';ativa;pedido no site;')
    expect(line).toContain(';pago;Cartão de crédito;890,00;890,00;0,00;')
    expect(end).toBe('')
    const exports = (await adminCall(admin(), 'GET', '/api/admin/auditoria?entity=enrollment&per_page=5'))
      .body
    expect(exports.items[0]).toMatchObject({
      action: 'enrollment.export',
      label: 'Matrículas exportadas (CSV)',
      entity: 'enrollment',
      entity_label: 'Matrícula',
      data: { filters: { class_id: turma.id }, rows: 1 },
    })
  })

  it('a manual enrollment (paid outside the site): the account is found or created; seats and repeats are 409', async () => {
    const course = await createCourse(db)
    const turma = await createClass(db, { courseId: course.id, seats: 1 })
    const email = `${unique('manual')}@teste.example`
    const created = await adminCall(admin(), 'POST', '/api/admin/matriculas', {
      class_id: turma.id,
      name: 'Paula Regina Campos',
      email: email.toUpperCase(),
      phone: '(41) 99988-7766',
      note: 'Transferência em 10/11, recibo 123',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      status: 'active',
      source: 'manual',
      note: 'Transferência em 10/11, recibo 123',
      student: { email, name: 'Paula Regina Campos' },
      order: null,
    })
    const [account] = await db.select().from(users).where(eq(users.email, email))
    expect(account).toMatchObject({ type: 'N', passwordHash: null })

    const again = await adminCall(admin(), 'POST', '/api/admin/matriculas', {
      class_id: turma.id,
      name: 'Paula Regina Campos',
      email,
      note: 'De novo',
    })
    expect(again.status).toBe(409)
    expect(again.body.msg).toBe('Este aluno já está matriculado nesta turma.')
    const other = await createUser(db)
    const full = await adminCall(admin(), 'POST', '/api/admin/matriculas', {
      class_id: turma.id,
      name: other.name,
      email: other.email,
      note: 'Pix na secretaria',
    })
    expect(full.status).toBe(409)
    expect(full.body.msg).toBe('Esta turma não tem mais vagas.')
    const invalid = await adminCall(admin(), 'POST', '/api/admin/matriculas', {
      class_id: turma.id,
      name: 'A',
      email: 'x',
    })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['email', 'name', 'note'])

    const cancelled = await adminCall(
      admin(),
      'POST',
      `/api/admin/matriculas/${created.body.id}/cancelamento`,
    )
    expect(cancelled.body.status).toBe('cancelled')
    expect(
      (await adminCall(admin(), 'POST', `/api/admin/matriculas/${created.body.id}/cancelamento`)).status,
    ).toBe(409)
    const back = await adminCall(admin(), 'POST', '/api/admin/matriculas', {
      class_id: turma.id,
      name: 'Paula Regina Campos',
      email,
      note: 'Voltou: novo pagamento',
    })
    expect(back.body).toMatchObject({ id: created.body.id, status: 'active', note: 'Voltou: novo pagamento' })
    expect((await auditOf('enrollment', created.body.id)).map((line) => line.action)).toEqual([
      'enrollment.create_manual',
      'enrollment.cancel',
      'enrollment.create_manual',
    ])
  })

  it('an enrollment that came from an order ends by its refund, not by cancelling it here (409)', async () => {
    const { turma } = await buyClass('CREDIT_CARD')
    const [row] = (await enrollmentsOf(`class_id=${turma.id}`)).items
    const answer = await adminCall(admin(), 'POST', `/api/admin/matriculas/${row!.id}/cancelamento`)
    expect(answer.status).toBe(409)
    expect(answer.body.msg).toBe(
      'Esta matrícula veio de um pedido pago no site: cancele pelo estorno do pedido.',
    )
  })
})

/** A revenue figure of orders alone: no edital fee in it, each source's money named. */
const ordersOnly = <T extends { paid: number; refunded: number }>(row: T) => ({
  ...row,
  plan_payments: 0,
  by_source: { orders: { paid: row.paid, refunded: row.refunded }, plans: { paid: 0, refunded: 0 } },
})

describe('dashboard (/api/admin/dashboard)', () => {
  // March 2031 belongs to this test alone: every figure of the period is known.
  const at = (local: string) => new Date(`${local}-03:00`)

  async function order(
    values: Partial<typeof orders.$inferInsert> & { userId: number; classId: number; courseId: number },
  ) {
    const { classId, courseId, ...rest } = values
    const id = await createOrder(db, rest)
    await db.insert(orderItems).values({
      orderId: id,
      itemType: 'turma',
      itemId: classId,
      classId,
      courseId,
      name: 'Turma',
      grossCents: values.totalCents ?? 0,
      netCents: values.totalCents ?? 0,
    })
    return id
  }

  it('computes each widget in SQL, in one round trip, in Curitiba days, by day, week and month', async () => {
    const course = await createCourse(db, { name: unique('Curso do painel') })
    const turma = await createClass(db, { courseId: course.id })
    const buyer = await createUser(db)
    const other = await createUser(db)
    const base = { userId: buyer.id, classId: turma.id, courseId: course.id }
    const paid = await order({
      ...base,
      status: 'paid',
      totalCents: 89000,
      createdAt: at('2031-03-02T23:00:00'),
      paidAt: at('2031-03-02T23:30:00'),
    })
    await order({
      ...base,
      userId: other.id,
      status: 'refunded',
      totalCents: 49000,
      refundedCents: 49000,
      createdAt: at('2031-03-03T10:00:00'),
      paidAt: at('2031-03-03T10:01:00'),
    })
    await order({
      ...base,
      status: 'pending',
      paymentType: 'BOLETO',
      totalCents: 10000,
      createdAt: at('2031-03-04T09:00:00'),
    })
    await db.insert(enrollments).values([
      { userId: buyer.id, classId: turma.id, orderId: paid, createdAt: at('2031-03-02T23:30:00') },
      { userId: other.id, classId: turma.id, status: 'cancelled', createdAt: at('2031-03-03T10:01:00') },
    ])
    await db.insert(leads).values([
      {
        name: 'Lead A',
        email: 'a@teste.example',
        phone: '41 9999-0000',
        createdAt: at('2031-03-03T08:00:00'),
      },
      {
        name: 'Lead B',
        email: 'b@teste.example',
        phone: '41 9999-0001',
        createdAt: at('2031-03-09T20:00:00'),
      },
    ])

    const answer = await adminCall(
      admin(),
      'GET',
      '/api/admin/dashboard?from=2031-03-01&to=2031-03-31&granularity=day',
    )
    expect(answer.status).toBe(200)
    expect(answer.response.headers.get('server-timing')).toMatch(/db;desc="2 round trips"/)
    const byDay = Dashboard.parse(answer.body)
    expect(byDay.revenue).toHaveLength(31)
    expect(byDay.revenue.filter((row) => row.orders > 0)).toEqual([
      ordersOnly({ start: '2031-03-02', paid: 89000, refunded: 0, net: 89000, orders: 1 }),
      ordersOnly({ start: '2031-03-03', paid: 49000, refunded: 49000, net: 0, orders: 1 }),
    ])
    expect(byDay.totals).toEqual(ordersOnly({ paid: 138000, refunded: 49000, net: 89000, orders: 2 }))
    expect(byDay.orders_by_state.filter((row) => row.count > 0)).toEqual([
      { state: 'pending', count: 1, total: 10000 },
      { state: 'paid', count: 1, total: 89000 },
      { state: 'refunded', count: 1, total: 49000 },
    ])
    expect(byDay.pending.find((row) => row.payment_type === 'BOLETO')?.count).toBeGreaterThanOrEqual(1)
    expect(byDay.enrollments_by_course).toEqual([
      { course_id: course.id, name: course.name, active: 1, cancelled: 1 },
    ])
    expect(byDay.top_courses).toEqual([{ course_id: course.id, name: course.name, revenue: 89000, sold: 1 }])
    expect(byDay.leads_by_week).toEqual([
      { start: '2031-02-24', count: 0 },
      { start: '2031-03-03', count: 2 },
      { start: '2031-03-10', count: 0 },
      { start: '2031-03-17', count: 0 },
      { start: '2031-03-24', count: 0 },
      { start: '2031-03-31', count: 0 },
    ])

    const byWeek = Dashboard.parse(
      (await adminCall(admin(), 'GET', '/api/admin/dashboard?from=2031-03-01&to=2031-03-31&granularity=week'))
        .body,
    )
    expect(byWeek.revenue.slice(0, 2)).toEqual([
      ordersOnly({ start: '2031-02-24', paid: 89000, refunded: 0, net: 89000, orders: 1 }),
      ordersOnly({ start: '2031-03-03', paid: 49000, refunded: 49000, net: 0, orders: 1 }),
    ])
    const byMonth = Dashboard.parse(
      (
        await adminCall(
          admin(),
          'GET',
          '/api/admin/dashboard?from=2031-01-01&to=2031-12-31&granularity=month',
        )
      ).body,
    )
    expect(byMonth.revenue).toHaveLength(12)
    expect(byMonth.revenue[2]).toEqual(
      ordersOnly({ start: '2031-03-01', paid: 138000, refunded: 49000, net: 89000, orders: 2 }),
    )

    const reversed = await adminCall(admin(), 'GET', '/api/admin/dashboard?from=2031-03-31&to=2031-03-01')
    expect(reversed.status).toBe(422)
    const tooLong = await adminCall(admin(), 'GET', '/api/admin/dashboard?from=2020-01-01&to=2031-03-01')
    expect(tooLong.body.errors.to).toEqual(['O período pode ter no máximo 731 dias.'])
    const badDay = await adminCall(admin(), 'GET', '/api/admin/dashboard?from=2031-02-30&to=2031-03-01')
    expect(badDay.body.errors.from).toEqual(['Data inválida (use AAAA-MM-DD).'])
  })
})
