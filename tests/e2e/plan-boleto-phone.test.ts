import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { planPayments } from '../../db/schema.ts'
import { fileBrowser, journeyPages, screenshot } from '../support/e2e/browser.ts'
import { typeAddressAfterCep } from '../support/e2e/checkout.ts'
import { pageOverflow } from '../support/e2e/phone.ts'
import { approvedApplicant, choosePlanPayment } from '../support/e2e/plans.ts'
import { baseURL, e2eDatabaseUrl } from '../support/e2e/stack.ts'

// Issue 30, item 1 on a phone: a fee plan's boleto names its payer's address, and the form works
// when the CEP service is down (the address typed by hand). An applicant of its own (approved in the
// seeded specialisation) pays April's fee, so no other journey's plans change.

const db = createDb({ url: e2eDatabaseUrl })
const stamp = Date.now().toString(36)

const browser = fileBrowser()
// The CEP service this journey takes down answers 503 in the console.
const { newPage, errors, closeAll } = journeyPages(browser, /status of 503 /)

afterAll(async () => {
  await closeAll()
})

describe('a fee plan paid by boleto on a phone, with the CEP service down', () => {
  it('the applicant types the address and the boleto is issued with it', async () => {
    const page = await newPage({ width: 375, height: 800 }, '10.30.1.1', {
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    })
    const context = page.context()
    const email = `paula.${stamp}@exemplo.com.br`
    const application = await approvedApplicant(
      { context, db, baseURL },
      { name: 'Paula Candidata Reis', email, phone: '(41) 99999-0130' },
    )

    await page.route('**/api/cep/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ msg: 'Serviço temporariamente indisponível.' }),
      }),
    )
    const name = 'Mensalidade de abril/2027'
    await choosePlanPayment(page, baseURL, name, 'Boleto')

    // Without an address the boleto is not asked for; the CEP look-up fails and nothing blocks.
    await page.getByRole('button', { name: 'Gerar boleto' }).click()
    await page.getByText('CEP inválido').first().waitFor()
    const lookup = page.waitForResponse((response) => response.url().includes('/api/cep/'))
    await page.getByLabel('CEP', { exact: true }).pressSequentially('80730000')
    await lookup
    expect(await page.getByLabel('Rua', { exact: true }).inputValue()).toBe('')
    await typeAddressAfterCep(page)
    expect(await pageOverflow(page)).toBe(0)
    await screenshot(page, 'plan-boleto-address-typed-phone')
    await page.getByRole('button', { name: 'Gerar boleto' }).click()
    await page.getByText('Boleto gerado').waitFor()

    const [payment] = await db
      .select()
      .from(planPayments)
      .where(eq(planPayments.applicationId, application.id))
    expect(payment).toMatchObject({ status: 'pending', paymentMethod: 'boleto' })
    expect(payment?.billingAddress).toMatchObject({
      zip_code: '80730-000',
      street: 'Rua Padre Anchieta',
      number: '1000',
      city: 'Curitiba',
      state: 'PR',
    })
    expect(errors).toEqual([])
  }, 90_000)
})
