import { createPublicKey, verify as verifySignature } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import * as schema from '../../db/schema.ts'
import {
  CertificateVerification,
  HeldCertificate,
  MyCertificates,
} from '../../worker/contract/certificates.ts'
import type { Env } from '../../worker/env.ts'
import {
  issueCertificate,
  reissueCertificate,
  revokeCertificate,
} from '../../worker/services/certificates/issue.ts'
import { createUser, sessionCookie, testContext, testDb, testEnv } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { callWith, envWith } from '../support/worker/outages.ts'
import { fetchPage, NAVIGATE, withRenderer } from '../support/worker/pages.ts'
import { studyAll, studyCourse } from '../support/worker/study.ts'

const db = testDb()
const ORIGIN = 'http://localhost'

/** An online course of three short video lessons (12 hours), and a student enrolled in it. */
async function courseWithStudent(values: Partial<typeof schema.courses.$inferInsert> = {}) {
  const { course, turma, lessons } = await studyCourse(db, {
    videos: 3,
    readings: 0,
    name: 'Diálise Peritoneal na Prática',
    workloadHours: 12,
    signatoryName: 'Dra. Helena Prado',
    signatoryRole: 'Diretora de Ensino',
    ...values,
  })
  const student = await createUser(db, { name: 'Ana Beatriz Souza' })
  await db.insert(schema.enrollments).values({ userId: student.id, classId: turma.id })
  return { course, lessons, student, cookie: await sessionCookie(student.id) }
}

function send(path: string, cookie: string | undefined, init: { method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (cookie) headers.cookie = cookie
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  if (init.method && init.method !== 'GET') headers.origin = ORIGIN
  return workerFetch(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
}

const issue = (url: string, cookie: string | undefined, nome: string) =>
  send(`/api/usuario/cursos/${url}/certificado`, cookie, { method: 'POST', json: { nome } })

/** A student of a new course who played every lesson and was issued its certificate, as Ana Beatriz Souza. */
async function certifiedStudent() {
  const student = await courseWithStudent()
  await studyAll(student.lessons, student.cookie)
  const issued = await issue(student.course.url, student.cookie, 'Ana Beatriz Souza')
  return { ...student, code: HeldCertificate.parse(await issued.json()).code }
}

type Jwk = { kid: string; kty: string; crv?: string; x?: string; y?: string }

/** The independent check: Node's crypto, the key of the served JWKS that the header names. */
async function verifiesAgainstJwks(jwt: string): Promise<boolean> {
  const { keys } = (await (await workerFetch(`${ORIGIN}/.well-known/jwks.json`)).json()) as { keys: Jwk[] }
  const [header, payload, signature] = jwt.split('.')
  const { kid, alg } = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as {
    kid: string
    alg: string
  }
  const jwk = keys.find((key) => key.kid === kid)
  if (!jwk || alg !== 'ES256') return false
  // The key as Node's crypto imports a JWK (createPublicKey's jwk format, checked here first).
  const key = createPublicKey({ key: jwk as never, format: 'jwk' })
  if (key.asymmetricKeyType !== 'ec') return false
  return verifySignature(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: jwk as never, format: 'jwk', dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  )
}

function claims(jwt: string) {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))
}

describe('a course certificate, issued by its student', () => {
  it('asks for the lessons played (evidence), an active enrolment and a full name, and issues one code for ten requests at once', {
    timeout: 60_000,
  }, async () => {
    const { course, lessons, student, cookie } = await courseWithStudent()

    const early = await issue(course.url, cookie, 'Ana Beatriz Souza')
    expect(early.status).toBe(409)
    expect(((await early.json()) as { msg: string }).msg).toMatch(
      /^Para emitir o certificado, conclua 100% das aulas \(você concluiu 0 de 3\)\./,
    )

    const stranger = await sessionCookie((await createUser(db)).id)
    const notBought = await issue(course.url, stranger, 'Carlos Alberto Lima')
    expect(notBought.status).toBe(403)
    expect(((await notBought.json()) as { msg: string }).msg).toBe(
      'Você não tem matrícula ativa neste curso.',
    )

    await studyAll(lessons, cookie)
    for (const name of ['Ana', '<b>Ana</b> Souza', '   ']) {
      const refused = await issue(course.url, cookie, name)
      expect(refused.status).toBe(422)
      const body = (await refused.json()) as { errors: { nome: string[] } }
      expect(body.errors.nome[0]).toMatch(/nome/i)
    }

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => issue(course.url, cookie, 'Ana Beatriz  Souza')),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 200)).toHaveLength(9)
    const codes = new Set(
      await Promise.all(answers.map(async (a) => HeldCertificate.parse(await a.json()).code)),
    )
    expect(codes.size).toBe(1)
    const rows = await db.select().from(schema.certificates).where(eq(schema.certificates.userId, student.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.holderName).toBe('Ana Beatriz Souza')

    const mine = MyCertificates.parse(await (await send('/api/usuario/certificados', cookie)).json())
    const listed = mine.courses.find((c) => c.course_id === course.id)
    expect(listed).toMatchObject({ study: { lessons_total: 3, lessons_done: 3 }, eligible: true })
    expect(listed?.certificate?.code).toBe(rows[0]!.code)
    const linkedin = new URL(listed!.certificate!.links.linkedin)
    expect(linkedin.origin + linkedin.pathname).toBe('https://www.linkedin.com/profile/add')
    expect(linkedin.searchParams.get('certId')).toBe(rows[0]!.code)
    expect(linkedin.searchParams.get('certUrl')).toBe(
      `${testEnv.PUBLIC_ORIGIN}/certificados/${rows[0]!.code}`,
    )
  })

  it('gives its holder a PDF naming them, the course, the hours and the code; nobody else', async () => {
    const { cookie, code } = await certifiedStudent()

    const response = await send(`/api/usuario/certificados/${code}/pdf`, cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
    expect(pdf.numPages).toBe(1)
    const page = await pdf.getPage(1)
    const [width, height] = [page.view[2]!, page.view[3]!]
    expect(width).toBeGreaterThan(height) // landscape
    const { text } = await extractText(pdf, { mergePages: true })
    for (const expected of [
      'Ana Beatriz Souza',
      'Diálise Peritoneal na Prática',
      '12 horas',
      code,
      'Dra. Helena Prado',
    ]) {
      expect(text).toContain(expected)
    }

    const other = await sessionCookie((await createUser(db)).id)
    expect((await send(`/api/usuario/certificados/${code}/pdf`, other)).status).toBe(404)
    expect((await send(`/api/usuario/certificados/${code}/pdf`, undefined)).status).toBe(401)
  })

  it('answers 503, to be tried again, while the PDF Worker fails (never a 500)', async () => {
    const { cookie, code } = await certifiedStudent()
    const failing = {
      certificatePdf: () => Promise.reject(new Error('Worker exceeded CPU time limit.')),
    } as unknown as Env['CERTIFICATE_PDF']

    const answer = await callWith(
      envWith({ CERTIFICATE_PDF: failing }),
      `/api/usuario/certificados/${code}/pdf`,
      {
        headers: { cookie, accept: 'application/json' },
      },
    )
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('5')
    expect(answer.body).toEqual({ msg: 'Estamos com instabilidade. Tente novamente em instantes.' })
  })
})

describe('the credential', () => {
  it('is an Open Badges 3.0 credential that an independent check verifies against /.well-known/jwks.json', async () => {
    // The whole of OB 3.0 and the status lists: tests/worker/open-badges.test.ts.
    const { cookie, code } = await certifiedStudent()
    const download = await send(`/api/usuario/certificados/${code}/credencial`, cookie)
    expect(download.status).toBe(200)
    const jwt = await download.text()

    const header = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8'))
    // OB 3.0's JOSE header: alg and kid only, the kid the address of the key (issue 39).
    expect(header).toEqual({
      alg: 'ES256',
      kid: expect.stringMatching(new RegExp(`^${testEnv.PUBLIC_ORIGIN}/api/certificados/chaves/`)),
    })
    const credential = claims(jwt)
    expect(credential['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ])
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential'])
    expect(credential.id).toBe(`${testEnv.PUBLIC_ORIGIN}/certificados/${code}`)
    expect(credential.issuer.type).toEqual(['Profile'])
    expect(credential.credentialSubject.achievement.name).toBe('Diálise Peritoneal na Prática')
    expect(typeof credential.validFrom).toBe('string')

    expect(await verifiesAgainstJwks(jwt)).toBe(true)
    // One byte changed in the payload: the signature no longer holds.
    const [h, p, s] = jwt.split('.') as [string, string, string]
    const changed = `${p.slice(0, 10)}${p[10] === 'A' ? 'B' : 'A'}${p.slice(11)}`
    expect(await verifiesAgainstJwks(`${h}.${changed}.${s}`)).toBe(false)
    // A key the set does not publish.
    const unknownKid = Buffer.from(JSON.stringify({ ...header, kid: 'chave-desconhecida' })).toString(
      'base64url',
    )
    expect(await verifiesAgainstJwks(`${unknownKid}.${p}.${s}`)).toBe(false)

    const jwks = await workerFetch(`${ORIGIN}/.well-known/jwks.json`)
    expect(jwks.headers.get('cache-control')).toContain('max-age')
    const { keys } = (await jwks.json()) as { keys: Record<string, unknown>[] }
    // Two keys, each under its address and under its short name (credentials signed before issue 39).
    expect(keys).toHaveLength(4)
    for (const key of keys) expect(key).not.toHaveProperty('d')
  })

  it('still verifies after a rotation: a credential signed by the older key', async () => {
    const [, older] = JSON.parse(testEnv.CERTIFICATE_SIGNING_KEYS!) as { kid: string }[]
    const ctx = testContext({ env: { ...testEnv, CERTIFICATE_SIGNING_KEYS: JSON.stringify([older]) } })
    const speaker = await createUser(db, { name: 'Marcos Vinícius Teles' })
    const { certificate } = await issueCertificate(ctx, {
      kind: 'conference',
      userId: speaker.id,
      holderName: 'Marcos Vinícius Teles',
      title: '4ª Jornada Multiprofissional',
      minutes: 600,
      startedOn: '2027-10-22',
      completedOn: '2027-10-23',
      template: '',
      signatory: null,
      evidence: null,
    })
    const header = JSON.parse(
      Buffer.from(certificate.credential!.split('.')[0]!, 'base64url').toString('utf8'),
    )
    expect(header.kid).toBe(`${testEnv.PUBLIC_ORIGIN}/api/certificados/chaves/${older!.kid}`)
    expect(await verifiesAgainstJwks(certificate.credential!)).toBe(true)
  })
})

describe('verification', () => {
  it('says valid, then revoked with its date and reason; a reissue says which code replaced it', async () => {
    const { code } = await certifiedStudent()

    const valid = CertificateVerification.parse(
      await (await send(`/api/certificados/${code}`, undefined)).json(),
    )
    expect(valid).toMatchObject({ status: 'valid', holder_name: 'Ana Beatriz Souza', hours: '12 horas' })
    expect(Math.abs(Date.parse(valid.checked_at) - Date.now())).toBeLessThan(60_000)
    expect(valid).not.toHaveProperty('email')
    // Typed in lower case, with spaces: the same certificate.
    expect(
      (await send(`/api/certificados/${encodeURIComponent(` ${code.toLowerCase()} `)}`, undefined)).status,
    ).toBe(200)

    const next = await reissueCertificate(testContext(), code, 'Ana Beatriz de Souza')
    const replaced = CertificateVerification.parse(
      await (await send(`/api/certificados/${code}`, undefined)).json(),
    )
    expect(replaced).toMatchObject({ status: 'replaced', replaced_by: next.code })
    expect(next.body).toContain('Ana Beatriz de Souza')

    const ctx = testContext()
    await revokeCertificate(ctx, next.code, 'Emitido por engano')
    const again = await revokeCertificate(
      { ...ctx, now: new Date(Date.now() + 60_000) },
      next.code,
      'Outro motivo',
    )
    expect(again.revokedReason).toBe('Emitido por engano')
    const revoked = CertificateVerification.parse(
      await (await send(`/api/certificados/${next.code}`, undefined)).json(),
    )
    expect(revoked).toMatchObject({ status: 'revoked', revoked_reason: 'Emitido por engano' })
    expect(revoked.revoked_at).not.toBeNull()
    // Its signature still holds, but the verification a program makes refuses it.
    expect(await verifiesAgainstJwks(next.credential!)).toBe(true)
    expect(revoked.status).not.toBe('valid')
  })

  it('answers 404, never 5xx, for unknown and malformed codes', async () => {
    for (const code of ['RN-0000000000', 'RN-ILOU', 'nada', '%00', 'ñ'.repeat(500), '..%2F..%2Fetc']) {
      const response = await send(`/api/certificados/${code}`, undefined)
      expect(response.status, code).toBe(404)
      expect(((await response.json()) as { msg: string }).msg).toBe('Certificado não encontrado.')
    }
  })
})

describe('the verification page', () => {
  withRenderer()

  it('opens for a certificate, and answers 404 for an unknown or malformed code, as its JSON does', async () => {
    const viewer = await createUser(db, { name: 'Helena Prado' })
    const { certificate } = await issueCertificate(testContext(), {
      kind: 'conference',
      userId: viewer.id,
      holderName: 'Helena Prado',
      title: 'Jornada de teste',
      minutes: 60,
      startedOn: null,
      completedOn: '2026-11-20',
      template: '',
      signatory: null,
      evidence: null,
    })
    const page = await fetchPage(`/certificados/${certificate.code}`, { headers: NAVIGATE })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    for (const code of ['RN-0000000000', 'nada', '%E0%A4%A', 'ñ'.repeat(300)]) {
      const missing = await fetchPage(`/certificados/${code}`, { headers: NAVIGATE })
      expect(missing.status, code).toBe(404)
      expect(missing.headers.get('content-type'), code).toContain('text/html')
    }
  })
})

describe('privacy', () => {
  it("exports the person's certificates; after the account's deletion they verify without the name", async () => {
    const { course, student, cookie, code } = await certifiedStudent()

    const exported = (await (await send('/api/usuario/privacidade/exportar', cookie)).json()) as {
      certificates: { code: string; holder_name: string; verification_url: string }[]
    }
    expect(exported.certificates).toEqual([
      expect.objectContaining({
        code,
        holder_name: 'Ana Beatriz Souza',
        verification_url: expect.stringContaining(code),
      }),
    ])

    const deleted = await send('/api/usuario/privacidade/excluir', cookie, {
      method: 'POST',
      json: { confirmar: true },
    })
    expect(deleted.status).toBe(200)
    const after = CertificateVerification.parse(
      await (await send(`/api/certificados/${code}`, undefined)).json(),
    )
    expect(after).toMatchObject({
      status: 'valid',
      holder_name: null,
      holder_removed: true,
      title: course.name,
    })
    const [row] = await db.select().from(schema.certificates).where(eq(schema.certificates.code, code))
    expect(row).toMatchObject({ userId: student.id, holderName: null, credential: null })
  })
})
