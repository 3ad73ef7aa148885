import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FIRST_LOAD_BUDGET_KB, formatFirstLoad, measureFirstLoad } from '../../scripts/lib/first-load.ts'
import { fileBrowser } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

// DESIGN 10 and issue 13: the home page's JavaScript as Chromium fetches it, every script until
// the network is idle (lazy chunks included), gzipped. `npm run build` checks the same.

const browser = fileBrowser()

describe('first load', () => {
  it(`stays within ${FIRST_LOAD_BUDGET_KB} KB gzipped on the home page`, async () => {
    const anonymous = await measureFirstLoad(baseURL, '/', { browser: browser() })
    console.log(formatFirstLoad(anonymous, 'the home page (/), anonymous'))
    expect(anonymous.scripts.length).toBeGreaterThan(1)
    expect(anonymous.totalKb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB)
  })

  it('loads the same for a signed-in visitor: the user menu waits until they reach for it', async () => {
    const signIn = async (context: BrowserContext) => {
      const email = `carga.${Date.now()}@teste.example`
      const headers = { Origin: baseURL }
      const data = { name: 'Pessoa Carga', email, password: 'Senha@12345', phone: '(41) 99999-4321' }
      expect((await context.request.post(`${baseURL}/user/create_user`, { headers, data })).status()).toBe(
        200,
      )
    }
    const signedIn = await measureFirstLoad(baseURL, '/', { browser: browser(), prepare: signIn })
    console.log(formatFirstLoad(signedIn, 'the home page (/), signed in'))
    expect(signedIn.scripts.some((script) => /user-menu|zod/.test(script.path))).toBe(false)
    expect(signedIn.totalKb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB)
  })
})
