import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_USERS } from '../../db/seed.ts'
import { TALK_ROWS } from '../../db/seed-data/conference.ts'
import { fileBrowser, journeyPages, screenshot, signInOnPage } from '../support/e2e/browser.ts'
import {
  askLiveQuestion,
  LIVE_CONNECTED,
  liveMomentOf,
  liveQuestions,
  simulateClock,
} from '../support/e2e/conference.ts'
import { baseURL } from '../support/e2e/stack.ts'

// The speaker of a talk who is not an administrator (issue 44): the admin names a plain student
// account on the conference page; that person signs in, on a phone, and opens the speaker view of
// the live talk — the approved questions by votes, in large type — with no moderation of any kind,
// which the server refuses too.

const browser = fileBrowser()
// The speaker's own try at a moderators' socket, refused before the upgrade (403), is expected.
const { newPage, errors, closeAll } = journeyPages(
  browser,
  /WebSocket connection to .*papel=moderacao.* failed/,
)
/** A talk of this file's own (its room's questions and limits apart from the other files'). */
const SLOT = 6
const TALK = TALK_ROWS.find((talk) => talk.day === 1 && talk.slot === SLOT)!
const CONFERENCE = `${baseURL}/4a-jornada-multiprofissional`
const SPEAKER_LIST = 'Perguntas aprovadas, pela ordem de votos'

beforeAll(() => simulateClock(liveMomentOf(SLOT)))
afterAll(async () => {
  await closeAll()
  await simulateClock(null)
})

describe('the speaker account of a talk, in Chromium', () => {
  it('named by the admin, a student opens the speaker view: approved questions by votes, large, no moderation (375 px)', async () => {
    const stamp = Date.now().toString(36)
    const speaker = {
      name: 'Helena Moraes Palestrante',
      email: `palestrante-${stamp}@teste.example`,
      password: 'Palestra@12345',
    }
    const first = `Como orientar a família na primeira sessão de diálise? (${stamp})`
    const second = `Quando indicar a diálise peritoneal em vez da hemodiálise? (${stamp})`

    // The speaker has an account like anyone's (a student's, not an administrator's).
    const signUp = await browser().newContext()
    const created = await signUp.request.post(`${baseURL}/user/create_user`, {
      headers: { Origin: baseURL },
      data: {
        name: speaker.name,
        email: speaker.email,
        password: speaker.password,
        phone: '(41) 99999-0101',
      },
    })
    expect(created.status(), await created.text()).toBe(200)
    await signUp.close()

    // The admin names it on the conference page, for the live talk.
    const admin = await newPage({ width: 1280, height: 900 }, '203.0.113.161')
    await signInOnPage(admin, `${baseURL}/login`, DEMO_USERS.admin)
    await admin.goto(CONFERENCE)
    const panel = admin.getByRole('region', { name: 'Contas de quem fala (administração)' })
    const talkChoice = panel.getByLabel('Palestra', { exact: true })
    await talkChoice.selectOption({ label: `[1,${SLOT}] ${TALK.title.slice(0, 50)}` })
    const key = Number(await talkChoice.inputValue())
    await panel.getByLabel('E-mail da conta de quem fala').fill(speaker.email)
    await panel.getByRole('button', { name: 'Salvar' }).click()
    await panel
      .getByRole('listitem')
      .filter({ hasText: `${speaker.name} (${speaker.email})` })
      .waitFor()

    // A viewer asks first, the admin second; both approved; the viewer votes for the admin's, so
    // the later question leads by votes.
    const viewer = await newPage({ width: 1280, height: 900 }, '203.0.113.162')
    const account = await viewer.context().request.post(`${baseURL}/user/create_user`, {
      headers: { Origin: baseURL },
      data: {
        name: 'Caio Plateia Nunes',
        email: `plateia-${stamp}@teste.example`,
        password: 'Plateia@12345',
        phone: '(41) 99999-0102',
      },
    })
    expect(account.status(), await account.text()).toBe(200)
    await viewer.goto(CONFERENCE)
    await liveQuestions(viewer).getByText(LIVE_CONNECTED).waitFor()
    await askLiveQuestion(viewer, first)
    const moderation = liveQuestions(admin)
    await moderation.getByText(LIVE_CONNECTED).waitFor()
    await askLiveQuestion(admin, second)
    await moderation.getByRole('button', { name: 'Moderação', exact: true }).click()
    await moderation.getByText(LIVE_CONNECTED).waitFor()
    for (const text of [first, second]) {
      const queued = moderation
        .getByRole('list', { name: 'Fila da moderação' })
        .getByRole('listitem')
        .filter({ hasText: text })
      await queued.getByRole('button', { name: /^Aprovar a pergunta de / }).click()
    }
    // The viewer's own question joins the board at once; the admin's waits behind 'Mostrar novas'.
    const board = liveQuestions(viewer)
    const showNew = board.getByRole('button', { name: 'Mostrar novas' })
    const theirs = board.getByRole('listitem').filter({ hasText: second })
    await expect
      .poll(async () => {
        if (await showNew.isVisible()) await showNew.click()
        return theirs.count()
      })
      .toBe(1)
    await theirs.getByRole('button', { name: /^Votar:/ }).click()
    await board.getByRole('button', { name: /^Votado:/ }).waitFor()

    // The speaker signs in on a phone: the audience's view and their own, never moderation.
    const stage = await newPage({ width: 375, height: 780 }, '203.0.113.163')
    await signInOnPage(stage, `${baseURL}/login`, speaker)
    await stage.goto(CONFERENCE)
    const room = liveQuestions(stage)
    await room.getByText(LIVE_CONNECTED).waitFor()
    await room.getByRole('button', { name: 'Palestrante', exact: true }).click()
    await room.getByText(LIVE_CONNECTED).waitFor()
    const approved = room.getByRole('list', { name: SPEAKER_LIST }).getByRole('listitem')
    await expect
      .poll(() => approved.allInnerTexts())
      .toEqual([expect.stringContaining(second), expect.stringContaining(first)])
    await approved
      .filter({ hasText: second })
      .getByText(/Administração · 1 voto/)
      .waitFor()
    await approved
      .filter({ hasText: first })
      .getByText(/Caio · 0 votos/)
      .waitFor()
    // Large type: the question in 30 px or more, on the phone too.
    const size = await approved
      .first()
      .locator('p')
      .first()
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))
    expect(size).toBeGreaterThanOrEqual(30)
    // No moderation on the screen: the two views, no queue, no question's buttons, no form.
    expect(await room.getByRole('button').allInnerTexts()).toEqual(['Plateia', 'Palestrante'])
    expect(await room.getByRole('list', { name: 'Fila da moderação' }).count()).toBe(0)
    expect(await room.getByLabel('Sua pergunta').count()).toBe(0)

    // And the server refuses it: the roles it is told, no moderators' socket, and a moderator's
    // frame on the speaker's socket told then closed — the question unchanged.
    const refused = await stage.evaluate(async (path) => {
      const roles = await (await fetch(`${path}/papeis`)).json()
      const socketUrl = (query: string) => `${location.origin.replace(/^http/, 'ws')}${path}${query}`
      const moderatorOpened = await new Promise<boolean>((resolve) => {
        const socket = new WebSocket(socketUrl('?papel=moderacao'))
        socket.onopen = () => {
          socket.close()
          resolve(true)
        }
        socket.onclose = () => resolve(false)
      })
      const frames: { t: string; code?: string; board?: { questions: { id: string }[] } }[] = []
      const closed = await new Promise<number>((resolve) => {
        const socket = new WebSocket(socketUrl('?papel=palestrante'))
        socket.onmessage = (message) => {
          const frame = JSON.parse(message.data as string)
          frames.push(frame)
          if (frame.t === 'welcome') {
            const qid = frame.board.questions[0].id
            socket.send(JSON.stringify({ t: 'moderate', cid: 'palestrante-1', qid, action: 'hide' }))
          }
        }
        socket.onclose = (event) => resolve(event.code)
      })
      return { roles, moderatorOpened, closed, error: frames.find((frame) => frame.t === 'error') }
    }, `/api/jornada/presenca/perguntas/${key}`)
    expect(refused).toMatchObject({
      roles: { roles: ['viewer', 'speaker'] },
      moderatorOpened: false,
      closed: 1008,
      error: {
        t: 'error',
        code: 'forbidden',
        msg: 'Só a moderação pode aprovar, ocultar ou marcar perguntas.',
      },
    })
    await expect.poll(() => approved.count()).toBe(2)
    await board.getByRole('listitem').filter({ hasText: second }).waitFor()

    await screenshot(stage, 'live-speaker-phone')
    expect(await stage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(errors).toEqual([])
  })
})
