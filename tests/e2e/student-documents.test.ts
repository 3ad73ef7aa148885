import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { classes, emailOutbox } from '../../db/schema.ts'
import { DEMO_USERS } from '../../db/seed.ts'
import { fileBrowser, journeyPages, screenshot, signInOnPage } from '../support/e2e/browser.ts'
import { cartWithClass, payCartByPix } from '../support/e2e/checkout.ts'
import { pageOverflow } from '../support/e2e/phone.ts'
import { baseURL, e2eDatabaseUrl } from '../support/e2e/stack.ts'

// Issue 29, item 3 in real Chromium: a buyer pays a class at the student price with a document;
// the admin opens the document from the order (a signed link, in a new tab), rejects it with a
// reason; the buyer is e-mailed and Minhas compras asks for the difference, paid by PIX.

const db = createDb({ url: e2eDatabaseUrl })
const stamp = Date.now().toString(36)
const PDF = '%PDF-1.7 carteirinha de estudante (teste)'
const REASON = 'A carteirinha enviada venceu em 2024.'

const browser = fileBrowser()
const { newPage, errors, closeAll } = journeyPages(browser)

afterAll(async () => {
  await closeAll()
})

/** The buyer, in the page's browser: the class with a student price, the document, a PIX, paid. */
async function buyWithDocument(page: Page, classId: number, email: string): Promise<string> {
  const hash = await cartWithClass(page, baseURL, classId)
  const uploaded = await page.context().request.post(`${baseURL}/api/carrinho/${hash}/documento-estudante`, {
    headers: { Origin: baseURL },
    multipart: {
      document: { name: 'carteirinha.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) },
    },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(200)
  const student = (await uploaded.json()) as { hash: string }
  return payCartByPix(page, baseURL, student.hash, {
    name: 'Lívia Estudante Moraes',
    email,
    phone: '(41) 99999-0104',
  })
}

describe('a student document reviewed by the admin', () => {
  it('from the upload to the rejection e-mail and the difference paid by PIX', async () => {
    const [turma] = await db
      .select()
      .from(classes)
      .where(
        and(
          eq(classes.studentDiscount, 'A'),
          isNotNull(classes.studentPriceCents),
          eq(classes.isOpen, true),
          isNull(classes.seats),
        ),
      )
      .limit(1)
    expect(turma).toBeDefined()
    const email = `livia.${stamp}@exemplo.com.br`
    const buyer = await newPage({ width: 375, height: 800 }, '10.29.3.1')
    const orderId = await buyWithDocument(buyer, turma!.id, email)

    // The admin, on a desktop: the order's details in /admin/matriculas.
    const admin = await newPage({ width: 1366, height: 900 }, '10.29.3.2')
    await signInOnPage(admin, `${baseURL}/login`, DEMO_USERS.admin)
    await admin.goto(`${baseURL}/admin/matriculas`)
    await admin.getByRole('searchbox').first().fill(email)
    await admin.getByRole('button', { name: orderId }).first().click()
    const details = admin.getByRole('dialog')
    const section = details.getByRole('region', { name: /Documento de estudante/ })
    await section.getByText('aguardando análise').waitFor()

    // The document opens in a new tab, through the signed link.
    const [tab] = await Promise.all([
      admin.context().waitForEvent('page'),
      section.getByRole('button', { name: 'Ver documento' }).click(),
    ])
    const opened = await tab.waitForResponse((response) =>
      response.url().includes('/api/admin/documentos-estudante/'),
    )
    expect(opened.status()).toBe(200)
    // The received headers (headers() may answer the provisional ones of a navigation Chromium
    // hands to its PDF viewer).
    const headers = await opened.allHeaders()
    expect(headers['content-type']).toBe('application/pdf')
    expect(headers['cache-control']).toBe('private, no-store')
    await tab.close()

    // Rejected without a reason: the form says what is missing; with one, the student is told.
    await section.getByRole('button', { name: 'Recusar e pedir a diferença' }).click()
    await section.getByText('Diga ao aluno por que o documento foi recusado.').waitFor()
    await section.getByLabel('Motivo da recusa (o aluno lê)').fill(REASON)
    await section.getByRole('button', { name: 'Recusar e pedir a diferença' }).click()
    await admin.locator('[data-sonner-toast]', { hasText: 'Documento recusado' }).first().waitFor()
    await section.getByText('recusado', { exact: true }).waitFor()
    await section.getByText(REASON).waitFor()
    await screenshot(admin, 'student-document-rejected-admin')

    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Documento de estudante recusado — pedido ${orderId}`))
    expect(mail?.to).toBe(email)
    expect(mail?.text).toContain(REASON)

    // The buyer, on a phone: Minhas compras says why and asks for the difference.
    await buyer.goto(`${baseURL}/usuario/compras`)
    const notice = buyer.getByText('O documento de estudante deste pedido foi recusado.')
    await notice.waitFor()
    await buyer.getByText(`Motivo: ${REASON}`).waitFor()
    await buyer.getByRole('button', { name: 'Pagar a diferença por PIX' }).click()
    await buyer.locator('[data-sonner-toast]', { hasText: 'PIX da diferença gerado.' }).first().waitFor()
    await buyer
      .getByText(/Diferença do preço de estudante — pedido/)
      .first()
      .waitFor()
    expect(await pageOverflow(buyer)).toBe(0)
    await screenshot(buyer, 'student-document-difference-phone')
    expect(errors).toEqual([])
  })
})
