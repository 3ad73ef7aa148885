import { mkdir } from 'node:fs/promises'
import { type Browser, chromium, type Page } from 'playwright-core'

export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname

/** Debian's Chromium, headless, with no background network (the machine has none). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  })
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
