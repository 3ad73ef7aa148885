import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications, editais, emailOutbox, feePlans, planPayments } from '../../db/schema.ts'
import {
  AdminApplication,
  AdminApplicationPage,
  AdminEdital,
  AdminEditalPage,
  type EditalInput,
} from '../../worker/contract/admin-editais.ts'
import { Dashboard } from '../../worker/contract/admin-sales.ts'
import { Edital, SearchResults } from '../../worker/contract/catalog.ts'
import { curitibaDay } from '../../worker/domain/time-zone.ts'
import { adminCall, auditOf, fileAdmin } from '../support/worker/admin.ts'
import { call } from '../support/worker/checkout.ts'
import { createUser, sessionCookie, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { mailsTo } from '../support/worker/mail.ts'
import {
  BANK_ACCOUNT,
  chargeAtProvider,
  outage,
  payAtProvider,
  providerRequests,
  sendWebhook,
} from '../support/worker/pagarme.ts'
import { byCard, myApplications, paymentRows, payPlan, purchase } from '../support/worker/plans.ts'

const db = testDb()
const admin = fileAdmin()

/** A call's form: a registration fee (any method) and two monthly fees with due days. */
function callForm(values: Partial<EditalInput> = {}) {
  return {
    title: `Residência em Nefrologia ${unique('t')}`,
    slug: unique('residencia'),
    summary: 'Seleção para a residência.',
    body: '## Vagas\n\nDuas vagas.',
    opens_on: '2026-11-01',
    closes_on: '2027-01-31',
    places: 2,
    plans: [
      {
        kind: 'registration',
        name: 'Taxa de inscrição',
        amount_cents: 35000,
        payment_methods: ['credit_card', 'boleto', 'debit_card'],
      },
      {
        kind: 'monthly',
        name: 'Mensalidade de março',
        amount_cents: 89000,
        due_on: '2027-03-10',
        payment_methods: ['credit_card', 'boleto'],
        instalment_times: 3,
      },
      {
        kind: 'monthly',
        name: 'Mensalidade vencida',
        amount_cents: 89000,
        due_on: '2026-01-10',
        payment_methods: ['boleto'],
      },
    ],
    ...values,
  } satisfies EditalInput
}

/** A call's fees as its form sends them back (each kept by its id). */
const planInputs = (edital: AdminEdital) =>
  edital.plans.map(({ id, kind, name, amount_cents, due_on, payment_methods, instalment_times }) => ({
    id,
    kind,
    name,
    amount_cents,
    due_on,
    payment_methods,
    instalment_times,
  }))

async function openCall(values: Partial<EditalInput> = {}) {
  const created = await adminCall(admin(), 'POST', '/api/admin/editais', callForm(values))
  expect(created.status).toBe(201)
  const edital = AdminEdital.parse(created.body)
  const opened = await adminCall(admin(), 'PUT', `/api/admin/editais/${edital.id}/situacao`, {
    state: 'open',
    version: edital.version,
  })
  expect(opened.status).toBe(200)
  return AdminEdital.parse(opened.body)
}

/** A student who applied to the call through the API. */
async function applies(editalId: number) {
  const user = await createUser(db, { phone: '(41) 99876-5432' })
  const cookie = await sessionCookie(user.id)
  const answer = await call(`/api/usuario/editais/${editalId}/inscricao`, null, { cookie })
  expect(answer.status).toBe(200)
  return { user, cookie, applicationId: (answer.body as { id: number }).id }
}

const decide = (id: number, decision: string, reason = '') =>
  adminCall(admin(), 'POST', `/api/admin/inscricoes/${id}/decisao`, { decision, reason })

describe('calls (/api/admin/editais)', () => {
  it('creates a draft call with its fee plan; published, its page and the Editais menu show it at once', async () => {
    const form = callForm()
    const created = await adminCall(admin(), 'POST', '/api/admin/editais', form)
    expect(created.status).toBe(201)
    const draft = AdminEdital.parse(created.body)
    expect(draft).toMatchObject({
      state: 'draft',
      opens_on: '2026-11-01',
      closes_on: '2027-01-31',
      version: 1,
    })
    expect(draft.applications).toEqual({ places: 2, submitted: 0, approved: 0, waitlisted: 0, rejected: 0 })
    expect(draft.plans.map((plan) => [plan.kind, plan.name, plan.due_on])).toEqual([
      ['registration', 'Taxa de inscrição', null],
      ['monthly', 'Mensalidade vencida', '2026-01-10'],
      ['monthly', 'Mensalidade de março', '2027-03-10'],
    ])
    // A draft is not public: no page, not in the menu.
    expect((await call(`/api/editais/${form.slug}`)).status).toBe(404)
    const menuBefore = SearchResults.parse((await call('/search/getSearch?menu=true')).body)
    expect(menuBefore.some((item) => item.url === `/editais/${form.slug}`)).toBe(false)

    const published = await adminCall(admin(), 'PUT', `/api/admin/editais/${draft.id}/situacao`, {
      state: 'open',
      version: 1,
    })
    expect(published.status).toBe(200)
    const page = Edital.parse((await call(`/api/editais/${form.slug}`)).body)
    expect(page).toMatchObject({ title: form.title, is_open: true, places: 2, pdf_url: null })
    expect(page.plans.map((plan) => plan.kind)).toEqual(['registration', 'monthly', 'monthly'])
    const menu = SearchResults.parse((await call('/search/getSearch?menu=true')).body)
    expect(menu).toContainEqual({ name: form.title, url: `/editais/${form.slug}` })

    const list = AdminEditalPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/editais?q=${encodeURIComponent(form.slug)}`)).body,
    )
    expect(list.items).toEqual([expect.objectContaining({ id: draft.id, state: 'open', version: 2 })])
    const actions = (await auditOf('edital', draft.id)).map((line) => line.action)
    expect(actions).toEqual(['edital.state', 'edital.create'])
  })

  it('every other new call refuses bad input (422, pt-BR, nothing changed); a stale state change is 409', async () => {
    const edital = await openCall()
    const student = await applies(edital.id)
    const before = await db.select().from(editais).where(eq(editais.id, edital.id))
    const cases: Array<[string, string, unknown, string, string]> = [
      ['GET', '/api/admin/editais?state=aberto', undefined, 'state', 'Situação inválida.'],
      [
        'PUT',
        `/api/admin/editais/${edital.id}/situacao`,
        { state: 'publicado', version: edital.version },
        'state',
        'Situação inválida.',
      ],
      ['GET', `/api/admin/editais/${edital.id}/inscricoes?late=sim`, undefined, 'late', 'Filtro inválido.'],
      [
        'GET',
        `/api/admin/editais/${edital.id}/inscricoes?status=aceita`,
        undefined,
        'status',
        'Situação inválida.',
      ],
      [
        'GET',
        `/api/admin/editais/${edital.id}/inscricoes/exportacao?from=2026-02-30`,
        undefined,
        'from',
        'Data inválida (use AAAA-MM-DD).',
      ],
      [
        'POST',
        `/api/admin/inscricoes/${student.applicationId}/decisao`,
        { decision: 'aceita' },
        'decision',
        'Escolha: aprovar, lista de espera ou recusar.',
      ],
      ['POST', `/api/admin/editais/pagamentos/pla_x/estorno`, {}, 'id', 'Pagamento inválido.'],
    ]
    for (const [method, path, body, field, message] of cases) {
      const answer = await adminCall(admin(), method as 'GET' | 'PUT' | 'POST', path, body)
      expect(answer.status, `${method} ${path}`).toBe(422)
      expect(answer.body.errors[field], `${method} ${path}`).toEqual([message])
    }
    expect(await db.select().from(editais).where(eq(editais.id, edital.id))).toEqual(before)
    expect(
      (await db.select().from(applications).where(eq(applications.id, student.applicationId)))[0]!.status,
    ).toBe('submitted')
    const stale = await adminCall(admin(), 'PUT', `/api/admin/editais/${edital.id}/situacao`, {
      state: 'closed',
      version: edital.version - 1,
    })
    expect(stale.status).toBe(409)
    expect((await db.select().from(editais).where(eq(editais.id, edital.id)))[0]!.isOpen).toBe(true)
  })

  it('refuses bad input with pt-BR messages by field, and changes nothing', async () => {
    const slug = unique('invalido')
    // A monthly fee without its due day, in instalments though paid by boleto.
    const undatedMonthly = {
      kind: 'monthly',
      name: 'Mensalidade',
      amount_cents: 89000,
      payment_methods: ['boleto'],
      instalment_times: 3,
    }
    const bad = await adminCall(admin(), 'POST', '/api/admin/editais', {
      ...callForm({ slug }),
      title: '',
      opens_on: '2027-02-01',
      closes_on: '2027-01-01',
      places: 0,
      plans: [undatedMonthly, { kind: 'semestral', name: 'X', amount_cents: -1, payment_methods: [] }],
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({
      title: ['Informe o título do edital.'],
      places: ['No mínimo 1 vaga.'],
      'plans.1.kind': ['Escolha o tipo da taxa.'],
      'plans.1.payment_methods': ['Escolha ao menos uma forma de pagamento.'],
    })
    const second = await adminCall(admin(), 'POST', '/api/admin/editais', {
      ...callForm({ slug }),
      opens_on: '2027-02-01',
      closes_on: '2027-01-01',
      plans: [undatedMonthly],
    })
    expect(second.status).toBe(422)
    expect(second.body.errors).toMatchObject({
      closes_on: ['O fim das inscrições deve ser no mesmo dia do início ou depois.'],
      'plans.0.due_on': ['Informe o vencimento da mensalidade.'],
      'plans.0.instalment_times': ['Parcelas só valem com cartão de crédito.'],
    })
    expect(await db.select().from(editais).where(eq(editais.slug, slug))).toEqual([])
    const taken = await openCall()
    const again = await adminCall(admin(), 'POST', '/api/admin/editais', callForm({ slug: taken.slug }))
    expect(again.status).toBe(422)
    expect(again.body.errors.slug).toEqual(['Este endereço já é de outro edital. Escolha outro.'])
  })

  it('an edit keeps, adds and removes fees; a stale edit is 409; a fee with payments keeps its amount', async () => {
    const edital = await openCall()
    const [registration, , march] = edital.plans
    const base = callForm({ slug: edital.slug, title: edital.title })
    const edited = await adminCall(admin(), 'PUT', `/api/admin/editais/${edital.id}`, {
      ...base,
      title: `${edital.title} (retificado)`,
      plans: [
        { ...base.plans[0], id: registration!.id, name: 'Taxa de inscrição (retificada)' },
        { ...base.plans[1], id: march!.id },
        {
          kind: 'monthly',
          name: 'Mensalidade de abril',
          amount_cents: 89000,
          due_on: '2027-04-10',
          payment_methods: ['boleto'],
        },
      ],
      version: edital.version,
    })
    expect(edited.status).toBe(200)
    const after = AdminEdital.parse(edited.body)
    expect(after.title).toBe(`${edital.title} (retificado)`)
    expect(after.plans.map((plan) => plan.name)).toEqual([
      'Taxa de inscrição (retificada)',
      'Mensalidade de março',
      'Mensalidade de abril',
    ])
    const stale = await adminCall(admin(), 'PUT', `/api/admin/editais/${edital.id}`, {
      ...base,
      title: 'Outra edição',
      version: edital.version,
    })
    expect(stale.status).toBe(409)
    expect((await db.select().from(editais).where(eq(editais.id, edital.id)))[0]!.title).toBe(after.title)

    // The registration fee gets a payment: its amount and methods stay, and it cannot go.
    const student = await applies(edital.id)
    const paid = await payPlan(
      student.cookie,
      await byCard(
        purchase(student.user, { id: registration!.id, amountCents: 35000 }, student.applicationId),
        'credit_card',
      ),
    )
    expect(paid.status).toBe(200)
    const plans = planInputs(after)
    const dearer = await adminCall(admin(), 'PUT', `/api/admin/editais/${edital.id}`, {
      ...base,
      title: after.title,
      plans: [{ ...plans[0], amount_cents: 40000 }, ...plans.slice(1)],
      version: after.version,
    })
    expect(dearer.status).toBe(422)
    expect(dearer.body.errors['plans.0.amount_cents']).toEqual([
      'Esta taxa já tem pagamentos: ela não pode ser excluída, e seu valor e suas formas de pagamento não mudam.',
    ])
    const without = await adminCall(admin(), 'PUT', `/api/admin/editais/${edital.id}`, {
      ...base,
      title: after.title,
      plans: plans.slice(1),
      version: after.version,
    })
    expect(without.status).toBe(422)
    const rows = await db.select().from(feePlans).where(eq(feePlans.editalId, edital.id))
    expect(rows.find((row) => row.id === registration!.id)?.amountCents).toBe(35000)
  })

  it('takes the call’s PDF (a real PDF only) and the public page links it', async () => {
    const edital = await openCall()
    const fake = new FormData()
    fake.append('pdf', new File(['não é pdf'], 'edital.pdf', { type: 'application/pdf' }))
    const refused = await adminCall(admin(), 'POST', `/api/admin/editais/${edital.id}/pdf`, fake)
    expect(refused.status).toBe(422)
    expect(refused.body.errors.pdf).toEqual(['O arquivo enviado não é um PDF válido.'])
    const form = new FormData()
    form.append('pdf', new File(['%PDF-1.4\n%…\n'], 'edital.pdf', { type: 'application/pdf' }))
    const uploaded = await adminCall(admin(), 'POST', `/api/admin/editais/${edital.id}/pdf`, form)
    expect(uploaded.status).toBe(200)
    const { pdf_url } = AdminEdital.parse(uploaded.body)
    expect(pdf_url).toMatch(/^\/files\/editais%2F[0-9a-f-]+\.pdf$/)
    expect(Edital.parse((await call(`/api/editais/${edital.slug}`)).body).pdf_url).toBe(pdf_url)
    const file = await workerFetch(`http://localhost${pdf_url}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(await file.text()).toMatch(/^%PDF-1\.4/)
  })
})

describe('applications', () => {
  it('lists, searches and exports a call’s applications; decisions e-mail the student, who reads the reason', async () => {
    const edital = await openCall({ places: 5 })
    const ana = await applies(edital.id)
    const bruno = await applies(edital.id)
    const page = AdminApplicationPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/editais/${edital.id}/inscricoes`)).body,
    )
    expect(page.total).toBe(2)
    expect(page.items[0]).toMatchObject({
      status: 'submitted',
      due_cents: 35000,
      late_cents: 0,
      paid_cents: 0,
    })
    const found = AdminApplicationPage.parse(
      (
        await adminCall(
          admin(),
          'GET',
          `/api/admin/editais/${edital.id}/inscricoes?q=${encodeURIComponent(ana.user.email)}`,
        )
      ).body,
    )
    expect(found.items.map((item) => item.id)).toEqual([ana.applicationId])

    // Before approval the student sees the registration fee only, and cannot pay a monthly fee.
    const [mine] = await myApplications(ana.cookie)
    expect(mine!.plans.map((plan) => plan.id)).toEqual([edital.plans[0]!.id])
    const early = await payPlan(
      ana.cookie,
      purchase(ana.user, { id: edital.plans[2]!.id, amountCents: 89000 }, ana.applicationId),
    )
    expect(early.status).toBe(422)

    const approved = AdminApplication.parse((await decide(ana.applicationId, 'approved')).body)
    expect(approved.status).toBe('approved')
    // Approved: the monthly fees are due, the one past its day late.
    expect(approved.fees.map((fee) => [fee.name, fee.state])).toEqual([
      ['Taxa de inscrição', 'due'],
      ['Mensalidade vencida', 'late'],
      ['Mensalidade de março', 'due'],
    ])
    expect(approved.late_cents).toBe(89000)
    const noReason = await decide(bruno.applicationId, 'rejected')
    expect(noReason.status).toBe(422)
    expect(noReason.body.errors.reason).toEqual(['Diga o motivo: o candidato lê esta mensagem.'])
    const rejected = AdminApplication.parse(
      (await decide(bruno.applicationId, 'rejected', 'Documentação incompleta.')).body,
    )
    expect(rejected).toMatchObject({ status: 'rejected', decision_reason: 'Documentação incompleta.' })
    const [seen] = await myApplications(bruno.cookie)
    expect(seen).toMatchObject({ status: 'rejected', decision_reason: 'Documentação incompleta.', plans: [] })
    const [monthly] = await myApplications(ana.cookie)
    expect(monthly!.plans).toHaveLength(3)

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%${edital.title}`))
    expect(mails.map((mail) => [mail.to, mail.subject.split(' — ')[0]]).sort()).toEqual(
      [
        [ana.user.email, 'Inscrição aprovada'],
        [bruno.user.email, 'Inscrição não aprovada'],
      ].sort(),
    )
    expect(mails.find((mail) => mail.to === bruno.user.email)?.text).toContain('Documentação incompleta.')
    expect((await auditOf('application', bruno.applicationId)).map((line) => line.action)).toEqual([
      'application.rejected',
    ])

    const late = AdminApplicationPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/editais/${edital.id}/inscricoes?late=1`)).body,
    )
    expect(late.items.map((item) => item.id)).toEqual([ana.applicationId])
    const dashboard = Dashboard.parse(
      (
        await adminCall(
          admin(),
          'GET',
          `/api/admin/dashboard?from=${curitibaDay(new Date())}&to=${curitibaDay(new Date())}`,
        )
      ).body,
    )
    expect(dashboard.late_fees).toContainEqual(
      expect.objectContaining({
        application_id: ana.applicationId,
        fee: 'Mensalidade vencida',
        amount_cents: 89000,
      }),
    )

    const csv = await adminCall(admin(), 'GET', `/api/admin/editais/${edital.id}/inscricoes/exportacao`)
    expect(csv.status).toBe(200)
    const [header, first] = (csv.body as string).replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toBe(
      'Inscrito em;Origem;Nome;E-mail;Situação;Motivo;Pago;Aguardando;A pagar;Em atraso;Estornado',
    )
    expect(first).toContain(`;Edital: ${edital.title};`)
  })

  it('two admins approving the last place at once: one approved, the other refused (409), nothing over-filled', async () => {
    const edital = await openCall({ places: 2 })
    const first = await applies(edital.id)
    expect((await decide(first.applicationId, 'approved')).status).toBe(200)
    const rivals = await Promise.all([applies(edital.id), applies(edital.id)])
    const answers = await Promise.all(rivals.map((rival) => decide(rival.applicationId, 'approved')))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)!
    expect(refused.body.msg).toBe(
      'As vagas deste edital já estão preenchidas: recuse ou ponha a inscrição na lista de espera.',
    )
    const approvedRows = await db
      .select()
      .from(applications)
      .where(and(eq(applications.editalId, edital.id), eq(applications.status, 'approved')))
    expect(approvedRows).toHaveLength(2)
    const loser = rivals[answers.indexOf(refused)]!
    expect(
      (await db.select().from(applications).where(eq(applications.id, loser.applicationId)))[0]!.status,
    ).toBe('submitted')
    // Nothing was written for the refused approval: no audit line, no e-mail.
    expect(await auditOf('application', loser.applicationId)).toEqual([])
    expect(await mailsTo(loser.user.email)).toEqual([])
    // The waiting list takes it; fewer places than approved is refused.
    expect((await decide(loser.applicationId, 'waitlisted', 'Aguarde uma vaga.')).status).toBe(200)
    const current = AdminEdital.parse(
      (await adminCall(admin(), 'GET', `/api/admin/editais/${edital.id}`)).body,
    )
    expect(current.applications).toMatchObject({ places: 2, approved: 2, waitlisted: 1 })
    const fewer = await adminCall(admin(), 'PUT', `/api/admin/editais/${edital.id}`, {
      ...callForm({ slug: edital.slug, title: edital.title }),
      places: 1,
      plans: planInputs(current),
      version: current.version,
    })
    expect(fewer.status).toBe(422)
    expect(fewer.body.errors.places).toEqual(['Já há mais inscrições aprovadas do que esse número de vagas.'])
  })
})

describe('plan payments and their money', () => {
  it('a fee paid by card shows on the call and in the dashboard by source; refunded once for 10 clicks', async () => {
    const edital = await openCall({ places: 3 })
    const student = await applies(edital.id)
    const registration = edital.plans[0]!
    const paid = await payPlan(
      student.cookie,
      await byCard(
        purchase(student.user, { id: registration.id, amountCents: 35000 }, student.applicationId),
        'credit_card',
      ),
    )
    expect(paid.status).toBe(200)
    const paymentId = (paid.body as { payment_id: string }).payment_id

    const withMoney = AdminEdital.parse(
      (await adminCall(admin(), 'GET', `/api/admin/editais/${edital.id}`)).body,
    )
    expect(withMoney.plans[0]!.money).toMatchObject({ applications: 1, paid: { count: 1, cents: 35000 } })
    expect(withMoney.plans[0]!.has_payments).toBe(true)
    const today = curitibaDay(new Date())
    const before = Dashboard.parse(
      (await adminCall(admin(), 'GET', `/api/admin/dashboard?from=${today}&to=${today}`)).body,
    )
    expect(before.totals.by_source.plans.paid).toBeGreaterThanOrEqual(35000)
    expect(before.totals.paid).toBe(before.totals.by_source.orders.paid + before.totals.by_source.plans.paid)
    expect(before.totals.plan_payments).toBeGreaterThanOrEqual(1)

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        adminCall(admin(), 'POST', `/api/admin/editais/pagamentos/${paymentId}/estorno`, {}),
      ),
    )
    expect(answers.every((answer) => [200, 202].includes(answer.status))).toBe(true)
    const [row] = await db.select().from(planPayments).where(eq(planPayments.id, paymentId))
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 35000, refundKey: null })
    expect(await providerRequests(`/charges/${row!.gatewayChargeId}`, 'DELETE')).toHaveLength(1)
    expect((await auditOf('plan_payment', paymentId)).map((line) => line.action)).toEqual([
      'plan_payment.refund_requested',
    ])
    const application = AdminApplication.parse(
      (await adminCall(admin(), 'GET', `/api/admin/inscricoes/${student.applicationId}`)).body,
    )
    expect(application.fees[0]).toMatchObject({ state: 'refunded' })
    expect(application.refunded_cents).toBe(35000)
    const after = Dashboard.parse(
      (await adminCall(admin(), 'GET', `/api/admin/dashboard?from=${today}&to=${today}`)).body,
    )
    expect(after.totals.by_source.plans.refunded - before.totals.by_source.plans.refunded).toBe(35000)
    const again = await adminCall(admin(), 'POST', `/api/admin/editais/pagamentos/${paymentId}/estorno`, {})
    expect(again.status).toBe(200)
    expect(again.body.message).toBe('Este pagamento já foi estornado.')
    const unknown = await adminCall(
      admin(),
      'POST',
      `/api/admin/editais/pagamentos/pla_${'0'.repeat(32)}/estorno`,
      {},
    )
    expect(unknown.status).toBe(404)
  })

  it('a fee boleto paid short counts as paid; its refund gives back what arrived, in parts or at once', async () => {
    const edital = await openCall({ places: 3 })
    const student = await applies(edital.id)
    const slip = await payPlan(
      student.cookie,
      purchase(student.user, { id: edital.plans[0]!.id, amountCents: 35000 }, student.applicationId),
    )
    expect(slip.status).toBe(200)
    const paymentId = (slip.body as { payment_id: string }).payment_id
    const [issued] = await db.select().from(planPayments).where(eq(planPayments.id, paymentId))
    await payAtProvider(issued!.gatewayChargeId!, 30000)
    expect((await sendWebhook('charge.underpaid', issued!.gatewayChargeId!)).status).toBe(200)
    const refund = (body: object) =>
      adminCall(admin(), 'POST', `/api/admin/editais/pagamentos/${paymentId}/estorno`, {
        bank_account: BANK_ACCOUNT,
        ...body,
      })
    const part = await refund({ amount_cents: 1000 })
    expect(part.status, JSON.stringify(part.body)).toBe(200)
    expect(part.body).toMatchObject({ status: 'partially_refunded', refunded_cents: 1000 })
    const rest = await refund({})
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_cents: 30000 })
  })

  it('a refusal closes the applicant’s unpaid boleto and cancels it at the provider, once; a paid fee stays paid', async () => {
    const edital = await openCall({ places: 3 })
    const registration = edital.plans[0]!
    const waiting = await applies(edital.id)
    const boleto = await payPlan(
      waiting.cookie,
      purchase(waiting.user, { id: registration.id, amountCents: 35000 }, waiting.applicationId),
    )
    expect(boleto.status).toBe(200)
    const paid = await applies(edital.id)
    expect(
      (
        await payPlan(
          paid.cookie,
          await byCard(
            purchase(paid.user, { id: registration.id, amountCents: 35000 }, paid.applicationId),
            'credit_card',
          ),
        )
      ).status,
    ).toBe(200)

    // The admin clicks twice: one cancellation at the provider.
    for (let i = 0; i < 2; i++) {
      expect((await decide(waiting.applicationId, 'rejected', 'Documentação incompleta.')).status).toBe(200)
    }
    const [closed] = await paymentRows(waiting.applicationId)
    expect(closed).toMatchObject({ status: 'expired' })
    expect((await chargeAtProvider(closed!.gatewayChargeId!)).status).toBe('canceled')
    const cancels = await providerRequests(`/charges/${closed!.gatewayChargeId}`, 'DELETE')
    expect(cancels.map((request) => request.idempotencyKey)).toEqual([`recusado-${closed!.id}`])
    // The applicant no longer owes it, nor can pay it again here.
    const mine = (await myApplications(waiting.cookie)).find((row) => row.id === waiting.applicationId)!
    expect(mine.due_cents).toBe(0)
    const again = await payPlan(
      waiting.cookie,
      purchase(waiting.user, { id: registration.id, amountCents: 35000 }, waiting.applicationId),
    )
    expect(again.status).toBe(422)

    expect((await decide(paid.applicationId, 'rejected', 'Fora do perfil do edital.')).status).toBe(200)
    const [kept] = await paymentRows(paid.applicationId)
    expect(kept).toMatchObject({ status: 'paid' })
    expect(await providerRequests(`/charges/${kept!.gatewayChargeId}`, 'DELETE')).toEqual([])
  })

  it('a refusal while the provider is down still closes the boleto here (the decision is not held up)', async () => {
    const edital = await openCall({ places: 3 })
    const student = await applies(edital.id)
    const registration = edital.plans[0]!
    expect(
      (
        await payPlan(
          student.cookie,
          purchase(student.user, { id: registration.id, amountCents: 35000 }, student.applicationId),
        )
      ).status,
    ).toBe(200)
    const [row] = await paymentRows(student.applicationId)
    await outage(row!.gatewayChargeId!)
    try {
      expect((await decide(student.applicationId, 'rejected', 'Vagas preenchidas.')).status).toBe(200)
    } finally {
      await outage(row!.gatewayChargeId!, false)
    }
    const [closed] = await paymentRows(student.applicationId)
    expect(closed).toMatchObject({ status: 'expired' })
    // Not cancelled there: paid all the same, its report is recorded and the admin refunds it.
    expect((await chargeAtProvider(closed!.gatewayChargeId!)).status).toBe('pending')
  })
})
