import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { planPayments } from '../../db/schema.ts'
import { freePort, type Stack, startStack } from '../../scripts/lib/stack.ts'
import { summary } from '../support/contract/contract.ts'
import { startContractProxy } from '../support/contract/proxy.ts'
import { fileBrowser, matching, screenshot, watchErrors } from '../support/e2e/browser.ts'
import { typeAddress, typeCard } from '../support/e2e/checkout.ts'
import { approvedApplicant, choosePlanPayment } from '../support/e2e/plans.ts'

// Issue 30, item 5: a debit card on a PSP account (the production default). The shared e2e stack
// plays a gateway account (student.test.ts's challenge journey), so this file starts a stack of its
// own with PAGARME_ACCOUNT_TYPE=psp: the plan payment's debit step asks the Worker for a tds token,
// loads the 3DS library (the sandbox's stand-in, from the sandbox's origin) and the issuer's
// challenge shows in a frame on the page; the order goes with the authentication's transaction id.

let stack: Stack
let proxy: Awaited<ReturnType<typeof startContractProxy>>
let dir: string
const browser = fileBrowser()
let context: BrowserContext
let page: Page
const errors: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'renalis-psp-'))
  const proxyPort = await freePort()
  stack = await startStack({
    publicOrigin: `http://127.0.0.1:${proxyPort}`,
    port: 0,
    dbPort: 0,
    dbFile: join(dir, 'e2e.db'),
    persistDir: join(dir, 'wrangler'),
    accountType: 'psp',
    quiet: true,
  })
  proxy = await startContractProxy(stack.origin, proxyPort)
}, 120_000)

afterAll(async () => {
  await context?.close().catch(() => {})
  if (proxy) {
    console.log(`\ne2e (conta PSP) — ${summary(proxy.stats)}`)
    await proxy.close()
  }
  await stack?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('a fee plan paid by debit card on a PSP account (3-D Secure in the browser)', () => {
  it('refused in the challenge, approved on the second try; a debit still being confirmed shows as pending', async () => {
    const baseURL = proxy.origin
    const sandbox = stack.pagarmeSandbox!
    const db = createDb({ url: stack.databaseUrl })
    context = await browser().newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: 'reduce',
    })
    // This journey's own client address, for the store only: the provider's origin (tokenization,
    // the 3DS library) would refuse the extra header in its CORS preflight, as Pagar.me would.
    await context.route(`${baseURL}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'cf-connecting-ip': '10.30.5.1' } }),
    )
    page = await context.newPage()
    // The visitor's session check (401); the sandbox has no favicon.
    watchErrors(page, (error) => errors.push(error), matching(/status of 401 /, /favicon\.ico/))

    // The sandbox's page says which contract the stack plays.
    await page.goto(sandbox)
    await page.getByTestId('account-type').getByText('PSP').waitFor()

    const email = `debito.psp.${Date.now().toString(36)}@exemplo.com.br`
    const application = await approvedApplicant(
      { context, db, baseURL },
      { name: 'Davi Débito Prado', email, phone: '(41) 99999-0150' },
    )

    async function startDebit(name: string) {
      await choosePlanPayment(page, baseURL, name, 'Cartão de débito')
      await page.getByRole('heading', { name: 'Etapa 4 de 5: Pagamento' }).waitFor()
    }

    async function fillCard(number: string) {
      await typeCard(page, { number, expiry: '1231', cvv: '123', holder: 'DAVI D PRADO' })
      const cep = page.getByLabel('CEP', { exact: true })
      if ((await cep.inputValue()) !== '') return
      await typeAddress(page)
    }

    // March: the issuer asks for a challenge, shown on this page; the payer refuses it.
    await startDebit('Mensalidade de março/2027')
    await fillCard('4000000000003204')
    const payMarch = page.getByRole('button', { name: /^Pagar R\$/ })
    await payMarch.click()
    await page.getByRole('heading', { name: 'Confirme a compra com o seu banco' }).waitFor()
    const challenge = page.frameLocator('iframe[title="Autenticação do seu banco"]')
    await challenge.getByRole('button', { name: 'Autorizar compra' }).waitFor()
    await screenshot(page, 'plan-debit-psp-challenge')
    await challenge.getByRole('button', { name: 'Recusar' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'a autenticação do cartão de débito não foi concluída' })
      .waitFor()
    // Refused before any order: nothing was recorded nor sent to the provider.
    expect(
      await db.select().from(planPayments).where(eq(planPayments.applicationId, application.id)),
    ).toEqual([])

    // Again, by keyboard: the challenge approved, the plan paid.
    await payMarch.focus()
    await page.keyboard.press('Enter')
    await challenge.getByRole('button', { name: 'Autorizar compra' }).waitFor()
    await challenge.getByRole('button', { name: 'Autorizar compra' }).press('Enter')
    await page.getByRole('heading', { name: 'Etapa 5 de 5: Concluído' }).waitFor()
    await page.getByText('Pagamento aprovado').waitFor()

    // April: a debit the bank is still confirming (the sandbox's processing card): pending, not paid.
    await startDebit('Mensalidade de abril/2027')
    await fillCard('4000000000000036')
    await page.getByRole('button', { name: /^Pagar R\$/ }).click()
    await page.getByText('Pagamento em andamento').waitFor()
    await page.getByText(/O banco ainda está confirmando o pagamento/).waitFor()
    await screenshot(page, 'plan-debit-psp-pending')

    const rows = await db.select().from(planPayments).where(eq(planPayments.applicationId, application.id))
    expect(rows.map((row) => [row.paymentMethod, row.status]).sort()).toEqual([
      ['debit_card', 'paid'],
      ['debit_card', 'pending'],
    ])
    // The orders went to the provider as a PSP account sends them.
    const order = await fetch(
      `${sandbox}/core/v5/charges/${rows.find((row) => row.status === 'paid')!.gatewayChargeId}`,
      {
        headers: { Authorization: `Basic ${btoa('sk_test_e2e:')}` },
      },
    )
    expect(((await order.json()) as { last_transaction: { mpi: string } }).last_transaction.mpi).toBe(
      'pagarme',
    )
    expect(errors).toEqual([])
  }, 120_000)
})
