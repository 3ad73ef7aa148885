import { mkdir } from 'node:fs/promises'
import { type Browser, chromium, type Page } from 'playwright-core'

export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless, and no background network: the machine has none (also used by `npm run audit`). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]

/** Debian's Chromium, driven by playwright-core (Playwright cannot download browsers here). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true })
  const path = `${ARTIFACTS}${name}.png`
  await page.screenshot({ path, fullPage: false })
  return path
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
