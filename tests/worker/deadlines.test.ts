// Each outside call has a deadline and at most one retry (worker/adapters/deadline.ts); the
// outbound fetch is the only thing replaced, as the far end would answer or fail to.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEADLINES_MS, deadlineOf, fetchWithDeadline } from '../../worker/adapters/deadline.ts'
import { httpEmailSender } from '../../worker/adapters/email.ts'
import { oauthClient } from '../../worker/adapters/oauth.ts'
import { pagarmeGateway } from '../../worker/adapters/payments/pagarme.ts'
import { GatewayUnavailableError } from '../../worker/adapters/payments/types.ts'
import { isReadOnlyPipeline } from '../../worker/context.ts'
import { UNAVAILABLE_MESSAGE } from '../../worker/contract/unavailable.ts'
import { DependencyUnavailableError } from '../../worker/errors.ts'
import { finishSocialLogin, startSocialLogin } from '../../worker/services/auth/social.ts'
import { testContext, testEnv } from '../support/worker/db.ts'

/** A far end that never answers (a frozen server): the promise ends only if the caller aborts. */
const silent: typeof fetch = (_input, init) =>
  new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
/** Headers at once, then a body that never ends. */
const stalling: typeof fetch = async () =>
  new Response(new ReadableStream({ start: () => {} }), { status: 200 })
const refused: typeof fetch = async () => {
  throw new Error('Network connection lost.')
}

async function failure(promise: Promise<unknown>) {
  const started = Date.now()
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  return { error, ms: Date.now() - started }
}

afterEach(() => vi.restoreAllMocks())

describe('fetchWithDeadline', () => {
  it('gives up on a silent server at the deadline', async () => {
    const { error, ms } = await failure(
      fetchWithDeadline(
        'email',
        'https://api.example/x',
        {},
        { timeoutMs: 200, retry: 'idempotent', fetcher: silent },
      ),
    )
    expect(error).toBeInstanceOf(DependencyUnavailableError)
    expect(error).toMatchObject({ dependency: 'email', reason: 'timeout' })
    expect(ms).toBeGreaterThanOrEqual(190)
    expect(ms).toBeLessThan(1_000)
  })

  it('covers the body too: headers then a stall still end at the deadline', async () => {
    const { error, ms } = await failure(
      fetchWithDeadline(
        'database',
        'https://db.example/v2/pipeline',
        {},
        {
          timeoutMs: 200,
          retry: 'never',
          fetcher: stalling,
        },
      ),
    )
    expect(error).toMatchObject({ reason: 'timeout' })
    expect(ms).toBeLessThan(1_000)
  })

  it('retries an idempotent call once when it could not connect or got a 5xx, and never twice', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new Error('Network connection lost.'))
      .mockResolvedValueOnce(Response.json({ ok: true }))
    const response = await fetchWithDeadline(
      'oauth',
      'https://graph.example/me',
      {},
      {
        timeoutMs: 2_000,
        retry: 'idempotent',
        fetcher,
      },
    )
    expect(await response.json()).toEqual({ ok: true })
    expect(fetcher).toHaveBeenCalledTimes(2)

    const down = vi.fn<typeof fetch>().mockImplementation(async () => new Response('down', { status: 502 }))
    const { error } = await failure(
      fetchWithDeadline(
        'oauth',
        'https://graph.example/me',
        {},
        { timeoutMs: 2_000, retry: 'idempotent', fetcher: down },
      ),
    )
    expect(error).toMatchObject({ reason: 'error_status', detail: 'HTTP 502' })
    expect(down).toHaveBeenCalledTimes(2)
  })

  it('never repeats a write, nor anything after a timeout', async () => {
    const write = vi.fn<typeof fetch>().mockImplementation(refused)
    await failure(
      fetchWithDeadline(
        'payments',
        'https://pay.example/orders',
        { method: 'POST', body: '{}' },
        {
          timeoutMs: 2_000,
          retry: 'never',
          fetcher: write,
        },
      ),
    )
    expect(write).toHaveBeenCalledTimes(1)

    const slow = vi.fn<typeof fetch>().mockImplementation(silent)
    await failure(
      fetchWithDeadline(
        'email',
        'https://api.example/x',
        {},
        { timeoutMs: 200, retry: 'idempotent', fetcher: slow },
      ),
    )
    expect(slow).toHaveBeenCalledTimes(1)
  })

  it('hands 4xx answers back to the caller, and bodiless ones too', async () => {
    const empty = await fetchWithDeadline(
      'email',
      'https://api.example/x',
      {},
      {
        timeoutMs: 2_000,
        retry: 'never',
        fetcher: async () => new Response(null, { status: 204 }),
      },
    )
    expect(empty.status).toBe(204)
    const response = await fetchWithDeadline(
      'email',
      'https://api.example/x',
      {},
      {
        timeoutMs: 2_000,
        retry: 'idempotent',
        fetcher: async () => Response.json({ message: 'Invalid `to`' }, { status: 422 }),
      },
    )
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ message: 'Invalid `to`' })
  })

  it('reads shorter deadlines from DEADLINES_MS and ignores a malformed one', () => {
    expect(deadlineOf({}, 'database')).toBe(DEADLINES_MS.database)
    expect(deadlineOf({ DEADLINES_MS: '{"database":800}' }, 'database')).toBe(800)
    expect(deadlineOf({ DEADLINES_MS: '{"database":800}' }, 'email')).toBe(DEADLINES_MS.email)
    expect(deadlineOf({ DEADLINES_MS: 'not json' }, 'database')).toBe(DEADLINES_MS.database)
    // Every dependency's deadline is seconds, not minutes.
    for (const ms of Object.values(DEADLINES_MS)) expect(ms).toBeLessThanOrEqual(15_000)
  })
})

describe('the database round trip', () => {
  const pipeline = (requests: unknown[], baton?: string) => JSON.stringify({ baton, requests })
  const execute = (sql: string) => ({ type: 'execute', stmt: { sql } })

  it('is retried only when it only reads, on a new stream', () => {
    expect(isReadOnlyPipeline(pipeline([execute('select "id" from "users"'), { type: 'close' }]))).toBe(true)
    expect(
      isReadOnlyPipeline(
        pipeline([
          {
            type: 'batch',
            batch: {
              steps: [
                { stmt: { sql: 'BEGIN DEFERRED' } },
                { stmt: { sql: 'select 1' } },
                { stmt: { sql: 'COMMIT' } },
              ],
            },
          },
        ]),
      ),
    ).toBe(true)
    expect(isReadOnlyPipeline(pipeline([execute('insert into "users" ("name") values (?)')]))).toBe(false)
    expect(isReadOnlyPipeline(pipeline([execute('select 1')], 'baton-of-a-transaction'))).toBe(false)
    expect(isReadOnlyPipeline('{')).toBe(false)
  })
})

describe('adapters under their deadlines', () => {
  it('the e-mail API: a silent API throws an outage, so the outbox keeps the message', async () => {
    const sender = httpEmailSender({ apiKey: 'k', from: 'a@b.c', timeoutMs: 200 }, silent)
    const { error, ms } = await failure(
      sender.send({ to: 'x@y.z', subject: 's', html: 'h', text: 't' }, 'outbox/1'),
    )
    expect(error).toMatchObject({ dependency: 'email', reason: 'timeout' })
    expect(ms).toBeLessThan(1_000)
  })

  it('Pagar.me: a silent provider ends as "unavailable", never a hang', async () => {
    const gateway = pagarmeGateway({ secretKey: 'sk_test', timeoutMs: 200 }, silent)
    const { error, ms } = await failure(gateway.getOrder('or_123'))
    expect(error).toBeInstanceOf(GatewayUnavailableError)
    expect(ms).toBeLessThan(1_000)
  })

  it('OAuth: a silent token endpoint ends the popup login with the instability message', async () => {
    const env = {
      ...testEnv,
      GOOGLE_CLIENT_ID: 'cliente',
      GOOGLE_CLIENT_SECRET: 'segredo',
      DEADLINES_MS: JSON.stringify({ oauth: 200 }),
    }
    const ctx = testContext({ env })
    const { url, cookie } = await startSocialLogin({ ctx, provider: 'google' })
    const state = new URL(url).searchParams.get('state')!
    vi.spyOn(globalThis, 'fetch').mockImplementation(silent)
    const { error, ms } = await failure(
      finishSocialLogin({ ctx, provider: 'google', code: 'codigo', state, cookie }),
    )
    expect(error).toMatchObject({ code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE })
    expect(ms).toBeLessThan(1_000)
  })

  it('OAuth: a token endpoint answering 5xx is an outage too; the profile read is retried once', async () => {
    const config = {
      origin: 'https://www.example',
      facebookClientId: 'a',
      facebookClientSecret: 'b',
      allowSandbox: false,
    }
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('bad gateway', { status: 502 }))
    const { error } = await failure(oauthClient('facebook', config)!.exchange('codigo', ''))
    expect(error).toMatchObject({ dependency: 'oauth', reason: 'error_status' })

    vi.restoreAllMocks()
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        Response.json({ access_token: 'EAAB', token_type: 'bearer', expires_in: 5183944 }),
      )
      .mockRejectedValueOnce(new Error('Network connection lost.'))
      .mockResolvedValueOnce(Response.json({ id: '7788', name: 'Bruno Lima', email: 'bruno@example.com' }))
    const profile = await oauthClient('facebook', config)!.exchange('codigo', '')
    expect(profile.providerUserId).toBe('7788')
    expect(fetchSpy).toHaveBeenCalledTimes(3)
  })
})
