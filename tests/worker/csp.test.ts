import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadRenderer } from '../../worker/ssr/pages.ts'
import { adminCookie } from '../support/worker/admin.ts'
import { createUser, freshCatalog, sessionCookie, testDb, testEnv } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { executableInlineScripts, fetchPage, NAVIGATE } from '../support/worker/pages.ts'

// Issue 12, item 9: a strict Content-Security-Policy on every answer. Inline scripts run only
// when the answer's own policy names their hash; nothing runs from 'unsafe-inline' or eval.

type Policy = Map<string, string[]>

function policyOf(response: Response): Policy {
  const header = response.headers.get('content-security-policy')
  expect(header, response.url).toBeTruthy()
  return new Map(
    header!.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/)
      return [name!, sources]
    }),
  )
}

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

/** The fixed part every answer shares. */
function expectStrict(policy: Policy) {
  expect(policy.get('default-src')).toEqual(["'self'"])
  const scripts = policy.get('script-src') ?? []
  expect(scripts[0]).toBe("'self'")
  expect(scripts.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true)
  expect(scripts).not.toContain("'unsafe-inline'")
  expect(scripts).not.toContain("'unsafe-eval'")
  expect(policy.get('frame-ancestors')).toEqual(["'self'"])
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('base-uri')).toEqual(["'self'"])
  expect(policy.get('form-action')).toEqual(["'self'"])
}

/** The policy lets exactly the inline scripts the document carries run, no other. */
async function expectInlineScriptsAllowed(response: Response) {
  const policy = policyOf(response)
  expectStrict(policy)
  const html = await response.text()
  const allowed = (policy.get('script-src') ?? []).slice(1).sort()
  expect(allowed).toEqual([...new Set(executableInlineScripts(html).map(hashOf))].sort())
  return { policy, html }
}

describe('Content-Security-Policy', () => {
  beforeAll(async () => {
    await loadRenderer()
    await freshCatalog()
  }, 120_000)

  it('allows a rendered page its boot and loader scripts by hash, and nothing else inline', async () => {
    for (const path of ['/', '/cursos', '/login']) {
      const response = await fetchPage(path, { headers: NAVIGATE })
      expect(response.status).toBe(200)
      const { policy, html } = await expectInlineScriptsAllowed(response)
      expect(executableInlineScripts(html)).toHaveLength(2)
      expect(policy.get('connect-src')).toEqual(["'self'"])
      // The page's data is a JSON block, which no policy runs.
      expect(html).toContain('<script id="ssr-state" type="application/json">')
    }
    // The same from the shared cache.
    const again = await fetchPage('/', { headers: NAVIGATE })
    expect(again.headers.get('server-timing')).toContain('shared render')
    await expectInlineScriptsAllowed(again)
  })

  it('lets only the checkout reach the card gateway, and only the one configured', async () => {
    // Locally the Pagar.me sandbox is its own server (PAGARME_API_URL): the checkout may reach it.
    const sandbox = await fetchPage('/checkout/abc', { headers: NAVIGATE })
    expect(policyOf(sandbox).get('connect-src')).toEqual(["'self'", new URL(testEnv.PAGARME_API_URL!).origin])
    await expectInlineScriptsAllowed(sandbox)

    // In production, Pagar.me's own API (the default PAGARME_API_URL).
    const production = {
      PAYMENT_GATEWAY: 'pagarme' as const,
      PAGARME_API_URL: undefined,
      PAGARME_SECRET_KEY: 'sk_test_configurada',
    }
    const checkout = await fetchPage('/checkout/abc', { headers: NAVIGATE }, production)
    expect(policyOf(checkout).get('connect-src')).toEqual(["'self'", 'https://api.pagar.me'])
    for (const path of ['/', '/carrinho-de-compras', '/api/docs', '/api/payments/config']) {
      const other = await fetchPage(path, { headers: NAVIGATE }, production)
      expect(policyOf(other).get('connect-src'), path).toEqual(["'self'"])
    }
  })

  it("lets only a PSP account's plan payment load Pagar.me's 3DS library and frame the issuer's challenge", async () => {
    const library = new URL(testEnv.PAGARME_API_URL!).origin
    const psp = { PAGARME_ACCOUNT_TYPE: 'psp' }
    const plan = await fetchPage('/usuario/editais/mensalidade/7', { headers: NAVIGATE }, psp)
    const policy = policyOf(plan)
    expect(policy.get('script-src')).toContain(library)
    expect(policy.get('frame-src')).toEqual(["'self'", library])
    // The checkout has no debit card; a gateway account's plan payment sends the payer away instead.
    for (const [path, vars] of [
      ['/checkout/abc', psp],
      ['/usuario/editais', psp],
      ['/usuario/editais/mensalidade/7', { PAGARME_ACCOUNT_TYPE: 'gateway' }],
    ] as const) {
      const other = policyOf(await fetchPage(path, { headers: NAVIGATE }, vars))
      expect(other.get('script-src'), path).not.toContain(library)
      expect(other.get('frame-src'), path).toBeUndefined()
    }
    // In production, the library's address as configured; the issuers' pages are theirs (https).
    const production = policyOf(
      await fetchPage(
        '/usuario/editais/mensalidade/7',
        { headers: NAVIGATE },
        {
          ...psp,
          APP_ENV: 'production',
          PAYMENT_GATEWAY: 'pagarme' as const,
          PAGARME_API_URL: undefined,
          PAGARME_SECRET_KEY: 'sk_live_configurada',
          PUBLIC_ORIGIN: 'https://www.institutorenalis.com.br',
          PAGARME_3DS_SCRIPT_URL: 'https://3ds.pagar.me/3ds.js',
          // Production's key set (wrangler.toml), not the tests' sandbox one.
          PAGARME_WEBHOOK_JWKS_URL: 'https://hubapi.pagar.me/.well-known/jwks.json',
          // The NFS-e off, as wrangler.toml ships it.
          FISCAL_ISSUANCE: undefined,
        },
      ),
    )
    expect(production.get('script-src')).toContain('https://3ds.pagar.me')
    expect(production.get('frame-src')).toEqual(["'self'", 'https:'])
  })

  it("lets only the pages that play videos frame YouTube's privacy-enhanced player (a course's lessons, through its IFrame API)", async () => {
    const player = 'https://www.youtube-nocookie.com'
    const youtube = { VIDEO_PLAYER: 'youtube' }
    const conference = await fetchPage('/4a-jornada-multiprofissional', { headers: NAVIGATE }, youtube)
    expect(conference.status).toBe(200)
    expect(policyOf(conference).get('frame-src')).toEqual(["'self'", player])
    await expectInlineScriptsAllowed(conference)
    // A course's lessons: the IFrame API's script (and the player script it loads) from www.youtube.com.
    const lessons = await fetchPage(
      '/usuario/cursos/hemodialise-para-enfermagem',
      { headers: NAVIGATE },
      youtube,
    )
    expect(lessons.status).toBe(200)
    expect(policyOf(lessons).get('frame-src')).toEqual(["'self'", player])
    expect(policyOf(lessons).get('script-src')).toEqual(["'self'", 'https://www.youtube.com'])
    // The local stand-in plays our own video: the course page allows nothing outside.
    const local = await fetchPage('/usuario/cursos/hemodialise-para-enfermagem', { headers: NAVIGATE })
    expect(policyOf(local).get('frame-src')).toBeUndefined()
    expect(policyOf(local).get('script-src')).toEqual(["'self'"])
    // The shared render, served again from the cache, keeps its allowance.
    const again = await fetchPage('/4a-jornada-multiprofissional', { headers: NAVIGATE })
    expect(policyOf(again).get('frame-src')).toEqual(["'self'", player])
    for (const path of ['/', '/cursos', '/contato', '/usuario/perfil']) {
      const other = await fetchPage(path, { headers: NAVIGATE })
      expect(policyOf(other).get('frame-src'), path).toBeUndefined()
    }
  })

  it('covers the SPA shell, API answers and the pages the Worker writes itself', async () => {
    const shell = await fetchPage('/usuario/perfil', { headers: NAVIGATE })
    expect(await expectInlineScriptsAllowed(shell)).toMatchObject({
      html: expect.stringContaining('<div id="app">'),
    })
    expect(policyOf(shell).get('script-src')).toEqual(["'self'"])

    const json = await fetchPage('/api/ping')
    expectStrict(policyOf(json))
    expect(policyOf(json).get('script-src')).toEqual(["'self'"])

    // The API reference (Scalar): its script from our assets, its start-up script by hash, and
    // eval for its own zod (that page only).
    const docs = await fetchPage('/api/docs')
    expect(docs.status).toBe(200)
    const docsPolicy = policyOf(docs)
    expect(docsPolicy.get('script-src')?.at(-1)).toBe("'unsafe-eval'")
    docsPolicy.set('script-src', docsPolicy.get('script-src')!.slice(0, -1))
    expectStrict(docsPolicy)
    const html = await docs.text()
    expect(docsPolicy.get('script-src')!.slice(1)).toEqual(executableInlineScripts(html).map(hashOf))
    expect(html).toContain('<script src="/vendor/scalar/standalone.js">')
    expect(executableInlineScripts(html)).toHaveLength(1)

    // The social-login popup's last page tells its opener through an inline script.
    const social = await fetchPage('/redirect?login=instagram', { headers: NAVIGATE })
    expect(social.status).toBe(200)
    expect(executableInlineScripts((await expectInlineScriptsAllowed(social)).html)).toHaveLength(1)

    // The local mailbox shows e-mails' HTML: whatever they carry, no script of theirs may run.
    const mailbox = await fetchPage('/dev/mailbox', { headers: NAVIGATE })
    expect(mailbox.status).toBe(200)
    expect(policyOf(mailbox).get('script-src')).toEqual(["'self'"])
  })

  it('keeps the other security headers beside it', async () => {
    const response = await fetchPage('/', { headers: NAVIGATE })
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
  })

  it('pages keep windows of other sites away (COOP); the social-login popup pages set none', async () => {
    for (const path of ['/', '/usuario/compras', '/checkout/abc']) {
      const page = await fetchPage(path, { headers: NAVIGATE })
      expect(page.headers.get('cross-origin-opener-policy'), path).toBe('same-origin-allow-popups')
    }
    // After the provider's page, a policy here would move the popup to another browsing context
    // group: window.opener gone, and the opener would see the popup as closed.
    for (const path of ['/redirect?login=instagram', '/oauth/google/callback?error=access_denied']) {
      const popup = await fetchPage(path, { headers: NAVIGATE })
      expect(popup.status, path).toBe(200)
      expect(popup.headers.get('cross-origin-opener-policy'), path).toBeNull()
    }
  })
})

describe('privacy headers', () => {
  const db = testDb()

  it('every answer denies the browser features the site never uses', async () => {
    const page = await fetchPage('/', { headers: NAVIGATE })
    const api = await workerFetch('http://localhost/home_itens/lists')
    for (const response of [page, api]) {
      const policy = response.headers.get('permissions-policy') ?? ''
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy).toContain(feature)
      // What the pages use stays allowed: the video player's fullscreen, the PIX code's clipboard.
      expect(policy).not.toMatch(/fullscreen|clipboard/)
    }
  })

  it('personal and admin answers are kept by no cache; public ones keep their own rule', async () => {
    const student = await sessionCookie((await createUser(db)).id)
    const admin = await adminCookie()
    for (const [path, cookie] of [
      ['/api/usuario/compras', student],
      ['/api/usuario/ebooks', student],
      ['/api/admin/vitrine', admin],
      ['/api/admin/qrcodes', admin],
    ] as const) {
      const response = await workerFetch(`http://localhost${path}`, { headers: { cookie } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    }
    // Refused answers too (nothing about a stranger's request may be kept either).
    const refused = await workerFetch('http://localhost/api/usuario/compras')
    expect(refused.status).toBe(401)
    expect(refused.headers.get('cache-control')).toBe('private, no-store')
    // A public file keeps its own rule.
    const sitemap = await workerFetch('http://localhost/sitemap.xml')
    expect(sitemap.headers.get('cache-control')).toBe('public, max-age=3600')
  })
})
