import { mkdir } from 'node:fs/promises'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { CHROMIUM_FLAGS, E2E_CHROMIUM_PATH } from '../../../scripts/lib/chromium.ts'

export const ARTIFACTS = new URL('../../artifacts/', import.meta.url).pathname

/** A visitor in Curitiba: the site's language, and the city's clock (São Paulo's time zone). */
export const IN_CURITIBA = {
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
} satisfies BrowserContextOptions

/**
 * Every Content-Security-Policy violation becomes a console error, which each journey's error
 * collector fails on: a script, style, frame or request the policy refused is a broken page.
 */
const REPORT_CSP_VIOLATIONS = () => {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
    )
  })
}

/**
 * Public pages arrive rendered by the Worker and become interactive once the browser has
 * hydrated them (`<html data-ready>`); a button pressed before then is pressed again at that
 * moment (first-click.test.ts covers it). After a document loads, the journeys wait for that
 * moment, so that what they check next is the app's answer.
 */
async function waitForApp(page: Page) {
  await page.waitForFunction(
    () => document.getElementById('app') === null || document.documentElement.dataset.ready === 'true',
    undefined,
    { timeout: 15_000 },
  )
}

function waitForAppAfterLoads(page: Page) {
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const waitForURL = page.waitForURL.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    if ((response?.headers()['content-type'] ?? '').includes('text/html')) await waitForApp(page)
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await waitForApp(page)
    return response
  }
  page.waitForURL = async (...args) => {
    await waitForURL(...args)
    await waitForApp(page)
  }
}

/**
 * React's reports of a page the browser could not hydrate as the Worker rendered it (its
 * production errors 418, 419, 422, 423 and 425, or the development build's words): a mismatch
 * fails the test file that met it, whether or not the journey collects page errors
 * (tests/support/e2e/setup.ts). Decision 005's rule: both sides render the same.
 */
const HYDRATION_ERROR =
  /hydrat|react\.dev\/errors\/(418|419|422|423|425)\b|React error #(418|419|422|423|425)\b/i
const hydrationErrors: string[] = []
const watched = new WeakSet<Page>()

function watchHydration(page: Page) {
  if (watched.has(page)) return
  watched.add(page)
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(`${error.message}`)) hydrationErrors.push(`${page.url()}: ${error.message}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text()))
      hydrationErrors.push(`${page.url()}: ${message.text()}`)
  })
}

/** The hydration errors met since the last call (each test file's own: see setup.ts). */
export function takeHydrationErrors(): string[] {
  return hydrationErrors.splice(0)
}

/** Debian's Chromium, driven by playwright-core (Playwright cannot download browsers here). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const newContext = browser.newContext.bind(browser)
  const newPage = browser.newPage.bind(browser)
  browser.newContext = async (options) => {
    const context: BrowserContext = await newContext(options)
    await context.addInitScript(REPORT_CSP_VIOLATIONS)
    context.on('page', watchHydration)
    // With JavaScript off nothing hydrates: the page as sent is the page.
    if (options?.javaScriptEnabled !== false) context.on('page', waitForAppAfterLoads)
    return context
  }
  browser.newPage = async (options) => {
    const page = await newPage(options)
    await page.addInitScript(REPORT_CSP_VIOLATIONS)
    watchHydration(page)
    if (options?.javaScriptEnabled !== false) waitForAppAfterLoads(page)
    return page
  }
  return browser
}

/**
 * One Chromium for the test file that calls it (launched before its tests, closed after them):
 * the getter answers the running browser.
 */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('The browser starts in beforeAll: call it inside a test or hook.')
    return browser
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true })
  const path = `${ARTIFACTS}${name}.png`
  await page.screenshot({ path, fullPage: false })
  return path
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/**
 * One login per account for the whole file (the login throttle counts per e-mail and address):
 * `sessionOf(who)` is the signed-in storage state of `accounts[who]`, made in a context with `options`.
 */
export function fileSessions<Who extends string>(
  browser: () => Browser,
  baseURL: string,
  accounts: Record<Who, { email: string; password: string }>,
  options: BrowserContextOptions = {},
) {
  const sessions = new Map<Who, Promise<StorageState>>()
  return function sessionOf(who: Who): Promise<StorageState> {
    let session = sessions.get(who)
    if (!session) {
      session = (async () => {
        const context = await browser().newContext(options)
        const response = await context.request.post(`${baseURL}/login`, {
          data: { ...accounts[who], json: true },
        })
        expect(response.status(), `login as ${who}`).toBe(200)
        const state = await context.storageState()
        await context.close()
        return state
      })()
      sessions.set(who, session)
    }
    return session
  }
}

/** Signs in through the login page at `url`, as a person does, until the header greets them. */
export async function signInOnPage(page: Page, url: string, account: { email: string; password: string }) {
  await page.goto(url)
  const main = page.getByRole('main')
  await main.getByLabel('E-mail', { exact: true }).fill(account.email)
  await main.getByLabel('Senha', { exact: true }).fill(account.password)
  await main.getByLabel('Senha', { exact: true }).press('Enter')
  await page.getByRole('button', { name: /Seja bem-vindo/ }).waitFor()
}

/** Tells whether a console error (`text @ address`) is an answer the journey provokes on purpose. */
export type ExpectedError = (error: string, text: string, url: string) => boolean

/** The anonymous session check (GET /admin/user/get) answers 401 by design. */
export const SESSION_CHECK = /status of 401 .*\/admin\/user\/get/

/** Expected: the console errors any of these patterns match. */
export const matching =
  (...patterns: RegExp[]): ExpectedError =>
  (error) =>
    patterns.some((pattern) => pattern.test(error))

/** Expected: these HTTP answers of the app, each a status at a path (of `baseURL`). */
export const httpAnswers =
  (answers: [status: number, path: string][], baseURL: string): ExpectedError =>
  (_error, text, url) =>
    answers.some(
      ([status, path]) => text.includes(`status of ${status}`) && new URL(url, baseURL).pathname === path,
    )

/**
 * Hands every page error of `page` to `record`, and every console error as `text @ address`
 * unless `expected` says the journey provokes it on purpose. The page, for chaining.
 */
export function watchErrors(
  page: Page,
  record: (error: string) => void,
  expected: ExpectedError = () => false,
): Page {
  page.on('pageerror', (error) => record(error.message))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    const url = message.location().url
    const error = `${text} @ ${url}`
    if (!expected(error, text, url)) record(error)
  })
  return page
}

/** Fails the test on any page error or console error, so broken pages do not pass silently. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/**
 * The pages of one journey file: each in a context of its own (pt-BR, Curitiba's clock, reduced
 * motion) with its own client address, so the rate limits of different files never mix; page and
 * console errors of all of them in `errors` (a 401 of the visitor's session check, and whatever
 * `expected` matches, aside).
 */
export function journeyPages(browser: () => Browser, expected?: RegExp) {
  const contexts: BrowserContext[] = []
  const errors: string[] = []
  async function newPage(
    viewport: { width: number; height: number },
    address: string,
    options: BrowserContextOptions = {},
  ): Promise<Page> {
    const context = await browser().newContext({
      viewport,
      ...IN_CURITIBA,
      reducedMotion: 'reduce',
      extraHTTPHeaders: { 'CF-Connecting-IP': address },
      ...options,
    })
    contexts.push(context)
    const page = await context.newPage()
    return watchErrors(
      page,
      (error) => errors.push(error),
      matching(/status of 401 /, ...(expected ? [expected] : [])),
    )
  }
  async function closeAll() {
    for (const context of contexts.splice(0)) await context.close().catch(() => {})
  }
  return { newPage, errors, closeAll }
}
