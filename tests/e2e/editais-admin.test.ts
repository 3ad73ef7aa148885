import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { applications, planPayments, users } from '../../db/schema.ts'
import { addDays } from '../../worker/domain/dashboard.ts'
import { curitibaDay } from '../../worker/domain/time-zone.ts'
import { openAdminSection, signInAdminByApi } from '../support/e2e/admin.ts'
import { fileBrowser, journeyPages, screenshot } from '../support/e2e/browser.ts'
import { addressByCep } from '../support/e2e/checkout.ts'
import { pageOverflow } from '../support/e2e/phone.ts'
import { choosePlanPayment } from '../support/e2e/plans.ts'
import { baseURL, e2eDatabaseUrl, pagarmeSandbox } from '../support/e2e/stack.ts'

// Issue 26 in Chromium: the admin opens a call with two places and a fee plan (a registration fee
// paid by boleto, two monthly fees) and publishes it; three students apply on its public page; the
// admin approves two and the third approval is refused (places full); an approved student pays
// the registration fee by boleto (paid at the sandbox) and sees the monthly fees in Meus editais;
// the admin sees the payment on the call's page and in the dashboard's revenue (edital fees). The
// call's screens and Meus editais are checked at 375 px.

const sandbox = pagarmeSandbox
const db = createDb({ url: e2eDatabaseUrl })
const stamp = Date.now().toString(36)
const DESKTOP = { width: 1366, height: 900 }
const PHONE = { width: 375, height: 800 }

const TITLE = `Residência em Nefrologia ${stamp}`
const SLUG = `residencia-nefrologia-${stamp}`
const FEE = `Taxa de inscrição ${stamp}`
const MONTHLY = [`Mensalidade 1 ${stamp}`, `Mensalidade 2 ${stamp}`]
const today = curitibaDay(new Date())
const STUDENTS = ['Ana Beatriz Lacerda', 'Bruno Teixeira Gomes', 'Carla Mendes Prado'].map((name, index) => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}.${stamp}@exemplo.com.br`,
  phone: `(41) 99999-02${index}0`,
  address: `10.26.1.${index + 2}`,
}))

const browser = fileBrowser()
// The third approval answers 409 (places full), on purpose.
const { newPage, errors, closeAll } = journeyPages(browser, /status of 409 /)

afterAll(async () => {
  await closeAll()
})

/** The page scrolls nothing sideways. */
async function noSidewaysScroll(page: Page) {
  expect(await pageOverflow(page)).toBe(0)
}

/** The dashboard's net revenue from edital fees (last 30 days), in centavos. */
async function planRevenue(admin: Page): Promise<number> {
  await admin.goto(`${baseURL}/admin`)
  const cell = admin.getByTestId('receita-plans')
  await cell.waitFor()
  return Number((await cell.textContent())!.replace(/\D/g, ''))
}

describe('editais from the admin side', () => {
  it('a call with two places: three apply, two approved, the third refused; a fee paid by boleto shows on the call and the dashboard', async () => {
    const admin = await newPage(DESKTOP, '10.26.1.1')
    await signInAdminByApi(admin, baseURL)

    // The call and its fee plan, through 'Novo edital'.
    await admin.goto(`${baseURL}/admin`)
    await openAdminSection(admin, 'Editais')
    await admin.getByRole('button', { name: 'Novo edital' }).click()
    const form = admin.getByRole('dialog', { name: 'Novo edital' })
    await form.getByLabel('Título').fill(TITLE)
    await form.getByLabel('Endereço (slug)').fill(SLUG)
    await form.getByLabel('Resumo').fill('Duas vagas para a residência em nefrologia do instituto.')
    await form.getByLabel('Texto do edital').fill('## Requisitos\n\n- Graduação em medicina')
    await form.getByLabel('Inscrições de').fill(today)
    await form.getByLabel('Inscrições até').fill(addDays(today, 30))
    await form.getByLabel('Vagas').fill('2')
    // A monthly fee without its due day is refused by the field.
    await form.getByRole('button', { name: 'Adicionar mensalidade' }).click()
    await form.getByRole('button', { name: 'Adicionar mensalidade' }).click()
    const fee = (n: number) => form.getByRole('group', { name: new RegExp(`^Taxa ${n}`) })
    await fee(1).getByLabel('Nome da taxa').fill(FEE)
    await fee(1).getByLabel('Valor').pressSequentially('15000')
    await fee(1).getByLabel('Cartão de crédito').uncheck()
    await fee(1).getByLabel('Cartão de débito').uncheck()
    for (const [index, name] of MONTHLY.entries()) {
      await fee(index + 2)
        .getByLabel('Nome da taxa')
        .fill(name)
      await fee(index + 2)
        .getByLabel('Valor')
        .pressSequentially('90000')
    }
    await form.getByRole('button', { name: 'Cadastrar' }).click()
    await fee(2).getByText('Informe o vencimento da mensalidade.').waitFor()
    for (const index of [0, 1])
      await fee(index + 2)
        .getByLabel('Vencimento')
        .fill(addDays(today, 40 + 30 * index))
    await screenshot(admin, 'editais-admin-form')
    await form.getByRole('button', { name: 'Cadastrar' }).click()

    // Saved: the call's page, a draft; published.
    await admin.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    await admin.getByText('Rascunho', { exact: true }).waitFor()
    await admin.getByRole('button', { name: 'Publicar' }).click()
    await admin.getByText('Inscrições abertas', { exact: true }).waitFor()
    const plansTable = admin.getByRole('region', { name: 'Plano de taxas' })
    for (const name of [FEE, ...MONTHLY]) await plansTable.getByText(name).waitFor()

    // Three students apply on the public page (each signed up, at 375 px).
    const students: Page[] = []
    for (const student of STUDENTS) {
      const page = await newPage(PHONE, student.address, { isMobile: true, hasTouch: true })
      const signUp = await page.context().request.post(`${baseURL}/user/create_user`, {
        headers: { Origin: baseURL },
        data: { name: student.name, email: student.email, phone: student.phone, password: 'Edital@123' },
      })
      expect(signUp.status(), await signUp.text()).toBe(200)
      await page.goto(`${baseURL}/editais/${SLUG}`)
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
      await page.getByRole('link', { name: `Pagar ${FEE}` }).click()
      await page.getByRole('button', { name: 'Inscrever-me neste edital' }).click()
      await page.getByText('Inscrição feita!').waitFor()
      students.push(page)
    }

    // The admin approves two; the third approval is refused: the places are full.
    await admin.reload()
    const list = admin.getByRole('region', { name: 'Inscrições', exact: true })
    for (const student of STUDENTS) await list.getByText(student.email).waitFor()
    for (const [index, student] of STUDENTS.entries()) {
      await list.getByRole('button', { name: `Abrir a inscrição de ${student.name}` }).click()
      const panel = admin.getByRole('region', { name: `Inscrição de ${student.name}` })
      await panel.getByRole('button', { name: 'Aprovar' }).click()
      if (index < 2) {
        await panel.getByText('aprovada', { exact: true }).waitFor()
      } else {
        await panel
          .getByRole('alert')
          .getByText('As vagas deste edital já estão preenchidas', { exact: false })
          .waitFor()
        await screenshot(admin, 'editais-admin-places-full')
      }
    }
    const thirdId = await applicationOf(STUDENTS[2]!.email)
    const [third] = await db.select().from(applications).where(eq(applications.id, thirdId))
    expect(third?.status).toBe('submitted')

    // The call's page at 375 px: nothing scrolls sideways.
    await admin.setViewportSize(PHONE)
    await noSidewaysScroll(admin)
    await screenshot(admin, 'editais-admin-call-phone')
    await admin.setViewportSize(DESKTOP)
    const revenueBefore = await planRevenue(admin)

    // The first approved student pays the registration fee by boleto and sees the monthly fees.
    const ana = students[0]!
    await choosePlanPayment(ana, baseURL, FEE, 'Boleto')
    const cep = ana.getByLabel('CEP', { exact: true })
    if ((await cep.inputValue()) === '') await addressByCep(ana)
    await ana.getByRole('button', { name: 'Gerar boleto' }).click()
    await ana.getByText('Boleto gerado').waitFor()
    const applicationId = await applicationOf(STUDENTS[0]!.email)
    const [payment] = await db
      .select()
      .from(planPayments)
      .where(eq(planPayments.applicationId, applicationId))
    expect(payment).toMatchObject({ status: 'pending', paymentMethod: 'boleto', amountCents: 15000 })
    // The payer pays the boleto at the bank: the sandbox tells the Worker (its webhook).
    const paid = await fetch(`${sandbox}/_sandbox/charges/${payment!.gatewayChargeId}/pay`, {
      method: 'POST',
    })
    expect(paid.status).toBe(200)
    await expect
      .poll(
        async () => (await db.select().from(planPayments).where(eq(planPayments.id, payment!.id)))[0]?.status,
        { timeout: 15_000 },
      )
      .toBe('paid')
    await ana.goto(`${baseURL}/usuario/editais`)
    for (const name of MONTHLY) await ana.getByText(name).first().waitFor()
    await noSidewaysScroll(ana)
    await screenshot(ana, 'editais-admin-student-monthly')

    // The admin: the fee's money and the application on the call's page, and the dashboard.
    await admin.goto(`${baseURL}/admin/editais`)
    await admin.getByRole('link', { name: TITLE }).click()
    await admin.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    const feeRow = admin
      .getByRole('region', { name: 'Plano de taxas' })
      .getByRole('row', { name: new RegExp(FEE) })
    await feeRow.getByText('1 · R$ 150,00').first().waitFor()
    await list
      .getByRole('row', { name: new RegExp(STUDENTS[0]!.email) })
      .getByText('pago: R$ 150,00')
      .waitFor()
    await list.getByRole('button', { name: `Abrir a inscrição de ${STUDENTS[0]!.name}` }).click()
    const anaPanel = admin.getByRole('region', { name: `Inscrição de ${STUDENTS[0]!.name}` })
    await anaPanel.getByText('Paga', { exact: true }).waitFor()
    await anaPanel.getByRole('button', { name: /^Estornar/ }).waitFor()
    expect(await planRevenue(admin)).toBe(revenueBefore + 15000)
    await admin.setViewportSize(PHONE)
    await noSidewaysScroll(admin)
    await screenshot(admin, 'editais-admin-dashboard-phone')
    expect(errors).toEqual([])
  }, 90_000)
})

/** The application of the student with this e-mail to the journey's call. */
async function applicationOf(email: string): Promise<number> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(users.email, email))
  if (!row) throw new Error(`no application of ${email}`)
  return row.id
}
