import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { abandonedCheckouts } from '../../db/schema.ts'
import { CRON, runCron } from '../../scripts/cron.ts'
import { REMINDERS_CONSENT_LABEL } from '../../worker/contract/reminders.ts'
import { signInToAdmin } from '../support/e2e/admin.ts'
import { fileBrowser, journeyPages, screenshot } from '../support/e2e/browser.ts'
import { addressByCep, payAsGuestByCard, typeAddress } from '../support/e2e/checkout.ts'
import { PHONE, pageOverflow, settled } from '../support/e2e/phone.ts'
import { baseURL, e2eDatabaseUrl } from '../support/e2e/stack.ts'

// Issue 25's journey in real Chromium against the local stack and the Pagar.me sandbox: a visitor
// who ticks the reminders' box types an e-mail at the checkout and leaves; the scheduled job, run
// with the clock an hour on, puts the reminder in the dev mailbox; its link opens the same checkout,
// where the purchase is paid by card; the admin's dashboard counts one more recovered sale. Without
// the box ticked, the same visit brings no e-mail.

const db = createDb({ url: e2eDatabaseUrl })
const stamp = Date.now().toString(36)
const DESKTOP = { width: 1366, height: 900 }
const COURSE = {
  slug: 'doenca-renal-cronica-na-atencao-primaria',
  name: 'Doença Renal Crônica na Atenção Primária',
}
const APPROVED = { number: '4000000000000010', holder: 'LIVIA M ANDRADE', expiry: '1230', cvv: '123' }

const browser = fileBrowser()
const { newPage, errors, closeAll } = journeyPages(browser)

afterAll(async () => {
  await closeAll()
})

type Mail = { to: string; subject: string; text: string }

async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`${baseURL}/api/dev/mailbox`)
  expect(response.status).toBe(200)
  return ((await response.json()) as Mail[]).filter((mail) => mail.to === to)
}

/**
 * The scheduled jobs (the outbox's cron: reminders included) as of an hour and a minute from now,
 * past the first reminder's delay (worker/config.ts's REMINDER_SETTINGS, which Node cannot load),
 * as `npm run cron -- --at` runs them.
 */
const runJobsAnHourOn = () => runCron(baseURL, CRON, new Date(Date.now() + 61 * 60_000))

/** The course in the cart from its page, then the checkout from the header's cart. */
async function toCheckout(page: Page): Promise<string> {
  await page.goto(`${baseURL}/cursos/${COURSE.slug}`)
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).first().click()
  await page
    .locator('[data-sonner-toast]', { hasText: 'Adicionado ao carrinho com sucesso!' })
    .first()
    .waitFor()
  await page.locator('header').getByRole('button', { name: 'Carrinho' }).click()
  await page.getByRole('dialog', { name: 'Carrinho' }).getByRole('link', { name: 'Finalizar compra' }).click()
  await page.waitForURL(/\/checkout\/[\w-]{32,}$/)
  await page.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
  return new URL(page.url()).pathname.split('/').pop()!
}

const consentBox = (page: Page) => page.getByRole('checkbox', { name: REMINDERS_CONSENT_LABEL })

/** A figure of the admin's dashboard: its value as it shows. */
const figure = async (page: Page, label: string) => {
  const value = page.getByTestId(`figure-${label}`)
  await value.waitFor()
  return Number(await value.textContent())
}

describe('sales recovery: an abandoned checkout brought back by its reminder', () => {
  it('a visitor with consent leaves the checkout; the reminder an hour on brings them back to pay; the dashboard counts it', async () => {
    errors.splice(0)
    const admin = await newPage(DESKTOP, '10.25.1.1')
    await signInToAdmin(admin, baseURL)
    const recoveredBefore = await figure(admin, 'Vendas recuperadas')
    const abandonedBefore = await figure(admin, 'Carrinhos abandonados')

    // The visit: the box ticked, the e-mail typed, then gone.
    const email = `livia.${stamp}@exemplo.com.br`
    const visit = await newPage(DESKTOP, '10.25.1.2')
    const hash = await toCheckout(visit)
    await expect(consentBox(visit).isChecked()).resolves.toBe(false)
    await consentBox(visit).check()
    await visit.getByLabel('Nome completo', { exact: true }).fill('Lívia Martins Andrade')
    const captured = visit.waitForResponse(
      (response) =>
        response.url().endsWith('/api/lembretes/checkout') && response.request().method() === 'POST',
    )
    await visit.getByLabel('E-mail', { exact: true }).fill(email)
    expect((await captured).status()).toBe(200)
    await screenshot(visit, 'recovery-checkout-consent')
    await visit.context().close()

    expect(await mailsTo(email)).toEqual([])
    await runJobsAnHourOn()
    let link = ''
    await expect
      .poll(async () => {
        const mail = (await mailsTo(email)).find((message) =>
          /\/checkout\?retomar=chk_\w+/.test(message.text),
        )
        link = /\/checkout\?retomar=chk_\w+/.exec(mail?.text ?? '')?.[0] ?? ''
        return mail?.subject
      })
      .toBe('Você esqueceu algo no carrinho')
    const [reminder] = await mailsTo(email)
    expect(reminder!.text).toContain(COURSE.name)
    expect(reminder!.text).toMatch(/R\$\s490,00/)

    // The link, followed on another browser: the same checkout, the cart back in it. Its client
    // address only on the store's requests: sent to the card tokenizer, the header fails its CORS
    // preflight (as in bundles.test.ts).
    const back = await newPage(DESKTOP, '10.25.1.3', { extraHTTPHeaders: {} })
    await back
      .context()
      .route(`${baseURL}/**`, (route) =>
        route.continue({ headers: { ...route.request().headers(), 'CF-Connecting-IP': '10.25.1.3' } }),
      )
    await back.goto(`${baseURL}${link}`)
    await back.waitForURL(new RegExp(`/checkout/${hash}`))
    const summary = back.getByRole('region', { name: 'Resumo do pedido' })
    await summary.getByText(COURSE.name).first().waitFor()
    await expect.poll(() => back.locator('header').getByTestId('cart-count').textContent()).toBe('1')
    await screenshot(back, 'recovery-checkout-back')

    const buyer = { name: 'Lívia Martins Andrade', email, phone: '41999990125', cpf: '52998224725' }
    await payAsGuestByCard(back, buyer, APPROVED, typeAddress)

    // The admin sees it: one more recovered sale, one more abandoned checkout, none open for it.
    await admin.reload()
    await expect.poll(() => figure(admin, 'Vendas recuperadas')).toBe(recoveredBefore + 1)
    expect(await figure(admin, 'Carrinhos abandonados')).toBe(abandonedBefore + 1)
    const open = admin.getByRole('region', { name: 'Carrinhos abandonados em aberto', exact: true })
    await open.getByLabel('E-mail ou item').fill(email)
    await open.getByText('Nenhum carrinho abandonado em aberto.').waitFor()
    await admin.getByRole('region', { name: 'Recuperação de vendas' }).scrollIntoViewIfNeeded()
    await screenshot(admin, 'recovery-dashboard')

    // The same panels on a phone: nothing scrolls sideways.
    const phone = await newPage(PHONE.viewport, '10.25.1.4', {
      ...PHONE,
      storageState: await admin.context().storageState(),
    })
    await phone.goto(`${baseURL}/admin`)
    await figure(phone, 'Vendas recuperadas')
    await settled(phone)
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0)
    await phone.getByRole('region', { name: 'Recuperação de vendas' }).scrollIntoViewIfNeeded()
    await screenshot(phone, 'recovery-dashboard-phone')
    expect(errors).toEqual([])
  }, 120_000)

  it('without the box ticked, the e-mail typed at the checkout is not kept, and no reminder comes', async () => {
    errors.splice(0)
    const email = `otavio.${stamp}@exemplo.com.br`
    const visit = await newPage(DESKTOP, '10.25.2.1')
    const captures: string[] = []
    visit.on('request', (request) => {
      if (request.url().includes('/api/lembretes/checkout')) captures.push(request.postData() ?? '')
    })
    await toCheckout(visit)
    await visit.getByLabel('Nome completo', { exact: true }).fill('Otávio Reis Campos')
    await visit.getByLabel('E-mail', { exact: true }).fill(email)
    await visit.getByLabel('Telefone', { exact: true }).pressSequentially('41999990126')
    await visit.getByLabel('CPF', { exact: true }).pressSequentially('52998224725')
    await addressByCep(visit)
    await expect(consentBox(visit).isChecked()).resolves.toBe(false)
    await visit.context().close()

    expect(captures).toEqual([])
    expect(await db.select().from(abandonedCheckouts).where(eq(abandonedCheckouts.email, email))).toEqual([])
    await runJobsAnHourOn()
    expect(await mailsTo(email)).toEqual([])
    expect(errors).toEqual([])
  }, 90_000)
})
