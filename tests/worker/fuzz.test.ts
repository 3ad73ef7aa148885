import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Operation, requestsFor } from '../support/contract/fuzz.ts'
import { createUser, sessionCookie, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

/** Inputs per run, over every operation, as a visitor and as a student (DESIGN 3: never a 500). */
const TOTAL_INPUTS = 6_000
/** Inputs to the admin's editais operations (issue 26), as an administrator. */
const ADMIN_INPUTS = 400

describe('OpenAPI-driven fuzz: hostile input of every kind', () => {
  const logged: string[] = []
  beforeAll(() => {
    // The Worker logs what it refuses; kept, to show beside a failure, instead of flooding the run.
    for (const level of ['warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' ').slice(0, 500))
      })
    }
  })
  afterAll(() => vi.restoreAllMocks())

  /** Sends `runs` arbitrary requests to each operation with each cookie; counts the statuses. */
  async function fuzz(
    operations: Array<{ template: string; method: string; operation: Operation }>,
    cookies: Array<() => Promise<string | undefined>>,
    runs: number,
  ) {
    const statuses = new Map<number, number>()
    let sent = 0
    for (const cookieOf of cookies) {
      for (const { template, method, operation } of operations) {
        // A fresh session per operation: the fuzz may log out or change the password.
        const cookie = await cookieOf()
        await fc.assert(
          fc.asyncProperty(requestsFor(template, method, operation), async (request) => {
            sent += 1
            const response = await workerFetch(`http://localhost${request.path}`, {
              method: request.method,
              headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
              ...(request.body === undefined ? {} : { body: request.body }),
            })
            await response.arrayBuffer()
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
            if (response.status >= 500) {
              throw new Error(
                `${request.method} ${request.path} → ${response.status}\n${logged.slice(-3).join('\n')}`,
              )
            }
          }),
          { numRuns: runs, endOnFailure: true },
        )
      }
    }
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)
    const byStatus = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    return { sent, serverErrors, byStatus }
  }

  async function operationsOf() {
    const document = (await (await workerFetch('http://localhost/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>
    }
    return Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({ template, method, operation })),
    )
  }

  it(`answers ${TOTAL_INPUTS} arbitrary requests with documented statuses below 500`, async () => {
    const operations = await operationsOf()
    const student = await createUser(testDb(), { type: 'N' })
    const roles = ['visitante', 'aluno'] as const
    const runs = Math.ceil(TOTAL_INPUTS / (operations.length * roles.length))
    const { sent, serverErrors, byStatus } = await fuzz(
      operations,
      [async () => undefined, () => sessionCookie(student.id)],
      runs,
    )
    console.log(
      `fuzz OpenAPI: ${sent} entradas em ${operations.length} operações × ${roles.length} papéis; ` +
        `${serverErrors} respostas ≥ 500; por status: ${byStatus}`,
    )
    expect(sent).toBeGreaterThanOrEqual(TOTAL_INPUTS)
    expect(serverErrors).toBe(0)
  }, 600_000)

  it(`answers ${ADMIN_INPUTS} arbitrary requests to the editais' admin operations, as an administrator`, async () => {
    const operations = (await operationsOf()).filter(({ template }) =>
      /^\/api\/admin\/(editais|inscricoes)(\/|$)/.test(template),
    )
    expect(operations.length).toBeGreaterThanOrEqual(9)
    const admin = await createUser(testDb(), { type: 'A' })
    const runs = Math.ceil(ADMIN_INPUTS / operations.length)
    const { sent, serverErrors, byStatus } = await fuzz(operations, [() => sessionCookie(admin.id)], runs)
    console.log(
      `fuzz editais (administração): ${sent} entradas em ${operations.length} operações; por status: ${byStatus}`,
    )
    expect(sent).toBeGreaterThanOrEqual(ADMIN_INPUTS)
    expect(serverErrors).toBe(0)
  }, 300_000)
})
