import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { fileBrowser, matching, SESSION_CHECK, screenshot, watchErrors } from '../support/e2e/browser.ts'
import { payAsGuestByCard } from '../support/e2e/checkout.ts'
import { press, pressUntil } from '../support/e2e/keyboard.ts'
import { pageOverflow } from '../support/e2e/phone.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 22, item 6: the seeded bundle 'Acesso Vascular + Biópsia Renal' is offered on the pages of
// its two courses, with its saving; a new buyer adds it from one of them, pays by card in the
// Pagar.me sandbox, and finds both of its classes in Meus cursos. On a phone, the offer fits the
// screen and goes into the cart by keyboard.

const BUNDLE = 'Acesso Vascular + Biópsia Renal'
/** Classes 17 (Acesso Vascular, R$ 3.800,00) and 21 (Biópsia Renal, R$ 4.800,00), 15% off. */
const BUNDLE_CLASSES = [17, 21]
const CARD = { number: '4000000000000010', holder: 'HELENA M CASTRO', expiry: '1230', cvv: '123' }

const browser = fileBrowser()
const contexts: BrowserContext[] = []
let pageErrors: string[] = []

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {})
  const errors = pageErrors
  pageErrors = []
  expect(errors).toEqual([])
})

async function newPage(viewport: { width: number; height: number }, address: string): Promise<Page> {
  const phone = viewport.width < 990
  const context = await browser().newContext({
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  })
  contexts.push(context)
  // Its own client address: the shared 127.0.0.1 would share the checkout's limits with every
  // file. Only on the store's own requests: sent to the card tokenizer too (extraHTTPHeaders), the
  // header fails its CORS preflight and the card is never tokenized.
  await context.route(`${baseURL}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'CF-Connecting-IP': address } }),
  )
  const page = await context.newPage()
  return watchErrors(page, (error) => pageErrors.push(error), matching(SESSION_CHECK))
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first()

/** The bundle's offer on a course page, as a person finds it: its section, then its card. */
async function bundleOffer(page: Page, courseUrl: string) {
  await page.goto(`${baseURL}/cursos/${courseUrl}`)
  const section = page.getByRole('region', { name: 'Pacotes com este curso' })
  const offer = section.getByRole('article', { name: BUNDLE })
  await offer.waitFor()
  return offer
}

async function expectOffer(offer: ReturnType<Page['locator']>) {
  expect(await offer.getByTestId('bundle-price').textContent()).toBe('R$ 7.310,00')
  expect(await offer.getByTestId('bundle-saving').textContent()).toBe('Economize R$ 1.290,00')
  expect(await offer.locator('s').textContent()).toBe('R$ 8.600,00')
  await offer.getByText('Acesso Vascular para Hemodiálise', { exact: true }).waitFor()
  await offer.getByText('Biópsia Renal Percutânea Guiada por Ultrassom', { exact: true }).waitFor()
}

describe('a bundle bought from a course page', () => {
  it('a new buyer adds the seeded bundle from a course page, pays by card and finds both classes enrolled', async () => {
    const page = await newPage({ width: 1366, height: 900 }, '10.22.6.1')
    const buyer = {
      name: 'Helena Moraes Castro',
      email: `helena.pacote.${Date.now()}@exemplo.com.br`,
      cpf: '52998224725',
      phone: '41999990106',
    }

    // Offered on the page of either course it holds.
    await expectOffer(await bundleOffer(page, 'acesso-vascular-para-hemodialise'))
    const offer = await bundleOffer(page, 'biopsia-renal-guiada-por-ultrassom')
    await expectOffer(offer)
    await offer.scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-course-page')

    await offer.getByRole('button', { name: 'Adicionar ao carrinho' }).click()
    await toast(page, 'Adicionado ao carrinho com sucesso!').waitFor()
    await expect.poll(() => page.locator('header').getByTestId('cart-count').textContent()).toBe('1')

    await page.locator('header').getByRole('button', { name: 'Carrinho' }).click()
    const dialog = page.getByRole('dialog', { name: 'Carrinho' })
    await dialog.getByText(BUNDLE).waitFor()
    await dialog.getByRole('link', { name: 'Finalizar compra' }).click()
    await page.waitForURL(/\/checkout\/[\w-]{32,}$/)
    await page.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
    expect(await page.getByTestId('checkout-total').textContent()).toBe('R$ 7.310,00')

    await payAsGuestByCard(page, buyer, CARD)
    expect(await page.getByTestId('order-status').textContent()).toBe('pago')

    // The purchase opened the new buyer's account: Meus cursos lists both classes of the bundle.
    await page.getByRole('link', { name: 'Meus cursos' }).click()
    await page.waitForURL(/\/usuario\/cursos$/)
    await page.getByRole('heading', { level: 1, name: 'Meus cursos' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'Acesso Vascular para Hemodiálise' }).waitFor()
    await page
      .getByRole('heading', { level: 2, name: 'Biópsia Renal Percutânea Guiada por Ultrassom' })
      .waitFor()
    await screenshot(page, 'bundle-my-courses')
    const response = await page.context().request.get(`${baseURL}/api/usuario/cursos`)
    expect(response.status()).toBe(200)
    const enrolled = ((await response.json()) as { class_id: number }[]).map((row) => row.class_id)
    expect(enrolled.sort((a, b) => a - b)).toEqual(BUNDLE_CLASSES)
  }, 120_000)

  it('on a 375 px phone the offer fits the screen and goes into the cart by keyboard', async () => {
    const page = await newPage({ width: 375, height: 800 }, '10.22.6.2')
    const offer = await bundleOffer(page, 'acesso-vascular-para-hemodialise')
    await expectOffer(offer)
    expect(await pageOverflow(page)).toBe(0)
    const box = (await offer.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    await offer.scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-course-page-phone')

    // Tab through the classes' buttons to the bundle's, each time with a visible focus.
    await page.getByRole('heading', { level: 2, name: 'Turmas' }).click()
    let inOffer = false
    for (let step = 0; step < 4 && !inOffer; step++) {
      await pressUntil(page, 'Tab', { name: 'Adicionar ao carrinho' })
      inOffer = await page.evaluate(() => document.activeElement?.closest('#pacotes') !== null)
    }
    expect(inOffer).toBe(true)
    await press(page, 'Enter')
    await toast(page, 'Adicionado ao carrinho com sucesso!').waitFor()
    await expect.poll(() => page.locator('header').getByTestId('cart-count').textContent()).toBe('1')
    await page.locator('header').getByRole('button', { name: 'Carrinho' }).click()
    await page.getByRole('dialog', { name: 'Carrinho' }).getByText(BUNDLE).waitFor()
  }, 90_000)
})
