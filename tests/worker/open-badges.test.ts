import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { importJWK, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import * as schema from '../../db/schema.ts'
import { CertificateVerification, HeldCertificate } from '../../worker/contract/certificates.ts'
import worker from '../../worker/index.ts'
import { OUTBOX_CRON } from '../../worker/scheduled.ts'
import {
  type IssueInput,
  issueCertificate,
  reissueCertificate,
} from '../../worker/services/certificates/issue.ts'
import {
  isStatusEntryTaken,
  statusList,
  statusListsChanged,
} from '../../worker/services/certificates/status-list.ts'
import {
  type Fetcher,
  MINIMUM_ENTRIES,
  type Verdict,
  verifyOpenBadge,
} from '../support/open-badges/verifier.ts'
import { adminCall, newAdmin } from '../support/worker/admin.ts'
import {
  createClass,
  createCourse,
  createUser,
  sessionCookie,
  testContext,
  testDb,
  testEnv,
} from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { callWith, databaseFault, envWith } from '../support/worker/outages.ts'
import { studyAll, studyCourse } from '../support/worker/study.ts'

const db = testDb()
const ORIGIN = 'http://localhost'

/** The verifier reaches the addresses a credential names over HTTP: here, the Worker itself. */
const overHttp: Fetcher = (url, init) => workerFetch(url, init)
const verify = (jwt: string, fetcher: Fetcher = overHttp) => verifyOpenBadge(jwt, { fetch: fetcher })

function get(path: string, cookie?: string) {
  return workerFetch(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} })
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

/** A student who studied every lesson of a new online course and was issued its certificate. */
async function courseCertificate() {
  const { course, turma, lessons } = await studyCourse(db, {
    name: 'Diálise Peritoneal na Prática',
    workloadHours: 12,
    videos: 0,
    readings: 2,
  })
  const student = await createUser(db, { name: 'Ana Beatriz Souza' })
  await db.insert(schema.enrollments).values({ userId: student.id, classId: turma.id })
  const cookie = await sessionCookie(student.id)
  // Its lessons are readings: opened, they are done (decision 021's evidence).
  await studyAll(lessons, cookie)
  const issued = await workerFetch(`${ORIGIN}/api/usuario/cursos/${course.url}/certificado`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ nome: 'Ana Beatriz Souza' }),
  })
  expect(issued.status).toBe(201)
  const { code } = HeldCertificate.parse(await issued.json())
  const download = await get(`/api/usuario/certificados/${code}/credencial`, cookie)
  expect(download.status).toBe(200)
  return { code, cookie, student, jwt: await download.text() }
}

/** An in-person class's or the conference's certificate, as the admin's batches issue them. */
async function issued(input: Record<string, unknown> & { kind: IssueInput['kind'] }) {
  const holder = await createUser(db, { name: 'Marcos Vinícius Teles' })
  const { certificate } = await issueCertificate(testContext(), {
    userId: holder.id,
    holderName: 'Marcos Vinícius Teles',
    title: 'Acesso Vascular para Hemodiálise',
    minutes: 480,
    startedOn: '2026-10-03',
    completedOn: '2026-10-04',
    template: '',
    signatory: null,
    evidence: null,
    ...input,
  } as IssueInput)
  return certificate
}

const readings = (verdict: Verdict) => verdict.status.map(({ status, message }) => ({ status, message }))

describe('a verifier written from OB 3.0 and W3C Bitstring Status List', () => {
  it('accepts a course credential: header of alg and kid, kid an address of the key, claims equal to the credential', async () => {
    const { jwt, code } = await courseCertificate()
    const verdict = await verify(jwt)
    expect(verdict.problems).toEqual([])
    expect(verdict.accepted).toBe(true)
    expect(Object.keys(verdict.header!).sort()).toEqual(['alg', 'kid'])
    expect(verdict.header!.kid).toMatch(new RegExp(`^${testEnv.PUBLIC_ORIGIN}/api/certificados/chaves/`))
    const credential = verdict.credential!
    expect(credential.id).toBe(`${testEnv.PUBLIC_ORIGIN}/certificados/${code}`)
    expect((credential.credentialSubject as { id: string }).id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/)
    expect(credential.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(credential.evidence).toEqual([
      { type: ['Evidence'], name: 'Aulas concluídas', narrative: 'Concluiu 2 de 2 aulas do curso.' },
    ])
    expect(readings(verdict)).toEqual([{ status: 0, message: 'valid' }])
  })

  it('accepts an in-person class and a conference credential, with the evidence of their attendance', async () => {
    const course = await createCourse(db, { section: 'presencial' })
    const turma = await createClass(db, { courseId: course.id, type: 'N' })
    const inPerson = await issued({
      kind: 'in_person',
      classId: turma.id,
      evidence: { attendedMinutes: 480 },
    })
    const conference = await issued({
      kind: 'conference',
      title: '4ª Jornada Multiprofissional',
      minutes: 545,
      evidence: { attendedMinutes: 545 },
    })
    for (const [certificate, evidence] of [
      [inPerson, 'Presença registrada de 8 horas.'],
      [
        conference,
        'Assistiu a 9 horas e 5 minutos da programação ao vivo da jornada, com a sessão iniciada.',
      ],
    ] as const) {
      const verdict = await verify(certificate.credential!)
      expect(verdict.problems, certificate.kind).toEqual([])
      expect(verdict.accepted).toBe(true)
      expect((verdict.credential!.evidence as { narrative: string }[])[0]!.narrative).toBe(evidence)
    }
  })

  it('rejects one byte changed in the payload, and in the signature', async () => {
    const { jwt } = await courseCertificate()
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`
    for (const changed of [
      `${header}.${flip(payload, 40)}.${signature}`,
      `${header}.${payload}.${flip(signature, 10)}`,
    ]) {
      const verdict = await verify(changed)
      expect(verdict.verified).toBe(false)
      expect(verdict.problems.join('\n')).toMatch(/assinatura inválida/)
    }
  })

  it('reads the revocation after the admin revokes, and replaced after a reissue', async () => {
    const { jwt, code } = await courseCertificate()
    const [row] = await db.select().from(schema.certificates).where(eq(schema.certificates.code, code))
    const { cookie } = await newAdmin()
    const revoked = await adminCall(cookie, 'POST', `/api/admin/certificados/${row!.id}/revogacao`, {
      reason: 'Compra reembolsada',
    })
    expect(revoked.status).toBe(200)
    const verdict = await verify(jwt)
    // Its signature and claims still hold: the status list says it is revoked.
    expect(verdict.problems).toEqual([])
    expect(verdict.verified).toBe(true)
    expect(verdict.accepted).toBe(false)
    expect(readings(verdict)).toEqual([{ status: 2, message: 'revoked' }])

    const other = await issued({ kind: 'conference' })
    const next = await reissueCertificate(testContext(), other.code, 'Marcos Vinícius Teles Filho')
    expect(readings(await verify(other.credential!))).toEqual([{ status: 3, message: 'replaced' }])
    expect((await verify(next.credential!)).accepted).toBe(true)
  })

  it('reads a suspension set by the payments code, and its clearing; within the ttl even unannounced', async () => {
    const certificate = await issued({ kind: 'conference' })
    const jwt = certificate.credential!
    expect((await verify(jwt)).accepted).toBe(true)

    // What the payments code does inside its batch, then the call the lead wires after it.
    await db
      .update(schema.certificates)
      .set({ suspendedAt: new Date(), suspendedReason: 'Contestação de pagamento aberta' })
      .where(eq(schema.certificates.id, certificate.id))
    await statusListsChanged(testContext())
    const suspended = await verify(jwt)
    expect(suspended.verified).toBe(true)
    expect(suspended.accepted).toBe(false)
    expect(readings(suspended)).toEqual([{ status: 1, message: 'suspended' }])
    const page = CertificateVerification.parse(
      await (await get(`/api/certificados/${certificate.code}`)).json(),
    )
    expect(page).toMatchObject({ status: 'suspended', suspended_reason: 'Contestação de pagamento aberta' })
    expect(Math.abs(Date.parse(page.checked_at) - Date.now())).toBeLessThan(60_000)

    await db
      .update(schema.certificates)
      .set({ suspendedAt: null, suspendedReason: null })
      .where(eq(schema.certificates.id, certificate.id))
    await statusListsChanged(testContext())
    expect(readings(await verify(jwt))).toEqual([{ status: 0, message: 'valid' }])

    // Unannounced (no call): the copy kept still says valid until its ttl, then the list is built again.
    await db
      .update(schema.certificates)
      .set({ suspendedAt: new Date(), suspendedReason: 'Contestação' })
      .where(eq(schema.certificates.id, certificate.id))
    const listUrl = (decode(jwt.split('.')[1]!).credentialStatus as { statusListCredential: string })
      .statusListCredential
    const list = Number(listUrl.split('/').pop())
    const at =
      (ms: number): Fetcher =>
      async (url, init) => {
        if (url !== listUrl) return overHttp(url, init)
        const found = await statusList(testContext({ now: new Date(Date.now() + ms) }), list)
        return new Response(found!.jwt, { headers: { 'cache-control': 'public, max-age=300' } })
      }
    expect(readings(await verify(jwt, at(1_000)))).toEqual([{ status: 0, message: 'valid' }])
    expect(readings(await verify(jwt, at(300_000)))).toEqual([{ status: 1, message: 'suspended' }])
  })

  it('serves the list as a BitstringStatusListCredential of ≥ 131 072 entries whose ttl is its Cache-Control', async () => {
    const { jwt } = await courseCertificate()
    const [reading] = (await verify(jwt)).status
    expect(reading!.entries).toBeGreaterThanOrEqual(MINIMUM_ENTRIES)
    expect(reading!.size).toBe(2)
    const maxAge = Number(/max-age=(\d+)/.exec(reading!.cacheControl ?? '')?.[1])
    expect(maxAge).toBeGreaterThan(0)
    expect(reading!.ttl).toBe(maxAge * 1000)

    const listUrl = (decode(jwt.split('.')[1]!).credentialStatus as { statusListCredential: string })
      .statusListCredential
    const response = await workerFetch(listUrl)
    expect(response.headers.get('content-type')).toBe('application/vc+jwt')
    expect(Number(response.headers.get('age'))).toBeLessThanOrEqual(maxAge)
    for (const missing of ['999999', '0', 'abc', '1.5']) {
      expect((await get(`/api/certificados/situacao/${missing}`)).status, missing).toBe(404)
    }
  })

  it('serves its last copy, however old (its Age says), while the database is down', async () => {
    const { statusList: list } = await issued({ kind: 'conference' })
    // The copy this location keeps was built ten minutes ago: past its ttl.
    await statusListsChanged(testContext({ now: new Date(Date.now() - 600_000) }))
    await databaseFault('refuse')
    try {
      const answer = await callWith(
        envWith({ DEADLINES_MS: JSON.stringify({ database: 500 }) }),
        `/api/certificados/situacao/${list}`,
      )
      expect(answer.status).toBe(200)
      expect(Number(answer.headers.get('age'))).toBeGreaterThanOrEqual(600)
      expect(answer.text).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    } finally {
      await databaseFault('none')
    }
  })
})

describe('the verifier itself', () => {
  /** The valid credential's payload changed by `change`, signed again by the key its kid names. */
  async function signedVariant(
    jwt: string,
    // biome-ignore lint/suspicious/noExplicitAny: a credential's payload, changed freely by each case
    change: (payload: Record<string, any>) => void,
    header: Record<string, unknown> = {},
  ) {
    const payload = decode(jwt.split('.')[1]!)
    change(payload)
    const [key] = JSON.parse(testEnv.CERTIFICATE_SIGNING_KEYS!) as (JsonWebKey & { kid: string })[]
    const kid = `${testEnv.PUBLIC_ORIGIN}/api/certificados/chaves/${key!.kid}`
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid, ...header })
      .sign(await importJWK(key!, 'ES256'))
  }

  it('refuses each of the seven MUSTs the issue found, and a key served with its private part', async () => {
    const { jwt } = await courseCertificate()
    const refusals: [string, string, RegExp][] = [
      [await signedVariant(jwt, () => {}, { typ: 'vc+jwt' }), 'typ', /typ "vc\+jwt"/],
      [await signedVariant(jwt, () => {}, { cty: 'vc' }), 'cty', /"cty" não é permitido/],
      [
        await signedVariant(jwt, () => {}, { kid: 'renalis-chave' }),
        'kid',
        /kid "renalis-chave" não é um URI/,
      ],
      [
        await signedVariant(jwt, (p) => {
          delete p.sub
          delete p.credentialSubject.id
        }),
        'sub',
        /^sub \(undefined\)/,
      ],
      [
        await signedVariant(jwt, (p) => {
          p.validFrom = new Date(p.nbf * 1000 + 250).toISOString()
        }),
        'nbf',
        /^nbf .* ≠ validFrom/,
      ],
      [
        await signedVariant(jwt, (p) => {
          p.credentialSubject.activityEndDate = '2026-05-01'
        }),
        'activityEndDate',
        /esquema: #\/credentialSubject\/activityEndDate/,
      ],
      [
        await signedVariant(jwt, (p) => {
          p.credentialSubject.hours = '12 horas'
        }),
        'hours',
        /termo que nenhum contexto define: credentialSubject\.hours/,
      ],
      [
        await signedVariant(jwt, (p) => {
          p.credentialStatus = [p.credentialStatus, { ...p.credentialStatus, statusPurpose: 'suspension' }]
        }),
        'two status entries',
        /esquema: #\/credentialStatus/,
      ],
    ]
    for (const [variant, what, problem] of refusals) {
      const verdict = await verify(variant)
      expect(verdict.verified, what).toBe(false)
      expect(
        verdict.problems.some((p) => problem.test(p)),
        `${what}: ${verdict.problems.join('; ')}`,
      ).toBe(true)
    }
    // The control: signed again unchanged, it is accepted.
    expect((await verify(await signedVariant(jwt, () => {}))).accepted).toBe(true)

    const leaky: Fetcher = async (url, init) => {
      if (!url.includes('/api/certificados/chaves/')) return overHttp(url, init)
      const [key] = JSON.parse(testEnv.CERTIFICATE_SIGNING_KEYS!) as object[]
      return Response.json(key)
    }
    expect((await verify(jwt, leaky)).problems).toContainEqual(expect.stringMatching(/contém "d"/))
  })
})

describe('status entries', () => {
  it('are one per certificate: the database refuses a taken index, which a write tells apart to draw again', async () => {
    const first = await issued({ kind: 'conference' })
    const second = await issued({ kind: 'conference' })
    expect([first.statusList, first.statusIndex]).not.toEqual([second.statusList, second.statusIndex])
    const taken = await db
      .update(schema.certificates)
      .set({ statusList: first.statusList, statusIndex: first.statusIndex })
      .where(eq(schema.certificates.id, second.id))
      .catch((error: unknown) => error)
    expect(isStatusEntryTaken(taken)).toBe(true)
    // Another constraint is not a taken index.
    const sameCode = await db
      .update(schema.certificates)
      .set({ code: first.code })
      .where(eq(schema.certificates.id, second.id))
      .catch((error: unknown) => error)
    expect(sameCode).toBeInstanceOf(Error)
    expect(isStatusEntryTaken(sameCode)).toBe(false)
  })
})

describe('the keys', () => {
  it('answer at the address each kid names, and in the key set under both names; never a private part', async () => {
    const keys = JSON.parse(testEnv.CERTIFICATE_SIGNING_KEYS!) as { kid: string; x: string }[]
    const set = await get('/.well-known/jwks.json')
    expect(set.headers.get('content-type')).toBe('application/jwk-set+json')
    const { keys: published } = (await set.json()) as { keys: Record<string, string>[] }
    expect(published.map((key) => key.kid).sort()).toEqual(
      keys.flatMap(({ kid }) => [kid, `${testEnv.PUBLIC_ORIGIN}/api/certificados/chaves/${kid}`]).sort(),
    )
    for (const key of published) expect(key).not.toHaveProperty('d')
    for (const { kid, x } of keys) {
      const one = await workerFetch(`${testEnv.PUBLIC_ORIGIN}/api/certificados/chaves/${kid}`)
      expect(one.headers.get('content-type')).toBe('application/jwk+json')
      const jwk = (await one.json()) as Record<string, string>
      expect(jwk).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        x,
        kid: `${testEnv.PUBLIC_ORIGIN}/api/certificados/chaves/${kid}`,
      })
      expect(jwk).not.toHaveProperty('d')
    }
    expect((await get('/api/certificados/chaves/nenhuma')).status).toBe(404)
  })
})

describe('credentials signed before', () => {
  /** A credential in the form of issue 24: typ vc+jwt, cty, a short kid, no sub, no status. */
  async function oldForm() {
    const certificate = await issued({ kind: 'conference' })
    const [key] = JSON.parse(testEnv.CERTIFICATE_SIGNING_KEYS!) as (JsonWebKey & { kid: string })[]
    const old = await new SignJWT({
      id: `${testEnv.PUBLIC_ORIGIN}/certificados/${certificate.code}`,
      hours: '8 horas',
    })
      .setProtectedHeader({ alg: 'ES256', kid: key!.kid, typ: 'vc+jwt', cty: 'vc' })
      .setIssuer(testEnv.PUBLIC_ORIGIN)
      .setIssuedAt()
      .sign(await importJWK(key!, 'ES256'))
    await db
      .update(schema.certificates)
      .set({ credential: old, statusList: null, statusIndex: null, recipientId: null })
      .where(eq(schema.certificates.id, certificate.id))
    return { ...certificate, credential: old }
  }

  it('are refused by the verifier, still found under their short kid, and signed again when downloaded', async () => {
    const old = await oldForm()
    const verdict = await verify(old.credential)
    expect(verdict.verified).toBe(false)
    expect(verdict.problems).toEqual(
      expect.arrayContaining([
        'cabeçalho: "cty" não é permitido',
        'cabeçalho: typ "vc+jwt" (deve ser "JWT")',
      ]),
    )
    const { keys } = (await (await get('/.well-known/jwks.json')).json()) as { keys: { kid: string }[] }
    expect(keys.map((key) => key.kid)).toContain(decode(old.credential.split('.')[0]!).kid)

    const cookie = await sessionCookie(old.userId!)
    const download = await get(`/api/usuario/certificados/${old.code}/credencial`, cookie)
    expect(download.status).toBe(200)
    const jwt = await download.text()
    const fresh = await verify(jwt)
    expect(fresh.problems).toEqual([])
    expect(fresh.accepted).toBe(true)
    expect(fresh.credential!.id).toBe(`${testEnv.PUBLIC_ORIGIN}/certificados/${old.code}`)
    // Downloaded again: the same credential, not a third one.
    expect(await (await get(`/api/usuario/certificados/${old.code}/credencial`, cookie)).text()).toBe(jwt)
  })

  it('are signed again by the scheduled job, in batches', async () => {
    const olds = [await oldForm(), await oldForm()]
    const execution = createExecutionContext()
    await worker.scheduled!(
      createScheduledController({ scheduledTime: Date.now(), cron: OUTBOX_CRON }),
      env,
      execution,
    )
    await waitOnExecutionContext(execution)
    for (const old of olds) {
      const [row] = await db.select().from(schema.certificates).where(eq(schema.certificates.id, old.id))
      expect(row!.statusIndex).not.toBeNull()
      expect(row!.code).toBe(old.code)
      const verdict = await verify(row!.credential!)
      expect(verdict.problems).toEqual([])
      expect(verdict.accepted).toBe(true)
    }
  })
})
