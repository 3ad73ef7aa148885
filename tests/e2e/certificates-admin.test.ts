import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { certificates, classes, courses, enrollments, users } from '../../db/schema.ts'
import { addDays } from '../../worker/domain/dashboard.ts'
import { hashPassword } from '../../worker/domain/password.ts'
import { curitibaDay } from '../../worker/domain/time-zone.ts'
import { openAdminSection, signInAdminByApi } from '../support/e2e/admin.ts'
import { fileBrowser, journeyPages, screenshot } from '../support/e2e/browser.ts'
import { pageOverflow } from '../support/e2e/phone.ts'
import { baseURL, e2eDatabaseUrl } from '../support/e2e/stack.ts'

// Issue 24 in Chromium, the admin's side: an in-person class held two days ago, two students; the
// admin marks one present and one absent, issues the certificates of those present (once, however
// often it is asked), and finds the certificate in the list of those issued. At 375 px the
// attendance screen scrolls nothing sideways.

const db = createDb({ url: e2eDatabaseUrl })
const stamp = Date.now().toString(36)
const DESKTOP = { width: 1366, height: 900 }
const PHONE = { width: 375, height: 800 }
const COURSE = `Acesso Vascular Presencial ${stamp}`
const CLASS = 'Turma de sábado'
const STUDENT_PASSWORD = 'Presente@2026'
// A name is letters (the certificate's name rule): the stamp's digits spelt as letters.
const letters = stamp.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)
const ANA = { name: `Ana Presente ${letters}`, email: `ana.presente.${stamp}@exemplo.com.br` }
const BRUNO = { name: `Bruno Ausente ${letters}`, email: `bruno.ausente.${stamp}@exemplo.com.br` }

const browser = fileBrowser()
const { newPage, errors, closeAll } = journeyPages(browser)

afterAll(async () => {
  await closeAll()
})

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first()

async function signedInAdmin(viewport: typeof DESKTOP, address: string) {
  const page = await newPage(viewport, address)
  await signInAdminByApi(page, baseURL)
  return page
}

/** The course (8 h), its class held two days ago, and two students enrolled by hand. */
async function inPersonClass() {
  const [course] = await db
    .insert(courses)
    .values({ url: `acesso-vascular-${stamp}`, name: COURSE, section: 'presencial', workloadHours: 8 })
    .returning()
  const [turma] = await db
    .insert(classes)
    .values({
      courseId: course!.id,
      name: CLASS,
      type: 'N',
      courseInit: addDays(curitibaDay(new Date()), -2),
      priceCents: 90000,
    })
    .returning()
  for (const student of [ANA, BRUNO]) {
    const [user] = await db
      .insert(users)
      .values({
        ...student,
        type: 'N',
        passwordHash: await hashPassword(STUDENT_PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .returning()
    await db.insert(enrollments).values({ userId: user!.id, classId: turma!.id, source: 'manual' })
  }
  return turma!
}

describe('certificates from the admin side', () => {
  it("marks an in-person class's attendance, issues the certificates of those present once, lists them, and the student finds hers in Meus cursos", async () => {
    const turma = await inPersonClass()
    const admin = await signedInAdmin(DESKTOP, '10.24.2.1')
    await admin.goto(`${baseURL}/admin`)
    await openAdminSection(admin, 'Certificados')

    await admin.getByRole('link', { name: 'Presença (presenciais)' }).click()
    await admin.getByLabel('Curso ou turma').fill(stamp)
    await admin.getByRole('button', { name: `Lista de presença ${COURSE} — ${CLASS}` }).click()
    const sheet = admin.getByRole('region', { name: `Lista de presença: ${COURSE} — ${CLASS}` })
    await sheet.getByText('Carga horária do curso: 8 h.').waitFor()
    await sheet.getByLabel(`Presença de ${ANA.name}`).selectOption('present')
    await sheet.getByLabel(`Presença de ${BRUNO.name}`).selectOption('absent')
    await sheet.getByRole('button', { name: 'Salvar presença' }).click()
    await toast(admin, 'Presença salva.').waitFor()

    await sheet.getByRole('button', { name: 'Emitir certificados dos presentes' }).click()
    await toast(admin, '1 certificado emitido.').waitFor()
    const [issued] = await db.select().from(certificates).where(eq(certificates.classId, turma.id))
    expect(issued).toMatchObject({ kind: 'in_person', holderName: ANA.name, title: COURSE, minutes: 480 })
    await sheet.getByText(`certificado ${issued!.code}`).waitFor()

    // Asked again, nothing new: Ana keeps hers, Bruno (absent) gets none.
    await sheet.getByRole('button', { name: 'Emitir certificados dos presentes' }).click()
    await toast(admin, 'Nenhum certificado novo: 1 aluno já tinha o seu.').waitFor()
    expect(await db.select().from(certificates).where(eq(certificates.classId, turma.id))).toHaveLength(1)
    await screenshot(admin, 'certificates-admin-attendance')

    await admin.getByRole('link', { name: 'Emitidos' }).click()
    await admin.getByLabel('Código, nome, curso ou e-mail').fill(issued!.code)
    const list = admin.getByRole('region', { name: 'Certificados emitidos' })
    const row = list.locator('tbody tr', { hasText: issued!.code })
    await row.getByText(ANA.name).waitFor()
    await row.getByText('válido').waitFor()
    // The list narrows to the code as the filter applies (debounced).
    await expect.poll(() => list.locator('tbody tr').count()).toBe(1)

    // The student present finds it in Meus cursos, with its PDF and verification links.
    const student = await newPage(DESKTOP, '10.24.2.3')
    const login = await student.context().request.post(`${baseURL}/login`, {
      data: { email: ANA.email, password: STUDENT_PASSWORD, json: true },
    })
    expect(login.status()).toBe(200)
    await student.goto(`${baseURL}/usuario/cursos`)
    const held = student
      .getByRole('region', { name: 'Certificados' })
      .locator('li', { hasText: issued!.code })
    await held.getByRole('heading', { name: COURSE }).waitFor()
    await held.getByText('Participação em curso presencial', { exact: false }).waitFor()

    const phone = await signedInAdmin(PHONE, '10.24.2.2')
    await phone.goto(`${baseURL}/admin/certificados?aba=presenca`)
    await phone.getByLabel('Curso ou turma').fill(stamp)
    await phone.getByRole('button', { name: `Lista de presença ${COURSE} — ${CLASS}` }).click()
    await phone.getByLabel(`Presença de ${ANA.name}`).waitFor()
    expect(await pageOverflow(phone)).toBe(0)
    await screenshot(phone, 'certificates-admin-phone')
    expect(errors).toEqual([])
  }, 90_000)
})
