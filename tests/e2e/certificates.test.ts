import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import { extractText } from 'unpdf'
import { describe, type ExpectStatic, expect, it, type TestContext } from 'vitest'
import { createDb } from '../../db/client.ts'
import { certificates } from '../../db/schema.ts'
import { DEMO_USERS } from '../../db/seed.ts'
import { DEMO_QUESTIONS } from '../../db/seed-data/assessment.ts'
import { SEED_IDS } from '../../db/seed-data/catalog.ts'
import { openAdminSection } from '../support/e2e/admin.ts'
import { fileBrowser, screenshot, signInOnPage } from '../support/e2e/browser.ts'
import { cartWithClass, payAsGuestByCard } from '../support/e2e/checkout.ts'
import { baseURL, e2eDatabaseUrl, pagarmeSandbox } from '../support/e2e/stack.ts'
import { playAtTwice } from '../support/e2e/study.ts'

// Issue 39 in real Chromium on the seeded stack, with the local player: a new buyer pays the demo
// course by card, plays its three lessons at 2× and opens its reading, fails the final assessment
// once and passes it, issues the certificate from the course page and reads its PDF back; a visitor
// verifies it from the QR code's address. Then money moves at the provider: a chargeback suspends
// it (the downloads stop), the dispute won reinstates it, and the buyer's withdrawal within 7 days
// revokes it ('revogado: compra reembolsada'). Another test: the admin revokes by hand.

const sandbox = pagarmeSandbox
const db = createDb({ url: e2eDatabaseUrl })
const ADMIN = DEMO_USERS.admin
const COURSE_URL = 'minicurso-sinais-de-alerta-da-doenca-renal'
const CARD = { number: '4000000000000010', holder: 'BEATRIZ L TAVARES', expiry: '1230', cvv: '123' }

const browser = fileBrowser()

/**
 * A browser of its own for the running test, closed when that test ends (the tests run side by
 * side: two of them play a course's videos in real time); `ip`, its client address for the
 * Worker's limits. A buyer's has none: the header would go to the provider's card tokenization
 * too, whose CORS (Pagar.me's, the sandbox's) allows no such header.
 */
async function newContext(finished: TestContext['onTestFinished'], ip?: string) {
  const context = await browser().newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
    acceptDownloads: true,
    ...(ip ? { extraHTTPHeaders: { 'CF-Connecting-IP': ip } } : {}),
  })
  finished(() => context.close())
  return context
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first()

/** A new buyer's guest checkout of the demo course by card, through the checkout page. */
async function buyByCard(page: Page, buyer: { name: string; email: string; phone: string; cpf: string }) {
  const hash = await cartWithClass(page, baseURL, SEED_IDS.classes.demo)
  await page.goto(`${baseURL}/checkout/${hash}`)
  await page.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
  return payAsGuestByCard(page, buyer, CARD)
}

/** Every question of the attempt on screen, answered rightly or wrongly (the seed's bank says which). */
async function answerAll(page: Page, rightly: boolean) {
  const groups = page.getByRole('group', { name: /^Questão \d+ de 4/ })
  await groups.first().waitFor()
  expect(await groups.count()).toBe(4)
  for (const group of await groups.all()) {
    const legend = (await group.locator('legend').textContent()) ?? ''
    const question = DEMO_QUESTIONS.find((candidate) => legend.includes(candidate.prompt))
    expect(question, legend).toBeTruthy()
    await group.getByRole('radio', { name: rightly ? question!.right : question!.wrong[0]! }).check()
  }
}

async function sendAnswers(page: Page) {
  await page.getByRole('button', { name: 'Enviar respostas' }).click()
  await page
    .getByRole('alertdialog', { name: 'Enviar a avaliação' })
    .getByRole('button', { name: 'Enviar respostas' })
    .click()
}

/** The provider's side, as Pagar.me's dashboard would act: a charge of the order, by its code. */
async function chargeOf(orderId: string) {
  const auth = { Authorization: `Basic ${btoa('sk_test_sandbox:')}` }
  const found = (await (
    await fetch(`${sandbox}/core/v5/orders?code=${orderId}`, { headers: auth })
  ).json()) as {
    data: Array<{ charges: Array<{ id: string }> }>
  }
  return found.data[0]!.charges[0]!.id
}

async function atProvider(charge: string, action: 'chargeback' | 'dispute-won') {
  const answer = await fetch(`${sandbox}/_sandbox/charges/${charge}/${action}`, {
    method: 'POST',
    body: '{}',
  })
  expect(answer.status, await answer.text()).toBe(200)
}

/**
 * The verification page, reloaded until it says `text` (a webhook may still be on its way); `poll`,
 * the running test's `expect` (side by side, a test's polls need its own).
 */
async function verificationSays(poll: ExpectStatic, visitor: Page, text: string | RegExp) {
  await poll
    .poll(
      async () => {
        await visitor.reload()
        return (await visitor.locator('#situacao').textContent()) ?? ''
      },
      { timeout: 20_000, interval: 500 },
    )
    .toMatch(typeof text === 'string' ? new RegExp(`^${text}`) : text)
}

/** The holder's PDF, as the course page links it: a download, or its refusal. */
async function pdfStatus(page: Page, code: string) {
  return (await page.context().request.get(`${baseURL}/api/usuario/certificados/${code}/pdf`)).status()
}

/** The demo course studied on its page as the student would: its three videos at 2×, its reading opened. */
async function studyDemoCourse(page: Page) {
  const progress = page.getByText(/^Seu progresso:/)
  const lessons = ['Os sinais que os rins dão', 'Quem deve ser rastreado', 'Os exames que contam a história']
  for (const [index, title] of lessons.entries()) {
    await playAtTwice(page, title)
    await expect(progress.textContent()).resolves.toMatch(new RegExp(`${index + 1} de 4 aulas concluídas`))
    await page.getByRole('button', { name: /Próxima aula/ }).click()
  }
  // The reading counts once shown.
  await page.getByRole('heading', { level: 2, name: 'Leitura: cuidar dos rins no dia a dia' }).waitFor()
  await page.getByText('Leitura aberta: concluída').waitFor()
  await expect(progress.textContent()).resolves.toMatch(/4 de 4 aulas concluídas \(100%\)/)
}

/** The certificate issued from the course page, with the name the dialog proposes; its code. */
async function issueOnCoursePage(page: Page, name: string) {
  await page.goto(`${baseURL}/usuario/cursos/${COURSE_URL}`)
  const offer = page.getByRole('region', { name: 'Certificado' })
  await offer.getByRole('button', { name: /Emitir certificado/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Emitir certificado' })
  await expect(dialog.getByLabel('Nome no certificado').inputValue()).resolves.toBe(name)
  await dialog.getByRole('button', { name: 'Confirmar e emitir' }).click()
  await offer.getByRole('link', { name: /Baixar PDF/ }).waitFor()
  const code = (await offer.locator('.font-mono').textContent())!.trim()
  expect(code).toMatch(/^RN-[0-9A-Z]{10}$/)
  return code
}

/** A buyer new to the store (an e-mail no run has used before), with that phone and CPF. */
function newBuyer(name: string, phone: string, cpf: string) {
  return { name, email: `e2e-${crypto.randomUUID()}@teste.example`, phone, cpf }
}

// Independent (each its own buyer or certificate, its own addresses): side by side, so one test's
// videos play while another's pages work.
describe.concurrent('certificates', () => {
  it('a new buyer plays the demo course, fails the final assessment once and passes, issues the certificate and reads the PDF; a chargeback suspends it, the dispute won reinstates it', {
    timeout: 300_000,
  }, async ({ onTestFinished, expect }) => {
    const page = await (await newContext(onTestFinished)).newPage()
    const buyer = newBuyer('Beatriz Lima Tavares', '(41) 99876-1234', '52998224725')
    // The guest checkout opens this browser's session for the new account, which the paid order enrols.
    const orderId = await buyByCard(page, buyer)

    await page.goto(`${baseURL}/usuario/cursos/${COURSE_URL}`)
    const progress = page.getByText(/^Seu progresso:/)
    await expect(progress.textContent()).resolves.toMatch(/0 de 4 aulas concluídas \(0%\)/)
    const offer = page.getByRole('region', { name: 'Certificado' })
    await offer.getByText(/O certificado fica disponível quando você concluir 100% das aulas/).waitFor()
    // 'Aula assistida' is the student's own mark, not evidence: it earns nothing.
    await page.getByRole('button', { name: 'Marcar como assistida' }).first().click()
    await page.getByRole('button', { name: 'Aula assistida' }).waitFor()
    await expect(progress.textContent()).resolves.toMatch(/0 de 4 aulas concluídas/)
    await studyDemoCourse(page)
    await screenshot(page, 'certificates-course-done')

    // The final assessment: failed once (nothing of the bank told), passed at once after.
    const block = page.getByRole('region', { name: 'Avaliação final' })
    await block.getByRole('link', { name: 'Fazer a avaliação final' }).click()
    await page.getByRole('heading', { level: 1, name: 'Avaliação final' }).waitFor()
    await page.getByRole('button', { name: 'Começar a avaliação' }).click()
    await answerAll(page, false)
    await sendAnswers(page)
    await page.getByRole('heading', { name: 'Não foi desta vez' }).waitFor()
    await page.getByText('você acertou 0 de 4 (0%)', { exact: false }).waitFor()
    for (const question of DEMO_QUESTIONS) expect(await page.content()).not.toContain(question.explanation)
    await page.getByRole('button', { name: 'Tentar de novo' }).click()
    await answerAll(page, true)
    await sendAnswers(page)
    await page.getByRole('heading', { name: 'Aprovado!' }).waitFor()
    await screenshot(page, 'certificates-assessment-passed')

    // The course page offers the certificate now, issued with the name confirmed.
    const code = await issueOnCoursePage(page, buyer.name)
    await screenshot(page, 'certificates-issued')
    const pdfLink = offer.getByRole('link', { name: /Baixar PDF/ })

    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()])
    const bytes = new Uint8Array(await readFile((await download.path())!))
    // Lines of the PDF's text wrap where the page does: read as one line.
    const text = (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, ' ')
    for (const expected of [buyer.name, 'Minicurso: Sinais de Alerta da Doença Renal', '1 hora', code]) {
      expect(text).toContain(expected)
    }
    const address = /Verifique em (\S+)/.exec(text)?.[1]
    expect(new URL(address!).pathname).toBe(`/certificados/${code}`)

    const visitor = await (await newContext(onTestFinished, '203.0.113.125')).newPage()
    await visitor.goto(new URL(new URL(address!).pathname, baseURL).href)
    await visitor.getByText('Certificado válido').waitFor()
    await expect(visitor.getByText(buyer.name).count()).resolves.toBeGreaterThan(0)
    await screenshot(visitor, 'certificates-verified')

    // The cardholder disputes the charge: the certificate is suspended, its downloads stop.
    const charge = await chargeOf(orderId)
    await atProvider(charge, 'chargeback')
    await verificationSays(expect, visitor, 'Certificado suspenso')
    await screenshot(visitor, 'certificates-suspended')
    // The course closed with the dispute: Meus cursos tells the certificate's state.
    await page.goto(`${baseURL}/usuario/cursos`)
    const held = page.getByRole('listitem').filter({ hasText: code })
    await held
      .getByText(/^Suspenso/)
      .first()
      .waitFor()
    expect(await held.getByRole('link', { name: /Baixar PDF/ }).count()).toBe(0)
    expect(await pdfStatus(page, code)).toBe(403)

    // The institute wins the dispute at Pagar.me (no event is sent): the admin asks Pagar.me.
    await atProvider(charge, 'dispute-won')
    const admin = await (await newContext(onTestFinished, '203.0.113.126')).newPage()
    await signInOnPage(admin, `${baseURL}/login`, ADMIN)
    await admin.goto(`${baseURL}/admin/matriculas`)
    await admin.getByRole('searchbox').first().fill(buyer.email)
    await admin.getByRole('button', { name: orderId }).first().click()
    const dispute = admin.getByRole('dialog').getByRole('region', { name: /Contestação do pagamento/ })
    await dispute.getByRole('button', { name: 'Consultar o Pagar.me' }).click()
    await dispute.getByText('ganha', { exact: true }).waitFor()
    await verificationSays(expect, visitor, 'Certificado válido')
    expect(await pdfStatus(page, code)).toBe(200)

    // A disputed charge is never cancelled at Pagar.me: the purchase is no longer given up here.
    await page.goto(`${baseURL}/usuario/compras`)
    const purchase = page.getByRole('article').filter({ hasText: 'Minicurso: Sinais de Alerta' })
    await purchase.waitFor()
    expect(await purchase.getByRole('button', { name: 'Solicitar reembolso' }).count()).toBe(0)
  })

  it('a new buyer who earned the certificate gives the purchase up within 7 days: the certificate is revoked, its downloads stop', {
    timeout: 300_000,
  }, async ({ onTestFinished, expect }) => {
    const page = await (await newContext(onTestFinished)).newPage()
    const buyer = newBuyer('Carla Mendes Rocha', '(41) 99876-4321', '11144477735')
    await buyByCard(page, buyer)
    await page.goto(`${baseURL}/usuario/cursos/${COURSE_URL}`)
    await studyDemoCourse(page)
    const block = page.getByRole('region', { name: 'Avaliação final' })
    await block.getByRole('link', { name: 'Fazer a avaliação final' }).click()
    await page.getByRole('button', { name: 'Começar a avaliação' }).click()
    await answerAll(page, true)
    await sendAnswers(page)
    await page.getByRole('heading', { name: 'Aprovado!' }).waitFor()
    const code = await issueOnCoursePage(page, buyer.name)
    expect(await pdfStatus(page, code)).toBe(200)

    await page.goto(`${baseURL}/usuario/compras`)
    const purchase = page.getByRole('article').filter({ hasText: 'Minicurso: Sinais de Alerta' })
    await purchase.getByRole('button', { name: 'Solicitar reembolso' }).click()
    await purchase.getByLabel('Por que você desiste da compra?').fill('Comprei para testar o portal.')
    await purchase.getByRole('button', { name: 'Confirmar o reembolso' }).click()
    await toast(page, 'Estorno confirmado pela operadora.').waitFor()
    const visitor = await (await newContext(onTestFinished, '203.0.113.130')).newPage()
    await visitor.goto(`${baseURL}/certificados/${code}`)
    await verificationSays(expect, visitor, 'Certificado revogado: compra reembolsada')
    await screenshot(visitor, 'certificates-revoked-refund')
    expect(await pdfStatus(page, code)).toBe(403)
    await page.goto(`${baseURL}/usuario/cursos`)
    const mine = page.getByRole('listitem').filter({ hasText: code })
    await mine
      .getByText(/^Revogado/)
      .first()
      .waitFor()
    expect(await mine.getByRole('link', { name: /Baixar PDF/ }).count()).toBe(0)
  })

  it('the admin revokes a certificate by hand, with a reason the verification page tells', async ({
    onTestFinished,
    expect,
  }) => {
    // The demo student's certificate, issued when the stack started (evidence seeded).
    const student = await (await newContext(onTestFinished, '203.0.113.127')).newPage()
    await signInOnPage(student, `${baseURL}/login`, DEMO_USERS.student)
    await student.goto(`${baseURL}/usuario/cursos`)
    const held = student.getByRole('listitem').filter({ hasText: 'Hemodiálise para Enfermagem' })
    const code = (await held.locator('.font-mono').first().textContent())!.trim()
    expect(code).toMatch(/^RN-[0-9A-Z]{10}$/)
    const visitor = await (await newContext(onTestFinished, '203.0.113.128')).newPage()
    await visitor.goto(`${baseURL}/certificados/${code}`)
    await visitor.getByText('Certificado válido').waitFor()

    try {
      const admin = await (await newContext(onTestFinished, '203.0.113.129')).newPage()
      await signInOnPage(admin, `${baseURL}/login`, ADMIN)
      await admin.goto(`${baseURL}/admin`)
      await openAdminSection(admin, 'Certificados')
      await admin.getByLabel('Código, nome, curso ou e-mail').fill(code)
      const row: Locator = admin
        .getByRole('region', { name: 'Certificados emitidos' })
        .locator('tbody tr', { hasText: code })
      await row.getByRole('button', { name: `Revogar ${code}` }).click()
      await admin.getByLabel('Motivo da revogação').fill('Emitido por engano')
      await admin.getByRole('button', { name: 'Revogar certificado' }).click()
      await row.getByText('Emitido por engano').waitFor()
      await verificationSays(expect, visitor, 'Certificado revogado: Emitido por engano')
      await visitor.getByText(/^Revogado em /).waitFor()
      await screenshot(visitor, 'certificates-revoked')

      await visitor.goto(`${baseURL}/certificados/RN-0000000000`)
      await visitor.getByRole('heading', { name: 'Certificado não encontrado' }).waitFor()
    } finally {
      // The seed's certificate as it was, for the other journeys (a revocation is final in the product).
      await db
        .update(certificates)
        .set({ revokedAt: null, revokedReason: null })
        .where(eq(certificates.code, code))
    }
  })
})
