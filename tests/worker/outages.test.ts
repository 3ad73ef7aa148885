// The database away (frozen, as a hung connection to Turso looks, or refusing connections):
// what a visitor gets from each call, and that everything comes back on its own.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { everyRoute } from '../../worker/app.ts'
import { CartResponse } from '../../worker/contract/cart.ts'
import { UNAVAILABLE_MESSAGE } from '../../worker/contract/unavailable.ts'
import type { Env } from '../../worker/env.ts'
import { loadRenderer } from '../../worker/ssr/pages.ts'
import { adminCookie } from '../support/worker/admin.ts'
import {
  createClass,
  createCourse,
  createProduct,
  createUser,
  freshCatalog,
  sessionCookie,
  testDb,
  testEnv,
  unique,
} from '../support/worker/db.ts'
import { type Answer, callWith, databaseFault, envWith, jsonPost } from '../support/worker/outages.ts'

const DEADLINE_MS = 800
// The shape of the built index.html; the Worker renders public pages into it.
const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Instituto Renalis</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="app"></div></body></html>`
const assets = {
  fetch: async (input: RequestInfo | URL) =>
    new URL(input instanceof Request ? input.url : input).pathname === '/'
      ? new Response(TEMPLATE, { headers: { 'content-type': 'text/html' } })
      : new Response('not found', { status: 404 }),
} as unknown as Fetcher
const outageEnv: Env = envWith({ DEADLINES_MS: JSON.stringify({ database: DEADLINE_MS }), ASSETS: assets })

const navigate = (cookie?: string): RequestInit => ({
  headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate', ...(cookie ? { cookie } : {}) },
})
const call = (path: string, init: RequestInit = {}) => callWith(outageEnv, path, init)

function expectUnavailable(answer: Answer, label: string) {
  expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBe(503)
  expect(answer.body, label).toEqual({ msg: UNAVAILABLE_MESSAGE })
  expect(answer.headers.get('Retry-After'), label).toBe('5')
}

afterEach(() => databaseFault('none'))

describe.each(['hang', 'refuse'] as const)('with the database %s', (fault) => {
  const db = testDb()
  const data = {
    courseUrl: '',
    classId: 0,
    searchText: '',
    cookie: '',
    cartHash: '',
    studentEmail: '',
  }

  // Made while the database is well, and read once, as visitors fill the caches.
  beforeAll(async () => {
    await loadRenderer()
    const word = unique('nefro')
      .replace(/[^a-z]/g, '')
      .slice(0, 12)
    const course = await createCourse(db, { name: `Curso ${word} de diálise`, isPublished: true })
    const turma = await createClass(db, { courseId: course.id, priceCents: 39000 })
    await createProduct(db, { name: `Produto ${word}` })
    const student = await createUser(db, { name: 'Rita Moraes Pinto' })
    Object.assign(data, {
      courseUrl: course.url,
      classId: turma.id,
      searchText: word.slice(0, 6),
      cookie: await sessionCookie(student.id),
      studentEmail: student.email,
    })
    await freshCatalog()
    const added = await call(
      '/carrinho-de-compras/update-cart',
      jsonPost({ hash: null, data: { id: turma.id, type: 'turma' }, option: 'add' }),
    )
    data.cartHash = CartResponse.parse(added.body).hash
    for (const path of cachedReads()) expect((await call(path.path, path.init)).status, path.path).toBe(200)
  }, 120_000)

  const cachedReads = () => [
    { path: '/home_itens/lists' },
    { path: '/api/menu' },
    { path: '/search/getSearch?menu=true' },
    { path: '/cursos/getCourses' },
    { path: `/api/cursos/${data.courseUrl}` },
    { path: '/api/produtos' },
    { path: `/search/all_product?search=${data.searchText}` },
    { path: '/', init: navigate() },
    { path: `/cursos/${data.courseUrl}`, init: navigate() },
  ]

  it('cached reads answer 200 at once: home lists, menu, catalogue, search and public pages', async () => {
    const before = new Map<string, string>()
    for (const read of cachedReads()) before.set(read.path, (await call(read.path, read.init)).text)
    await databaseFault(fault)
    for (const read of cachedReads()) {
      const answer = await call(read.path, read.init)
      expect(answer.status, read.path).toBe(200)
      expect(answer.ms, read.path).toBeLessThan(DEADLINE_MS)
      if (read.init) expect(answer.headers.get('Server-Timing'), read.path).toContain('shared render')
      else expect(answer.text, read.path).toBe(before.get(read.path))
    }
  })

  it('every other call answers 503 with Retry-After and the pt-BR message, never a 500 or a hang', async () => {
    await databaseFault(fault)
    const calls: Array<[string, string, RequestInit]> = [
      ['login', '/login', jsonPost({ email: data.studentEmail, password: 'segredo1', json: true })],
      ['my courses', '/api/usuario/cursos', { headers: { cookie: data.cookie } }],
      [
        'add to cart',
        '/carrinho-de-compras/update-cart',
        jsonPost({ hash: data.cartHash, data: { id: data.classId, type: 'turma' }, option: 'remove' }),
      ],
      ['checkout', `/checkout/get?cart=${data.cartHash}`, {}],
      [
        'sign-up',
        '/user/create_user',
        jsonPost({
          name: 'Clara Nunes Prado',
          email: `${unique('cadastro')}@teste.example`,
          password: 'segredo1',
          phone: '(41) 99876-5432',
        }),
      ],
      ['current user', '/admin/user/get', { headers: { cookie: data.cookie } }],
      [
        'profile',
        '/usuario/perfil/updateUser',
        {
          ...jsonPost({ name: 'Rita M. Pinto', email: data.studentEmail, phone: '(41) 3333-0101' }),
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie: data.cookie },
        },
      ],
      ['password reset', '/password/email', jsonPost({ email: data.studentEmail })],
    ]
    // All at once, as visitors keep arriving during an outage.
    const answers = await Promise.all(calls.map(([, path, init]) => call(path, init)))
    answers.forEach((answer, index) => {
      const label = calls[index]![0]
      expectUnavailable(answer, label)
      expect(answer.ms, label).toBeLessThan(3 * DEADLINE_MS)
    })
    // A signed-in visitor's page: the shell the browser renders itself, at once.
    const page = await call(`/cursos/${data.courseUrl}`, navigate(data.cookie))
    expect(page.status).toBe(200)
    expect(page.text).toContain('<div id="app">')
    expect(page.ms).toBeLessThan(3 * DEADLINE_MS)
  })

  it('health says the database is down, within its own short wait', async () => {
    await databaseFault(fault)
    const answer = await call('/api/health')
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({
      ok: false,
      dependencies: {
        database: { state: 'down' },
        cache: { state: 'ok' },
        email: { state: 'ok' },
      },
    })
    expect(answer.ms).toBeLessThan(2_500)
  })

  it('when the database answers again, every call succeeds within 3 s, without a restart', async () => {
    await databaseFault(fault)
    expectUnavailable(await call('/api/usuario/cursos', { headers: { cookie: data.cookie } }), 'during')
    await databaseFault('none')
    const restored = Date.now()
    const email = `${unique('volta')}@teste.example`
    const calls: Array<[string, RequestInit]> = [
      ['/api/usuario/cursos', { headers: { cookie: data.cookie } }],
      ['/admin/user/get', { headers: { cookie: data.cookie } }],
      [
        '/carrinho-de-compras/update-cart',
        jsonPost({ hash: null, data: { id: data.classId, type: 'turma' }, option: 'add' }),
      ],
      [`/checkout/get?cart=${data.cartHash}`, {}],
      [
        '/user/create_user',
        jsonPost({ name: 'Clara Nunes Prado', email, password: 'segredo1', phone: '(41) 99876-5432' }),
      ],
      ['/login', jsonPost({ email, password: 'segredo1', json: true })],
      ['/api/health', {}],
    ]
    for (const [index, [path, init]] of calls.entries()) {
      const answer = await call(path, init)
      expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBe(200)
      expect(answer.ms, path).toBeLessThan(3_000)
      // The first call after the database is back already succeeds: no restart, no warm-up.
      if (index === 0) expect(Date.now() - restored).toBeLessThan(3_000)
    }
  })
})

// The admin area is built on its first request (worker/app.ts): every route, its own included.
const registered = await everyRoute()

describe('every route with the database frozen', () => {
  const _db = testDb()
  // Short, so that walking every route costs seconds; the documented deadline is tested below.
  const walkEnv: Env = { ...outageEnv, DEADLINES_MS: JSON.stringify({ database: 300 }) }
  let adminSession = ''
  beforeAll(async () => {
    adminSession = await adminCookie()
  })

  const routes = [
    ...new Map(
      registered
        .filter((route) => route.method !== 'ALL' && !['/api/openapi.json', '/api/docs'].includes(route.path))
        .map((route) => [`${route.method} ${route.path}`, route] as const),
    ).values(),
  ]

  it('answers every route without a 500, within the deadline, 503s in the one shape', async () => {
    await databaseFault('hang')
    for (const route of routes) {
      // Areas that need a session are called as an admin (whose session the database must confirm).
      const guarded = /^\/(api\/)?(admin|usuario)\//.test(route.path) && route.path !== '/admin/user/get'
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (guarded) headers.cookie = adminSession
      const init: RequestInit = { method: route.method, headers }
      if (!['GET', 'HEAD'].includes(route.method)) init.body = '{}'
      const answer = await callWith(walkEnv, route.path.replace(/:(\w+)(\{[^}]*\})?/g, '1'), init)
      const label = `${route.method} ${route.path}`
      expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).not.toBe(500)
      expect(answer.ms, label).toBeLessThan(2_000)
      if (answer.status === 503 && route.path !== '/api/health') expectUnavailable(answer, label)
    }
  }, 60_000)
})

describe('the documented deadline', () => {
  it('holds a call at most 4 s on a frozen database: well within the 10 s a person waits', async () => {
    const cookie = await sessionCookie((await createUser(testDb(), { name: 'Ana Prazo Certo' })).id)
    await databaseFault('hang')
    const answer = await callWith(testEnv, '/api/usuario/cursos', { headers: { cookie } })
    expectUnavailable(answer, 'my courses')
    expect(answer.ms).toBeGreaterThanOrEqual(3_900)
    expect(answer.ms).toBeLessThan(10_000)
  }, 20_000)
})
