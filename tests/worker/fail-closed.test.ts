import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAGARME_WEBHOOK_JWKS_URL } from '../../worker/adapters/payments/webhook-keys.ts'
import { app } from '../../worker/app.ts'
import { configurationProblems, isLocalEnv } from '../../worker/config.ts'
import type { Env } from '../../worker/env.ts'
import { DEPLOYMENT_SECRETS, productionEnv, testEnv } from '../support/worker/db.ts'
import { NAVIGATE } from '../support/worker/pages.ts'

// Issue 28, item 8: the local tools run only when APP_ENV is exactly 'local' or 'test'; any other
// value is a deployment, which serves nothing until its configuration passes the check.

const BASE = 'https://www.institutorenalis.com.br'

/** A deployment's configuration that passes the check (the database is the tests' own). */
function deployment(vars: Partial<Env> = {}): Env {
  return productionEnv({
    APP_ENV: 'staging',
    PUBLIC_ORIGIN: BASE,
    ...DEPLOYMENT_SECRETS,
    PAGARME_PUBLIC_KEY_TEST: 'pk_test_0123456789abcdef',
    PAGARME_WEBHOOK_JWKS_URL: PAGARME_WEBHOOK_JWKS_URL,
    ...vars,
  })
}

/** A request as a visitor on the deployment's origin sends it (same-origin writes). */
async function request(env: Env, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (init.method && init.method !== 'GET') headers.set('origin', BASE)
  return app.request(`${BASE}${path}`, { ...init, headers }, env)
}

const SANDBOX_CONSENT_QUERY = '?provider=google&state=estado&code_challenge=desafio'
const sandboxConsentForm = () =>
  new URLSearchParams({
    provider: 'google',
    state: 'estado',
    code_challenge: 'desafio',
    name: 'Pessoa de Teste',
    email: 'pessoa@exemplo.test',
  })

/** The local-only tools, each as a visitor would reach it. */
const LOCAL_TOOLS: Array<[string, (env: Env) => Promise<Response>]> = [
  ['the dev mailbox (API)', (env) => request(env, '/api/dev/mailbox')],
  ['the dev mailbox (page)', (env) => request(env, '/dev/mailbox')],
  [
    'the payment simulator',
    (env) => request(env, `/api/sandbox/pedidos/ped_${'0'.repeat(32)}/pagar`, { method: 'POST' }),
  ],
  ['the login stand-in (form)', (env) => request(env, `/oauth/sandbox/authorize${SANDBOX_CONSENT_QUERY}`)],
  [
    'the login stand-in (consent)',
    (env) =>
      request(env, '/oauth/sandbox/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: sandboxConsentForm(),
      }),
  ],
]

afterEach(() => {
  vi.restoreAllMocks()
})

describe('isLocalEnv', () => {
  it("is true only for exactly 'local' and 'test'", () => {
    expect(isLocalEnv({ APP_ENV: 'local' })).toBe(true)
    expect(isLocalEnv({ APP_ENV: 'test' })).toBe(true)
    for (const value of ['production', 'staging', '', 'Production', 'LOCAL', ' local', 'test ', 'dev']) {
      expect(isLocalEnv({ APP_ENV: value }), JSON.stringify(value)).toBe(false)
    }
  })
})

describe('local-only tools under any other APP_ENV', () => {
  for (const appEnv of ['staging', 'Production', '', 'production']) {
    it(`answer 404 with APP_ENV=${JSON.stringify(appEnv)} and a sound configuration`, async () => {
      const env = deployment({ APP_ENV: appEnv })
      expect(configurationProblems(env)).toEqual([])
      for (const [tool, reach] of LOCAL_TOOLS) {
        const response = await reach(env)
        expect(response.status, tool).toBe(404)
        expect(await response.json(), tool).toEqual({ msg: 'Endereço não encontrado.' })
      }
    })
  }

  it("answer the configuration check's 503 with APP_ENV=staging and the tests' local settings", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const env = { ...testEnv, APP_ENV: 'staging' }
    for (const [tool, reach] of LOCAL_TOOLS) {
      expect((await reach(env)).status, tool).toBe(503)
    }
  })

  it('are there under APP_ENV=test (the same requests reach them)', async () => {
    const env = { ...testEnv }
    expect((await app.request('/api/dev/mailbox', {}, env)).status).toBe(200)
    expect((await app.request(`/oauth/sandbox/authorize${SANDBOX_CONSENT_QUERY}`, {}, env)).status).toBe(200)
  })
})

describe('the configuration check of a deployment', () => {
  const wrong: Array<[string, Partial<Env>, string]> = [
    ['a short APP_SECRET', { APP_SECRET: 'curto-demais' }, 'APP_SECRET deve ter 32 caracteres ou mais'],
    [
      "the payment provider's test secret key",
      { PAGARME_SECRET_KEY: 'sk_test_chave-de-teste-que-nao-pode-vazar' },
      'PAGARME_SECRET_KEY é uma chave de teste (sk_test_…): produção usa a chave sk_… da conta',
    ],
    [
      'no webhook credentials',
      { PAGARME_WEBHOOK_AUTH: undefined },
      'falta o segredo PAGARME_WEBHOOK_AUTH (usuario:senha do webhook do Pagar.me)',
    ],
    [
      "the webhook keys' address over plain http",
      { PAGARME_WEBHOOK_JWKS_URL: 'http://hubapi.pagar.me/.well-known/jwks.json' },
      'PAGARME_WEBHOOK_JWKS_URL deve usar https em produção',
    ],
    [
      'no webhook key set (unsigned webhooks)',
      { PAGARME_WEBHOOK_JWKS_URL: undefined },
      'falta PAGARME_WEBHOOK_JWKS_URL (https://hubapi.pagar.me/.well-known/jwks.json): sem ele, webhooks sem assinatura seriam aceitos',
    ],
    [
      "a webhook key set on a host that is not Pagar.me's",
      { PAGARME_WEBHOOK_JWKS_URL: 'https://chaves.golpe.example/.well-known/jwks.json' },
      'PAGARME_WEBHOOK_JWKS_URL aponta para chaves.golpe.example, não para o Pagar.me (hubapi.pagar.me); um ambiente de teste declara o seu em PAGARME_WEBHOOK_JWKS_HOST',
    ],
  ]

  for (const [what, vars, problem] of wrong) {
    it(`answers 503 to API and page requests with ${what}, and logs why without the values`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const env = deployment(vars)

      const api = await request(env, '/home_itens/lists')
      expect(api.status).toBe(503)
      expect(api.headers.get('Retry-After')).toBe('5')
      expect(await api.json()).toEqual({
        msg: 'O site está temporariamente indisponível. Tente novamente mais tarde.',
      })
      const page = await request(env, '/', { headers: NAVIGATE })
      expect(page.status).toBe(503)
      expect(await page.json()).toHaveProperty('msg')

      // Worked out and logged once for this isolate's env, whatever the number of requests.
      const reports = logged.mock.calls.map(([line]) => String(line))
      expect(reports).toHaveLength(1)
      const report = JSON.parse(reports[0]!)
      expect(report).toMatchObject({ level: 'error', kind: 'configuration_invalid', appEnv: 'staging' })
      expect(report.problems).toContain(problem)
      for (const value of Object.values(vars)) {
        if (value) expect(reports[0]).not.toContain(value)
      }
    })
  }

  it('applies to production itself, and leaves the liveness ping answering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const env = deployment({ APP_ENV: 'production', APP_SECRET: 'curto' })
    expect((await request(env, '/api/openapi.json')).status).toBe(503)
    const ping = await request(env, '/api/ping')
    expect(ping.status).toBe(200)
    expect(await ping.json()).toEqual({ ok: true })
  })

  it("lets a test environment name its own stand-in's key set, explicitly", () => {
    const standIn = 'https://pagarme-sandbox.homologacao.example/.well-known/jwks.json'
    expect(configurationProblems(deployment({ PAGARME_WEBHOOK_JWKS_URL: standIn }))).toHaveLength(1)
    expect(
      configurationProblems(
        deployment({
          PAGARME_WEBHOOK_JWKS_URL: standIn,
          PAGARME_WEBHOOK_JWKS_HOST: 'pagarme-sandbox.homologacao.example',
        }),
      ),
    ).toEqual([])
    // Local tools keep Basic auth alone available (the sandbox signs anyway).
    expect(
      configurationProblems({ ...deployment({ PAGARME_WEBHOOK_JWKS_URL: undefined }), APP_ENV: 'local' }),
    ).toEqual([])
  })

  it('lets a sound configuration serve API requests', async () => {
    const logged = vi.spyOn(console, 'error')
    const env = deployment()
    // (A page would pass the same gate; its first render in a file costs seconds, so not here.)
    expect((await request(env, '/home_itens/lists')).status).toBe(200)
    expect((await request(env, '/api/openapi.json')).status).toBe(200)
    expect(logged.mock.calls.map(([line]) => String(line)).join('\n')).not.toContain('configuration_invalid')
  })
})
