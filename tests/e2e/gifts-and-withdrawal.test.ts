import { and, desc, eq, sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { classes, courses, emailOutbox } from '../../db/schema.ts'
import { DEMO_USERS } from '../../db/seed.ts'
import { fileBrowser, journeyPages, screenshot, signInOnPage } from '../support/e2e/browser.ts'
import { addressByCep, cartWithClass, payCartByPix } from '../support/e2e/checkout.ts'
import { pageOverflow } from '../support/e2e/phone.ts'
import { baseURL, e2eDatabaseUrl } from '../support/e2e/stack.ts'

// Issue 22, items 7 and 8 in real Chromium: a gift bought at the checkout is opened by its
// recipient on a phone (the e-mail's link, a password, Meus cursos); a buyer gives an online course
// up in Minhas compras and it is refunded at once; an in-person class's request reaches the admin,
// who refuses it with an answer the buyer reads.

const db = createDb({ url: e2eDatabaseUrl })
const stamp = Date.now().toString(36)
const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1366, height: 900 }

const browser = fileBrowser()
const { newPage, errors, closeAll } = journeyPages(browser)

afterAll(async () => {
  await closeAll()
})

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first()

async function lastMailTo(to: string) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id))
  return mail
}

/** The open class of a course of `section` with the most seats (unlimited first). */
async function classOf(section: 'online' | 'presencial') {
  const [row] = await db
    .select({ id: classes.id, course: courses.name })
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .where(and(eq(courses.section, section), eq(classes.isOpen, true)))
    .orderBy(sql`${classes.seats} IS NOT NULL`, desc(classes.seats))
    .limit(1)
  expect(row, `uma turma ${section} aberta`).toBeDefined()
  return row!
}

/** A buyer who signs up in this browser (and is then signed in). */
async function signUp(page: Page, email: string) {
  const response = await page.context().request.post(`${baseURL}/user/create_user`, {
    headers: { Origin: baseURL },
    data: { name: 'Renata Desistente Lima', email, password: 'Compra@123', phone: '(41) 99999-0107' },
  })
  expect(response.status(), await response.text()).toBe(200)
}

describe('a gift (issue 22, item 7)', () => {
  it('bought at the checkout, opened by its recipient on a phone', async () => {
    const online = await classOf('online')
    const recipient = { name: 'Helena Presenteada Rocha', email: `helena.${stamp}@exemplo.com.br` }
    const buyerEmail = `marcos.${stamp}@exemplo.com.br`

    // The buyer, on a desktop: the class in the cart, then the checkout with 'Presentear'.
    const buyer = await newPage(DESKTOP, '10.22.7.1')
    const cart = await buyer.context().request.post(`${baseURL}/carrinho-de-compras/update-cart`, {
      headers: { Origin: baseURL },
      data: { data: { id: online.id, type: 'turma' }, option: 'add' },
    })
    const { hash } = (await cart.json()) as { hash: string }
    await buyer.goto(`${baseURL}/checkout/${hash}`)
    await buyer.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
    await buyer.getByLabel('Nome completo', { exact: true }).fill('Marcos Presenteador Lima')
    await buyer.getByLabel('E-mail', { exact: true }).fill(buyerEmail)
    await buyer.getByLabel('Telefone', { exact: true }).pressSequentially('41999990108')
    await buyer.getByLabel('CPF', { exact: true }).pressSequentially('52998224725')
    await buyer.getByRole('button', { name: 'Presentear outra pessoa' }).click()
    await buyer.getByLabel('Nome do presenteado', { exact: true }).fill(recipient.name)
    await buyer.getByLabel('E-mail do presenteado', { exact: true }).fill(recipient.email)
    // One recipient per purchase: the button is gone.
    expect(await buyer.getByRole('button', { name: 'Presentear outra pessoa' }).count()).toBe(0)
    await buyer.getByRole('radio', { name: 'PIX' }).check()
    await addressByCep(buyer)
    await buyer.getByRole('button', { name: 'Finalizar pagamento' }).click()
    await buyer.waitForURL(/\/pedido\/ped_[0-9a-f]{32}$/)
    const orderId = /ped_[0-9a-f]{32}/.exec(buyer.url())![0]
    await buyer.getByRole('button', { name: 'Simular pagamento' }).click()
    await buyer.getByRole('heading', { level: 1, name: 'Pagamento confirmado' }).waitFor()

    // The buyer's purchases name the recipient; the class is not the buyer's.
    await buyer.goto(`${baseURL}/usuario/compras`)
    await buyer.getByText(`${recipient.name} (${recipient.email})`).waitFor()
    await screenshot(buyer, 'gift-buyer-purchases')

    // The recipient's e-mail names the buyer and carries the link to create a password.
    const mail = await lastMailTo(recipient.email)
    expect(mail?.subject).toContain('Marcos Presenteador Lima enviou um presente para você')
    const link = /(\/senha\/redefinir#token=[\w-]+&primeira=1)/.exec(mail?.text ?? '')?.[1]
    expect(link, 'o link para criar a senha').toBeTruthy()

    const phone = await newPage(PHONE, '10.22.7.2')
    await phone.goto(`${baseURL}${link}`)
    await phone.getByRole('heading', { level: 1, name: 'Criar sua senha' }).waitFor()
    await phone.getByLabel('Nova senha', { exact: true }).fill('Presente@123')
    await phone.getByLabel('Confirme a nova senha', { exact: true }).fill('Presente@123')
    await phone.getByRole('button', { name: 'Criar senha' }).click()
    await phone.getByRole('link', { name: 'Entrar' }).click()
    const main = phone.getByRole('main')
    await main.getByLabel('E-mail', { exact: true }).fill(recipient.email)
    await main.getByLabel('Senha', { exact: true }).fill('Presente@123')
    await main.getByLabel('Senha', { exact: true }).press('Enter')
    await phone.getByRole('button', { name: /Seja bem-vindo/ }).waitFor()
    await phone.goto(`${baseURL}/usuario/cursos`)
    await phone.getByRole('heading', { level: 1, name: 'Meus cursos' }).waitFor()
    await phone.getByText(online.course).first().waitFor()
    expect(await pageOverflow(phone)).toBe(0)
    await screenshot(phone, 'gift-recipient-courses-phone')

    // The admin's enrollments: the recipient's, a gift of the buyer.
    const admin = await newPage(DESKTOP, '10.22.7.3')
    await signInAdmin(admin)
    await admin.goto(`${baseURL}/admin/matriculas`)
    await admin.getByRole('searchbox').first().fill(recipient.email)
    await admin.getByText('presente de Marcos Presenteador Lima').waitFor()
    await admin.getByRole('button', { name: orderId }).first().click()
    await admin.getByRole('dialog').getByText(`${recipient.name} · ${recipient.email}`).waitFor()
    expect(errors).toEqual([])
  }, 120_000)
})

async function signInAdmin(admin: Page) {
  await signInOnPage(admin, `${baseURL}/login`, DEMO_USERS.admin)
}

describe('the right of withdrawal (issue 22, item 8)', () => {
  it('an online course is refunded at once; an in-person class is asked, and the admin refuses with an answer', async () => {
    const online = await classOf('online')
    const presencial = await classOf('presencial')
    const buyer = await newPage(PHONE, '10.22.8.1')
    const email = `renata.${stamp}@exemplo.com.br`
    await signUp(buyer, email)
    const onlineOrder = await buyByPix(buyer, online.id, email)

    await buyer.goto(`${baseURL}/usuario/compras`)
    const card = buyer.getByRole('article').filter({ hasText: online.course })
    await card.getByText(/Você pode desistir desta compra até/).waitFor()
    await card.getByText('O valor é estornado na hora e o acesso ao curso termina.').waitFor()
    await card.getByRole('button', { name: 'Solicitar reembolso' }).click()
    await card.getByRole('button', { name: 'Confirmar o reembolso' }).click()
    await card
      .getByText('Conte em poucas palavras por que desiste da compra (de 3 a 1.000 caracteres).')
      .waitFor()
    await card.getByLabel('Por que você desiste da compra?').fill('Escolhi o curso errado.')
    await screenshot(buyer, 'withdrawal-form-phone')
    await card.getByRole('button', { name: 'Confirmar o reembolso' }).click()
    await toast(buyer, 'Estorno confirmado pela operadora.').waitFor()
    await card.getByText('Reembolso feito: o valor foi estornado e o acesso, encerrado.').waitFor()
    await card.getByText('estornado', { exact: true }).waitFor()
    expect(await pageOverflow(buyer)).toBe(0)
    expect(onlineOrder).toMatch(/^ped_/)

    // An in-person class: the request goes to the institute.
    const presencialOrder = await buyByPix(buyer, presencial.id, email)
    await buyer.goto(`${baseURL}/usuario/compras`)
    const second = buyer.getByRole('article').filter({ hasText: presencial.course })
    await second.getByText('O pedido vai ao instituto, que responde por e-mail e aqui.').waitFor()
    await second.getByRole('button', { name: 'Solicitar reembolso' }).click()
    await second.getByLabel('Por que você desiste da compra?').fill('Não vou conseguir viajar a Curitiba.')
    await second.getByRole('button', { name: 'Enviar o pedido de reembolso' }).click()
    await toast(buyer, 'Pedido de reembolso enviado.').waitFor()
    await second.getByText(/Reembolso solicitado em/).waitFor()

    const admin = await newPage(DESKTOP, '10.22.8.2')
    await signInAdmin(admin)
    await admin.goto(`${baseURL}/admin/matriculas`)
    await admin.getByRole('searchbox').first().fill(email)
    await admin.getByText('reembolso solicitado pelo comprador').waitFor()
    await admin.getByRole('button', { name: presencialOrder }).first().click()
    const panel = admin.getByRole('dialog').getByRole('region', { name: /Pedido de reembolso/ })
    await panel.getByText('Não vou conseguir viajar a Curitiba.').waitFor()
    await panel.getByRole('button', { name: 'Recusar com esta resposta' }).click()
    await panel.getByText('Escreva a resposta que o comprador vai ler (de 3 a 1.000 caracteres).').waitFor()
    await panel
      .getByLabel('Resposta ao comprador (ele lê)')
      .fill('A vaga pode ser transferida para a turma de setembro: fale com a secretaria.')
    await panel.getByRole('button', { name: 'Recusar com esta resposta' }).click()
    await toast(admin, 'Pedido de reembolso recusado').waitFor()
    await panel.getByText('recusado', { exact: true }).waitFor()
    await screenshot(admin, 'withdrawal-admin-refused')

    await buyer.reload()
    await second.getByText('O instituto recusou o pedido de reembolso.').waitFor()
    await second
      .getByText('Resposta: A vaga pode ser transferida para a turma de setembro: fale com a secretaria.')
      .waitFor()
    await screenshot(buyer, 'withdrawal-refused-phone')
    expect(errors).toEqual([])
  }, 120_000)
})

/** The signed-in buyer pays one class by PIX, paid at the provider. */
async function buyByPix(page: Page, classId: number, email: string): Promise<string> {
  const hash = await cartWithClass(page, baseURL, classId)
  return payCartByPix(page, baseURL, hash, {
    name: 'Renata Desistente Lima',
    email,
    phone: '(41) 99999-0107',
  })
}
