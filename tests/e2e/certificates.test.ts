import { readFile } from 'node:fs/promises'
import { and, eq, inArray, like } from 'drizzle-orm'
import type { BrowserContext } from 'playwright-core'
import { extractText } from 'unpdf'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { certificates, courseModules, lessonProgress, lessons, users } from '../../db/schema.ts'
import { DEMO_USERS } from '../../db/seed.ts'
import { openAdminSection } from '../support/e2e/admin.ts'
import { fileBrowser, screenshot, signInOnPage } from '../support/e2e/browser.ts'

// Issue 24 in real Chromium on the seeded stack: the demo student finishes the lessons of
// Doença Renal Crônica na Atenção Primária, issues its certificate with the name confirmed,
// downloads the PDF (read back), and a visitor opens the QR code's address and sees it valid.

const baseURL = inject('baseURL')
const db = createDb({ url: inject('e2eDatabaseUrl') })
const STUDENT = DEMO_USERS.student
const ADMIN = DEMO_USERS.admin
const COURSE_URL = 'doenca-renal-cronica-na-atencao-primaria'
const COURSE_ID = 2

const browser = fileBrowser()
const contexts: BrowserContext[] = []

async function newContext(ip: string) {
  const context = await browser().newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
    acceptDownloads: true,
    extraHTTPHeaders: { 'CF-Connecting-IP': ip },
  })
  // No network here: the video host answers with a stand-in.
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>vídeo</title>' }),
  )
  contexts.push(context)
  return context
}

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close()
})

/** The seed as it was: the course's lessons unwatched, no certificate. */
async function restoreSeed() {
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.email, STUDENT.email))
  const courseLessons = db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(courseModules.courseId, COURSE_ID))
  await db
    .delete(lessonProgress)
    .where(and(eq(lessonProgress.userId, student!.id), inArray(lessonProgress.lessonId, courseLessons)))
  await db.delete(certificates).where(like(certificates.subject, `course:${student!.id}:${COURSE_ID}`))
}

describe('certificates', () => {
  it('the student finishes a course, issues the certificate and its PDF; a visitor verifies it from the QR code; the admin revokes it and the page says so', async () => {
    await restoreSeed()
    try {
      const context = await newContext('203.0.113.124')
      const page = await context.newPage()
      await signInOnPage(page, `${baseURL}/login`, STUDENT)

      await page.goto(`${baseURL}/usuario/cursos/${COURSE_URL}`)
      const progress = page.getByText(/Seu progresso:/)
      await progress.waitFor()
      for (;;) {
        await page.getByRole('button', { name: 'Marcar como assistida' }).click()
        await page.getByRole('button', { name: 'Aula assistida' }).waitFor()
        const next = page.getByRole('button', { name: /Próxima aula/ })
        if ((await next.count()) === 0) break
        await next.click()
      }
      await expect(progress.textContent()).resolves.toMatch(/5 de 5 aulas assistidas \(100%\)/)

      await page.goto(`${baseURL}/usuario/cursos`)
      const card = page.getByRole('listitem').filter({ hasText: '5 de 5 aulas assistidas' })
      await card.getByRole('button', { name: /Emitir certificado/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Emitir certificado' })
      const name = dialog.getByLabel('Nome no certificado')
      await expect(name.inputValue()).resolves.toBe('Ana Beatriz Souza')
      await name.fill('Ana Beatriz Souza')
      await dialog.getByRole('button', { name: 'Confirmar e emitir' }).click()
      const pdfLink = card.getByRole('link', { name: /Baixar PDF/ })
      await pdfLink.waitFor()
      await screenshot(page, 'certificates-issued')
      const code = (await card.locator('.font-mono').textContent())!.trim()
      expect(code).toMatch(/^RN-[0-9A-Z]{10}$/)
      const linkedin = await card.getByRole('link', { name: /Adicionar ao LinkedIn/ }).getAttribute('href')
      expect(new URL(linkedin!).searchParams.get('certId')).toBe(code)

      const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()])
      const bytes = new Uint8Array(await readFile((await download.path())!))
      // Lines of the PDF's text wrap where the page does: read as one line.
      const text = (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, ' ')
      for (const expected of [
        'Ana Beatriz Souza',
        'Doença Renal Crônica na Atenção Primária',
        '30 horas',
        code,
      ]) {
        expect(text).toContain(expected)
      }
      // The address the QR code carries is printed under it.
      const address = /Verifique em (\S+)/.exec(text)?.[1]
      expect(new URL(address!).pathname).toBe(`/certificados/${code}`)

      const visitor = await (await newContext('203.0.113.125')).newPage()
      await visitor.goto(new URL(new URL(address!).pathname, baseURL).href)
      await visitor.getByText('Certificado válido').waitFor()
      await expect(visitor.getByText('Ana Beatriz Souza').count()).resolves.toBeGreaterThan(0)
      await screenshot(visitor, 'certificates-verified')

      // The institute revokes it from the admin's list; the same address then says so.
      const admin = await (await newContext('203.0.113.126')).newPage()
      await signInOnPage(admin, `${baseURL}/login`, ADMIN)
      await admin.goto(`${baseURL}/admin`)
      await openAdminSection(admin, 'Certificados')
      await admin.getByLabel('Código, nome, curso ou e-mail').fill(code)
      const row = admin
        .getByRole('region', { name: 'Certificados emitidos' })
        .locator('tbody tr', { hasText: code })
      await row.getByRole('button', { name: `Revogar ${code}` }).click()
      await admin.getByLabel('Motivo da revogação').fill('Emitido por engano')
      await admin.getByRole('button', { name: 'Revogar certificado' }).click()
      await row.getByText('Emitido por engano').waitFor()
      await visitor.reload()
      await visitor.getByText('Certificado revogado: Emitido por engano').waitFor()
      await visitor.getByText(/^Revogado em /).waitFor()
      await screenshot(visitor, 'certificates-revoked')

      await visitor.goto(`${baseURL}/certificados/RN-0000000000`)
      await visitor.getByRole('heading', { name: 'Certificado não encontrado' }).waitFor()
    } finally {
      await restoreSeed()
    }
  })
})
