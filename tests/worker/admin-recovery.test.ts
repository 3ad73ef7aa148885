import { beforeAll, describe, expect, it } from 'vitest'
import { abandonedCheckouts, emailSuppressions, type orders, reminders } from '../../db/schema.ts'
import { AdminAbandonedCheckoutPage } from '../../worker/contract/admin-recovery.ts'
import { Dashboard } from '../../worker/contract/admin-sales.ts'
import type { ReminderKind } from '../../worker/domain/reminders.ts'
import { adminCall, fileAdmin } from '../support/worker/admin.ts'
import { createOrder, createUser, sessionCookie, testDb, unique, uniqueEmail } from '../support/worker/db.ts'

// The admin's view of sales recovery (issue 25, item 6), over rows written as the recovery code
// writes them: checkouts captured at the checkout, reminders sent, orders made and paid after.
// May and June 2019 belong to this file alone: every figure of those periods is known.

const db = testDb()
const admin = fileAdmin()

/** An instant of Curitiba's clock (UTC−3). */
const at = (local: string) => new Date(`${local}-03:00`)
const HOUR = 3_600_000

async function checkout(values: {
  createdAt: Date
  email?: string
  items?: { name: string; cents: number }[]
  orderId?: string
}) {
  const id = `chk_${crypto.randomUUID().replace(/-/g, '')}`
  const items = values.items ?? [{ name: 'Curso de Nefrologia Clínica', cents: 49_000 }]
  const email = values.email ?? uniqueEmail('carrinho')
  await db.insert(abandonedCheckouts).values({
    id,
    email,
    cartHash: crypto.randomUUID(),
    items,
    totalCents: items.reduce((sum, item) => sum + item.cents, 0),
    cart: { items: [] },
    createdAt: values.createdAt,
    seenAt: values.createdAt,
    orderId: values.orderId ?? null,
  })
  return { id, email }
}

const order = (values: Partial<typeof orders.$inferInsert> & { createdAt: Date }) =>
  createOrder(db, { remindersConsent: true, ...values })

/**
 * An order of `totalCents` made at `made` and paid at `paid` (Curitiba's clock), by card unless
 * `values` say otherwise.
 */
const paidOrder = (
  totalCents: number,
  made: string,
  paid: string,
  values: Partial<typeof orders.$inferInsert> = {},
) => order({ status: 'paid', totalCents, createdAt: at(made), paidAt: at(paid), ...values })

async function reminder(
  kind: ReminderKind,
  createdAt: Date,
  about: { checkoutId?: string; orderId?: string },
  isCapped = false,
) {
  await db.insert(reminders).values({
    kind,
    subject: `${kind}:${unique('assunto')}`,
    email: 'p@teste.example',
    checkoutId: about.checkoutId ?? null,
    orderId: about.orderId ?? null,
    isCapped,
    createdAt,
  })
}

const dashboard = async (from: string, to: string) => {
  const answer = await adminCall(admin(), 'GET', `/api/admin/dashboard?from=${from}&to=${to}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return Dashboard.parse(answer.body).recovery
}

const countOf = (figures: { reminders: { kind: ReminderKind; count: number }[] }, kind: ReminderKind) =>
  figures.reminders.find((row) => row.kind === kind)?.count

/** The open checkouts of C, D and E, as the list and the CSV must show them. */
const open = { c: '', d: '', e: '' }

beforeAll(async () => {
  // A: abandoned at the period's first instant; two reminders; its order paid after them.
  const orderA = await paidOrder(49_000, '2019-05-02T10:00:00', '2019-05-02T10:05:00')
  const a = await checkout({ createdAt: at('2019-05-01T00:00:00'), orderId: orderA })
  await reminder('abandoned_first', at('2019-05-01T01:00:00'), { checkoutId: a.id })
  await reminder('abandoned_second', at('2019-05-02T01:00:00'), { checkoutId: a.id })

  // B: a reminder that points at the order too (as the order's batch leaves it); partly refunded.
  const orderB = await paidOrder(89_001, '2019-05-11T09:00:00', '2019-05-11T09:01:00', {
    status: 'partially_refunded',
    refundedCents: 10_000,
  })
  const b = await checkout({ createdAt: at('2019-05-10T12:00:00'), orderId: orderB })
  await reminder('abandoned_first', at('2019-05-10T13:00:00'), { checkoutId: b.id, orderId: orderB })

  // M: its order paid before the reminder's date: the job's run was dated later than the payment
  // (as the e2e journey does it). A checkout is reminded only while it has no order: recovered.
  const orderM = await paidOrder(1_000, '2019-05-12T10:10:00', '2019-05-12T10:11:00')
  const m = await checkout({ createdAt: at('2019-05-12T10:00:00'), orderId: orderM })
  await reminder('abandoned_first', at('2019-05-12T11:00:00'), { checkoutId: m.id, orderId: orderM })

  // C: reminded, still open.
  const c = await checkout({
    createdAt: at('2019-05-20T08:00:00'),
    email: uniqueEmail('carla'),
    items: [
      { name: 'Turma de Diálise Peritoneal', cents: 89_000 },
      { name: 'E-book; "Rim" & cia', cents: 4_590 },
    ],
  })
  await reminder('abandoned_first', at('2019-05-20T09:00:00'), { checkoutId: c.id })
  open.c = c.email

  // D: the period's last millisecond; the address unsubscribed, so no reminder; open.
  const d = await checkout({ createdAt: new Date(at('2019-06-01T00:00:00').getTime() - 1) })
  await db.insert(emailSuppressions).values({ email: d.email, reason: 'unsubscribed' })
  open.d = d.email

  // E and F: just after and just before May; open.
  open.e = (await checkout({ createdAt: at('2019-06-01T00:00:00') })).email
  await checkout({ createdAt: new Date(at('2019-05-01T00:00:00').getTime() - 1) })

  // G: ordered within the first hour: never abandoned.
  const orderG = await paidOrder(30_000, '2019-05-15T10:30:00', '2019-05-15T10:31:00')
  await checkout({ createdAt: at('2019-05-15T10:00:00'), orderId: orderG })

  // H: a boleto reminded the day before it fell due, then paid.
  const orderH = await paidOrder(12_345, '2019-05-03T09:00:00', '2019-05-05T15:00:00', {
    paymentType: 'BOLETO',
  })
  await reminder('boleto_due', at('2019-05-05T09:00:00'), { orderId: orderH })

  // I: paid before its reminder went out: not a recovered sale.
  const orderI = await paidOrder(7_000, '2019-05-25T08:00:00', '2019-05-25T09:00:00', { paymentType: 'PIX' })
  await reminder('pix_expired', at('2019-05-25T10:00:00'), { orderId: orderI })

  // K: abandoned and reminded in May, its order paid in June.
  const orderK = await paidOrder(20_000, '2019-06-02T10:00:00', '2019-06-02T10:01:00')
  const k = await checkout({ createdAt: at('2019-05-28T10:00:00'), orderId: orderK })
  await reminder('abandoned_first', at('2019-05-28T11:00:00'), { checkoutId: k.id })

  // L: an expired boleto reminded, paid, then charged back: counted, and all of it taken back.
  const orderL = await paidOrder(5_000, '2019-05-04T09:00:00', '2019-05-07T09:00:00', {
    status: 'charged_back',
    paymentType: 'BOLETO',
  })
  await reminder('boleto_expired', at('2019-05-06T09:00:00'), { orderId: orderL })

  // N: its address past the cap, its first reminder held back (never sent), then paid: abandoned,
  // neither reminded nor recovered; one held back in the figures.
  const orderN = await paidOrder(3_000, '2019-05-16T12:00:00', '2019-05-16T12:01:00')
  const n = await checkout({ createdAt: at('2019-05-16T09:00:00'), orderId: orderN })
  await reminder('abandoned_first', at('2019-05-16T10:00:00'), { checkoutId: n.id }, true)
})

describe('the dashboard’s recovery figures (/api/admin/dashboard)', () => {
  it('counts abandoned checkouts, reminders by kind, recovered sales to the centavo, and the rate', async () => {
    const may = await dashboard('2019-05-01', '2019-05-31')
    expect(may.abandoned).toBe(7) // A, B, C, D, K, M, N
    expect(may.abandoned_after_minutes).toBe(60)
    expect(may.reminders).toEqual([
      { kind: 'abandoned_first', count: 5 },
      { kind: 'abandoned_second', count: 1 },
      { kind: 'boleto_due', count: 1 },
      { kind: 'boleto_expired', count: 1 },
      { kind: 'pix_expired', count: 1 },
      { kind: 'fee_due', count: 0 },
      { kind: 'fee_overdue', count: 0 },
    ])
    // A 490,00 + B 890,01 (100,00 refunded) + M 10,00 + H 123,45 + L 50,00 (charged back).
    expect(may.recovered).toEqual({ orders: 5, paid: 156_346, refunded: 15_000, net: 141_346 })
    expect(may.rate).toEqual({ reminded: 5, recovered: 4 }) // A, B, C, K, M reminded; C not paid
    expect(may.capped).toBe(1) // N
  }, 60_000) // the file's first request starts the Worker

  it('cuts the period at Curitiba’s midnight, at both ends', async () => {
    const june = await dashboard('2019-06-01', '2019-06-30')
    expect(june.abandoned).toBe(1) // E
    expect(june.reminders.every((row) => row.count === 0)).toBe(true)
    expect(june.recovered).toEqual({ orders: 1, paid: 20_000, refunded: 0, net: 20_000 }) // K
    expect(june.rate).toEqual({ reminded: 0, recovered: 0 })

    const firstDay = await dashboard('2019-05-01', '2019-05-01')
    expect(firstDay.abandoned).toBe(1) // A, not F a millisecond before
    expect(countOf(firstDay, 'abandoned_first')).toBe(1)
    expect(countOf(firstDay, 'abandoned_second')).toBe(0)
    expect(firstDay.recovered.orders).toBe(0)
    const lastDay = await dashboard('2019-05-31', '2019-05-31')
    expect(lastDay.abandoned).toBe(1) // D, not E a millisecond after
  })
})

describe('open abandoned checkouts (/api/admin/recuperacao)', () => {
  const list = async (query: string) => {
    const answer = await adminCall(admin(), 'GET', `/api/admin/recuperacao?${query}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return AdminAbandonedCheckoutPage.parse(answer.body)
  }

  it('lists the open ones of the period, newest first, with their items, total and last reminder', async () => {
    const page = await list('from=2019-05-01&to=2019-06-30')
    expect(page.items.map((row) => row.email)).toEqual([open.e, open.d, open.c])
    expect(page.total).toBe(3)
    expect(page.items[2]).toMatchObject({
      email: open.c,
      items: [
        { name: 'Turma de Diálise Peritoneal', cents: 89_000 },
        { name: 'E-book; "Rim" & cia', cents: 4_590 },
      ],
      total: 93_590,
      created_at: at('2019-05-20T08:00:00').toISOString(),
      reminders: 1,
      last_reminder: { kind: 'abandoned_first', sent_at: at('2019-05-20T09:00:00').toISOString() },
      stopped: null,
    })
    expect(page.items[1]).toMatchObject({
      email: open.d,
      reminders: 0,
      last_reminder: null,
      stopped: 'unsubscribed',
    })

    expect(
      (await list(`q=${encodeURIComponent(open.c.toUpperCase())}`)).items.map((row) => row.email),
    ).toEqual([open.c])
    expect((await list('q=Di%C3%A1lise%20Peritoneal&from=2019-05-01&to=2019-05-31')).total).toBe(1)
    expect((await list('from=2019-05-21&to=2019-05-30')).total).toBe(0)
    expect((await list('per_page=2&from=2019-05-01&to=2019-06-30')).items).toHaveLength(2)
  })

  it('leaves out a checkout begun less than an hour ago: it is not abandoned yet', async () => {
    const fresh = await checkout({ createdAt: new Date(Date.now() - HOUR / 2) })
    expect((await list(`q=${encodeURIComponent(fresh.email)}`)).total).toBe(0)
    const old = await checkout({ createdAt: new Date(Date.now() - HOUR - 60_000) })
    expect((await list(`q=${encodeURIComponent(old.email)}`)).total).toBe(1)
  })

  it('exports the filter as CSV for a Brazilian spreadsheet, naming its source, and records the export', async () => {
    const answer = await adminCall(
      admin(),
      'GET',
      '/api/admin/recuperacao/exportacao?from=2019-05-01&to=2019-05-31',
    )
    expect(answer.status).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="carrinhos-abandonados-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await answer.response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, d, c, end] = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(header).toBe(
      'Iniciado em;Origem;E-mail;Itens;Total (R$);Visto por último em;Lembretes enviados;Último lembrete;Último lembrete em;Lembretes suspensos',
    )
    expect(c).toBe(
      `20/05/2019 08:00;Checkout do site;${open.c};"Turma de Diálise Peritoneal: 890,00 | E-book; ""Rim"" & cia: 45,90";935,90;20/05/2019 08:00;1;Carrinho abandonado (1º lembrete);20/05/2019 09:00;`,
    )
    expect(d).toBe(
      `31/05/2019 23:59;Checkout do site;${open.d};Curso de Nefrologia Clínica: 490,00;490,00;31/05/2019 23:59;0;;;descadastrado`,
    )
    expect(end).toBe('')
    const exports = (
      await adminCall(admin(), 'GET', '/api/admin/auditoria?entity=abandoned_checkout&per_page=1')
    ).body
    expect(exports.items[0]).toMatchObject({
      action: 'abandoned_checkout.export',
      label: 'Carrinhos abandonados exportados (CSV)',
      entity_label: 'Carrinho abandonado',
      data: { filters: { from: '2019-05-01', to: '2019-05-31' }, rows: 2 },
    })
  })

  it('answers bad filters with 422 in pt-BR, and only to an administrator', async () => {
    const reversed = await adminCall(admin(), 'GET', '/api/admin/recuperacao?from=2019-06-01&to=2019-05-01')
    expect(reversed.status).toBe(422)
    expect(reversed.body.errors.to).toEqual(['A data final deve ser igual ou posterior à inicial.'])
    const badDay = await adminCall(admin(), 'GET', '/api/admin/recuperacao/exportacao?from=2019-02-30')
    expect(badDay.status).toBe(422)
    expect(badDay.body.errors.from).toEqual(['Data inválida (use AAAA-MM-DD).'])
    const student = await sessionCookie((await createUser(db, { type: 'N' })).id)
    for (const path of ['/api/admin/recuperacao', '/api/admin/recuperacao/exportacao']) {
      expect((await adminCall(null, 'GET', path)).status).toBe(401)
      expect((await adminCall(student, 'GET', path)).status).toBe(403)
    }
  })
})
