import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { TALK_ROWS } from '../../../db/seed-data/conference.ts'
import { baseURL } from './stack.ts'

// The conference's journeys: the seeded talk they watch live, and the clock's simulated "now".

/** The seeded programme's talk [1,2]: it starts at 09:20 of day 1, 80 minutes into the day's video. */
export const LIVE_TALK = TALK_ROWS.find((talk) => talk.day === 1 && talk.slot === 2)!

/** The conference's clock (local-only route): "now" is the given moment, and keeps running. */
export async function simulateClock(at: number | null) {
  const response = await fetch(`${baseURL}/api/dev/conference/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: at === null ? null : new Date(at).toISOString() }),
  })
  expect(response.status).toBe(200)
}

/**
 * "Now" five minutes into day 1's talk `slot`: a file that needs a live talk of its own (its room's
 * questions and per-person limits apart from the other files') takes its own slot.
 */
export function liveMomentOf(slot: number): number {
  const talk = TALK_ROWS.find((row) => row.day === 1 && row.slot === slot)
  if (!talk) throw new Error(`no talk [1,${slot}] in the seed`)
  return talk.initAt.getTime() + 5 * 60_000
}

/** The live questions' region under the player. */
export const liveQuestions = (page: Page) => page.getByRole('region', { name: 'Perguntas ao vivo' })

/** What the live questions' region says once its socket is open. */
export const LIVE_CONNECTED = 'Conectado: as perguntas chegam sem recarregar a página.'

/** A person's own question, asked from the board, until the board shows it waiting for moderation. */
export async function askLiveQuestion(page: Page, text: string) {
  const room = liveQuestions(page)
  await room.getByLabel('Sua pergunta').fill(text)
  await room.getByRole('button', { name: 'Enviar pergunta' }).click()
  await room
    .getByRole('listitem')
    .filter({ hasText: text })
    .getByText('Sua pergunta aguarda a moderação')
    .waitFor()
}

/**
 * The live talk's questions in one of their views, with something in them: the board (the signed-in
 * person's own question pending), the moderators' queue (an administrator's question, its buttons)
 * or the speaker's view. The page is on the conference while a talk is live on the clock.
 */
export async function openLiveView(page: Page, view: 'board' | 'moderation' | 'speaker') {
  const room = liveQuestions(page)
  await room.getByText(LIVE_CONNECTED).waitFor()
  if (view !== 'speaker') {
    // A question of this person's (text of its own: a repeated one would be refused).
    await askLiveQuestion(
      page,
      `Como a equipe acompanha a fístula nas primeiras semanas? (${Date.now().toString(36)})`,
    )
  }
  if (view === 'board') return
  await room
    .getByRole('button', { name: view === 'moderation' ? 'Moderação' : 'Palestrante', exact: true })
    .click()
  await room.getByText(LIVE_CONNECTED).waitFor()
  if (view === 'moderation') {
    await room
      .getByRole('list', { name: 'Fila da moderação' })
      .getByRole('button', { name: /^Aprovar a pergunta de / })
      .first()
      .waitFor()
  } else {
    await room.getByRole('list', { name: 'Perguntas aprovadas, pela ordem de votos' }).waitFor()
  }
}
