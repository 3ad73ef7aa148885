import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { SEED_IDS } from '../../db/seed-data/catalog.ts'
import { runCron } from '../../scripts/cron.ts'
import { signInToAdmin } from '../support/e2e/admin.ts'
import {
  fileBrowser,
  IN_CURITIBA,
  matching,
  SESSION_CHECK,
  screenshot,
  watchErrors,
} from '../support/e2e/browser.ts'
import { cartWithClass, payAsGuestByCard } from '../support/e2e/checkout.ts'
import { PHONE, pageOverflow, settled } from '../support/e2e/phone.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 43 in real Chromium on a 375 px phone, against the stack's Focus NFe stand-in (issuance
// on): a new buyer pays the demo course by card; the note is issued and Minhas compras shows it
// 'emitida' with 'Ver nota fiscal (PDF)'; the admin finds it authorised in 'Notas fiscais'. The
// admin refunds the order (Matrículas): the note is cancelled at the provider, and both the
// admin's screen and Minhas compras say so. No screen scrolls sideways.

const stamp = Date.now().toString(36)
const buyer = {
  name: 'Renata Campos Ribeiro',
  email: `renata.nfse.${stamp}@exemplo.com.br`,
  phone: '41999990143',
  cpf: '52998224725',
}
const CARD = { number: '4000000000000010', holder: 'RENATA C RIBEIRO', expiry: '1230', cvv: '123' }

const browser = fileBrowser()
const contexts: BrowserContext[] = []
const errors: string[] = []

async function phone(): Promise<Page> {
  const context = await browser().newContext({ ...PHONE, ...IN_CURITIBA, reducedMotion: 'reduce' })
  contexts.push(context)
  return watchErrors(await context.newPage(), (error) => errors.push(error), matching(SESSION_CHECK))
}

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close()
})

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first()

/**
 * Reloads the page until `read` answers `expected`, running the Worker's scheduled jobs between
 * tries (the note's job, as the Cron Trigger would; the stand-in authorises after a moment and
 * calls the webhook).
 */
async function untilSays(page: Page, read: () => Promise<string | null>, expected: string) {
  await expect
    .poll(
      async () => {
        await runCron(baseURL)
        await page.reload()
        return ((await read().catch(() => '')) ?? '').trim()
      },
      { timeout: 45_000, interval: 1000 },
    )
    .toBe(expected)
}

/** Minhas compras' card of the buyer's one purchase. */
const purchaseCard = (page: Page) => page.getByRole('article').first()

/** The admin's row of the buyer's note, found by the buyer's e-mail. */
async function invoiceRow(admin: Page): Promise<Locator> {
  const search = admin.getByLabel('Comprador, CPF/CNPJ ou pedido')
  if ((await search.inputValue()) !== buyer.email) await search.fill(buyer.email)
  const row = admin
    .getByRole('region', { name: 'Notas fiscais' })
    .getByRole('row', { name: new RegExp(buyer.name) })
  await row.waitFor({ timeout: 10_000 })
  return row
}

async function noSidewaysScroll(page: Page, name: string, inView?: Locator) {
  await settled(page)
  await inView?.scrollIntoViewIfNeeded()
  await screenshot(page, name)
  expect(await pageOverflow(page), name).toBeLessThanOrEqual(0)
}

describe('NFS-e: a paid order gets its note, a refund cancels it (375 px)', () => {
  let page: Page
  let admin: Page
  let orderId: string

  it('the buyer pays by card; Minhas compras shows the note issued, with its PDF', async () => {
    // The buyer pays the demo course by card as a guest (the purchase creates the account).
    page = await phone()
    const hash = await cartWithClass(page, baseURL, SEED_IDS.classes.demo)
    await page.goto(`${baseURL}/checkout/${hash}`)
    await page.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
    orderId = await payAsGuestByCard(page, buyer, CARD)

    await page.goto(`${baseURL}/usuario/compras`)
    await page.getByRole('heading', { level: 1, name: 'Minhas compras' }).waitFor()
    await screenshot(page, 'nfse-minhas-compras-paga')
    await untilSays(page, () => purchaseCard(page).getByTestId('invoice-state').textContent(), 'emitida')
    const pdf = purchaseCard(page).getByRole('link', { name: /^Ver nota fiscal \(PDF\)/ })
    const href = await pdf.getAttribute('href')
    expect(href).toMatch(/^https?:\/\//)
    const document = await page.context().request.get(href!)
    expect(document.status()).toBe(200)
    await noSidewaysScroll(page, 'nfse-minhas-compras-emitida', pdf)
  }, 120_000)

  it("the admin, on a phone too, finds it 'autorizada' in 'Notas fiscais'", async () => {
    admin = await phone()
    await signInToAdmin(admin, baseURL)
    await admin
      .getByRole('navigation', { name: 'Administração' })
      .getByRole('link', { name: 'Notas fiscais' })
      .click()
    await admin.getByRole('heading', { level: 1, name: 'Notas fiscais' }).waitFor()
    const row = await invoiceRow(admin)
    await row.getByText('autorizada', { exact: true }).waitFor()
    await row.getByText(orderId).waitFor()
    await row.getByRole('link', { name: `PDF da nota de ${buyer.name}` }).waitFor()
    await noSidewaysScroll(admin, 'nfse-admin-autorizada', row)
  }, 60_000)

  it('the admin refunds the order (Matrículas): the note ends cancelled on both screens', async () => {
    await admin
      .getByRole('navigation', { name: 'Administração' })
      .getByRole('link', { name: 'Matrículas' })
      .click()
    await admin.getByRole('heading', { level: 1, name: 'Matrículas' }).waitFor()
    await admin.getByLabel('Nome, e-mail ou CPF').fill(buyer.email)
    const enrollment = admin.getByRole('row', { name: new RegExp(buyer.name) })
    await enrollment.getByText('pago', { exact: true }).waitFor()
    await enrollment.getByRole('button', { name: /^Estornar/ }).click()
    await admin
      .getByRole('alertdialog', { name: 'Confimação' })
      .getByRole('button', { name: 'Confirmar' })
      .click()
    await toast(admin, 'Estorno confirmado pela operadora.').waitFor()

    await admin
      .getByRole('navigation', { name: 'Administração' })
      .getByRole('link', { name: 'Notas fiscais' })
      .click()
    await admin.getByRole('heading', { level: 1, name: 'Notas fiscais' }).waitFor()
    await untilSays(
      admin,
      async () => (await invoiceRow(admin)).locator('td').nth(3).locator('span').first().textContent(),
      'cancelada',
    )
    await noSidewaysScroll(admin, 'nfse-admin-cancelada', await invoiceRow(admin))

    // Minhas compras says so too; the PDF link is gone.
    await untilSays(page, () => purchaseCard(page).getByTestId('invoice-state').textContent(), 'cancelada')
    expect(
      await purchaseCard(page)
        .getByRole('link', { name: /^Ver nota fiscal \(PDF\)/ })
        .count(),
    ).toBe(0)
    await noSidewaysScroll(page, 'nfse-minhas-compras-cancelada')
    expect(errors).toEqual([])
  }, 120_000)
})
