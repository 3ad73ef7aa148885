import { eq } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { leads } from '../../db/schema.ts'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { baseURL, e2eDatabaseUrl } from '../support/e2e/stack.ts'

const db = createDb({ url: e2eDatabaseUrl })
const browser = fileBrowser()

const PHONE = { width: 375, height: 740 }
const DESKTOP = { width: 1366, height: 900 }

async function open(path: string, viewport: { width: number; height: number }) {
  const page = await browser().newPage({ viewport })
  const errors = collectPageErrors(page)
  await page.goto(baseURL + path)
  return { page, errors }
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast] [data-title]').filter({ hasText: new RegExp(`^${literal(text)}$`) })

async function fill(scope: Locator, values: { name: string; email: string; phone: string; message: string }) {
  await scope.getByRole('textbox', { name: 'Nome completo' }).fill(values.name)
  await scope.getByRole('textbox', { name: 'E-mail' }).fill(values.email)
  // The mask formats what is typed, key by key, as a person types it.
  await scope.getByRole('textbox', { name: 'Telefone' }).pressSequentially(values.phone)
  await scope.getByRole('textbox', { name: 'como podemos te ajudar?' }).fill(values.message)
}

/**
 * The message reached the institute in the dev mailbox (local only) and in the leads table, as this
 * lead; the mail, for more checks.
 */
async function expectDelivered(email: string, expected: Partial<typeof leads.$inferSelect>) {
  const mailbox = (await (await fetch(`${baseURL}/api/dev/mailbox`)).json()) as Array<{
    to: string
    subject: string
    text: string
  }>
  const mail = mailbox.find((message) => message.text.includes(email))
  const [lead] = await db.select().from(leads).where(eq(leads.email, email))
  expect(mail?.to).toBe('contato@institutorenalis.com.br')
  expect(lead).toMatchObject(expected)
  return mail
}

describe('contact form in Chromium', () => {
  it('/contato on a desktop: the message reaches the dev mailbox and becomes a lead', async () => {
    const { page, errors } = await open('/contato', DESKTOP)
    const form = page.getByRole('region', { name: 'Fale com a gente' })
    const email = `ana.${Date.now()}@example.com`
    await fill(form, {
      name: 'Ana Beatriz Souza',
      email,
      phone: '41998765432',
      message: 'Quero saber das turmas.',
    })
    expect(await form.getByRole('textbox', { name: 'Telefone' }).inputValue()).toBe('(41) 99876-5432')

    const button = form.getByRole('button', { name: 'enviar mensagem' })
    await button.click()
    await page.waitForFunction(() => document.querySelector('button[data-state="success"]') !== null)
    await toast(page, 'Mensagem enviada com sucesso').first().waitFor()
    await screenshot(page, 'contact-page-sent-desktop')

    const mail = await expectDelivered(email, {
      name: 'Ana Beatriz Souza',
      phone: '(41) 99876-5432',
      target: 'contato',
    })
    expect(mail?.subject).toBe('Fale com a gente: Ana Beatriz Souza')
    expect(errors).toEqual([])
    await page.close()
  })

  it('every invalid combination of fields shows the SPEC toast and sends nothing', async () => {
    const { page, errors } = await open('/contato', DESKTOP)
    const form = page.getByRole('region', { name: 'Fale com a gente' })
    const sent: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/contato/send') sent.push(request.url())
    })
    const good = { name: 'Ana Souza', email: 'ana@example.com', phone: '4133330101' }
    const bad = { name: 'Ana', email: 'ana@exemplo', phone: '0133' }
    const cases: [Array<keyof typeof good>, string][] = [
      [['name'], 'Nome'],
      [['email'], 'E-mail'],
      [['phone'], 'Telefone'],
      [['name', 'email'], 'Nome, E-mail'],
      [['name', 'phone'], 'Nome, Telefone'],
      [['email', 'phone'], 'E-mail, Telefone'],
      [['name', 'email', 'phone'], 'Nome, E-mail, Telefone'],
    ]
    for (const [fields, labels] of cases) {
      const values = { ...good, ...Object.fromEntries(fields.map((field) => [field, bad[field]])) }
      await form.getByRole('textbox', { name: 'Telefone' }).fill('')
      await fill(form, { ...values, message: '' })
      await form.getByRole('button', { name: 'enviar mensagem' }).click()
      await toast(page, `Dados incorreto(s): ${labels}`)
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(async (error: unknown) => {
          // What the person saw instead: the toasts on screen and what the fields held.
          const shown = await page.locator('[data-sonner-toast] [data-title]').allTextContents()
          const held = await form
            .getByRole('textbox')
            .evaluateAll((inputs) =>
              inputs.map((input) => `${input.getAttribute('name')}=${(input as HTMLInputElement).value}`),
            )
          throw new Error(
            `expected 'Dados incorreto(s): ${labels}'; toasts ${JSON.stringify(shown)}; fields ${held}`,
            {
              cause: error,
            },
          )
        })
    }
    await screenshot(page, 'contact-page-invalid')
    expect(sent).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('the floating widget on a 375 px phone: nearly full width, sends a chat lead, closes', async () => {
    const { page, errors } = await open('/', PHONE)
    const opener = page.getByRole('button', { name: /Fale com a gente/ })
    const box = (await opener.boundingBox())!
    // Fixed at the bottom right, 3.5rem round.
    expect(box.width).toBe(56)
    expect(PHONE.width - (box.x + box.width)).toBeLessThan(32)
    expect(PHONE.height - (box.y + box.height)).toBeLessThan(32)

    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Fale com a gente' })
    await dialog.waitFor()
    const panel = (await dialog.boundingBox())!
    expect(Math.abs(panel.width - PHONE.width * 0.93)).toBeLessThan(2)
    const nameField = dialog.getByRole('textbox', { name: 'Nome completo' })
    expect(await nameField.evaluate((element) => element === document.activeElement)).toBe(true)
    const backdrop = page.locator('.contact-backdrop')
    expect(await backdrop.evaluate((element) => getComputedStyle(element).zIndex)).toBe('1060')
    expect(await backdrop.evaluate((element) => getComputedStyle(element).backdropFilter)).toContain('blur')

    const email = `bruno.${Date.now()}@example.com`
    await fill(dialog, { name: 'Bruno Lima', email, phone: '4133330101', message: 'Pelo celular.' })
    await screenshot(page, 'contact-widget-phone')
    await dialog.getByRole('button', { name: 'enviar mensagem' }).click()
    await toast(page, 'Mensagem enviada com sucesso').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true)

    await expectDelivered(email, { name: 'Bruno Lima', phone: '(41) 3333-0101', target: 'chat' })
    expect(errors).toEqual([])
    await page.close()
  })

  it('the floating widget on a desktop: 45 % panel at the bottom right; Escape and the close control close it', async () => {
    const { page, errors } = await open('/cursos', DESKTOP)
    const opener = page.getByRole('button', { name: /Fale com a gente/ })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Fale com a gente' })
    await dialog.waitFor()
    await page.waitForTimeout(800) // the 0.7 s background animation
    const panel = (await dialog.boundingBox())!
    expect(Math.abs(panel.width - DESKTOP.width * 0.45)).toBeLessThan(2)
    expect(DESKTOP.width - (panel.x + panel.width)).toBeLessThan(40)
    expect(DESKTOP.height - (panel.y + panel.height)).toBeLessThan(40)
    await screenshot(page, 'contact-widget-desktop')

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true)

    await opener.click()
    await dialog.waitFor()
    const close = dialog.getByRole('button', { name: 'Fechar' })
    const closeBox = (await close.boundingBox())!
    expect(closeBox.y - panel.y).toBeLessThan(32) // top right
    expect(panel.x + panel.width - (closeBox.x + closeBox.width)).toBeLessThan(32)
    await close.click()
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await page.close()
  })
})
