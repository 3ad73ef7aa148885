import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Public pages are one render for every visitor (DESIGN 10, issue 13): the header's user area
// is filled in by the browser. These journeys check what a person sees while that happens, and
// that a button pressed before the app has taken the page over still does its work.

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }
const browser = fileBrowser()

/** A phone about four times slower than this machine (CDP's CPU throttling). */
async function slowDown(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/** Opens a page without waiting for the app: what a person sees from the first paint. */
const openRaw = (page: Page, path: string) => page.mainFrame().goto(baseURL + path, { waitUntil: 'commit' })

/** A new account, signed in within `context` (its session and hint cookies). */
async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@teste.example`
  const password = 'Senha@12345'
  const headers = { Origin: baseURL }
  const created = await context.request.post(`${baseURL}/user/create_user`, {
    headers,
    data: { name, email, password, phone: '(41) 99999-1234' },
  })
  expect(created.status()).toBe(200)
  const login = await context.request.post(`${baseURL}/login`, {
    headers,
    data: { email, password, json: true },
  })
  expect(login.status()).toBe(200)
  return { name, email }
}

/**
 * Watches the header from the first paint: whether the login button was ever shown, and where
 * the cart button sat on every frame (a layout shift would move it).
 */
const WATCH_HEADER = () => {
  const seen = {
    loginShown: false,
    placeholderShown: false,
    cartX: [] as number[],
    shifts: 0,
    shifted: [] as string[],
  }
  ;(window as unknown as { headerWatch: typeof seen }).headerWatch = seen
  // The browser paints a long page while it is still parsing it (more often on a slow CPU): a
  // header painted half-parsed grows as its last elements arrive, which says nothing of the user
  // area. What is watched starts once the whole header has been painted (its last element, the
  // mobile menu, parsed, and the frame that first shows it rendered).
  let headerParsedAt = Number.POSITIVE_INFINITY
  const headerParsed = () => document.getElementById('menu-mobile') !== null
  new MutationObserver((_, observer) => {
    if (!headerParsed()) return
    observer.disconnect()
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        headerParsedAt = performance.now()
      }),
    )
  }).observe(document, { childList: true, subtree: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime < headerParsedAt) continue
      const shift = entry as unknown as { value: number; sources?: { node?: Node }[] }
      seen.shifts += shift.value
      for (const source of shift.sources ?? []) {
        const node = source.node as Element | undefined
        seen.shifted.push(node ? `${node.nodeName}.${(node as Element).className ?? ''}`.slice(0, 80) : '?')
      }
    }
  }).observe({ type: 'layout-shift', buffered: true })
  const visible = (element: Element | null) =>
    element !== null &&
    (element as HTMLElement).offsetParent !== null &&
    element.getBoundingClientRect().width > 0
  const frame = () => {
    const area = document.querySelector('.user-area')
    if (area) {
      const login = Array.from(area.querySelectorAll('button')).find((button) =>
        /Acesse sua conta|Carregando/.test(button.textContent ?? ''),
      )
      if (visible(login ?? null)) seen.loginShown = true
      if (visible(area.querySelector('.session-user'))) seen.placeholderShown = true
      const cart = document.querySelector('button[aria-haspopup="dialog"] [data-testid="cart-count"]')
      if (cart && performance.now() >= headerParsedAt)
        seen.cartX.push(Math.round(cart.getBoundingClientRect().x))
    }
    if (!document.querySelector('#user-menu-trigger')) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

type HeaderWatch = {
  loginShown: boolean
  placeholderShown: boolean
  cartX: number[]
  shifts: number
  /** The elements that moved, when something did. */
  shifted: string[]
}

/** Holds back the app's scripts until the returned function is called (the person acts first). */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

describe('the shared page in the browser', () => {
  it('keeps a button pressed before the app answers, on a phone 4× slower: the item reaches the cart', async () => {
    const context = await browser().newContext({ ...PHONE, reducedMotion: 'reduce' })
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    await page.addInitScript(() => {
      // Whether the app had taken the page over when the person pressed the button.
      document.addEventListener(
        'click',
        () => {
          ;(window as unknown as { pressedBeforeReady: boolean }).pressedBeforeReady =
            document.documentElement.dataset.ready !== 'true'
        },
        true,
      )
    })
    await slowDown(context, page)
    // The app's scripts arrive once the person has pressed: on a slow phone network that window
    // lasts seconds, here it is made certain.
    const pressed = await holdScripts(page)

    await openRaw(page, '/')
    const card = page.locator('#cursos-online article').first()
    const button = card.getByRole('button', { name: 'Adicionar ao carrinho' })
    await button.waitFor({ state: 'visible' })
    await button.click()
    expect(await button.getAttribute('aria-busy')).toBe('true')
    pressed()
    expect(
      await page.evaluate(() => (window as unknown as { pressedBeforeReady: boolean }).pressedBeforeReady),
    ).toBe(true)
    const name = (await card.locator('h3').textContent())!.trim()

    await page.waitForFunction(
      () => document.querySelector('[data-testid="cart-count"]')?.textContent === '1',
      undefined,
      { timeout: 30_000 },
    )
    expect(await button.getAttribute('aria-busy')).toBeNull()
    await page.goto(`${baseURL}/carrinho-de-compras`)
    await page.getByRole('main').getByText(name).first().waitFor()
    await screenshot(page, 'first-click-cart')
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([])
    await context.close()
  })

  it('searches what was typed into the search box before the app answered', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    const typed = await holdScripts(page)

    await openRaw(page, '/')
    const box = page.getByRole('combobox', { name: 'Pesquisar cursos e produtos' })
    await box.click()
    await box.pressSequentially('hemo')
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined()
    typed()

    const results = page.getByRole('listbox', { name: 'Resultados da pesquisa' })
    await results
      .getByRole('option', { name: /Hemodiálise/ })
      .first()
      .waitFor()
    expect(await box.inputValue()).toBe('hemo')
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([])
    await context.close()
  })

  it('shows a signed-in visitor a placeholder, never the login button, then their name in place', async () => {
    const context = await browser().newContext({
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    })
    const { name } = await signUp(context, 'Helena Sem Piscar')
    const page = await context.newPage()
    const errors = collectPageErrors(page)
    await page.addInitScript(WATCH_HEADER)
    await slowDown(context, page)

    await openRaw(page, '/')
    await page.getByRole('button', { name: /Seja bem-vindo\s+Helena/ }).waitFor({ timeout: 30_000 })
    const watch = await page.evaluate(() => (window as unknown as { headerWatch: HeaderWatch }).headerWatch)
    expect(watch.loginShown).toBe(false)
    expect(watch.placeholderShown).toBe(true)
    expect(watch.cartX.length).toBeGreaterThan(1)
    expect(new Set(watch.cartX).size).toBe(1)
    expect(watch.shifted).toEqual([])
    expect(watch.shifts).toBe(0)
    await screenshot(page, 'shared-page-signed-in')

    // The role items come from the visitor's own call, inside the user menu.
    await page.getByRole('button', { name: /Seja bem-vindo/ }).click()
    const menu = page.getByRole('menu', { name: `Seja bem-vindo ${name.split(' ')[0]}` })
    await menu.getByRole('menuitem', { name: 'Meu perfil' }).waitFor()
    expect(await menu.getByRole('menuitem', { name: 'Dashboard' }).count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('gives two signed-in people and a visitor the same cached page, each with their own header', async () => {
    const people = await Promise.all(
      ['Otávio Primeiro', 'Beatriz Segunda', null].map(async (name) => {
        const context = await browser().newContext({ viewport: { width: 1280, height: 800 } })
        if (name) await signUp(context, name)
        const page = await context.newPage()
        return { name, context, page, errors: collectPageErrors(page) }
      }),
    )
    for (const person of people) {
      const response = await person.page.goto(`${baseURL}/cursos`)
      expect(response?.status()).toBe(200)
      if (person.name) {
        const first = person.name.split(' ')[0]!
        await person.page.getByRole('button', { name: new RegExp(`Seja bem-vindo\\s+${first}`) }).waitFor()
      } else {
        await person.page.getByRole('button', { name: 'Acesse sua conta' }).waitFor()
      }
      const header = (await person.page.locator('header').textContent()) ?? ''
      for (const other of people) {
        if (other.name && other !== person) expect(header).not.toContain(other.name.split(' ')[0])
      }
    }
    const visitor = people[2]!
    expect(await visitor.page.locator('header').textContent()).not.toMatch(/Seja bem-vindo/)
    for (const person of people) {
      expect(person.errors.filter((error) => !/status of 401/.test(error))).toEqual([])
      await person.context.close()
    }
  })
})
