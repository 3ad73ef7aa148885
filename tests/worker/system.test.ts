import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AREAS, app, everyRoute } from '../../worker/app.ts'
import type { Env } from '../../worker/env.ts'
import { workerFetch } from '../support/worker/http.ts'
import { NAVIGATE } from '../support/worker/pages.ts'

const worker = { fetch: workerFetch }

type Operation = { 'x-required-role'?: string; summary?: string; security?: unknown[] }

describe('OpenAPI document and reference', () => {
  it('describes every registered route, each with the role it requires', async () => {
    const response = await worker.fetch('http://localhost/api/openapi.json')
    expect(response.status).toBe(200)
    const doc = (await response.json()) as {
      openapi: string
      paths: Record<string, Record<string, Operation>>
    }
    expect(doc.openapi).toBe('3.1.0')

    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    )
    const registered = (await everyRoute())
      .filter((route) => route.method !== 'ALL' && !['/api/openapi.json', '/api/docs'].includes(route.path))
      .map((route) => `${route.method} ${route.path}`)
    expect(registered.length).toBeGreaterThan(0)
    for (const route of registered) expect(documented, route).toContain(route)

    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        expect(['none', 'N', 'A']).toContain(op['x-required-role'])
        expect(op.summary).toBeTruthy()
      }
    }
    expect(doc.paths['/home_itens/lists']?.get?.['x-required-role']).toBe('none')
  })

  it('declares the 503 (with Retry-After) on every operation that waits on a dependency', async () => {
    type Response = { $ref?: string; headers?: object }
    const doc = (await (await worker.fetch('http://localhost/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>
      components: { responses: Record<string, Response> }
    }
    const resolve = (response: Response | undefined) =>
      response?.$ref ? doc.components.responses[response.$ref.split('/').at(-1)!] : response
    // These wait on nothing outside the Worker, or answer their own page whatever happens.
    const independent = new Set([
      'get /api/ping',
      'get /robots.txt',
      'get /api/payments/config',
      'get /redirect',
      'get /oauth/{provider}/callback',
      'get /oauth/sandbox/authorize',
      'post /oauth/sandbox/authorize',
      // The sandbox translator's call count: a number in the isolate's memory (local only).
      'get /api/dev/translate/stats',
      // The certificates' public keys: the configured secret, nothing else.
      'get /.well-known/jwks.json',
      'get /api/certificados/chaves/{kid}',
      // The local player's video: one of the build's own assets (local only).
      'get /api/dev/videoaula.webm',
    ])
    const missing: string[] = []
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method} ${path}`
        const unavailable = resolve(op.responses['503'])
        if (!independent.has(key) && !(unavailable?.headers && 'Retry-After' in unavailable.headers)) {
          missing.push(key)
        }
      }
    }
    expect(missing).toEqual([])
    expect(resolve(doc.paths['/login']?.post?.responses['503'])).toBeDefined()
  })

  it('serves an interactive reference page that loads its script from our own origin', async () => {
    const response = await worker.fetch('http://localhost/api/docs')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('/api/openapi.json')
    expect(html).toContain('src="/vendor/scalar/standalone.js"')
    expect(html).not.toMatch(/https?:\/\/cdn\./)
  })
})

describe('areas built on their first request (issue 42)', () => {
  /** Whether one of an area's patterns (Hono's: `/x/*` is /x and every path below it) takes `path`. */
  const under = (path: string, patterns: readonly string[]) =>
    patterns.some((pattern) =>
      pattern.endsWith('/*')
        ? path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1))
        : path === pattern,
    )

  it("keeps each area's operations under the paths that hand a request to it, and no other area's", async () => {
    for (const area of AREAS) {
      const operations = (await area.build()).routes.filter((route) => route.method !== 'ALL')
      expect(operations.length, area.name).toBeGreaterThan(0)
      for (const route of operations) {
        expect(under(route.path, area.paths), `${area.name}: ${route.method} ${route.path}`).toBe(true)
        for (const other of AREAS.filter((candidate) => candidate !== area)) {
          expect(under(route.path, other.paths), `${route.path} também em ${other.name}`).toBe(false)
        }
      }
    }
  })

  it("answers an area's operation, its 405 and its 404 as the rest of the API does", async () => {
    const certificate = await worker.fetch('http://localhost/api/certificados/INEXISTENTE', {
      headers: { Accept: 'application/json' },
    })
    expect(certificate.status).toBe(404)
    expect(await certificate.json()).toEqual({ msg: expect.any(String) })
    const keys = await worker.fetch('http://localhost/.well-known/jwks.json')
    expect(keys.status).toBe(200)
    expect(((await keys.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0)
    const wrongMethod = await worker.fetch('http://localhost/.well-known/jwks.json', { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('Allow')).toContain('GET')
    // A page an area answers (its 404, opened in the browser) runs its own inline scripts: the
    // policy the site's app sets carries their hashes.
    const page = await worker.fetch('http://localhost/download/nada/mais', { headers: NAVIGATE })
    expect(page.status).toBe(404)
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/)
    expect(page.headers.get('Content-Security-Policy')).toMatch(/script-src[^;]*'sha256-/)
    const unknown = await worker.fetch('http://localhost/api/pedidos/1/nada', {
      headers: { Accept: 'application/json' },
    })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ msg: 'Endereço não encontrado.' })
  })
})

describe('baseline and health', () => {
  it('the trivial route touches neither the database nor KV', async () => {
    const response = await app.request(
      '/api/ping',
      {},
      { ...(env as unknown as Env), DATABASE_URL: 'http://127.0.0.1:9' },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.get('Server-Timing')).toContain('db;desc="0 round trips"')
  })

  it('health reports each dependency with its latency, and nothing internal', async () => {
    const response = await worker.fetch('http://localhost/api/health')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = await response.json()
    expect(body).toEqual({
      ok: true,
      dependencies: {
        database: { state: 'ok', latency_ms: expect.any(Number) },
        cache: { state: 'ok', latency_ms: expect.any(Number) },
        // Local bindings: the outbox is the delivery, the sandbox plays the provider.
        email: { state: 'not_configured', latency_ms: null },
        payments: { state: 'local', latency_ms: null },
      },
    })
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|http|secret|segredo/i)
  })

  it('sends security headers on API answers', async () => {
    const response = await worker.fetch('http://localhost/api/ping')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN')
  })
})

describe('ConferenceClock Durable Object', () => {
  it('is bound and answers its clock over RPC', async () => {
    const typedEnv = env as unknown as Env
    const stub = typedEnv.CONFERENCE_CLOCK.get(typedEnv.CONFERENCE_CLOCK.idFromName('jornada'))
    const before = Date.now()
    const now = await stub.now()
    expect(now).toBeGreaterThanOrEqual(before - 1000)
  })
})
