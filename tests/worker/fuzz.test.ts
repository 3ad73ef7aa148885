import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Operation, requestsFor } from '../support/contract/fuzz.ts'
import { createUser, sessionCookie, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

/** Inputs per run, over every operation, as a visitor and as a student (DESIGN 3: never a 500). */
const TOTAL_INPUTS = 6_000
/**
 * Operations fuzzed at the same time, each lane with its own student: while one request waits on
 * the database, the Worker takes another (the run's time, not its inputs).
 */
const LANES = 4

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

  it(`answers ${TOTAL_INPUTS} arbitrary requests with documented statuses below 500`, async () => {
    const document = (await (await workerFetch('http://localhost/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>
    }
    const operations = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({ template, method, operation })),
    )
    const roles = ['visitante', 'aluno'] as const
    const runs = Math.ceil(TOTAL_INPUTS / (operations.length * roles.length))
    const statuses = new Map<number, number>()
    let sent = 0
    const tasks = roles.flatMap((role) => operations.map((entry) => ({ role, ...entry })))

    async function lane(index: number) {
      const student = await createUser(testDb(), { type: 'N' })
      for (const { role, template, method, operation } of tasks.filter((_, i) => i % LANES === index)) {
        // A fresh session per operation: the fuzz may log out or change the password.
        const cookie = role === 'aluno' ? await sessionCookie(student.id) : undefined
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
    await Promise.all(Array.from({ length: LANES }, (_, index) => lane(index)))

    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)
    console.log(
      `fuzz OpenAPI: ${sent} entradas em ${operations.length} operações × ${roles.length} papéis; ` +
        `${serverErrors} respostas ≥ 500; por status: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
    )
    expect(sent).toBeGreaterThanOrEqual(TOTAL_INPUTS)
    expect(serverErrors).toBe(0)
  }, 600_000)
})
