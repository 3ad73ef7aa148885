import type { Page } from 'playwright-core'

/** The admin's side menu to a section, whose h1 then shows. */
export async function openAdminSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
}
