import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import { DEMO_USERS } from '../../db/seed.ts'
import { resetPasswordOnPage } from '../support/e2e/accounts.ts'
import { fileBrowser, httpAnswers, screenshot, watchErrors } from '../support/e2e/browser.ts'
import { baseURL } from '../support/e2e/stack.ts'

const browser = fileBrowser()

// Answers the journeys provoke on purpose, which Chromium logs as console errors: the 401 of
// GET /admin/user/get for every visitor, and the 422s of a wrong password or a used link.
const EXPECTED_HTTP_ERRORS: [status: number, path: string][] = [
  [401, '/admin/user/get'],
  [422, '/login'],
  [422, '/usuario/perfil/updatePassword/'],
  [422, '/api/auth/reset-password'],
  [422, '/api/auth/reset-password/conta'],
]

async function newPage(viewport = { width: 1280, height: 900 }): Promise<{
  context: BrowserContext
  page: Page
  errors: string[]
}> {
  const context = await browser().newContext({ viewport, locale: 'pt-BR' })
  const page = await context.newPage()
  const errors: string[] = []
  watchErrors(page, (error) => errors.push(error), httpAnswers(EXPECTED_HTTP_ERRORS, baseURL))
  return { context, page, errors }
}

/** A new page on the home page, the login modal opened from 'Acesse sua conta'. */
async function homeWithLoginModal() {
  const opened = await newPage()
  await opened.page.goto(baseURL)
  await opened.page.getByRole('button', { name: 'Acesse sua conta' }).click()
  return { ...opened, modal: opened.page.locator('#loginModal') }
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').getByText(text, { exact: true })

async function openUserMenu(page: Page) {
  const menu = page.getByRole('menu')
  // Right after a login the header may render again and close a menu opened a moment too early:
  // open it until it stays open with its items.
  await vi.waitFor(
    async () => {
      if (!(await menu.isVisible())) await page.getByRole('button', { name: /Seja bem-vindo/ }).click()
      await menu.getByRole('menuitem', { name: 'Sair' }).waitFor({ timeout: 2_000 })
    },
    { timeout: 15_000, interval: 250 },
  )
  // The role items come from the visitor's own call, which may still be on its way.
  await menu.getByText('Carregando menu...').waitFor({ state: 'detached' })
  return menu
}

/**
 * The user menu's items, read while it stays open: a header rendered again after the login may
 * close it between opening and reading (a clean-clone run read an empty menu so), so it is opened
 * and read again until the reading holds its 'Sair'.
 */
async function userMenuItems(page: Page): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const items = await (await openUserMenu(page)).getByRole('menuitem').allTextContents()
      if (!items.includes('Sair')) throw new Error(`the menu closed while read: ${JSON.stringify(items)}`)
      return items
    },
    { timeout: 30_000, interval: 250 },
  )
}

async function logOut(page: Page) {
  const menu = await openUserMenu(page)
  await menu.getByRole('menuitem', { name: 'Sair' }).click()
  await page.waitForURL(`${baseURL}/login`)
  await page.getByRole('button', { name: 'Acesse sua conta' }).waitFor()
}

/** Logs in on the /login page (the modal's form as a page). */
async function logInOnPage(page: Page, email: string, password: string) {
  const main = page.getByRole('main')
  await main.getByLabel('E-mail', { exact: true }).fill(email)
  await main.getByLabel('Senha', { exact: true }).fill(password)
  await main.getByLabel('Senha', { exact: true }).press('Enter')
}

async function latestMail(page: Page, to: string) {
  const response = await page.request.get(`${baseURL}/api/dev/mailbox`)
  expect(response.status()).toBe(200)
  const mails = (await response.json()) as { to: string; subject: string; text: string; html: string }[]
  const mail = mails.find((item) => item.to === to)
  expect(mail, `no e-mail to ${to}`).toBeTruthy()
  return mail!
}

describe('accounts in Chromium', () => {
  it('signs up, logs out, fails and passes a login, changes the password, resets it by e-mail', async () => {
    // Sign up in the modal; the account is logged in at once.
    const { context, page, errors, modal } = await homeWithLoginModal()
    const email = `paula.${Date.now()}@exemplo.com.br`
    await modal.getByRole('heading', { name: 'Olá! Já possui uma conta?' }).waitFor()
    await modal.getByRole('button', { name: 'Crie sua conta' }).click()
    await modal.getByRole('heading', { name: 'Crie sua conta' }).waitFor()
    await modal.getByLabel('Nome completo').fill('  Paula Ferreira  ')
    await modal.getByLabel('E-mail', { exact: true }).fill(email)
    const phone = modal.getByLabel('Telefone')
    await phone.pressSequentially('4133330101')
    expect(await phone.inputValue()).toBe('(41) 3333-0101')
    await phone.pressSequentially('9')
    expect(await phone.inputValue()).toBe('(41) 33330-1019')
    await phone.fill('')
    await phone.pressSequentially('41999990101')
    expect(await phone.inputValue()).toBe('(41) 99999-0101')
    await modal.getByLabel('Senha', { exact: true }).fill('Senha@123')
    await screenshot(page, 'accounts-sign-up-modal')
    await modal.getByRole('button', { name: 'Cadastrar' }).click()
    await page.getByRole('button', { name: /Seja bem-vindo\s*Paula/ }).waitFor()
    await expect(modal.count()).resolves.toBe(0)

    // Log out: SPEC section 4 sends the visitor to /login.
    await logOut(page)

    // A wrong password shows the SPEC's message; the right one logs in and goes home.
    await logInOnPage(page, email, 'errada123')
    await toast(page, 'Usuário ou senha incorreta').waitFor()
    await screenshot(page, 'accounts-login-failed')
    await logInOnPage(page, email, 'Senha@123')
    await page.waitForURL(`${baseURL}/`)
    await page.getByRole('button', { name: /Seja bem-vindo\s*Paula/ }).waitFor()

    // The profile from the user menu; the password form's messages accumulate.
    const menu = await openUserMenu(page)
    await screenshot(page, 'accounts-user-menu-student')
    await menu.getByRole('menuitem', { name: 'Meu perfil' }).click()
    await page.waitForURL(`${baseURL}/usuario/perfil`)
    const passwordForm = page.getByRole('form', { name: 'Atualizar senha' })
    const alert = passwordForm.getByRole('alert')
    const submit = passwordForm.getByRole('button', { name: 'Atualizar senha' })
    /** Submits, then the alert lists exactly these messages (its last one new to it). */
    const submitShows = async (messages: string[]) => {
      await submit.click()
      await alert.getByText(messages.at(-1)!).waitFor()
      expect(await alert.getByRole('listitem').allTextContents()).toEqual(messages)
    }
    await submitShows([
      'Favor inseirir a senha atual!',
      'Favor inseirir a nova senha!',
      'Favor inseirir a repetir a nova senha!',
    ])
    await passwordForm.getByLabel('Nova senha', { exact: true }).fill('123')
    await passwordForm.getByLabel('Repetir a nova senha', { exact: true }).fill('1234')
    await submitShows([
      'Favor inseirir a senha atual!',
      'A Nova senha deve possuir mais de 6 caracteres!',
      'Favor repetir a nova senha!',
    ])
    await passwordForm.getByLabel('Senha atual', { exact: true }).fill('NaoEssa@1')
    await passwordForm.getByLabel('Nova senha', { exact: true }).fill('Trocada@123')
    await passwordForm.getByLabel('Repetir a nova senha', { exact: true }).fill('Trocada@123')
    await submit.click()
    await alert.getByText('A senha atual está incorreta!').waitFor()
    await screenshot(page, 'accounts-password-messages')
    await passwordForm.getByLabel('Senha atual', { exact: true }).fill('Senha@123')
    await submit.click()
    await toast(page, 'Senha atualizada com sucesso!').waitFor()

    // Forgot the new one: ask for the link, which returns the form to sign-in mode.
    await logOut(page)
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Esqueceu sua senha?' }).click()
    await main.getByRole('heading', { name: 'Recuperar senha' }).waitFor()
    await main.getByLabel('E-mail', { exact: true }).fill(email)
    await main.getByRole('button', { name: 'Enviar link' }).click()
    await toast(page, 'Enviamos seu link de redefinição de senha por e-mail!').waitFor()
    await main.getByRole('heading', { name: 'Olá! Já possui uma conta?' }).waitFor()

    // The link from the dev mailbox leads to /senha/redefinir, its token in the fragment.
    const mail = await latestMail(page, email)
    const link = /\/senha\/redefinir#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
    expect(link, mail.text).toBeTruthy()
    await page.goto(`${baseURL}${link}`)
    await resetPasswordOnPage(page, 'Redefinida@123')
    await screenshot(page, 'accounts-password-reset')
    await page.getByRole('link', { name: 'Entrar', exact: true }).click()
    await page.waitForURL(`${baseURL}/login`)

    // The old password no longer works; the new one does.
    await logInOnPage(page, email, 'Trocada@123')
    await toast(page, 'Usuário ou senha incorreta').waitFor()
    await logInOnPage(page, email, 'Redefinida@123')
    await page.waitForURL(`${baseURL}/`)
    await page.getByRole('button', { name: /Seja bem-vindo\s*Paula/ }).waitFor()

    // The link is used once: opened again, the page says so at once (its account look-up is refused).
    await page.goto(`${baseURL}${link}`)
    await page.getByText('Este link de redefinição é inválido ou expirou. Peça um novo.').waitFor()
    expect(await page.getByLabel('Nova senha', { exact: true }).count()).toBe(0)

    expect(errors).toEqual([])
    await context.close()
  })

  it('logs a new user in through the sandbox social provider popup, then lets them add a password', async () => {
    const { context, page, errors, modal } = await homeWithLoginModal()
    const email = `carlos.${Date.now()}@exemplo.com.br`
    const popupEvent = page.waitForEvent('popup')
    await modal.getByRole('button', { name: 'Entrar com Google' }).click()
    const popup = await popupEvent
    await popup.waitForLoadState()
    expect(popup.viewportSize()).toEqual({ width: 780, height: 410 })
    // The page carries COOP same-origin-allow-popups, the popup's pages none: the popup stays ours.
    expect(await popup.evaluate(() => window.opener !== null)).toBe(true)
    await popup.getByLabel('Nome').fill('Carlos Social')
    await popup.getByLabel('E-mail').fill(email)
    await screenshot(popup, 'accounts-social-provider')
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Entrar' }).click()
    const outcome = await Promise.race([
      closed.then(() => 'closed'),
      popup
        .getByText('Sua sessão expirou')
        .waitFor()
        .then(() => 'refused'),
    ])
    // Chromium posts the provider's form with `Origin: null` under Referrer-Policy: no-referrer.
    expect(outcome, 'the sandbox provider form POST was refused (419) by sameOriginWrites').toBe('closed')
    await toast(page, 'Logado com sucesso!').waitFor()
    // A new (social) user is offered a password, without a current-password field.
    const passwordModal = page.getByRole('dialog', { name: 'Adicionar nova senha' })
    await passwordModal.waitFor()
    expect(await passwordModal.getByLabel('Senha atual').count()).toBe(0)
    await screenshot(page, 'accounts-social-new-password')
    await passwordModal.getByLabel('Nova senha', { exact: true }).fill('Social@123')
    await passwordModal.getByLabel('Repetir a nova senha', { exact: true }).fill('Social@123')
    await passwordModal.getByRole('button', { name: 'Alterar senha' }).click()
    await toast(page, 'Senha atualizada com sucesso!').waitFor()
    await passwordModal.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: /Seja bem-vindo\s*Carlos/ }).waitFor()

    // The password now works too.
    await logOut(page)
    await logInOnPage(page, email, 'Social@123')
    await page.waitForURL(`${baseURL}/`)
    await page.getByRole('button', { name: /Seja bem-vindo\s*Carlos/ }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the admin items to the administrator only; a student is refused /admin', async () => {
    const admin = await newPage()
    await admin.page.goto(`${baseURL}/login?redirect=%2Fadmin`)
    await logInOnPage(admin.page, DEMO_USERS.admin.email, DEMO_USERS.admin.password)
    await admin.page.waitForURL(`${baseURL}/admin`)
    await admin.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    const adminItems = await userMenuItems(admin.page)
    for (const item of [
      'Dashboard',
      'Cursos',
      'Turmas',
      'Matrículas',
      'Leads',
      'Qrcode/Link',
      'Home',
      'Meu perfil',
      'Sair',
    ]) {
      expect(adminItems).toContain(item)
    }
    await screenshot(admin.page, 'accounts-user-menu-admin')
    expect(admin.errors).toEqual([])
    await admin.context.close()

    const student = await newPage({ width: 375, height: 740 })
    await student.page.goto(`${baseURL}/login`)
    await logInOnPage(student.page, DEMO_USERS.student.email, DEMO_USERS.student.password)
    await student.page.waitForURL(`${baseURL}/`)
    expect(await userMenuItems(student.page)).toEqual([
      'Meu perfil',
      'Minhas compras',
      'Meus cursos',
      'Meus editais',
      'Meus e-books',
      'Sair',
    ])
    // SPEC section 9: at most 500 px tall below 990 px.
    const studentMenu = await openUserMenu(student.page)
    const box = await studentMenu.boundingBox()
    expect(box!.height).toBeLessThanOrEqual(500)
    expect(box!.width).toBeLessThanOrEqual(375)
    await screenshot(student.page, 'accounts-user-menu-mobile')
    await student.page.keyboard.press('Escape')

    await student.page.goto(`${baseURL}/admin/turmas`)
    await student.page.getByText('Você não tem permissão para acessar esta área.').waitFor()
    expect(student.errors).toEqual([])
    await student.context.close()
  })

  it('asks an anonymous visitor of /usuario to log in, without reloading, and shows the page after', async () => {
    const { context, page, errors } = await newPage()
    await page.goto(`${baseURL}/usuario/perfil`)
    await page.getByText('Entre na sua conta para acessar esta página.').waitFor()
    // A reload (the global 401 handler) would wipe this marker.
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    // Once every call of the page has answered (a 401 among them would reload it).
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
    await logInOnPage(page, DEMO_USERS.student.email, DEMO_USERS.student.password)
    await page.getByRole('form', { name: 'Atualizar senha' }).waitFor()
    expect(page.url()).toBe(`${baseURL}/usuario/perfil`)
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})
