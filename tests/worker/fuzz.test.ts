import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { conferenceSettings } from '../../db/schema.ts'
import { type Operation, requestsFor } from '../support/contract/fuzz.ts'
import { createUser, sessionCookie, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

/** Inputs per run, over every operation, as a visitor and as a student (DESIGN 3: never a 500). */
const TOTAL_INPUTS = 6_000
/** Inputs to the admin's editais operations (issue 26), as an administrator. */
const ADMIN_INPUTS = 400
/** Inputs to the dashboard and its list of abandoned checkouts (issue 25), as an administrator. */
const RECOVERY_INPUTS = 150
/** Inputs to the admin's certificate operations (issues 24 and 39: a chargeback's dispute too), as an administrator. */
const CERTIFICATE_ADMIN_INPUTS = 200
/** Inputs to a course's final assessment operations (issue 39), as an administrator. */
const ASSESSMENT_ADMIN_INPUTS = 150
/** Inputs to the NFS-e's admin operations (issue 43), as an administrator. */
const INVOICE_ADMIN_INPUTS = 150
/** Inputs to the live questions' admin operations (issue 44: speaker accounts, kept questions, CSV), as an administrator. */
const LIVE_ADMIN_INPUTS = 150
/**
 * Operations fuzzed at the same time, each lane with its own user: while one request waits on
 * the database, the Worker takes another (the run's time, not its inputs).
 */
const LANES = 4

type Entry = { template: string; method: string; operation: Operation }
type Role = 'visitante' | 'aluno' | 'administrador'

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

  async function operationsOf(): Promise<Entry[]> {
    const document = (await (await workerFetch('http://localhost/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>
    }
    return Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({ template, method, operation })),
    )
  }

  /** Sends `runs` arbitrary requests to each operation in each role, in lanes; counts the statuses. */
  async function fuzz(operations: Entry[], roles: readonly Role[], runs: number) {
    const statuses = new Map<number, number>()
    let sent = 0
    const tasks = roles.flatMap((role) => operations.map((entry) => ({ role, ...entry })))

    async function lane(index: number) {
      const student = await createUser(testDb(), { type: 'N' })
      const admin = await createUser(testDb(), { type: 'A' })
      for (const { role, template, method, operation } of tasks.filter((_, i) => i % LANES === index)) {
        // A fresh session per operation: the fuzz may log out or change the password.
        const user = role === 'aluno' ? student : role === 'administrador' ? admin : null
        const cookie = user ? await sessionCookie(user.id) : undefined
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
    const byStatus = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    return { sent, serverErrors, byStatus }
  }

  /** The operations whose path `area` matches. */
  const operationsIn = async (area: RegExp) =>
    (await operationsOf()).filter(({ template }) => area.test(template))

  /** `inputs` arbitrary requests over `operations` as an administrator: all sent, none answered ≥ 500. */
  async function fuzzAsAdmin(name: string, operations: Entry[], inputs: number) {
    const runs = Math.ceil(inputs / operations.length)
    const { sent, serverErrors, byStatus } = await fuzz(operations, ['administrador'], runs)
    console.log(
      `fuzz ${name} (administração): ${sent} entradas em ${operations.length} operações; por status: ${byStatus}`,
    )
    expect(sent).toBeGreaterThanOrEqual(inputs)
    expect(serverErrors).toBe(0)
  }

  it(`answers ${TOTAL_INPUTS} arbitrary requests with documented statuses below 500`, async () => {
    const operations = await operationsOf()
    const roles = ['visitante', 'aluno'] as const
    const runs = Math.ceil(TOTAL_INPUTS / (operations.length * roles.length))
    const { sent, serverErrors, byStatus } = await fuzz(operations, roles, runs)
    console.log(
      `fuzz OpenAPI: ${sent} entradas em ${operations.length} operações × ${roles.length} papéis; ` +
        `${serverErrors} respostas ≥ 500; por status: ${byStatus}`,
    )
    expect(sent).toBeGreaterThanOrEqual(TOTAL_INPUTS)
    expect(serverErrors).toBe(0)
  }, 600_000)

  it(`answers ${ADMIN_INPUTS} arbitrary requests to the editais' admin operations, as an administrator`, async () => {
    const operations = await operationsIn(/^\/api\/admin\/(editais|inscricoes)(\/|$)/)
    expect(operations.length).toBeGreaterThanOrEqual(9)
    await fuzzAsAdmin('editais', operations, ADMIN_INPUTS)
  }, 300_000)

  it(`answers ${RECOVERY_INPUTS} arbitrary requests to the dashboard and its abandoned checkouts, as an administrator`, async () => {
    const operations = await operationsIn(/^\/api\/admin\/(dashboard|recuperacao)(\/|$)/)
    expect(operations.length).toBe(3)
    await fuzzAsAdmin('recuperação', operations, RECOVERY_INPUTS)
  }, 300_000)

  it(`answers ${CERTIFICATE_ADMIN_INPUTS} arbitrary requests to the certificates' admin operations, as an administrator`, async () => {
    const operations = await operationsIn(
      /^\/api\/admin\/(certificados(\/|$)|cursos\/\{id\}\/assinatura$|pedidos\/\{id\}\/contestacao$)/,
    )
    expect(operations.length).toBeGreaterThanOrEqual(15)
    // The conference's settings are one row other files read: left as found.
    const [settings] = await testDb().select().from(conferenceSettings)
    await fuzzAsAdmin('certificados', operations, CERTIFICATE_ADMIN_INPUTS).finally(() =>
      testDb().update(conferenceSettings).set(settings!).where(eq(conferenceSettings.id, 1)),
    )
  }, 300_000)

  it(`answers ${ASSESSMENT_ADMIN_INPUTS} arbitrary requests to the final assessment's admin operations, as an administrator`, async () => {
    const operations = await operationsIn(/^\/api\/admin\/(cursos\/\{id\}\/avaliacao|avaliacao\/)/)
    expect(operations.length).toBe(4)
    await fuzzAsAdmin('avaliação final', operations, ASSESSMENT_ADMIN_INPUTS)
  }, 300_000)

  it(`answers ${INVOICE_ADMIN_INPUTS} arbitrary requests to the NFS-e's admin operations, as an administrator`, async () => {
    const operations = await operationsIn(/^\/api\/admin\/notas-fiscais(\/|$)/)
    expect(operations.length).toBe(6)
    await fuzzAsAdmin('notas fiscais', operations, INVOICE_ADMIN_INPUTS)
  }, 300_000)

  it(`answers ${LIVE_ADMIN_INPUTS} arbitrary requests to the live questions' admin operations, as an administrator`, async () => {
    const operations = await operationsIn(/^\/api\/admin\/conference\/(speakers$|talks\/)/)
    expect(operations.length).toBe(4)
    await fuzzAsAdmin('perguntas ao vivo', operations, LIVE_ADMIN_INPUTS)
  }, 300_000)
})
