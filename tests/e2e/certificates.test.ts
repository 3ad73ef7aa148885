import { readFile } from 'node:fs/promises'
import type { BrowserContext } from 'playwright-core'
import { extractText } from 'unpdf'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { DEMO_USERS } from '../../db/seed.ts'
import { SEED_IDS } from '../../db/seed-data/catalog.ts'
import { openAdminSection } from '../support/e2e/admin.ts'
import { fileBrowser, screenshot, signInOnPage } from '../support/e2e/browser.ts'
import { cartWithClass, payCartByPix } from '../support/e2e/checkout.ts'
import { playAtTwice } from '../support/e2e/study.ts'

// Issues 24 and 39 in real Chromium on the seeded stack: a new buyer pays the demo course, plays its
// three lessons at 2× in the local player (each counted as it plays) and opens its reading; the
// course page offers the certificate at that moment, issued with the name confirmed; the PDF is
// read back, a visitor opens the QR code's address and sees it valid, the admin revokes it.

const baseURL = inject('baseURL')
const ADMIN = DEMO_USERS.admin
const COURSE_URL = 'minicurso-sinais-de-alerta-da-doenca-renal'

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
  contexts.push(context)
  return context
}

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close()
})

describe('certificates', () => {
  it('a new buyer plays the demo course at 2×, the course page offers the certificate at once; its PDF; a visitor verifies it from the QR code; the admin revokes it and the page says so', {
    timeout: 180_000,
  }, async () => {
    const context = await newContext('203.0.113.124')
    const page = await context.newPage()
    const buyer = {
      name: 'Beatriz Lima Tavares',
      email: `e2e-${crypto.randomUUID()}@teste.example`,
      phone: '(41) 99876-1234',
    }
    // The guest checkout opens this browser's session for the new account, which the paid order enrols.
    const hash = await cartWithClass(page, baseURL, SEED_IDS.classes.demo)
    await payCartByPix(page, baseURL, hash, buyer)

    await page.goto(`${baseURL}/usuario/cursos/${COURSE_URL}`)
    const progress = page.getByText(/^Seu progresso:/)
    await expect(progress.textContent()).resolves.toMatch(/0 de 4 aulas concluídas \(0%\)/)
    const offer = page.getByRole('region', { name: 'Certificado' })
    await offer.getByText(/O certificado fica disponível quando você concluir 100% das aulas/).waitFor()
    const lessons = [
      'Os sinais que os rins dão',
      'Quem deve ser rastreado',
      'Os exames que contam a história',
    ]
    for (const [index, title] of lessons.entries()) {
      await playAtTwice(page, title)
      await expect(progress.textContent()).resolves.toMatch(new RegExp(`${index + 1} de 4 aulas concluídas`))
      await page.getByRole('button', { name: /Próxima aula/ }).click()
    }
    // The reading counts once shown.
    await page.getByRole('heading', { level: 2, name: 'Leitura: cuidar dos rins no dia a dia' }).waitFor()
    await page.getByText('Leitura aberta: concluída').waitFor()
    await expect(progress.textContent()).resolves.toMatch(/4 de 4 aulas concluídas \(100%\)/)
    await screenshot(page, 'certificates-course-done')

    await offer.getByRole('button', { name: /Emitir certificado/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Emitir certificado' })
    const name = dialog.getByLabel('Nome no certificado')
    await expect(name.inputValue()).resolves.toBe(buyer.name)
    await dialog.getByRole('button', { name: 'Confirmar e emitir' }).click()
    const pdfLink = offer.getByRole('link', { name: /Baixar PDF/ })
    await pdfLink.waitFor()
    await screenshot(page, 'certificates-issued')
    const code = (await offer.locator('.font-mono').textContent())!.trim()
    expect(code).toMatch(/^RN-[0-9A-Z]{10}$/)
    const linkedin = await offer.getByRole('link', { name: /Adicionar ao LinkedIn/ }).getAttribute('href')
    expect(new URL(linkedin!).searchParams.get('certId')).toBe(code)

    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()])
    const bytes = new Uint8Array(await readFile((await download.path())!))
    // Lines of the PDF's text wrap where the page does: read as one line.
    const text = (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, ' ')
    for (const expected of [buyer.name, 'Minicurso: Sinais de Alerta da Doença Renal', '1 hora', code]) {
      expect(text).toContain(expected)
    }
    // The address the QR code carries is printed under it.
    const address = /Verifique em (\S+)/.exec(text)?.[1]
    expect(new URL(address!).pathname).toBe(`/certificados/${code}`)

    const visitor = await (await newContext('203.0.113.125')).newPage()
    await visitor.goto(new URL(new URL(address!).pathname, baseURL).href)
    await visitor.getByText('Certificado válido').waitFor()
    await expect(visitor.getByText(buyer.name).count()).resolves.toBeGreaterThan(0)
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
  })
})
