import { beforeAll, describe, expect, it } from 'vitest'
import { everyRoute } from '../../worker/app.ts'
import { createUser, sessionCookie, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

type Operation = { 'x-required-role'?: 'none' | 'N' | 'A' }

/**
 * Every registered route × anonymous, student and admin. The role each route declares in the
 * OpenAPI document must be what the server enforces; a route added later under /admin or
 * /usuario without protection, or declaring a role it does not enforce, fails here.
 */
// The admin area is built on its first request (worker/app.ts): every route, its own included.
const registered = await everyRoute()

describe('route × role matrix', () => {
  const db = testDb()
  const ids = { student: 0, admin: 0 }
  let roles: Map<string, 'none' | 'N' | 'A'>

  beforeAll(async () => {
    ids.student = (await createUser(db, { type: 'N' })).id
    ids.admin = (await createUser(db, { type: 'A' })).id
    const doc = (await (await workerFetch('http://localhost/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>
    }
    roles = new Map(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => [
          `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
          op['x-required-role'] ?? 'none',
        ]),
      ),
    )
  })

  const routes = registered
    .filter((route) => route.method !== 'ALL' && !['/api/openapi.json', '/api/docs'].includes(route.path))
    .map((route) => ({ method: route.method, path: route.path }))
    .filter(
      (route, index, all) =>
        all.findIndex((r) => r.method === route.method && r.path === route.path) === index,
    )

  it('covers every route', () => {
    expect(routes.length).toBeGreaterThan(15)
  })

  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      const declared = roles.get(`${route.method} ${route.path}`)
      expect(declared, 'every route states its role in the OpenAPI document').toBeDefined()
      const inArea = /^\/(api\/)?(admin|usuario)(\/|$)/.test(route.path)
      // The one exception: the header's current-user call, which answers null to a visitor.
      if (inArea && route.path !== '/admin/user/get') {
        expect(declared, 'routes under /admin and /usuario are never public').not.toBe('none')
      }

      const url = `http://localhost${route.path.replace(/:(\w+)(\{[^}]*\})?/g, '1')}`
      // Fresh sessions per route: POST /logout, for one, ends the session it is called with.
      const cookies = {
        anonymous: undefined,
        student: await sessionCookie(ids.student),
        admin: await sessionCookie(ids.admin),
      }
      const status = async (who: keyof typeof cookies) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        const cookie = cookies[who]
        if (cookie) headers.cookie = cookie
        const init: RequestInit = { method: route.method, headers }
        if (!['GET', 'HEAD'].includes(route.method)) init.body = '{}'
        const response = await workerFetch(url, init)
        await response.arrayBuffer()
        return response.status
      }

      const anonymous = await status('anonymous')
      const student = await status('student')
      const admin = await status('admin')
      if (declared === 'none') {
        expect([anonymous, student, admin]).not.toContain(401)
        expect([anonymous, student, admin]).not.toContain(403)
      } else {
        expect(anonymous).toBe(401)
        expect(admin).not.toBe(401)
        expect(admin).not.toBe(403)
        if (declared === 'A') expect(student).toBe(403)
        else expect([401, 403]).not.toContain(student)
      }
    })
  }
})
