import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_USERS } from '../../db/seed.ts'
import { collectPageErrors, fileBrowser, screenshot } from '../support/e2e/browser.ts'
import { LIVE_CONNECTED, LIVE_TALK, simulateClock } from '../support/e2e/conference.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Live questions during a talk (issue 44): two viewers and a moderator in three browser contexts,
// everything seen without a reload.

const browser = fileBrowser()
// Into the talk, and later than conference.test.ts's moment (its own questions room state aside).
const SIMULATED_NOW = LIVE_TALK.initAt.getTime() + 15 * 60_000

beforeAll(() => simulateClock(SIMULATED_NOW))
afterAll(() => simulateClock(null))

type Person = { context: BrowserContext; page: Page; errors: string[] }

async function signedIn(
  credentials: { email: string; password: string } | { signUp: string },
  viewport: { width: number; height: number },
): Promise<Person> {
  const context = await browser().newContext({ viewport })
  await context.route(/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>vídeo</title>' }),
  )
  if ('signUp' in credentials) {
    const stamp = Date.now().toString(36)
    const response = await context.request.post(`${baseURL}/user/create_user`, {
      headers: { Origin: baseURL },
      data: {
        name: credentials.signUp,
        email: `ao-vivo-${stamp}@teste.example`,
        password: 'AoVivo@12345',
        phone: '(41) 99999-0000',
      },
    })
    expect(response.status(), await response.text()).toBe(200)
  } else {
    const response = await context.request.post(`${baseURL}/login`, {
      data: { email: credentials.email, password: credentials.password, json: true },
    })
    expect(response.status()).toBe(200)
  }
  const page = await context.newPage()
  const errors = collectPageErrors(page)
  await page.goto(`${baseURL}/4a-jornada-multiprofissional`)
  await live(page).getByText(LIVE_CONNECTED).waitFor()
  return { context, page, errors }
}

const live = (page: Page) => page.getByRole('region', { name: 'Perguntas ao vivo' })

describe('live questions in Chromium', () => {
  it('asked, approved, voted, answered and reacted to, seen by every viewer without a reload', async () => {
    const question = `Qual o intervalo ideal entre as sessões de hemodiálise? (${Date.now().toString(36)})`
    const ana = await signedIn(DEMO_USERS.student, { width: 375, height: 780 })
    const bruno = await signedIn({ signUp: 'Bruno Carvalho' }, { width: 1280, height: 900 })
    const moderator = await signedIn(DEMO_USERS.admin, { width: 1280, height: 900 })
    await live(moderator.page).getByRole('button', { name: 'Moderação' }).click()
    await live(moderator.page).getByText(LIVE_CONNECTED).waitFor()

    // Ana asks (on a phone), anonymously: the screen says the institute still sees her name.
    const board = live(ana.page)
    await board
      .getByText('O público não verá seu nome, mas o Instituto continua sabendo quem perguntou.')
      .waitFor()
    await board.getByLabel('Sua pergunta').fill(question)
    await board.getByLabel('Perguntar como Anônimo').check()
    await board.getByRole('button', { name: 'Enviar pergunta' }).click()
    const mine = board.getByRole('listitem').filter({ hasText: question })
    await mine.getByText('Sua pergunta aguarda a moderação').waitFor()
    await board.getByText(/Você poderá enviar outra pergunta em \d+ s\./).waitFor()

    // The moderator sees it in the queue with who asked, and approves it.
    const queued = live(moderator.page).getByRole('listitem').filter({ hasText: question })
    await queued.getByText(/Ana \(anônima para o público\)/).waitFor()
    await queued.getByRole('button', { name: 'Aprovar' }).click()

    // Bruno is told in the polite status region, then shows it.
    const other = live(bruno.page)
    const status = other.getByRole('status')
    await status.getByText('1 nova pergunta').waitFor()
    expect(await status.getAttribute('aria-live')).toBe('polite')
    await other.getByRole('button', { name: 'Mostrar novas' }).click()
    const seen = other.getByRole('listitem').filter({ hasText: question })
    await seen.getByText('Anônimo').waitFor()
    // Ana's own question joins her board at once, no longer pending.
    await mine.getByText('Anônimo').waitFor()
    await expect.poll(() => mine.getByText('Sua pergunta aguarda a moderação').count()).toBe(0)

    // Bruno votes; Ana sees the total change.
    await seen.getByRole('button', { name: /^Votar:/ }).click()
    await mine.getByRole('button', { name: /\(1 voto\)/ }).waitFor()
    await seen.getByRole('button', { name: /^Votado:/ }).waitFor()

    // A reaction of Bruno's reaches Ana (sent within 3 s, broadcast within the second).
    const before = Number(await board.locator('[data-reaction-total="aplauso"]').textContent())
    await other.getByRole('button', { name: /Aplausos/ }).click()
    await expect
      .poll(async () => Number(await board.locator('[data-reaction-total="aplauso"]').textContent()), {
        timeout: 10_000,
      })
      .toBe(before + 1)

    // The moderator marks it answered; both viewers see it.
    await live(moderator.page).getByRole('button', { name: 'Aprovadas' }).click()
    await queued.getByRole('button', { name: 'Marcar como respondida' }).click()
    await mine.getByText(/Respondida/).waitFor()
    await seen.getByText(/Respondida/).waitFor()

    await screenshot(ana.page, 'live-questions-phone')
    await screenshot(moderator.page, 'live-questions-moderation')
    // At 375 px nothing overflows sideways.
    expect(await ana.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    for (const person of [ana, bruno, moderator]) {
      expect(person.errors).toEqual([])
      await person.context.close()
    }
  })
})
