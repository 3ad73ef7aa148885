import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileBrowser, IN_CURITIBA, screenshot } from '../support/e2e/browser.ts'
import { press, pressUntil, visibleFocus } from '../support/e2e/keyboard.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 12, item 17: a visitor buys a course from the home page with the keyboard alone (Tab,
// Shift+Tab, Enter, Space, arrow keys and typing; no click), and after every key the focus is on
// something they can see: a ring of at least 2 px, on screen, not under the sticky header.

const BUYER = {
  name: 'Teclado Souza Lima',
  email: `teclado.${Date.now()}@exemplo.com.br`,
  phone: '41999990103',
  cpf: '52998224725',
}
const CARD = { number: '4000000000000010', holder: 'TECLADO S LIMA', expiry: '1230', cvv: '123' }

const browser = fileBrowser()
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  // Motion as it is: the showcase's cards float, and stop while the focus is among them.
  context = await browser().newContext({ viewport: { width: 1366, height: 900 }, ...IN_CURITIBA })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) pageErrors.push(message.text())
  })
})
afterAll(async () => {
  await context?.close()
})

/** Tab to the field named `label`, then type into it as a person does, key by key. */
async function typeInto(label: string, text: string) {
  await pressUntil(page, 'Tab', { name: label }, 8)
  await page.keyboard.type(text)
  await visibleFocus(page, `typing in ${label}`)
}

describe('the purchase with the keyboard alone', () => {
  it("goes from the home page to 'Pagamento aprovado', the focus visible at every step", async () => {
    await page.goto(baseURL)
    await page.getByRole('heading', { level: 2, name: 'Cursos Online' }).waitFor()

    // The skip link, then the first card of 'Cursos Online': Hemodiálise para Enfermagem.
    expect((await press(page, 'Tab')).name).toBe('Pular para o conteúdo')
    expect((await press(page, 'Enter')).role).toBe('main')
    await pressUntil(page, 'Tab', { name: 'Adicionar ao carrinho' })
    const described = await page.evaluate(
      () =>
        document.getElementById(document.activeElement?.getAttribute('aria-describedby') ?? '')?.textContent,
    )
    expect(described).toBe('Hemodiálise para Enfermagem')
    await press(page, 'Space')
    await page.locator('[data-sonner-toast]', { hasText: 'Adicionado ao carrinho com sucesso!' }).waitFor()
    // The button keeps the focus while it works and after.
    expect((await visibleFocus(page, 'adding to the cart')).name).toBe('Adicionar ao carrinho')
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1')

    // Back up to the header's cart, then from its dialog to the checkout.
    await pressUntil(page, 'Shift+Tab', { name: /^Carrinho/ }, 60)
    await press(page, 'Enter')
    const dialog = page.getByRole('dialog', { name: 'Carrinho' })
    await dialog.getByText('Hemodiálise para Enfermagem — Comece agora').waitFor()
    await visibleFocus(page, 'opening the cart')
    await pressUntil(page, 'Tab', { name: 'Finalizar compra' }, 10)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/checkout\/[\w-]{32,}$/)
    await page.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
    // The checkout is a document of its own (its policy lets the browser reach the card gateway):
    // the keyboard starts at its top, as on any page load — the skip link, then the content.
    expect((await press(page, 'Tab')).name).toBe('Pular para o conteúdo')
    expect((await press(page, 'Enter')).role).toBe('main')

    await typeInto('Nome completo', BUYER.name)
    await typeInto('E-mail', BUYER.email)
    await typeInto('CPF', BUYER.cpf)
    await typeInto('Telefone', BUYER.phone)

    // The payment types are one radio group: Tab enters it, Space picks, the arrows move.
    await pressUntil(page, 'Tab', { name: 'Cartão de crédito', role: 'input:radio' }, 4)
    await press(page, 'Space')
    const card = page.getByRole('radio', { name: 'Cartão de crédito' })
    await expect.poll(() => card.isChecked()).toBe(true)
    await press(page, 'ArrowRight')
    await expect.poll(() => card.isChecked()).toBe(false)
    await press(page, 'ArrowLeft')
    await expect.poll(() => card.isChecked()).toBe(true)

    await typeInto('Número do cartão', CARD.number)
    await typeInto('Nome impresso no cartão', CARD.holder)
    await typeInto('Validade (MM/AA)', CARD.expiry)
    await typeInto('Código de segurança (CVV)', CARD.cvv)
    // Instalments: the arrows go to 2x and back to 1x.
    const instalments = page.getByLabel('Parcelas', { exact: true })
    await pressUntil(page, 'Tab', { name: 'Parcelas' }, 4)
    await press(page, 'ArrowDown')
    await expect.poll(() => instalments.inputValue()).toBe('2')
    await press(page, 'ArrowUp')
    await expect.poll(() => instalments.inputValue()).toBe('1')

    await typeInto('CEP', '80730000')
    await typeInto('Rua', 'Rua Padre Anchieta')
    await typeInto('Número', '1000')
    await typeInto('Bairro', 'Bigorrilho')
    await typeInto('Cidade', 'Curitiba')
    // A select answers typed letters: 'PR' picks Paraná.
    await typeInto('UF', 'PR')
    await expect.poll(() => page.getByLabel('UF', { exact: true }).inputValue()).toBe('PR')
    await screenshot(page, 'keyboard-checkout-filled')

    await pressUntil(page, 'Tab', { name: 'Finalizar pagamento' }, 4)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/pedido\/ped_[0-9a-f]{32}$/)
    await page.getByRole('heading', { level: 1, name: 'Pagamento aprovado' }).waitFor()
    expect(await visibleFocus(page, 'paying')).toMatchObject({ role: 'h1', name: 'Pagamento aprovado' })
    await expect(page.getByTestId('order-status').textContent()).resolves.toBe('pago')
    // And on from there: the next Tab lands inside the page, visibly.
    await press(page, 'Tab')
    await screenshot(page, 'keyboard-payment-approved')
    expect(pageErrors).toEqual([])
  }, 120_000)

  it('logs in through the modal and walks the user menu, the focus visible and handed back', async () => {
    const own = await browser().newContext({ viewport: { width: 1366, height: 900 }, locale: 'pt-BR' })
    const tab = await own.newPage()
    const errors: string[] = []
    tab.on('pageerror', (error) => errors.push(error.message))
    await tab.goto(`${baseURL}/cursos`)
    await tab.getByRole('button', { name: 'Acesse sua conta' }).waitFor()

    await pressUntil(tab, 'Tab', { name: 'Acesse sua conta' })
    await press(tab, 'Enter')
    await tab.locator('#loginModal').getByRole('heading', { name: 'Olá! Já possui uma conta?' }).waitFor()
    await visibleFocus(tab, 'opening the login modal')
    await pressUntil(tab, 'Tab', { name: 'E-mail' }, 10)
    await tab.keyboard.type('aluno@instituto.test')
    await pressUntil(tab, 'Tab', { name: 'Senha' }, 4)
    await tab.keyboard.type('Aluno@12345')
    await tab.keyboard.press('Enter')
    await tab.locator('#loginModal').waitFor({ state: 'detached' })
    // The modal hands the focus to the user menu that took the login button's place, or to the
    // page while that menu (a lazy chunk) is still on its way: visible either way.
    const landed = await visibleFocus(tab, 'logging in')
    if (!/Seja bem-vindo/.test(landed.name)) {
      expect(landed.role).toBe('main')
      await pressUntil(tab, 'Shift+Tab', { name: /Seja bem-vindo/ }, 20)
    }

    await press(tab, 'Enter')
    const menu = tab.getByRole('menu')
    // The role's items arrive with the personal menu call (pages are shared): a person waits for them.
    await menu.getByRole('menuitem', { name: 'Meus cursos' }).waitFor()
    await visibleFocus(tab, 'opening the user menu')
    // The menu may have opened before its role items arrived, its focus on 'Sair' below them:
    // Home goes to the first item, as a keyboard user would, then down the items to 'Sair'.
    const first = await press(tab, 'Home')
    expect(first.role).toBe('menuitem')
    const walk = await pressUntil(tab, 'ArrowDown', { name: 'Sair', role: 'menuitem' }, 8)
    expect([`${first.role} "${first.name}"`, ...walk.seen].join(' ')).toContain('menuitem "Meus cursos"')
    await screenshot(tab, 'keyboard-user-menu')
    await press(tab, 'Escape')
    await menu.waitFor({ state: 'detached' })
    expect((await visibleFocus(tab, 'closing the user menu')).name).toMatch(/Seja bem-vindo/)
    expect(errors).toEqual([])
    await own.close()
  }, 60_000)
})
