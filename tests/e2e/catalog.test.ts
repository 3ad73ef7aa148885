import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { EDITAL_ROWS } from '../../db/seed-data/editais.ts'
import { fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

// The catalogue journeys of issue 3 against the seeded stack: the menu (with 'Editais'), the
// search box and its debounce, the course page, the same walk on a 375 px phone, and every
// public route of SPEC section 2 reached from the menu, the footer or the search.

const DESKTOP = { width: 1366, height: 900 }
const PHONE = { width: 375, height: 812 }
const SEEDED_COURSE = { url: 'hemodialise-para-enfermagem', name: 'Hemodiálise para Enfermagem' }

const browser = fileBrowser()

/**
 * Page errors and console errors, with their address. An anonymous visitor's session check
 * (GET /admin/user/get) answers 401 by design, and a not-found page's API call answers 404:
 * tests pass those statuses in `allowed`.
 */
function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`)
  })
  const sessionCheck = /status of 401 .* @ \S*\/admin\/user\/get/
  return (allowed: RegExp[] = []) =>
    errors.filter((error) => !sessionCheck.test(error) && !allowed.some((pattern) => pattern.test(error)))
}

async function open(viewport: { width: number; height: number }, path = '/') {
  const phone = viewport.width < 990
  const page = await browser().newPage({ viewport, ...(phone ? { hasTouch: true, isMobile: true } : {}) })
  const errors = collectErrors(page)
  await page.goto(baseURL + path)
  return { page, errors }
}

/** The visible 'Menu principal': the bar on a desktop, the panel (opened first) on a phone. */
async function mainMenu(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 0) < 990) {
    const toggle = page.getByRole('button', { name: 'Menu', exact: true })
    await toggle.waitFor()
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  }
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  await nav.getByRole('link', { name: 'Quem somos' }).waitFor()
  return nav
}

/** Top of `selector` sits in the upper half of the window, below the sticky header. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const top = element.getBoundingClientRect().top
    return top >= 0 && top < window.innerHeight / 2
  })

async function expectInView(page: Page, selector: string) {
  await page.waitForFunction(
    (target) => {
      const top = document.querySelector(target)?.getBoundingClientRect().top ?? -1
      return top >= 0 && top < window.innerHeight / 2
    },
    selector,
    { timeout: 5000 },
  )
  expect(await inView(page, selector)).toBe(true)
}

/** Smooth scrolling (html has scroll-behavior: smooth) has come to rest: screenshots show the end. */
async function settle(page: Page) {
  let last = Number.NaN
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY)
        const same = y === last
        last = y
        return same
      },
      { interval: 100, timeout: 5000 },
    )
    .toBe(true)
}

/** A real page: its h1 and some body text in the main region. */
async function expectPage(page: Page, heading: string | RegExp) {
  const h1 = page.getByRole('heading', { level: 1, name: heading })
  await h1.waitFor({ timeout: 10_000 })
  expect(await h1.isVisible()).toBe(true)
  // Lists fill in after their request: wait for the body text rather than read it once.
  await page.waitForFunction(
    () => (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ').length > 150,
    undefined,
    { timeout: 10_000 },
  )
}

describe('catalogue journeys on a desktop', () => {
  it("walks the menu: 'Cursos' → 'Nefrologia intervencionista', then 'Editais' → an edital", async () => {
    const { page, errors } = await open(DESKTOP)
    const nav = await mainMenu(page)

    const coursesToggle = nav.getByRole('button', { name: 'Submenu Cursos' })
    await coursesToggle.click()
    expect(await coursesToggle.getAttribute('aria-expanded')).toBe('true')
    await nav.getByRole('link', { name: 'Nefrologia intervencionista' }).click()
    await page.waitForURL(/\/cursos#nefrologia-intervencionista$/)
    await page.locator('#nefrologia-intervencionista article').first().waitFor()
    await expectInView(page, '#nefrologia-intervencionista')
    expect(
      await page
        .locator('#nefrologia-intervencionista')
        .getByRole('heading', { level: 2, name: 'Nefrologia intervencionista' })
        .isVisible(),
    ).toBe(true)
    await settle(page)
    await screenshot(page, 'catalog-desktop-cursos-anchor')

    const editais = nav.getByRole('button', { name: 'Editais' })
    await editais.click()
    const submenu = page.locator(`[id="${await editais.getAttribute('aria-controls')}"]`)
    const links = submenu.getByRole('link')
    expect(await links.count()).toBeGreaterThan(0)
    const firstName = (await links.first().textContent())!.trim()
    // The dropdown stays inside the window even for the last entry of the bar.
    const box = (await submenu.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width)
    await links.first().click()
    await page.waitForURL(/\/editais\/[a-z0-9-]+$/)
    await expectPage(page, firstName)
    expect(await page.getByText(/^Inscrições (abertas|encerradas)$/).isVisible()).toBe(true)
    const plans = page.getByRole('region', { name: 'Taxa de inscrição' })
    expect(
      await plans
        .getByText(/^R\$ \d/)
        .first()
        .isVisible(),
    ).toBe(true)
    expect(await plans.getByText('Cartão de crédito').first().isVisible()).toBe(true)
    await expect(page.title()).resolves.toBe(`${firstName} | Instituto Renalis`)
    await settle(page)
    await screenshot(page, 'catalog-desktop-edital')
    expect(errors()).toEqual([])
    await page.close()
  })

  it('searches once the typing stops, and opens a result with the arrows and Enter', async () => {
    const { page, errors } = await open(DESKTOP)
    const searches: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/search/all_product') searches.push(url.searchParams.get('search') ?? '')
    })
    const box = page.getByRole('combobox', { name: 'Pesquisar cursos e produtos' })
    await box.click()
    // 80 ms between keystrokes: well under the 400 ms debounce, so no request per keystroke.
    await box.pressSequentially('dialise', { delay: 80 })
    const results = page.getByRole('listbox', { name: 'Resultados da pesquisa' })
    await results.waitFor()
    expect(searches).toEqual(['dialise'])
    const options = results.getByRole('option')
    expect(await options.count()).toBeGreaterThan(1)
    expect(await box.getAttribute('aria-expanded')).toBe('true')
    const listBox = (await results.boundingBox())!
    expect(listBox.height).toBeLessThanOrEqual(300)
    await settle(page)
    await screenshot(page, 'catalog-desktop-search')

    await box.press('ArrowDown')
    const first = options.first()
    expect(await first.getAttribute('aria-selected')).toBe('true')
    const name = (await first.textContent())!.trim()
    const href = (await first.getAttribute('href'))!
    await box.press('Enter')
    await page.waitForURL((url) => url.pathname + url.hash === href)
    await expectPage(page, name)
    expect(await results.isHidden()).toBe(true)

    // A click outside takes the focus away: the list does not come back on its own.
    await box.fill('renal')
    await results.waitFor()
    await page.locator('main').click({ position: { x: 5, y: 5 } })
    expect(await results.isHidden()).toBe(true)
    expect(errors()).toEqual([])
    await page.close()
  })

  it('shows a course page with its classes, prices and the cart button', async () => {
    const { page, errors } = await open(DESKTOP, '/cursos')
    await page.getByRole('link', { name: SEEDED_COURSE.name }).click()
    await page.waitForURL(`**/cursos/${SEEDED_COURSE.url}`)
    await expectPage(page, SEEDED_COURSE.name)
    expect(await page.getByRole('heading', { level: 2, name: 'Turmas' }).isVisible()).toBe(true)
    const startNow = page.getByRole('article', { name: 'Comece agora' })
    expect(await startNow.getByText('comece agora', { exact: true }).isVisible()).toBe(true)
    expect(await startNow.getByText('R$ 1.000,00').isVisible()).toBe(true)
    expect(await startNow.getByText('em até 12x no cartão').isVisible()).toBe(true)
    expect(await startNow.getByRole('button', { name: 'Adicionar ao carrinho' }).isVisible()).toBe(true)
    const dated = page.getByRole('article', { name: /Turma agosto\/2027/ })
    expect(await dated.getByText('2 de agosto de 2027').isVisible()).toBe(true)
    expect(await dated.getByText(/Preço de estudante mediante envio de documento/).isVisible()).toBe(true)
    expect(await page.getByRole('region', { name: `Imagens: ${SEEDED_COURSE.name}` }).isVisible()).toBe(true)
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    }))
    // The stack's PUBLIC_ORIGIN is its own address: canonical URLs come from that configuration.
    expect(head.canonical).toBe(`${baseURL}/cursos/${SEEDED_COURSE.url}`)
    expect(head.ogImage?.startsWith(`${baseURL}/img/cursos/`)).toBe(true)
    await settle(page)
    await screenshot(page, 'catalog-desktop-course')

    // A closed class (Transplante Renal, February 2027) has no button.
    await page.goto(`${baseURL}/cursos/transplante-renal`)
    await page.getByRole('heading', { level: 2, name: 'Turmas' }).waitFor()
    const closed = page.locator('#turmas article').filter({ hasText: 'Inscrições encerradas' })
    expect(await closed.count()).toBeGreaterThan(0)
    expect(await closed.first().getByRole('button').count()).toBe(0)
    expect(errors()).toEqual([])
    await page.close()
  })

  it('shows the not-found page with the API message for an unknown course', async () => {
    const { page, errors } = await open(DESKTOP, '/cursos/curso-que-nao-existe')
    await page.getByRole('heading', { level: 1, name: 'Curso não encontrado.' }).waitFor()
    expect(await page.getByRole('link', { name: 'Voltar para a página inicial' }).isVisible()).toBe(true)
    await settle(page)
    await screenshot(page, 'catalog-desktop-not-found')
    expect(errors([/status of 404/])).toEqual([])
    await page.close()
  })
})

describe('catalogue journeys on a 375 px phone', () => {
  it('walks the mobile menu to a course section and to an edital', async () => {
    const { page, errors } = await open(PHONE)
    let nav = await mainMenu(page)
    await nav.getByRole('button', { name: 'Submenu Cursos' }).click()
    await nav.getByRole('link', { name: 'Nefrologia intervencionista' }).click()
    await page.waitForURL(/\/cursos#nefrologia-intervencionista$/)
    expect(await page.locator('#menu-mobile').isHidden()).toBe(true)
    await page.locator('#nefrologia-intervencionista article').first().waitFor()
    await expectInView(page, '#nefrologia-intervencionista')
    await settle(page)
    await screenshot(page, 'catalog-phone-cursos-anchor')

    nav = await mainMenu(page)
    await nav.getByRole('button', { name: 'Editais' }).click()
    await settle(page)
    await screenshot(page, 'catalog-phone-menu')
    // The seeded call by its whole title: the admin's journey adds calls of its own to the menu.
    const residency = EDITAL_ROWS[0]!.title
    await nav.getByRole('link', { name: residency, exact: true }).click()
    await page.waitForURL(/\/editais\//)
    await expectPage(page, residency)
    await settle(page)
    await screenshot(page, 'catalog-phone-edital')
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(errors()).toEqual([])
    await page.close()
  })

  it('searches and opens an e-book anchor, then a course page, by touch', async () => {
    const { page, errors } = await open(PHONE)
    const box = page.getByRole('combobox', { name: 'Pesquisar cursos e produtos' })
    await box.tap()
    await box.pressSequentially('fosforo', { delay: 60 })
    const option = page.getByRole('option', { name: /Fósforo/ })
    await option.tap()
    await page.waitForURL(/\/ebooks#ebook-\d+$/)
    const anchor = `#${new URL(page.url()).hash.slice(1)}`
    await page.locator(anchor).waitFor()
    await expectInView(page, anchor)
    await settle(page)
    await screenshot(page, 'catalog-phone-ebooks-anchor')

    await box.fill('')
    await box.pressSequentially('hemodialise enfermagem', { delay: 40 })
    await page.getByRole('option', { name: SEEDED_COURSE.name, exact: true }).tap()
    await page.waitForURL(`**/cursos/${SEEDED_COURSE.url}`)
    await expectPage(page, SEEDED_COURSE.name)
    expect(await page.getByRole('button', { name: 'Adicionar ao carrinho' }).first().isVisible()).toBe(true)
    await settle(page)
    await screenshot(page, 'catalog-phone-course')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(errors()).toEqual([])
    await page.close()
  })
})

describe('every public route of SPEC section 2', () => {
  it('is reached from the menu, the footer, the logo or a card, with real content', async () => {
    const { page, errors } = await open(DESKTOP)
    const nav = await mainMenu(page)

    type Step = { path: string; heading: string | RegExp; go: () => Promise<void>; shot?: string }
    const link = (name: string) => () => nav.getByRole('link', { name, exact: true }).click()
    const sub = (parent: string, name: string) => async () => {
      await nav.getByRole('button', { name: `Submenu ${parent}` }).click()
      await nav.getByRole('link', { name, exact: true }).click()
    }
    const footer = (name: string) => () =>
      page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click()

    const steps: Step[] = [
      { path: '/quem-somos', heading: 'Quem somos', go: link('Quem somos'), shot: 'catalog-route-institute' },
      { path: '/cursos/sobre', heading: 'Sobre os cursos', go: sub('Cursos', 'Sobre os cursos') },
      { path: '/cursos', heading: 'Cursos', go: link('Cursos'), shot: 'catalog-route-cursos' },
      {
        path: '/pesquisa/centro-pesquisa-clinica',
        heading: 'Centro de Pesquisa Clínica',
        go: sub('Pesquisa', 'Centro de Pesquisa Clínica'),
      },
      {
        path: '/pesquisa/estudos-clinicos',
        heading: 'Estudos clínicos',
        go: sub('Pesquisa', 'Estudos clínicos'),
      },
      {
        path: '/pesquisa/centro-pesquisa-academica',
        heading: 'Centro de Pesquisa Acadêmica',
        go: sub('Pesquisa', 'Centro de Pesquisa Acadêmica'),
      },
      { path: '/pesquisa/publicacoes', heading: 'Publicações', go: sub('Pesquisa', 'Publicações') },
      { path: '/produtos', heading: 'Produtos', go: link('Produtos'), shot: 'catalog-route-produtos' },
      {
        path: '/produtos/1',
        heading: 'Simulador de Punção de Fístula Arteriovenosa',
        go: () => page.getByRole('link', { name: 'Simulador de Punção de Fístula Arteriovenosa' }).click(),
        shot: 'catalog-route-produto',
      },
      { path: '/ebooks', heading: 'E-books', go: link('E-books'), shot: 'catalog-route-ebooks' },
      { path: '/anais', heading: 'Anais', go: link('Anais'), shot: 'catalog-route-anais' },
      { path: '/contato', heading: 'Contato', go: link('Contato'), shot: 'catalog-route-contato' },
      {
        path: '/politicas-de-privacidade',
        heading: 'Política de Privacidade',
        go: link('Política de Privacidade'),
      },
      { path: '/cursos', heading: 'Cursos', go: footer('Todos os cursos') },
      { path: '/ebooks', heading: 'E-books', go: footer('E-books') },
      {
        path: `/cursos/${SEEDED_COURSE.url}`,
        heading: SEEDED_COURSE.name,
        go: async () => {
          await page.goto(`${baseURL}/cursos`)
          await page.getByRole('link', { name: SEEDED_COURSE.name }).click()
        },
      },
      {
        path: '/',
        heading: 'Cursos',
        go: () => page.getByRole('link', { name: 'Instituto Renalis – página inicial' }).click(),
      },
    ]

    for (const step of steps) {
      await step.go()
      await page.waitForURL((url) => url.pathname === step.path)
      await expectPage(page, step.heading)
      const title = await page.title()
      expect(title).toContain('Instituto Renalis')
      // The head follows the page: one canonical link, this page's.
      const canonical = `${baseURL}${step.path}`
      await page.waitForFunction(
        (expected) => document.querySelector('link[rel="canonical"]')?.getAttribute('href') === expected,
        canonical,
        { timeout: 5000 },
      )
      expect(await page.locator('link[rel="canonical"]').count()).toBe(1)
      if (step.shot) {
        await settle(page)
        await screenshot(page, step.shot)
      }
    }

    // The footer's anchor link lands on the section.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Nefrologia intervencionista' }).click()
    await page.waitForURL(/\/cursos#nefrologia-intervencionista$/)
    await page.locator('#nefrologia-intervencionista article').first().waitFor()
    await expectInView(page, '#nefrologia-intervencionista')

    // The loyalty-card site opens in a new tab (it is external: only the link is checked).
    const loyalty = nav.getByRole('link', { name: /Cartão Fidelidade/ })
    expect(await loyalty.getAttribute('target')).toBe('_blank')
    expect(await loyalty.getAttribute('href')).toMatch(/^https:\/\//)

    expect(errors()).toEqual([])
    await page.close()
  })
})
