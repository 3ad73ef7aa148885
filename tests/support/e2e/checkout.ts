import type { Page } from 'playwright-core'
import { billingAddress } from '../buyer.ts'

// The checkout's address fields as a person types them, with the test buyers' address.

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
