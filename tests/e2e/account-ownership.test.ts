import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { resetPasswordOnPage } from '../support/e2e/accounts.ts'
import { fileBrowser, httpAnswers, screenshot, watchErrors } from '../support/e2e/browser.ts'
import { placeGuestPixOrder } from '../support/e2e/checkout.ts'
import { pageOverflow } from '../support/e2e/phone.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 28, who owns an account, in real Chromium: an e-mail changes only through the link sent
// to the new address (the old one gets a 'não fui eu' link); provider links are listed and undone
// in Meu perfil on a phone and a desktop, and from the reset page; an account a guest checkout
// created sets its first password with a code e-mailed to it; axe finds nothing on the new screens.

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1366, height: 900 }
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const PASSWORD = 'Conta@12345'
/** Writes from the test itself carry the site's origin, as the browser's own would. */
const SAME_ORIGIN = { Origin: baseURL }

// Answers the journeys provoke on purpose, which Chromium logs as console errors.
const EXPECTED_HTTP_ERRORS: [status: number, path: string][] = [
  [401, '/admin/user/get'],
  // A stranger's browser signed out by the owner's proof.
  [401, '/api/usuario/compras'],
  [401, '/api/usuario/conta'],
  [422, '/usuario/perfil/updatePassword/'],
]

const browser = fileBrowser()
const contexts: BrowserContext[] = []
let errors: string[] = []

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {})
  expect(errors).toEqual([])
  errors = []
})

const clientAddress = () => `10.28.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser().newContext({
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
    ...(viewport.width < 990 ? { isMobile: true, hasTouch: true } : {}),
    // Each browser a client of its own (wrangler dev keeps the CF-Connecting-IP it is given): this
    // file's sign-ups and purchases do not spend the limits of 127.0.0.1, which other files share.
    extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
  })
  contexts.push(context)
  return watchErrors(
    await context.newPage(),
    (error) => errors.push(error),
    httpAnswers(EXPECTED_HTTP_ERRORS, baseURL),
  )
}

type Person = { name: string; email: string }
const person = (first: string): Person => ({
  name: `${first} Moreira Dias`,
  email: `${first.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e4)}@exemplo.com.br`,
})

/** A new account with a password, signed in in the page's context. */
async function signUp(page: Page, who: Person) {
  const response = await page.context().request.post(`${baseURL}/user/create_user`, {
    headers: SAME_ORIGIN,
    data: { name: who.name, email: who.email, password: PASSWORD, phone: '(41) 99999-0101' },
  })
  expect(response.status(), await response.text()).toBe(200)
}

type Mail = { to: string; subject: string; text: string; html: string }

/** The messages the dev mailbox holds for an address, newest first. */
async function mailsTo(page: Page, to: string): Promise<Mail[]> {
  const response = await page.context().request.get(`${baseURL}/api/dev/mailbox`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as Mail[]).filter((mail) => mail.to === to)
}

/** The newest link of this kind e-mailed to an address (waits for the outbox to have it). */
async function mailedLink(page: Page, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`${path.replace(/[/-]/g, '\\$&')}#token=[A-Za-z0-9_.~-]+`)
  let link: string | undefined
  await expect
    .poll(async () => {
      for (const mail of await mailsTo(page, to)) {
        link = pattern.exec(mail.text)?.[0] ?? pattern.exec(mail.html)?.[0]
        if (link) return true
      }
      return false
    })
    .toBe(true)
  return link!
}

/** The newest 6-digit code e-mailed to an address. */
async function mailedCode(page: Page, to: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const mail = (await mailsTo(page, to)).find((item) => /c[óo]digo/i.test(item.subject))
      code = mail ? /\b\d{3}\s?\d{3}\b/.exec(mail.text)?.[0]?.replace(/\s/g, '') : undefined
      return Boolean(code)
    })
    .toBe(true)
  return code!
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first()

const security = (page: Page) => page.getByRole('region', { name: 'Segurança da conta' })

async function openProfile(page: Page) {
  await page.goto(`${baseURL}/usuario/perfil`)
  await page.getByRole('heading', { level: 1, name: 'Meu perfil' }).waitFor()
  await security(page).getByRole('button', { name: 'Sair de todos os dispositivos' }).waitFor()
}

async function expectNoAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze()
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${what}: ${violation.id} ${node.target.join(' ')}`),
  )
  expect(found).toEqual([])
}

/** The page never scrolls sideways: nothing wider than the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await pageOverflow(page)
  expect(overflow).toBeLessThanOrEqual(0)
}

/** Links a provider from Meu perfil through the sandbox provider's popup. */
async function linkProvider(page: Page, label: 'Google' | 'Facebook', providerEmail: string) {
  const popupEvent = page.waitForEvent('popup')
  await security(page)
    .getByRole('button', { name: `Vincular ${label}` })
    .click()
  const popup = await popupEvent
  await popup.getByLabel('E-mail').waitFor()
  await popup.getByLabel('E-mail').fill(providerEmail)
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Entrar' }).click()
  await closed
  await toast(page, 'Rede social vinculada ao seu perfil!').waitFor()
  await security(page)
    .getByRole('button', { name: `Desvincular ${label}` })
    .waitFor()
}

describe('who owns an account, in Chromium', () => {
  it('proves the e-mail, then changes it only through the link sent to the new address', async () => {
    const page = await newPage()
    const who = person('Helena')
    await signUp(page, who)

    // The student area recalls an unproved e-mail; the link can be sent again from there.
    await page.goto(`${baseURL}/usuario/cursos`)
    await page.getByRole('heading', { level: 1, name: 'Meus cursos' }).waitFor()
    await page
      .getByText('Confirme seu e-mail para ver na sua conta as compras feitas com ele em outros navegadores.')
      .waitFor()
    await expectNoAxeViolations(page, 'banner')
    await page.getByRole('button', { name: 'Reenviar link', exact: true }).click()
    await page
      .getByRole('status')
      .getByText(`Enviamos um link de confirmação para ${who.email}`, { exact: false })
      .waitFor()

    // Opened signed out (another browser), the link asks for the login first, then confirms.
    const link = await mailedLink(page, who.email, '/conta/confirmar-email')
    const elsewhere = await newPage(PHONE)
    await elsewhere.goto(`${baseURL}${link}`)
    await elsewhere.getByText('Entre na sua conta para confirmar o e-mail.').waitFor()
    // The token leaves the address bar.
    await expect.poll(() => new URL(elsewhere.url()).hash).toBe('')
    await expectNoAxeViolations(elsewhere, 'confirmar-email, signed out')
    await screenshot(elsewhere, 'account-confirm-email-signed-out')
    await elsewhere.getByRole('button', { name: 'Entrar', exact: true }).click()
    const modal = elsewhere.locator('#loginModal')
    await modal.getByLabel('E-mail', { exact: true }).fill(who.email)
    await modal.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await modal.getByLabel('Senha', { exact: true }).press('Enter')
    await elsewhere
      .getByText('E-mail confirmado! Todas as suas compras com este e-mail já aparecem na sua conta.')
      .waitFor()
    await elsewhere.getByRole('link', { name: 'Meus cursos' }).waitFor()
    await expectNoSidewaysScroll(elsewhere)

    // Meu perfil: the e-mail is confirmed; a new one waits for its link.
    await openProfile(page)
    await security(page).getByText('Confirmado', { exact: true }).waitFor()
    const newEmail = person('Helena.nova').email
    await page.getByRole('button', { name: 'Editar dados' }).click()
    const dataModal = page.getByRole('dialog', { name: 'Meus dados' })
    await dataModal.getByLabel('E-mail', { exact: true }).fill(newEmail)
    await dataModal.getByRole('button', { name: 'Atualizar' }).click()
    const pendingText = `Enviamos um link de confirmação para ${newEmail}. O e-mail da conta só muda quando você abrir esse link.`
    await toast(page, pendingText).waitFor()
    await security(page).getByText(newEmail, { exact: true }).waitFor()
    await security(page).getByRole('button', { name: 'Cancelar troca' }).waitFor()
    // Until then the account keeps its e-mail.
    await page.getByRole('region', { name: 'Meus dados' }).getByText(who.email, { exact: true }).waitFor()
    await expectNoAxeViolations(page, 'perfil, e-mail change pending')
    await screenshot(page, 'account-email-change-pending')

    // The old address is told, with a 'não fui eu' link; the new one gets the confirmation link.
    await mailedLink(page, who.email, '/conta/nao-fui-eu')
    const confirmation = await mailedLink(page, newEmail, '/conta/confirmar-email')

    // Followed signed in, the link changes the e-mail.
    await page.goto(`${baseURL}${confirmation}`)
    await page.getByText(`E-mail alterado para ${newEmail}.`, { exact: false }).waitFor()
    await openProfile(page)
    await page.getByRole('region', { name: 'Meus dados' }).getByText(newEmail, { exact: true }).waitFor()
    expect(await security(page).getByRole('button', { name: 'Cancelar troca' }).count()).toBe(0)
  }, 60_000)

  it("'não fui eu': the old address's link ends every session and cancels the change", async () => {
    const page = await newPage()
    const who = person('Irene')
    await signUp(page, who)
    // The e-mail is proved first (a change needs it), through its link.
    await page.goto(`${baseURL}${await mailedLink(page, who.email, '/conta/confirmar-email')}`)
    await page.getByText('E-mail confirmado!', { exact: false }).waitFor()
    await openProfile(page)
    await page.getByRole('button', { name: 'Editar dados' }).click()
    const dataModal = page.getByRole('dialog', { name: 'Meus dados' })
    await dataModal.getByLabel('E-mail', { exact: true }).fill(person('Engano').email)
    await dataModal.getByRole('button', { name: 'Atualizar' }).click()
    // A change given up before its link is opened.
    await security(page).getByRole('button', { name: 'Cancelar troca' }).click()
    await toast(page, 'Troca de e-mail cancelada.').waitFor()
    await security(page).getByText('Troca de e-mail aguardando confirmação', { exact: false }).waitFor({
      state: 'detached',
    })

    // Someone else asks for a change: the owner, at the old address, says it was not them.
    await page.getByRole('button', { name: 'Editar dados' }).click()
    await dataModal.getByLabel('E-mail', { exact: true }).fill(person('Invasor').email)
    await dataModal.getByRole('button', { name: 'Atualizar' }).click()
    await security(page).getByRole('button', { name: 'Cancelar troca' }).waitFor()

    const notMe = await mailedLink(page, who.email, '/conta/nao-fui-eu')
    const owner = await newPage(PHONE)
    await owner.goto(`${baseURL}${notMe}`)
    await owner.getByRole('heading', { level: 1, name: 'Não reconhece a troca de e-mail?' }).waitFor()
    await expect.poll(() => new URL(owner.url()).hash).toBe('')
    await expectNoAxeViolations(owner, 'nao-fui-eu')
    await expectNoSidewaysScroll(owner)
    await owner.getByRole('button', { name: 'Encerrar todas as sessões' }).click()
    await owner.getByText('Pronto: encerramos todas as sessões da conta', { exact: false }).waitFor()
    await screenshot(owner, 'account-not-me-done')

    // The session that asked for the change is gone.
    await page.reload()
    await page.getByText('Entre na sua conta para acessar esta página.').waitFor()
  }, 60_000)

  for (const [viewport, size, label] of [
    ['a 375 px phone', PHONE, 'Google'],
    ['a desktop', DESKTOP, 'Facebook'],
  ] as const) {
    it(`lists a linked provider and unlinks it in Meu perfil on ${viewport}`, async () => {
      const page = await newPage(size)
      const who = person(label === 'Google' ? 'Jussara' : 'Karina')
      await signUp(page, who)
      await openProfile(page)
      await security(page).getByText('Nenhuma rede social vinculada.').waitFor()
      await linkProvider(page, label, who.email)
      const row = security(page).getByRole('listitem').filter({ hasText: label })
      await row.getByText(who.email, { exact: true }).waitFor()
      await row.getByText(/^Vinculado em \d{1,2} de \w+ de \d{4}$/).waitFor()
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page, `perfil with ${label} linked`)
      await screenshot(page, `account-providers-${size.width}`)

      await row.getByRole('button', { name: `Desvincular ${label}` }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByRole('button', { name: 'Desvincular' }).click()
      await toast(page, 'Rede social desvinculada.').waitFor()
      await security(page).getByText('Nenhuma rede social vinculada.').waitFor()
      await security(page)
        .getByRole('button', { name: `Vincular ${label}` })
        .waitFor()
      await expectNoSidewaysScroll(page)
    }, 60_000)
  }

  it('the reset page lists the linked providers and unlinks those ticked', async () => {
    const page = await newPage()
    const who = person('Lara')
    await signUp(page, who)
    await openProfile(page)
    await linkProvider(page, 'Google', who.email)

    const asked = await page.context().request.post(`${baseURL}/password/email`, {
      headers: SAME_ORIGIN,
      data: { email: who.email },
    })
    expect(asked.status()).toBe(200)
    await page.goto(`${baseURL}${await mailedLink(page, who.email, '/senha/redefinir')}`)
    const unlink = page.getByRole('checkbox', { name: 'Desvincular Google' })
    await unlink.waitFor()
    await expectNoAxeViolations(page, 'reset page with a linked provider')
    await screenshot(page, 'account-reset-providers')
    await unlink.check()
    await resetPasswordOnPage(page, 'Redefinida@123')

    const login = await page.context().request.post(`${baseURL}/login`, {
      headers: SAME_ORIGIN,
      data: { email: who.email, password: 'Redefinida@123', json: true },
    })
    expect(login.status()).toBe(200)
    await openProfile(page)
    await security(page).getByText('Nenhuma rede social vinculada.').waitFor()

    // 'Sair de todos os dispositivos' ends this session too: the page goes on as a visitor's.
    await security(page).getByRole('button', { name: 'Sair de todos os dispositivos' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sair de todos os dispositivos' }).click()
    await toast(page, 'Você saiu de todos os dispositivos.').waitFor()
    await page.getByText('Entre na sua conta para acessar esta página.').waitFor()
    const after = await page.context().request.get(`${baseURL}/api/usuario/conta`)
    expect(after.status()).toBe(401)
  }, 60_000)

  it("a guest checkout's account sets its first password with the code e-mailed to it", async () => {
    const page = await newPage(PHONE)
    const who = person('Marta')
    // One class in the cart, then a PIX purchase as a visitor: the account is created and signed in.
    const cart = await page.context().request.post(`${baseURL}/carrinho-de-compras/update-cart`, {
      headers: SAME_ORIGIN,
      data: { data: { id: 1, type: 'turma' }, option: 'add' },
    })
    expect(cart.status()).toBe(200)
    const { hash } = (await cart.json()) as { hash: string }
    await page.addInitScript((value) => window.localStorage.setItem('cart-hash', value), hash)
    await page.goto(`${baseURL}/checkout/${hash}`)
    await placeGuestPixOrder(page, who)

    // 'Adicionar nova senha' from the user menu asks for the code sent to the e-mail.
    await page.getByRole('button', { name: /Seja bem-vindo/ }).click()
    await page.getByRole('menuitem', { name: 'Adicionar nova senha' }).click()
    const modal = page.getByRole('dialog', { name: 'Adicionar nova senha' })
    const code = modal.getByLabel('Código', { exact: true })
    await code.waitFor()
    expect(await code.getAttribute('inputmode')).toBe('numeric')
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code')
    await modal.getByLabel('Nova senha', { exact: true }).fill('Primeira@123')
    await modal.getByLabel('Repetir a nova senha', { exact: true }).fill('Primeira@123')
    const submit = modal.getByRole('button', { name: 'Alterar senha' })
    await submit.click()
    await modal.getByRole('alert').getByText('Informe o código que enviamos para o seu e-mail.').waitFor()

    await modal.getByRole('button', { name: 'Enviar código' }).click()
    await modal
      .getByText(`Enviamos um código de 6 dígitos para ${who.email}. Ele vale por 15 minutos.`)
      .waitFor()
    await expectNoAxeViolations(page, 'new password modal with the code')
    // Nothing in the modal is wider than it, long e-mail included.
    const form = modal.locator('form')
    expect(await form.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
    await screenshot(page, 'account-new-password-code')
    await code.fill('000000')
    await submit.click()
    await modal.getByRole('alert').getByText('Código inválido ou expirado. Peça um novo código.').waitFor()
    await code.fill(await mailedCode(page, who.email))
    await submit.click()
    await toast(page, 'Senha atualizada com sucesso!').waitFor()
    await modal.waitFor({ state: 'detached' })

    // Still signed in (the answer set a new session), and the password works.
    await page.reload()
    await page.getByRole('button', { name: /Seja bem-vindo\s*Marta/ }).waitFor()
    const login = await page.context().request.post(`${baseURL}/login`, {
      headers: SAME_ORIGIN,
      data: { email: who.email, password: 'Primeira@123', json: true },
    })
    expect(login.status()).toBe(200)
  }, 60_000)
})

/** A guest buys class 1 by PIX with this payer in the page's browser; the simulator then pays it. */
async function guestPixPurchase(page: Page, payer: Person, paid: boolean): Promise<string> {
  const request = page.context().request
  // A client address of its own for the purchase, as for the browsers (see newPage).
  const client = {
    ...SAME_ORIGIN,
    'CF-Connecting-IP': `10.28.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  }
  const cart = await request.post(`${baseURL}/carrinho-de-compras/update-cart`, {
    headers: client,
    data: { data: { id: 1, type: 'turma' }, option: 'add' },
  })
  const { hash } = (await cart.json()) as { hash: string }
  const view = (await (
    await request.get(`${baseURL}/checkout/get?cart=${hash}`, { headers: client })
  ).json()) as {
    totals: { net_value: number }
  }
  const pay = await request.post(`${baseURL}/checkout/pagar`, {
    headers: client,
    data: {
      hash,
      idempotency_key: `e2e-${crypto.randomUUID()}`,
      payer: { name: payer.name, email: payer.email, cpf: '529.982.247-25', phone: '(41) 99999-0103' },
      total: view.totals.net_value,
      payment_type: 'PIX',
    },
  })
  expect(pay.status(), await pay.text()).toBe(200)
  const { order_id: orderId } = (await pay.json()) as { order_id: string }
  if (paid) {
    const simulated = await request.post(`${baseURL}/api/sandbox/pedidos/${orderId}/pagar`, {
      headers: client,
    })
    expect(simulated.status(), await simulated.text()).toBe(200)
  }
  return orderId
}

/** The orders Minhas compras shows this browser (its links to each order), or null when signed out. */
async function purchasesOnPage(page: Page): Promise<string[] | null> {
  const session = await page.context().request.get(`${baseURL}/api/usuario/compras`)
  if (session.status() === 401) return null
  await page.goto(`${baseURL}/usuario/compras`)
  await page.getByRole('heading', { level: 1, name: 'Minhas compras' }).waitFor()
  const links = page.locator('main a[href^="/usuario/compras/ped_"]')
  await Promise.race([
    links.first().waitFor(),
    page.getByText('Você ainda não fez compras.', { exact: false }).waitFor(),
  ])
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))
  return [...new Set(hrefs.map((href) => href.split('/').at(-1)!))]
}

/** The owner follows the purchase confirmation's link (the proof) and sets a password. */
async function ownerProves(page: Page, email: string, password: string) {
  await page.goto(`${baseURL}${await mailedLink(page, email, '/senha/redefinir')}`)
  await resetPasswordOnPage(page, password)
}

const passwordLogin = (page: Page, email: string, password: string) =>
  page
    .context()
    .request.post(`${baseURL}/login`, { headers: SAME_ORIGIN, data: { email, password, json: true } })

/** A stranger signs up with the owner's e-mail (never confirmed); the owner then buys as a guest by PIX. */
async function strangerSignsUpThenOwnerBuys(name: string) {
  const stranger = await newPage()
  const owner = await newPage()
  const victim = person(name)
  await signUp(stranger, victim)
  const ownersOrder = await guestPixPurchase(owner, victim, true)
  return { stranger, owner, victim, ownersOrder }
}

describe("the issue's sequences: a stranger's browser and password reach nothing of the owner's", () => {
  it('a guest checkout with the owner e-mail, then the owner buying as a guest', async () => {
    const stranger = await newPage()
    const owner = await newPage(PHONE)
    const victim = person('Vitoria')
    const strangersOrder = await guestPixPurchase(stranger, victim, false)
    const ownersOrder = await guestPixPurchase(owner, victim, true)
    // The stranger's browser lists its own order only, whatever it reloads.
    expect(await purchasesOnPage(stranger)).toEqual([strangersOrder])
    // Its first password needs the code only the owner's mailbox gets.
    const setPassword = await stranger.context().request.post(`${baseURL}/usuario/perfil/updatePassword/`, {
      headers: SAME_ORIGIN,
      data: { senha_nova: 'Estranho@1', senha_repete: 'Estranho@1' },
    })
    expect(setPassword.status()).toBe(422)

    await ownerProves(owner, victim.email, 'Dona@12345')
    expect(await purchasesOnPage(stranger)).toBeNull()
    expect((await passwordLogin(owner, victim.email, 'Dona@12345')).status()).toBe(200)
    expect((await purchasesOnPage(owner))?.sort()).toEqual([strangersOrder, ownersOrder].sort())
    await expectNoSidewaysScroll(owner)
  }, 90_000)

  it('a sign-up with the owner e-mail, then the owner buying as a guest', async () => {
    const { stranger, owner, victim, ownersOrder } = await strangerSignsUpThenOwnerBuys('Valeria')
    expect(await purchasesOnPage(stranger)).toEqual([])
    await stranger.getByText('Confirme seu e-mail para ver na sua conta', { exact: false }).waitFor()

    await ownerProves(owner, victim.email, 'Dona@12345')
    expect(await purchasesOnPage(stranger)).toBeNull()
    // The password the stranger chose at sign-up died with the proof.
    expect((await passwordLogin(stranger, victim.email, PASSWORD)).status()).toBe(422)
    expect((await passwordLogin(owner, victim.email, 'Dona@12345')).status()).toBe(200)
    expect(await purchasesOnPage(owner)).toEqual([ownersOrder])
  }, 90_000)

  it('a sign-up with the owner e-mail, then the owner signing in with Google', async () => {
    const { stranger, owner, victim, ownersOrder } = await strangerSignsUpThenOwnerBuys('Vanessa')

    await owner.goto(baseURL)
    await owner.getByRole('button', { name: 'Acesse sua conta' }).click()
    const popupEvent = owner.waitForEvent('popup')
    await owner.locator('#loginModal').getByRole('button', { name: 'Entrar com Google' }).click()
    const popup = await popupEvent
    await popup.getByLabel('Nome').fill(victim.name)
    await popup.getByLabel('E-mail').fill(victim.email)
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Entrar' }).click()
    await closed
    await toast(owner, 'Logado com sucesso!').waitFor()
    // The Google login proved the address: a new password needs no code.
    const passwordModal = owner.getByRole('dialog', { name: 'Adicionar nova senha' })
    await passwordModal.waitFor()
    expect(await passwordModal.getByLabel('Código', { exact: true }).count()).toBe(0)
    await passwordModal.getByRole('button', { name: 'Fechar' }).first().click()

    expect(await purchasesOnPage(stranger)).toBeNull()
    expect((await passwordLogin(stranger, victim.email, PASSWORD)).status()).toBe(422)
    expect(await purchasesOnPage(owner)).toEqual([ownersOrder])
  }, 90_000)
})
