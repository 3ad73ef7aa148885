import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Db } from '../../../db/client.ts'
import { applications, users } from '../../../db/schema.ts'
import { SPECIALIZATION_EDITAL } from '../../../db/seed-data/student.ts'

// An applicant of a journey's own and the fee plan's payment form, as the applicant goes through it.

/**
 * A new account (password 'Edital@123') signed in in `context`, approved in the seeded
 * specialisation, so no other journey's plans change: its application.
 */
export async function approvedApplicant(
  { context, db, baseURL }: { context: BrowserContext; db: Db; baseURL: string },
  who: { name: string; email: string; phone: string },
) {
  const signUp = await context.request.post(`${baseURL}/user/create_user`, {
    headers: { Origin: baseURL },
    data: { ...who, password: 'Edital@123' },
  })
  expect(signUp.status(), await signUp.text()).toBe(200)
  const [user] = await db.select().from(users).where(eq(users.email, who.email))
  const [application] = await db
    .insert(applications)
    .values({ editalId: SPECIALIZATION_EDITAL.id, userId: user!.id, status: 'approved' })
    .returning()
  return application!
}

/** From Meus editais, the fee `name`'s payment form through its steps 1 to 3, paying by `method`. */
export async function choosePlanPayment(page: Page, baseURL: string, name: string, method: string) {
  await page.goto(`${baseURL}/usuario/editais`)
  await page.getByRole('link', { name: `Pagar ${name}` }).click()
  await page.getByRole('heading', { name: 'Etapa 1 de 5: Plano' }).waitFor()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('heading', { name: 'Etapa 2 de 5: Dados do pagador' }).waitFor()
  await page.getByLabel('CPF', { exact: true }).pressSequentially('52998224725')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('heading', { name: 'Etapa 3 de 5: Forma de pagamento' }).waitFor()
  await page.getByRole('radio', { name: method }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
}
