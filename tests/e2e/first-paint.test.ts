import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

// The Worker sends public pages already rendered (worker/ssr): a phone paints the page from the
// first response, before any JavaScript, and the browser then takes that same markup over.

const PHONE = { width: 375, height: 812 }
const COURSE = { url: 'hemodialise-para-enfermagem', name: 'Hemodiálise para Enfermagem' }

const browser = fileBrowser()

/** An anonymous visitor's session check answers 401 by design. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 401/.test(error))

describe('pages rendered by the Worker', () => {
  it('shows the home showcase and a course page on a phone with JavaScript off', async () => {
    const context = await browser().newContext({ viewport: PHONE, javaScriptEnabled: false })
    const page = await context.newPage()

    const home = await page.goto(`${baseURL}/`)
    expect(home?.status()).toBe(200)
    expect(await page.title()).toBe('Instituto Renalis – Cursos de nefrologia, pesquisa e e-books')
    expect(await page.getByRole('heading', { level: 1, name: 'Cursos' }).isVisible()).toBe(true)
    const card = page.getByRole('article').filter({ hasText: COURSE.name }).first()
    expect(await card.count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Acesse sua conta' }).count()).toBeGreaterThan(0)
    await screenshot(page, 'first-paint-phone-home-no-js')

    const course = await page.goto(`${baseURL}/cursos/${COURSE.url}`)
    expect(course?.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1, name: COURSE.name }).isVisible()).toBe(true)
    const startNow = page.getByRole('article', { name: 'Comece agora' })
    expect(await startNow.getByText('R$ 1.000,00').isVisible()).toBe(true)
    expect(await startNow.getByText('em até 12x no cartão').isVisible()).toBe(true)
    await screenshot(page, 'first-paint-phone-course-no-js')

    const missing = await page.goto(`${baseURL}/cursos/curso-que-nao-existe`)
    expect(missing?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1, name: 'Curso não encontrado.' }).isVisible()).toBe(
      true,
    )
    await context.close()
  })

  it('hydrates the rendered course page: same elements, no errors, and its buttons work', async () => {
    const page: Page = await browser().newPage({ viewport: PHONE, hasTouch: true, isMobile: true })
    const errors = collectPageErrors(page)
    // The heading as parsed from the HTML, before any script of the page runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          ;(window as unknown as { parsedHeading: Element | null }).parsedHeading =
            document.querySelector('h1')
        }
      })
    })
    await page.goto(`${baseURL}/cursos/${COURSE.url}`)

    const startNow = page.getByRole('article', { name: 'Comece agora' })
    await startNow.getByRole('button', { name: 'Adicionar ao carrinho' }).click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="cart-count"]')?.textContent === '1',
    )

    const sameHeading = await page.evaluate(
      () =>
        (window as unknown as { parsedHeading: Element | null }).parsedHeading ===
        document.querySelector('h1'),
    )
    expect(sameHeading).toBe(true)
    expect(unexpected(errors)).toEqual([])
    await page.close()
  })
})
