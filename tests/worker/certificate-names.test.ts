import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { certificates, courses, enrollments, users } from '../../db/schema.ts'
import { BulkIssueResult } from '../../worker/contract/admin-certificates.ts'
import { DAY_MS } from '../../worker/domain/time-zone.ts'
import { issueCertificate } from '../../worker/services/certificates/issue.ts'
import { adminCall, fileAdmin } from '../support/worker/admin.ts'
import {
  createClass,
  createCourse,
  createUser,
  sessionCookie,
  testContext,
  testDb,
  unique,
} from '../support/worker/db.ts'

// Issue 39, item 6: the name printed on an institute-signed certificate is one line the fonts can
// draw, whatever the path that issues it, and the page never overflows nor cuts its text.

const db = testDb()
const admin = fileAdmin()

const words = (text: string) => text.replace(/\s+/g, ' ').trim()

async function pdfTextOf(code: string, cookie: string) {
  const answer = await adminCall(cookie, 'GET', `/api/usuario/certificados/${code}/pdf`)
  expect(answer.status).toBe(200)
  const bytes = new Uint8Array(await answer.response.arrayBuffer())
  const document = await getDocumentProxy(bytes)
  expect(document.numPages).toBe(1)
  return words((await extractText(document, { mergePages: true })).text)
}

describe('a profile name is one line', () => {
  it('refuses a line break, a control character or a bidi override in the profile, and changes nothing', async () => {
    const user = await createUser(db, { name: 'Joana Martins' })
    const cookie = await sessionCookie(user.id)
    for (const name of [
      'Joana\nMartins',
      'Joana\u2028Martins',
      'Joana\u0007 Martins',
      'Joana \u202eMartins',
    ]) {
      const answer = await adminCall(cookie, 'PUT', '/usuario/perfil/updateUser', {
        name,
        email: user.email,
        phone: '(41) 3333-0101',
      })
      expect(answer.status, JSON.stringify(name)).toBe(422)
      expect(answer.body.errors.name).toEqual([
        'O nome deve ficar em uma linha, sem quebras nem caracteres de controle.',
      ])
    }
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]?.name).toBe('Joana Martins')
  })
})

describe('every issuing path prints a name the certificate can draw', () => {
  it('holds back, and tells, an in-person student whose profile name the fonts cannot draw', async () => {
    const course = await createCourse(db, {
      section: 'presencial',
      name: unique('Punção de fístula'),
      workloadHours: 8,
    })
    const day = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10)
    const turma = await createClass(db, { courseId: course.id, type: 'N', courseInit: day })
    const enrol = async (name: string) => {
      const user = await createUser(db, { type: 'N', name })
      const [row] = await db
        .insert(enrollments)
        .values({ userId: user.id, classId: turma.id, source: 'manual', attendance: 'present' })
        .returning()
      return { user, enrollment: row! }
    }
    const kim = await enrol('Kim 민준')
    const lara = await enrol('Lara Nogueira')

    const answer = await adminCall(admin(), 'POST', `/api/admin/certificados/turmas/${turma.id}/emissao`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const result = BulkIssueResult.parse(answer.body)
    expect(result).toMatchObject({ issued: 1, already: 0 })
    expect(result.held_back).toEqual([
      {
        name: 'Kim 민준',
        reason:
          'O nome tem caracteres que o certificado não consegue imprimir (민 준): escreva-o com letras latinas, gregas ou cirílicas.',
      },
    ])
    const held = await db.select().from(certificates).where(eq(certificates.userId, kim.user.id))
    expect(held).toEqual([])
    const [issued] = await db.select().from(certificates).where(eq(certificates.userId, lara.user.id))
    expect(issued?.holderName).toBe('Lara Nogueira')

    // Corrected in the profile, the next issue makes it.
    await db.update(users).set({ name: 'Kim Min-jun' }).where(eq(users.id, kim.user.id))
    const again = BulkIssueResult.parse(
      (await adminCall(admin(), 'POST', `/api/admin/certificados/turmas/${turma.id}/emissao`)).body,
    )
    expect(again).toMatchObject({ issued: 1, already: 1, held_back: [] })
  })

  it('refuses the same names on the one way a certificate comes to be (422), Greek and Cyrillic letters drawn', async () => {
    const user = await createUser(db, { name: 'Sofia Castro' })
    const base = {
      kind: 'conference' as const,
      userId: user.id,
      title: '4ª Jornada Multiprofissional',
      minutes: 90,
      startedOn: null,
      completedOn: '2027-10-23',
      template: '',
      signatory: null,
      evidence: null,
    }
    for (const holderName of ['Sofia\nCastro', 'Zhang 伟', 'Sofia']) {
      await expect(issueCertificate(testContext(), { ...base, holderName })).rejects.toMatchObject({
        code: 'VALIDATION',
      })
    }
    const { certificate } = await issueCertificate(testContext(), {
      ...base,
      holderName: '  Σοφία   Καστρο-Иванова ',
    })
    expect(certificate.holderName).toBe('Σοφία Καστρο-Иванова')
  })
})

describe('the page never overflows nor cuts', () => {
  it('prints a 120-character name and a long text whole, on one page', async () => {
    const longName = `${'Maria Eduarda dos Santos Albuquerque Cavalcanti '.repeat(3)}`.trim().slice(0, 118)
    const owner = await createUser(db, { name: longName })
    const cookie = await sessionCookie(owner.id)
    const template =
      'Certificamos que {nome} concluiu o curso {curso}, com carga horária de {horas}, entre {inicio} e {conclusao}, ' +
      'tendo assistido a todas as videoaulas, lido o material complementar e sido aprovado na avaliação final, ' +
      'conforme as normas do Centro de Ensino do instituto para cursos a distância. '.repeat(2)
    const { certificate } = await issueCertificate(testContext(), {
      kind: 'course',
      userId: owner.id,
      courseId: (await createCourse(db, { name: unique('Nefrologia intervencionista avançada') })).id,
      holderName: longName,
      title: 'Nefrologia intervencionista avançada',
      minutes: 24 * 60,
      startedOn: '2026-09-01',
      completedOn: '2026-09-30',
      template,
      signatory: {
        name: 'Profa. Dra. Maria Helena de Albuquerque Cavalcanti Figueiredo Nogueira',
        role: 'Coordenadora do Centro de Ensino e Pesquisa Clínica em Nefrologia',
        signatureKey: null,
      },
      evidence: null,
    })
    const text = await pdfTextOf(certificate.code, cookie)
    // Every word of the name and of the body is on the page (wrapped, never cut).
    for (const word of new Set(words(`${longName} ${certificate.body}`).split(' '))) {
      expect(text, word).toContain(word)
    }
    expect(text).toContain('Coordenadora do Centro de Ensino e Pesquisa Clínica em Nefrologia')
  })

  it('checks a course’s certificate text when it is saved: too long for the page, or characters the fonts lack', async () => {
    const course = await createCourse(db, { name: unique('Diálise peritoneal') })
    const current = await adminCall(admin(), 'GET', `/api/admin/cursos/${course.id}`)
    const form = {
      name: current.body.name,
      url: current.body.url,
      section: current.body.section,
      summary: current.body.summary,
      description: current.body.description,
      workload_hours: 20,
      version: current.body.version,
    }
    const tooLong = await adminCall(admin(), 'PUT', `/api/admin/cursos/${course.id}`, {
      ...form,
      certificate_template: `Certificamos que {nome} concluiu {curso}. ${'Texto institucional que não cabe. '.repeat(55)}`,
    })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.errors.certificate_template).toEqual([
      'O texto do certificado não cabe na página com um nome longo (até 120 letras): encurte-o.',
    ])
    const hangul = await adminCall(admin(), 'PUT', `/api/admin/cursos/${course.id}`, {
      ...form,
      certificate_template: 'Certificamos que {nome} concluiu {curso} 수료.',
    })
    expect(hangul.status).toBe(422)
    expect(hangul.body.errors.certificate_template?.[0]).toContain('(수 료)')
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]?.certificateTemplate).toBe(
      '',
    )

    const fine = await adminCall(admin(), 'PUT', `/api/admin/cursos/${course.id}`, {
      ...form,
      certificate_template: 'Certificamos que {nome} concluiu {curso}, com {horas}, em {conclusao}.',
    })
    expect(fine.status, JSON.stringify(fine.body)).toBe(200)
  })
})
