import type { Page } from 'playwright-core'

/** On the reset page (/senha/redefinir, reached from the mailed link): sets the new password and waits for the success message. */
export async function resetPasswordOnPage(page: Page, password: string) {
  await page.getByLabel('Nova senha', { exact: true }).fill(password)
  await page.getByLabel('Confirme a nova senha').fill(password)
  await page.getByRole('button', { name: 'Redefinir senha' }).click()
  await page
    .getByRole('status')
    .getByText(/Senha redefinida com sucesso/)
    .waitFor()
}
