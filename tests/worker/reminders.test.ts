// Issue 25: the e-mails that bring a buyer back — abandoned checkouts (1 h, 24 h), boletos about to
// fall due, boletos and PIX that expired, monthly fees due and overdue — sent only with consent,
// exactly once however the job runs, and stopped in one click.
import { and, eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as schema from '../../db/schema.ts'
import { REMINDER_SETTINGS } from '../../worker/config.ts'
import { CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { ApplicationList } from '../../worker/contract/plans.ts'
import { REMINDER_MESSAGES } from '../../worker/contract/reminders.ts'
import { isLate } from '../../worker/domain/editais.ts'
import { curitibaDay, curitibaDayStartMs, DAY_MS } from '../../worker/domain/time-zone.ts'
import type { Env } from '../../worker/env.ts'
import { brl } from '../../worker/services/email/templates.ts'
import { reconcilePayments } from '../../worker/services/payment-ledgers.ts'
import { newPayer, payBody } from '../support/worker/checkout.ts'
import { createClass, createUser, testContext, testDb, uniqueEmail } from '../support/worker/db.ts'
import { mailsTo } from '../support/worker/mail.ts'
import { callWith, databaseFault, emailApi, envWith, jsonPost, runCron } from '../support/worker/outages.ts'
import { applicant, createEdital, myApplications, payPlan, purchase } from '../support/worker/plans.ts'

const db = testDb()
const HOUR = 3_600_000
const workerEnv: Env = envWith()
const call = (path: string, init: RequestInit = {}) => callWith(workerEnv, path, init)
const get = (path: string) => call(path)
const post = (path: string, body: unknown) => call(path, jsonPost(body))
const at = (ms: number) => new Date(Date.now() + ms)

beforeEach(() => emailApi.mode('accept'))
afterEach(async () => {
  await databaseFault('none')
  await emailApi.mode('accept')
})

/** What the e-mail API delivered to this address. */
const remindersOf = (email: string) =>
  db.select().from(schema.reminders).where(eq(schema.reminders.email, email))
const checkoutsOf = (email: string) =>
  db.select().from(schema.abandonedCheckouts).where(eq(schema.abandonedCheckouts.email, email))

/** A new class in a new cart, as the checkout page reads it. */
async function newCart(priceCents = 49000) {
  const turma = await createClass(db, { priceCents })
  const added = await post('/carrinho-de-compras/update-cart', {
    hash: null,
    data: { id: turma.id, type: 'turma' },
    option: 'add',
  })
  const hash = (added.body as { hash: string }).hash
  return CheckoutView.parse((await get(`/checkout/get?cart=${hash}`)).body)
}

/** The checkout's capture call: the typed e-mail with the box ticked (or not). */
const capture = (hash: string, email: string, consent = true) =>
  post('/api/lembretes/checkout', { hash, email, consent })

/** A buyer who ticked the box and typed the e-mail, then left. */
async function abandon(priceCents = 49000) {
  const view = await newCart(priceCents)
  const email = uniqueEmail('lembrete')
  const saved = await capture(view.hash, email)
  expect(saved.status, saved.text).toBe(200)
  expect(saved.body).toEqual({ saved: true })
  return { view, email }
}

const pay = async (
  view: CheckoutView,
  payer: ReturnType<typeof newPayer>,
  payment: 'CREDIT_CARD' | 'PIX' | 'BOLETO',
  consent: boolean,
) => {
  const answer = await post('/checkout/pagar', {
    ...(await payBody(view, payer, payment)),
    ...(consent ? { reminders_consent: true } : {}),
  })
  expect(answer.status, answer.text).toBe(200)
  return PayResult.parse(answer.body)
}

/** The signed link of the List-Unsubscribe header, as a path of the Worker. */
function unsubscribeLink(headers: Record<string, string> | null): string {
  const link = headers?.['List-Unsubscribe']?.match(/<(https?:[^>]+)>/)?.[1]
  expect(link).toBeTruthy()
  const url = new URL(link!)
  return `${url.pathname}${url.search}`
}

const oneClick = (path: string, origin?: string) =>
  call(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin, 'sec-fetch-site': 'cross-site' } : {}),
    },
    body: 'List-Unsubscribe=One-Click',
  })

describe('abandoned checkouts', () => {
  it('with consent: one e-mail after 1 hour (items, total, link back), a second after 24 hours, then none', async () => {
    const { view, email } = await abandon(49000)
    const [row] = await checkoutsOf(email)
    expect(row).toMatchObject({ cartHash: view.hash, totalCents: 49000, orderId: null })

    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedFirstMs - 5 * 60_000))
    expect(await emailApi.acceptedFor(email)).toEqual([])

    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedFirstMs + 60_000))
    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedFirstMs + 6 * 60_000))
    const first = await emailApi.acceptedFor(email)
    expect(first).toHaveLength(1)
    expect(first[0]!.subject).toBe('Você esqueceu algo no carrinho')
    expect(first[0]!.text).toContain(`${row!.items[0]!.name}: ${brl(49000)}`)
    expect(first[0]!.text).toContain(`Total: ${brl(49000)}`)
    expect(first[0]!.text).toContain(`/checkout?retomar=${row!.id}`)
    // RFC 8058: the one-click link (https or the local origin) and the POST marker, to the API.
    expect(first[0]!.headers?.['List-Unsubscribe']).toMatch(
      /^<https?:\/\/[^>]+\/api\/lembretes\/descadastrar\?email=[^>]+&token=[\w-]{43}>, <mailto:[^>]+>$/,
    )
    expect(first[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    // The link brings back the same cart: the same checkout, which hands the cart to the browser.
    const resumed = await get(`/api/lembretes/checkout/${row!.id}`)
    expect(resumed.status).toBe(200)
    expect(resumed.body).toEqual({ hash: view.hash })
    const link = await get(`/checkout?retomar=${row!.id}`)
    expect(link.status).toBe(302)
    expect(link.headers.get('location')).toBe(`/checkout/${view.hash}?retomar=${row!.id}`)

    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedSecondMs + 60_000))
    await runCron(workerEnv, at(3 * REMINDER_SETTINGS.abandonedSecondMs))
    const both = await emailApi.acceptedFor(email)
    expect(both.map((mail) => mail.subject)).toEqual([
      'Você esqueceu algo no carrinho',
      'Sua compra ainda está esperando por você',
    ])
    expect((await remindersOf(email)).map((r) => r.kind).sort()).toEqual([
      'abandoned_first',
      'abandoned_second',
    ])
  })

  it('caps an address at one sequence a day and three a week, whatever the carts; the capped count in the figures', async () => {
    const email = uniqueEmail('limite')
    const leave = async () => {
      const view = await newCart()
      expect((await capture(view.hash, email)).status).toBe(200)
    }
    // Four carts left at once with one address (anyone may type anyone's): one first e-mail.
    for (let i = 0; i < 4; i++) await leave()
    const report = await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedFirstMs + 60_000))
    expect(report.reminders).toMatchObject({ abandoned_first: 1, capped: 3 })
    expect(await emailApi.acceptedFor(email)).toHaveLength(1)
    // The capped ones are never sent later, nor get a second; the one sent gets its second.
    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedSecondMs + 2 * 60_000))
    expect((await emailApi.acceptedFor(email)).map((mail) => mail.subject)).toEqual([
      'Você esqueceu algo no carrinho',
      'Sua compra ainda está esperando por você',
    ])
    // New carts on the following days: one sequence a day, three in the week, then none.
    const sentFirsts = async () =>
      (await remindersOf(email)).filter((r) => r.kind === 'abandoned_first' && !r.isCapped)
    for (const day of [2, 3, 4]) {
      await leave()
      await leave()
      await runCron(workerEnv, at(day * DAY_MS + REMINDER_SETTINGS.abandonedFirstMs))
    }
    expect(await sentFirsts()).toHaveLength(3)
    expect((await remindersOf(email)).filter((r) => r.isCapped)).toHaveLength(3 + 1 + 1 + 2)
    expect((await mailsTo(email)).length).toBe(6)
  })

  it('without consent nothing is kept nor sent; unticking the box forgets what was kept', async () => {
    const view = await newCart()
    const never = uniqueEmail('sem-consentimento')
    const changed = uniqueEmail('desmarcou')
    expect((await capture(view.hash, never, false)).body).toEqual({ saved: false })
    expect((await capture(view.hash, changed, true)).body).toEqual({ saved: true })
    expect(await checkoutsOf(changed)).toHaveLength(1)
    expect((await capture(view.hash, changed, false)).body).toEqual({ saved: false })
    expect(await checkoutsOf(never)).toEqual([])
    expect(await checkoutsOf(changed)).toEqual([])

    // An order without the box ticked: stored as no consent, and its expired PIX reminds nobody.
    const payer = newPayer()
    const order = await pay(view, payer, 'PIX', false)
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.order_id))
    expect(row!.remindersConsent).toBe(false)
    await db.update(schema.orders).set({ status: 'expired' }).where(eq(schema.orders.id, order.order_id))

    await runCron(workerEnv, at(2 * REMINDER_SETTINGS.abandonedSecondMs))
    for (const email of [never, changed, payer.email]) {
      expect(await emailApi.acceptedFor(email)).toEqual([])
      expect(await remindersOf(email)).toEqual([])
    }
  })

  it('an order for that cart and e-mail closes it (in the order’s own write): no reminder after', async () => {
    const { view, email } = await abandon()
    const order = await pay(view, { ...newPayer(), email }, 'CREDIT_CARD', true)
    expect((await checkoutsOf(email))[0]!.orderId).toBe(order.order_id)
    await runCron(workerEnv, at(2 * REMINDER_SETTINGS.abandonedSecondMs))
    expect(await remindersOf(email)).toEqual([])
    expect((await emailApi.acceptedFor(email)).map((mail) => mail.subject)).not.toContain(
      'Você esqueceu algo no carrinho',
    )
    // The link back no longer opens a bought cart.
    const [row] = await checkoutsOf(email)
    expect((await get(`/api/lembretes/checkout/${row!.id}`)).status).toBe(404)
    const gone = await get(`/checkout?retomar=${row!.id}`)
    expect(gone.status).toBe(404)
    expect(gone.text).toContain(REMINDER_MESSAGES.checkoutGone)
  })

  it('an address the e-mail API refuses is marked bounced and gets no second reminder', async () => {
    const { email } = await abandon()
    await emailApi.mode('reject')
    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedFirstMs + 60_000))
    await emailApi.mode('accept')
    const [suppression] = await db
      .select()
      .from(schema.emailSuppressions)
      .where(eq(schema.emailSuppressions.email, email))
    expect(suppression?.reason).toBe('bounced')
    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedSecondMs + 60_000))
    expect(await emailApi.acceptedFor(email)).toEqual([])
    expect((await remindersOf(email)).map((r) => r.kind)).toEqual(['abandoned_first'])
  })

  it('bad input answers 422 with a pt-BR message and keeps nothing', async () => {
    const email = uniqueEmail('lembrete')
    const gone = await capture('x'.repeat(40), email)
    expect(gone.status).toBe(422)
    expect(gone.body).toMatchObject({ errors: { hash: [REMINDER_MESSAGES.checkoutGone] } })
    const invalid = await post('/api/lembretes/checkout', {
      hash: 'curto',
      email: 'não é e-mail',
      consent: 'sim',
    })
    expect(invalid.status).toBe(422)
    expect(Object.keys((invalid.body as { errors: object }).errors).sort()).toEqual([
      'consent',
      'email',
      'hash',
    ])
    expect(await checkoutsOf(email)).toEqual([])
    expect((await get('/api/lembretes/checkout/chk_00000000000000000000000000000000')).status).toBe(404)
    expect((await get('/api/lembretes/checkout/qualquer')).status).toBe(422)
    expect((await get('/checkout?retomar=qualquer')).status).toBe(422)
  })
})

describe('unsubscribe in one click (RFC 8058)', () => {
  it('GET confirms and changes nothing; a forged or altered link is refused; the POST stops every reminder', async () => {
    const { email } = await abandon()
    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedFirstMs + 60_000))
    const [mail] = await emailApi.acceptedFor(email)
    const link = unsubscribeLink(mail!.headers)

    const page = await get(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.text).toContain('Não quero mais receber lembretes')
    expect(page.text).toContain(email)

    const url = new URL(link, 'http://localhost')
    const token = url.searchParams.get('token')!
    const forged = `${url.pathname}?email=${encodeURIComponent(email)}&token=${'A'.repeat(43)}`
    const otherAddress = `${url.pathname}?email=${encodeURIComponent(uniqueEmail('outra'))}&token=${token}`
    for (const bad of [forged, otherAddress]) {
      expect((await get(bad)).status).toBe(403)
      const refused = await oneClick(bad)
      expect(refused.status).toBe(403)
      expect(refused.text).toContain(REMINDER_MESSAGES.badLink)
    }
    expect((await oneClick(`${url.pathname}?email=${encodeURIComponent(email)}&token=curto`)).status).toBe(
      422,
    )
    const suppressed = () =>
      db.select().from(schema.emailSuppressions).where(eq(schema.emailSuppressions.email, email))
    expect(await suppressed()).toEqual([])

    // The mail provider's POST, from its own origin, with no session.
    const done = await oneClick(link, 'https://mail.example.com')
    expect(done.status).toBe(200)
    expect(done.text).toContain(REMINDER_MESSAGES.unsubscribed)
    expect((await suppressed())[0]?.reason).toBe('unsubscribed')

    await runCron(workerEnv, at(REMINDER_SETTINGS.abandonedSecondMs + 60_000))
    expect(await emailApi.acceptedFor(email)).toHaveLength(1)
    expect((await remindersOf(email)).map((r) => r.kind)).toEqual(['abandoned_first'])
  })
})

describe('exactly once', () => {
  it('two runs at the same moment send each reminder once', async () => {
    const buyers = await Promise.all([abandon(), abandon(), abandon()])
    const when = at(REMINDER_SETTINGS.abandonedFirstMs + 60_000)
    await Promise.all([runCron(workerEnv, when), runCron(workerEnv, when)])
    for (const { email } of buyers) {
      expect(await remindersOf(email)).toHaveLength(1)
      expect(await mailsTo(email)).toHaveLength(1)
      expect(await emailApi.acceptedFor(email)).toHaveLength(1)
    }
  })

  it('a run cut by the database at each point, then run again: each reminder exactly once', async () => {
    for (const cut of [2, 4, 6, 8, 10]) {
      const buyers = await Promise.all([abandon(), abandon()])
      const when = at(REMINDER_SETTINGS.abandonedFirstMs + 60_000)
      await databaseFault('refuse', cut)
      await runCron(workerEnv, when).catch(() => 'cut')
      await databaseFault('none')
      await runCron(workerEnv, when)
      await runCron(workerEnv, when)
      for (const { email } of buyers) {
        expect(await remindersOf(email), `cut after ${cut}`).toHaveLength(1)
        expect(await mailsTo(email), `cut after ${cut}`).toHaveLength(1)
        expect(await emailApi.acceptedFor(email), `cut after ${cut}`).toHaveLength(1)
      }
    }
  })
})

describe('boletos and PIX (the Pagar.me sandbox)', () => {
  it('a boleto unpaid the day before it falls due: its digitable line and PDF; once expired, a link that issues a new one', async () => {
    const view = await newCart(31000)
    const payer = newPayer()
    const result = await pay(view, payer, 'BOLETO', true)
    expect(result.status).toBe('pending')
    const dueAt = new Date(result.boleto_due_at!)
    const dayBefore = curitibaDayStartMs(curitibaDay(new Date(dueAt.getTime() - DAY_MS))) + 12 * HOUR

    await runCron(workerEnv, new Date(dayBefore - DAY_MS))
    expect(await emailApi.acceptedFor(payer.email)).toEqual([])
    await runCron(workerEnv, new Date(dayBefore))
    await runCron(workerEnv, new Date(dayBefore + HOUR))
    const due = await emailApi.acceptedFor(payer.email)
    const reminders = due.filter((mail) => mail.subject.startsWith('Seu boleto vence amanhã'))
    expect(reminders).toHaveLength(1)
    expect(reminders[0]!.text).toContain(`Linha digitável: ${result.ccj_pay_number}`)
    expect(reminders[0]!.text).toContain(result.ccj_boleto_link!)

    // Past its due date and the grace: the reconciliation closes it as expired at the provider.
    const later = testContext({ now: new Date(dueAt.getTime() + 6 * DAY_MS) })
    for (let run = 0; run < 8; run++) {
      const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, result.order_id))
      if (row!.status !== 'pending') break
      await reconcilePayments({ ctx: later })
    }
    await runCron(workerEnv, new Date(dueAt.getTime() + 6 * DAY_MS))
    await runCron(workerEnv, new Date(dueAt.getTime() + 7 * DAY_MS))
    const expired = (await emailApi.acceptedFor(payer.email)).filter((mail) =>
      mail.subject.startsWith('Seu boleto expirou'),
    )
    expect(expired).toHaveLength(1)
    expect(expired[0]!.text).toContain(`/usuario/compras/${result.order_id}`)
  })

  it('a PIX that expired unpaid: one e-mail whose link issues a new one for the same order', async () => {
    const payer = newPayer()
    const result = await pay(await newCart(), payer, 'PIX', true)
    const expiredAt = new Date(Date.now() + HOUR)
    for (let run = 0; run < 8; run++) {
      const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, result.order_id))
      if (row!.status !== 'pending') break
      await reconcilePayments({ ctx: testContext({ now: expiredAt }) })
    }
    await runCron(workerEnv, expiredAt)
    await runCron(workerEnv, new Date(expiredAt.getTime() + HOUR))
    const mails = await emailApi.acceptedFor(payer.email)
    const expired = mails.filter((mail) => mail.subject.startsWith('Seu PIX expirou'))
    expect(expired).toHaveLength(1)
    expect(expired[0]!.text).toContain(`/usuario/compras/${result.order_id}`)
    expect((await remindersOf(payer.email)).map((r) => r.kind)).toEqual(['pix_expired'])
  })
})

describe('monthly fees', () => {
  it('due in 3 days: a reminder linking the plan payment; overdue: one more; none without consent', async () => {
    const today = curitibaDay(new Date())
    const dueOn = curitibaDay(new Date(curitibaDayStartMs(today) + 2 * DAY_MS + HOUR))
    const { edital, plans } = await createEdital([{ name: 'Mensalidade de março', amountCents: 45000 }])
    await db
      .update(schema.feePlans)
      .set({ kind: 'monthly', dueOn })
      .where(eq(schema.feePlans.id, plans[0]!.id))
    const consenting = await createUser(db, { email: uniqueEmail('inscrita') })
    const silent = await createUser(db, { email: uniqueEmail('inscrita-sem') })
    const [withConsent] = await db
      .insert(schema.applications)
      .values([
        { editalId: edital.id, userId: consenting.id, status: 'approved', remindersConsent: true },
        { editalId: edital.id, userId: silent.id, status: 'approved', remindersConsent: false },
      ])
      .returning()

    await runCron(workerEnv, new Date())
    await runCron(workerEnv, at(HOUR))
    const due = await emailApi.acceptedFor(consenting.email)
    expect(due.map((mail) => mail.subject)).toEqual([`Mensalidade a vencer — ${edital.title}`])
    expect(due[0]!.text).toContain(
      `/usuario/editais/mensalidade/${plans[0]!.id}?inscricao=${withConsent!.id}`,
    )
    expect(due[0]!.text).toContain(brl(45000))

    const overdue = new Date(curitibaDayStartMs(dueOn) + DAY_MS + 10 * HOUR)
    await runCron(workerEnv, overdue)
    await runCron(workerEnv, new Date(overdue.getTime() + DAY_MS))
    expect((await emailApi.acceptedFor(consenting.email)).map((mail) => mail.subject)).toEqual([
      `Mensalidade a vencer — ${edital.title}`,
      `Mensalidade em atraso — ${edital.title}`,
    ])
    expect(await emailApi.acceptedFor(silent.email)).toEqual([])
    const kinds = await db
      .select({ kind: schema.reminders.kind })
      .from(schema.reminders)
      .where(and(inArray(schema.reminders.email, [consenting.email, silent.email])))
    expect(kinds.map((row) => row.kind).sort()).toEqual(['fee_due', 'fee_overdue'])
  })

  it('the plan payment screen records the consent; an overdue fee gets one reminder, and Meus editais says late', async () => {
    const { edital, plans } = await createEdital([
      { name: 'Inscrição', amountCents: 10000, methods: ['boleto'] },
      { name: 'Mensalidade de fevereiro', amountCents: 45000 },
    ])
    const overdueOn = curitibaDay(new Date(Date.now() - 2 * DAY_MS))
    await db
      .update(schema.feePlans)
      .set({ kind: 'monthly', dueOn: overdueOn })
      .where(eq(schema.feePlans.id, plans[1]!.id))
    const { user, application, cookie } = await applicant(edital.id)
    const paid = await payPlan(cookie, purchase(user, plans[0]!, application.id, { reminders_consent: true }))
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const [row] = await db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, application.id))
    expect(row!.remindersConsent).toBe(true)
    await db
      .update(schema.applications)
      .set({ status: 'approved' })
      .where(eq(schema.applications.id, application.id))

    await runCron(workerEnv, new Date())
    await runCron(workerEnv, at(HOUR))
    const mails = await emailApi.acceptedFor(user.email)
    expect(mails.map((mail) => mail.subject)).toEqual([`Mensalidade em atraso — ${edital.title}`])
    // Meus editais reads an unpaid fee past its day as late (web/src/features/plans/my-editais-page.tsx).
    const listed = ApplicationList.parse(await myApplications(cookie)).find(
      (row) => row.id === application.id,
    )
    const fee = listed!.plans.find((plan) => plan.id === plans[1]!.id)!
    expect(fee.state).toBe('due')
    expect(isLate(fee.due_on, false, curitibaDay(new Date()))).toBe(true)
  })
})
