import type { Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

const browser = fileBrowser()

/** A visitor who chose English earlier ('Lang' in localStorage). */
async function englishVisitor() {
  // Reduced motion: the showcase's cards float otherwise, and a click waits for them to be still.
  const context = await browser().newContext({
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
  })
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('Lang')) window.localStorage.setItem('Lang', 'en')
  })
  const page = await context.newPage()
  const errors = collectPageErrors(page)
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  return { context, page, errors, requests }
}

const path = (request: Request) => new URL(request.url()).pathname

describe('toasts in other languages', () => {
  it("with 'Lang' = English, adding to the cart shows the English toast with no translation call", async () => {
    const { context, page, errors, requests } = await englishVisitor()
    await page.goto(`${baseURL}/`)
    const online = page.locator('#cursos-online')
    await online.getByRole('button', { name: 'Adicionar ao carrinho' }).first().waitFor()
    // The English catalogue arrives with the toaster, once the page is idle: before any toast.
    await expect
      .poll(() => requests.some((request) => /\/assets\/catalogue\.en-[\w-]+\.js$/.test(request.url())), {
        timeout: 10_000,
      })
      .toBe(true)

    // Once the lists answer (an arrow comes alive), a person's pointer arrives: the carousels
    // fetch their engine then. And the toaster is up.
    await expect
      .poll(() => page.locator('#cursos-presenciais').getByRole('button', { name: 'Próximo' }).isDisabled())
      .toBe(false)
    await page.mouse.move(200, 300)
    await expect
      .poll(() => requests.some((request) => /\/assets\/embla-carousel[\w.-]*\.js$/.test(request.url())), {
        timeout: 10_000,
      })
      .toBe(true)
    await page.locator('section[aria-label^="Notificações"]').waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')

    const before = requests.length
    await online.getByRole('button', { name: 'Adicionar ao carrinho' }).first().click()
    await page
      .locator('[data-sonner-toast] [data-title]', { hasText: 'Added to cart successfully!' })
      .waitFor()
    const during = requests.slice(before).map(path)
    expect(during).toContain('/carrinho-de-compras/update-cart')
    expect(during.filter((p) => p === '/api/translate' || p.startsWith('/assets/'))).toEqual([])
    await screenshot(page, 'i18n-cart-toast-english')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the page translation widget translates the main text through the Worker once, then from the browser', async () => {
    const { context, page, errors, requests } = await englishVisitor()
    await page.goto(`${baseURL}/quem-somos`)
    const footer = page.getByRole('contentinfo')
    expect(await footer.getByRole('combobox', { name: 'Idioma das mensagens' }).inputValue()).toBe('en')
    const button = footer.getByRole('button', { name: 'Traduzir página (English)' })
    await button.click()
    // Locally the sandbox translator answers: '[EN] ' marks what came through the Worker.
    await page.getByRole('heading', { level: 1, name: '[EN] Quem somos' }).waitFor()
    const calls = requests.filter((request) => path(request) === '/api/translate').length
    expect(calls).toBeGreaterThan(0)
    expect(await button.isDisabled()).toBe(true)
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('footer button')).some(
          (element) =>
            element.textContent?.includes('Traduzir página') && !(element as HTMLButtonElement).disabled,
        ),
      undefined,
      { timeout: 4000 },
    )
    await screenshot(page, 'i18n-page-translated')

    // Another visit: the same texts come from this browser's copy, with no call.
    await page.reload()
    await footer.getByRole('button', { name: 'Traduzir página (English)' }).click()
    await page.getByRole('heading', { level: 1, name: '[EN] Quem somos' }).waitFor()
    expect(requests.filter((request) => path(request) === '/api/translate')).toHaveLength(calls)

    // Back to Portuguese: the page's own text.
    await footer.getByRole('combobox', { name: 'Idioma das mensagens' }).selectOption('pt-BR')
    await page.getByRole('heading', { level: 1, name: 'Quem somos' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it("the translation service takes only the site's own texts: a random text is refused, a page still translates", async () => {
    const { context, page, errors, requests } = await englishVisitor()
    const random = Array.from({ length: 1200 }, (_, i) => 'texto aleatório qualquer '[i % 25]).join('')
    const refused = await page.request.post(`${baseURL}/api/translate`, {
      data: { q: [`${random} ${Date.now()}`], target: 'en' },
    })
    expect(refused.status()).toBe(422)
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Só traduzimos textos publicados no site/,
    )

    await page.goto(`${baseURL}/cursos`)
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('button', { name: 'Traduzir página (English)' }).click()
    // A course's name is the catalogue's: it comes back through the Worker.
    await page
      .getByRole('main')
      .getByText(/^\[EN\] Hemodiálise para Enfermagem/)
      .first()
      .waitFor()
    await screenshot(page, 'i18n-catalogue-translated')

    // The cart (a personal page) is never translated: no button, and its main region says so.
    await page.goto(`${baseURL}/carrinho-de-compras`)
    expect(await page.locator('main#conteudo').getAttribute('translate')).toBe('no')
    const widget = footer.locator('[data-page-translator]')
    await widget.waitFor({ state: 'attached' })
    expect(await widget.isVisible()).toBe(false)
    expect(requests.filter((request) => path(request) === '/api/translate').length).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
