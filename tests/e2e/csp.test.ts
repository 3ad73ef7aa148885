import { describe, expect, it } from 'vitest'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 12, item 9: every journey fails on a Content-Security-Policy violation (browser.ts turns
// each into a console error). These check that the net catches one, and that the pages with
// scripts of their own (the API reference) work under the policy.

const browser = fileBrowser()

describe('Content-Security-Policy in Chromium', () => {
  it('blocks a script the page did not declare, and the journeys see it as an error', async () => {
    const page = await browser().newPage()
    const errors = collectPageErrors(page)
    await page.goto(`${baseURL}/`)
    const ran = await page.evaluate(async () => {
      const injected = document.createElement('script')
      injected.textContent = 'window.injected = true'
      document.body.append(injected)
      await new Promise((resolve) => setTimeout(resolve, 100))
      return (window as unknown as { injected?: boolean }).injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => errors.join('\n')).toMatch(/CSP violation: script-src-elem blocked inline/)
    // The page's own inline scripts ran: the boot script's hint check, the loader, the app.
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBe('true')
    await page.close()
  })

  it('runs the API reference (Scalar) under the policy', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    // Not one of the app's pages: nothing to wait for but the reference itself.
    const response = await page.mainFrame().goto(`${baseURL}/api/docs`)
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
    await page
      .getByText('Instituto Renalis — API da loja e do portal de ensino')
      .first()
      .waitFor({ timeout: 30_000 })
    await page.getByText('Rota trivial (sem banco nem KV)').first().waitFor()
    await page.getByRole('button', { name: /Conta/ }).first().click()
    await page.getByText('/admin/user/get').first().waitFor()
    await screenshot(page, 'api-docs')
    expect(errors).toEqual([])
    await page.close()
  })
})
