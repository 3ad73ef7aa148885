import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEMO_USERS } from '../../../db/seed.ts'

/** The admin's side menu to a section, whose h1 then shows. */
export async function openAdminSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
}

/** Signs the seeded admin in through the login page that leads to the admin, until its dashboard shows. */
export async function signInToAdmin(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/login?redirect=%2Fadmin`)
  const main = page.getByRole('main')
  await main.getByLabel('E-mail', { exact: true }).fill(DEMO_USERS.admin.email)
  await main.getByLabel('Senha', { exact: true }).fill(DEMO_USERS.admin.password)
  await main.getByLabel('Senha', { exact: true }).press('Enter')
  await page.waitForURL(`${baseURL}/admin`)
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
}

/** Signs the seeded admin in through the login API from the page's browser, which keeps the session. */
export async function signInAdminByApi(page: Page, baseURL: string) {
  const { email, password } = DEMO_USERS.admin
  const login = await page
    .context()
    .request.post(`${baseURL}/login`, { data: { email, password, json: true } })
  expect(login.status()).toBe(200)
}
