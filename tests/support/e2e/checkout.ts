import { randomInt } from 'node:crypto'
import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import { billingAddress } from '../buyer.ts'

// The checkout's address fields as a person types them, with the test buyers' address.

/**
 * Presses 'Finalizar pagamento' as a buyer at an address of their own: the payment (POST
 * /checkout/pagar) carries a CF-Connecting-IP of its own, as each visitor's does at Cloudflare. A
 * run's buyers otherwise all pay from 127.0.0.1 and, once the run got fast enough, the later ones
 * met the payments' limit per address (20 in 10 minutes), which no real buyer meets. Only that
 * request carries it: the provider's card tokenization, called by the same press, allows no such
 * header (CORS); and only while it is on its way (a routed page skips the HTTP cache).
 */
async function pressPay(page: Page) {
  const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`
  const pattern = '**/checkout/pagar'
  const fromAddress = (route: Route) =>
    route.continue({ headers: { ...route.request().headers(), 'cf-connecting-ip': address } })
  await page.route(pattern, fromAddress)
  try {
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/checkout/pagar'),
    )
    await page.getByRole('button', { name: 'Finalizar pagamento' }).click()
    await answered
  } finally {
    await page.unroute(pattern, fromAddress)
  }
}

/** Street, number, district, city and state, typed after the CEP. */
export async function typeAddressAfterCep(page: Page) {
  await page.getByLabel('Rua', { exact: true }).fill(billingAddress.street)
  await page.getByLabel('Número', { exact: true }).fill(billingAddress.number)
  await page.getByLabel('Bairro', { exact: true }).fill(billingAddress.neighborhood)
  await page.getByLabel('Cidade', { exact: true }).fill(billingAddress.city)
  await page.getByLabel('UF', { exact: true }).selectOption(billingAddress.state)
}

/** The whole address, the CEP first. */
export async function typeAddress(page: Page) {
  await page.getByLabel('CEP', { exact: true }).pressSequentially(billingAddress.zip_code.replace(/\D/g, ''))
  await typeAddressAfterCep(page)
}

/**
 * The CEP typed and the street it fills awaited (the local stand-in knows it, as ViaCEP does), then
 * the number typed: the address a registered boleto names.
 */
export async function addressByCep(page: Page) {
  await page.getByLabel('CEP', { exact: true }).pressSequentially(billingAddress.zip_code.replace(/\D/g, ''))
  await expect
    .poll(() => page.getByLabel('Rua', { exact: true }).inputValue(), { timeout: 10_000 })
    .toBe(billingAddress.street)
  await page.getByLabel('Número', { exact: true }).fill(billingAddress.number)
}

export type Card = { number: string; expiry: string; cvv: string; holder: string }

/** The card's fields, each cleared first (a second card may follow a declined one). */
export async function typeCard(page: Page, card: Card) {
  for (const [label, value] of [
    ['Número do cartão', card.number],
    ['Validade (MM/AA)', card.expiry],
    ['Código de segurança (CVV)', card.cvv],
  ] as const) {
    const field = page.getByLabel(label, { exact: true })
    await field.fill('')
    await field.pressSequentially(value)
  }
  await page.getByLabel('Nome impresso no cartão', { exact: true }).fill(card.holder)
}

/**
 * On the checkout page, as a guest: the buyer's name, e-mail, phone and CPF, `card` in one payment,
 * the address (from the CEP unless `address` types it otherwise); placed and approved. The order's id.
 */
export async function payAsGuestByCard(
  page: Page,
  buyer: { name: string; email: string; phone: string; cpf: string },
  card: Card,
  address: (page: Page) => Promise<void> = addressByCep,
): Promise<string> {
  await page.getByLabel('Nome completo', { exact: true }).fill(buyer.name)
  await page.getByLabel('E-mail', { exact: true }).fill(buyer.email)
  await page.getByLabel('Telefone', { exact: true }).pressSequentially(buyer.phone)
  await page.getByLabel('CPF', { exact: true }).pressSequentially(buyer.cpf)
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check()
  await typeCard(page, card)
  await address(page)
  await pressPay(page)
  await page.waitForURL(/\/pedido\/ped_[0-9a-f]{32}$/)
  await page.getByRole('heading', { level: 1, name: 'Pagamento aprovado' }).waitFor()
  return /\/pedido\/(ped_[0-9a-f]{32})$/.exec(page.url())![1]!
}

/** On the checkout page, as a guest: the payer's name and e-mail, the test phone and CPF, PIX; placed. */
export async function placeGuestPixOrder(page: Page, who: { name: string; email: string }) {
  await page.getByLabel('Nome completo', { exact: true }).fill(who.name)
  await page.getByLabel('E-mail', { exact: true }).fill(who.email)
  await page.getByLabel('Telefone', { exact: true }).pressSequentially('41999990102')
  await page.getByLabel('CPF', { exact: true }).pressSequentially('52998224725')
  await page.getByRole('radio', { name: 'PIX' }).check()
  await typeAddress(page)
  await pressPay(page)
  await page.waitForURL(/\/pedido\/ped_[0-9a-f]{32}$/)
}

/** Through the page's browser (its session): a new cart holding one class; its hash. */
export async function cartWithClass(page: Page, baseURL: string, classId: number): Promise<string> {
  const cart = await page.context().request.post(`${baseURL}/carrinho-de-compras/update-cart`, {
    headers: { Origin: baseURL },
    data: { data: { id: classId, type: 'turma' }, option: 'add' },
  })
  expect(cart.status(), await cart.text()).toBe(200)
  return ((await cart.json()) as { hash: string }).hash
}

/**
 * Through the page's browser: the cart `hash` paid by PIX as `payer` (the test CPF), then paid at
 * the sandbox; the order's id.
 */
export async function payCartByPix(
  page: Page,
  baseURL: string,
  hash: string,
  payer: { name: string; email: string; phone: string },
): Promise<string> {
  const request = page.context().request
  const headers = { Origin: baseURL }
  const view = (await (await request.get(`${baseURL}/checkout/get?cart=${hash}`)).json()) as {
    totals: { net_value: number }
  }
  const pay = await request.post(`${baseURL}/checkout/pagar`, {
    headers,
    data: {
      hash,
      idempotency_key: `e2e-${crypto.randomUUID()}`,
      payer: { ...payer, cpf: '529.982.247-25' },
      total: view.totals.net_value,
      payment_type: 'PIX',
    },
  })
  expect(pay.status(), await pay.text()).toBe(200)
  const { order_id: orderId } = (await pay.json()) as { order_id: string }
  const paid = await request.post(`${baseURL}/api/sandbox/pedidos/${orderId}/pagar`, { headers })
  expect(paid.status(), await paid.text()).toBe(200)
  return orderId
}
