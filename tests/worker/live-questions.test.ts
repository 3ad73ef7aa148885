import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conferenceTalks, liveFlushes, liveQuestions, liveReactions } from '../../db/schema.ts'
import type { ServerFrame } from '../../worker/contract/live-questions.ts'
import { CONFERENCE_PATH } from '../../worker/domain/conference.ts'
import { EVENT_LOG_SIZE, QUESTION_MAX_CHARS } from '../../worker/domain/live-questions.ts'
import { deleteMyAccount, exportMyData } from '../../worker/services/privacy/privacy.ts'
import { adminCall, newAdmin } from '../support/worker/admin.ts'
import { simulateClock } from '../support/worker/conference.ts'
import { createUser, sessionCookie, testContext, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

// The talks' live rooms (issue 44) through the Worker, WebSockets included: a programme of this
// file's own, its talk [6,1] live on the simulated clock.

const db = testDb()
const BASE = 'http://localhost'
const START = Date.parse('2031-06-12T09:00:00-03:00')
const DAY = 6
const TALKS = [
  { day: DAY, slot: 1, init: START, title: 'Hemodiálise ao vivo' },
  { day: DAY, slot: 2, init: START + 40 * 60_000, title: 'Transplante ao vivo' },
]
const LIVE_KEY = 0
const LATER_KEY = 1
const SOCKET = (key: number, query = '') => `${BASE}/api/jornada/presenca/perguntas/${key}${query}`

const room = () => env.LIVE_ROOMS.get(env.LIVE_ROOMS.idFromName(`talk:${DAY}-1`))

type Client = {
  frames: ServerFrame[]
  send: (frame: unknown) => void
  sendRaw: (text: string) => void
  next: (test: (frame: ServerFrame) => boolean, timeoutMs?: number) => Promise<ServerFrame>
  closed: Promise<{ code: number; reason: string }>
  close: () => void
  lastSeq: () => number
}

async function connect(cookie: string, query = '', key = LIVE_KEY): Promise<Client> {
  const response = await exports.default.fetch(SOCKET(key, query), {
    headers: { upgrade: 'websocket', cookie, 'cf-connecting-ip': '203.0.113.9' },
  })
  if (response.status !== 101) throw new Error(`${response.status}: ${await response.text()}`)
  const ws = response.webSocket as WebSocket
  ws.accept()
  const frames: ServerFrame[] = []
  const waiters: { test: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }[] = []
  let onClose: (value: { code: number; reason: string }) => void = () => {}
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    onClose = resolve
  })
  ws.addEventListener('message', (event) => {
    const frame = JSON.parse(event.data as string) as ServerFrame
    frames.push(frame)
    for (const waiter of [...waiters]) {
      if (waiter.test(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(frame)
      }
    }
  })
  ws.addEventListener('close', (event) => onClose({ code: event.code, reason: event.reason }))
  return {
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (text) => ws.send(text),
    next: (test, timeoutMs = 4000) => {
      const seen = frames.find(test)
      if (seen) {
        frames.splice(frames.indexOf(seen), 1)
        return Promise.resolve(seen)
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('quadro esperado não chegou')), timeoutMs)
        waiters.push({
          test,
          resolve: (frame) => {
            clearTimeout(timer)
            frames.splice(frames.indexOf(frame), 1)
            resolve(frame)
          },
        })
      })
    },
    closed,
    close: () => ws.close(1000, 'fim'),
    lastSeq: () => {
      let seq = 0
      for (const frame of frames) {
        if (frame.t === 'event') seq = Math.max(seq, frame.seq)
        if (frame.t === 'welcome') seq = Math.max(seq, frame.seq)
      }
      return seq
    },
  }
}

const isAck = (cid: string) => (frame: ServerFrame) => frame.t === 'ack' && frame.cid === cid
const isEvent = (k: string, id?: string) => (frame: ServerFrame) =>
  frame.t === 'event' &&
  frame.e.k === k &&
  (id === undefined || ('q' in frame.e ? frame.e.q.id : 'id' in frame.e ? frame.e.id : '') === id)

async function viewer(name: string) {
  const user = await createUser(db, { name })
  return { user, cookie: await sessionCookie(user.id) }
}

/** Two of the audience and a moderator, each connected; the second viewer too (a test connects again). */
async function twoViewersAndAModerator(firstName: string, secondName: string) {
  const firstViewer = await viewer(firstName)
  const secondViewer = await viewer(secondName)
  const admin = await newAdmin()
  return {
    secondViewer,
    first: await connect(firstViewer.cookie),
    second: await connect(secondViewer.cookie),
    moderator: await connect(admin.cookie, '?papel=moderacao'),
  }
}

let cid = 0
const nextCid = () => `c${++cid}`

/** A question asked by `client`, approved by `moderator`: its id. */
async function askedAndApproved(client: Client, moderator: Client, text: string) {
  const ask = nextCid()
  client.send({ t: 'ask', cid: ask, text, anonymous: false })
  const ack = await client.next(isAck(ask))
  if (ack.t !== 'ack' || !ack.id) throw new Error(`pergunta recusada: ${JSON.stringify(ack)}`)
  const approve = nextCid()
  moderator.send({ t: 'moderate', cid: approve, qid: ack.id, action: 'approve' })
  await moderator.next(isAck(approve))
  return ack.id
}

beforeAll(async () => {
  await db.delete(conferenceTalks).where(eq(conferenceTalks.day, DAY))
  await db.insert(conferenceTalks).values(
    TALKS.map((talk) => ({
      day: talk.day,
      slot: talk.slot,
      initAt: new Date(talk.init),
      title: talk.title,
      speaker: 'Dra. Teste',
      youtubeId: 'TesteLive01',
    })),
  )
  const clock = env.CONFERENCE_CLOCK.get(env.CONFERENCE_CLOCK.idFromName(CONFERENCE_PATH))
  await clock.replace(
    TALKS.map((talk, key) => ({
      key,
      day: talk.day,
      slot: talk.slot,
      init: talk.init,
      title: talk.title,
      speaker: 'Dra. Teste',
      content: '',
      videoId: null,
      videoInit: 0,
      youtubeId: 'TesteLive01',
    })),
  )
  await simulateClock(START + 5 * 60_000)
})

afterAll(async () => {
  await db.delete(conferenceTalks).where(eq(conferenceTalks.day, DAY))
})

describe('opening a talk’s room', () => {
  it('needs a session, a live talk, the WebSocket upgrade, and an administrator for moderation', async () => {
    const { cookie } = await viewer('Rita Viewer')
    const anonymous = await exports.default.fetch(SOCKET(LIVE_KEY), { headers: { upgrade: 'websocket' } })
    expect(anonymous.status).toBe(401)
    const notLive = await exports.default.fetch(SOCKET(LATER_KEY), {
      headers: { upgrade: 'websocket', cookie },
    })
    expect(notLive.status).toBe(409)
    expect(((await notLive.json()) as { msg: string }).msg).toMatch(/abrem quando a palestra começa/)
    const plain = await workerFetch(SOCKET(LIVE_KEY), { headers: { cookie } })
    expect(plain.status).toBe(400)
    const unknown = await exports.default.fetch(SOCKET(99), { headers: { upgrade: 'websocket', cookie } })
    expect(unknown.status).toBe(404)
    const moderation = await exports.default.fetch(SOCKET(LIVE_KEY, '?papel=moderacao'), {
      headers: { upgrade: 'websocket', cookie },
    })
    expect(moderation.status).toBe(403)
    // As Chromium sends it.
    const browserLike = await exports.default.fetch(SOCKET(LIVE_KEY), {
      headers: {
        upgrade: 'websocket',
        connection: 'Upgrade',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
        'sec-fetch-mode': 'websocket',
        'sec-fetch-dest': 'websocket',
        origin: BASE,
        accept: '*/*',
        cookie,
      },
    })
    expect(browserLike.status, await (browserLike.status === 101 ? '' : browserLike.text())).toBe(101)
    browserLike.webSocket?.accept()
    browserLike.webSocket?.close()
    const client = await connect(cookie)
    const welcome = await client.next((frame) => frame.t === 'welcome')
    expect(welcome).toMatchObject({ t: 'welcome', role: 'viewer', mine: [], missed: null })
    client.close()
  })
})

describe('the speaker account of a talk', () => {
  it('the account the admin names opens the speaker view of its own talk only; a viewer cannot', async () => {
    const admin = await newAdmin()
    const speaker = await viewer('Dra. Sofia Palestrante')
    const otherSpeaker = await viewer('Dr. Tiago Outro')
    const audience = await viewer('Ulisses Plateia')
    const papel = (key: number) => SOCKET(key, '?papel=palestrante')
    const roles = async (cookie: string, key: number) =>
      (await (await workerFetch(`${SOCKET(key)}/papeis`, { headers: { cookie } })).json()) as {
        roles: string[]
      }

    // Before the admin names it, the speaker is one of the audience.
    expect(await roles(speaker.cookie, LIVE_KEY)).toEqual({ roles: ['viewer'] })
    const before = await exports.default.fetch(papel(LIVE_KEY), {
      headers: { upgrade: 'websocket', cookie: speaker.cookie },
    })
    expect(before.status).toBe(403)

    // The admin names the accounts by e-mail (any case); an e-mail of no account changes nothing.
    const path = (key: number) => `/api/admin/conference/talks/${key}/speaker`
    const unknown = await adminCall(admin.cookie, 'PUT', path(LIVE_KEY), { email: 'ninguem@teste.example' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.msg).toMatch(/Nenhuma conta com este e-mail/)
    const named = await adminCall(admin.cookie, 'PUT', path(LIVE_KEY), {
      email: speaker.user.email.toUpperCase(),
    })
    expect(named.status).toBe(200)
    expect(named.body).toMatchObject({
      key: LIVE_KEY,
      session: [DAY, 1],
      account: { email: speaker.user.email, name: 'Dra. Sofia Palestrante' },
    })
    expect(
      (await adminCall(admin.cookie, 'PUT', path(LATER_KEY), { email: otherSpeaker.user.email })).status,
    ).toBe(200)
    const list = await adminCall(admin.cookie, 'GET', '/api/admin/conference/speakers')
    expect(list.status).toBe(200)
    expect(list.body.find((talk: { key: number }) => talk.key === LIVE_KEY)).toMatchObject({
      title: 'Hemodiálise ao vivo',
      account: { email: speaker.user.email },
    })
    // Not the admin's: a viewer cannot name anyone.
    expect(
      (await adminCall(audience.cookie, 'PUT', path(LIVE_KEY), { email: audience.user.email })).status,
    ).toBe(403)

    // The named account: the speaker view of its talk, never moderation, never another talk's.
    expect(await roles(speaker.cookie, LIVE_KEY)).toEqual({ roles: ['viewer', 'speaker'] })
    expect(await roles(speaker.cookie, LATER_KEY)).toEqual({ roles: ['viewer'] })
    const stage = await connect(speaker.cookie, '?papel=palestrante')
    expect(await stage.next((frame) => frame.t === 'welcome')).toMatchObject({ role: 'speaker', queue: null })
    const moderation = await exports.default.fetch(SOCKET(LIVE_KEY, '?papel=moderacao'), {
      headers: { upgrade: 'websocket', cookie: speaker.cookie },
    })
    expect(moderation.status).toBe(403)
    const otherTalk = await exports.default.fetch(papel(LATER_KEY), {
      headers: { upgrade: 'websocket', cookie: speaker.cookie },
    })
    expect(otherTalk.status).toBe(403)
    // The other talk's speaker, and the audience, cannot open this talk's speaker view.
    for (const cookie of [otherSpeaker.cookie, audience.cookie]) {
      const refused = await exports.default.fetch(papel(LIVE_KEY), {
        headers: { upgrade: 'websocket', cookie },
      })
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { msg: string }).msg).toMatch(/conta de quem fala nesta palestra/)
    }
    expect(await roles(audience.cookie, LIVE_KEY)).toEqual({ roles: ['viewer'] })
    expect(await roles(admin.cookie, LIVE_KEY)).toEqual({ roles: ['viewer', 'moderator', 'speaker'] })

    // The speaker view shows what the moderators approve.
    const moderator = await connect(admin.cookie, '?papel=moderacao')
    const asker = await connect(audience.cookie)
    const id = await askedAndApproved(asker, moderator, 'Como a palestrante vê esta pergunta aprovada?')
    expect(await stage.next(isEvent('question', id))).toMatchObject({ e: { q: { id, status: 'approved' } } })
    // A moderator's frame on the speaker's socket: told, then disconnected; the question unchanged.
    stage.send({ t: 'moderate', cid: nextCid(), qid: id, action: 'hide' })
    expect(await stage.next((frame) => frame.t === 'error')).toMatchObject({ code: 'forbidden' })
    expect((await stage.closed).code).toBe(1008)
    expect((await room().board()).questions).toContainEqual(
      expect.objectContaining({ id, status: 'approved' }),
    )

    // Taken away (null): the account is one of the audience again.
    const cleared = await adminCall(admin.cookie, 'PUT', path(LIVE_KEY), { email: null })
    expect(cleared.body.account).toBeNull()
    expect(await roles(speaker.cookie, LIVE_KEY)).toEqual({ roles: ['viewer'] })
    await adminCall(admin.cookie, 'PUT', path(LATER_KEY), { email: null })
    for (const client of [stage, moderator, asker]) client.close()
  })
})

describe('questions, moderation and votes', () => {
  it('a question waits for the moderators; approve, pin, answer and hide are theirs alone', async () => {
    const {
      secondViewer: bia,
      first: a,
      second: b,
      moderator,
    } = await twoViewersAndAModerator('Ana Paula Souza', 'Beatriz Lima')
    await moderator.next((frame) => frame.t === 'welcome')

    const ask = nextCid()
    a.send({ t: 'ask', cid: ask, text: 'Qual a dose de heparina na hemodiálise, porra?', anonymous: true })
    const ack = await a.next(isAck(ask))
    expect(ack).toMatchObject({ ok: true })
    const id = (ack as { id: string }).id
    // The asker sees it pending; the moderators see who asked (anonymous to the audience) and the flag.
    expect(await a.next((frame) => frame.t === 'mine')).toMatchObject({
      q: { id, status: 'pending', name: 'Anônimo' },
    })
    const queued = await moderator.next(isEvent('queue', id))
    expect(queued).toMatchObject({
      e: { q: { author: 'Ana', anonymous: true, status: 'pending', words: ['porra'] } },
    })

    // A viewer cannot moderate: told, then disconnected.
    b.send({ t: 'moderate', cid: nextCid(), qid: id, action: 'approve' })
    expect(await b.next((frame) => frame.t === 'error')).toMatchObject({ code: 'forbidden' })
    expect((await b.closed).code).toBe(1008)
    expect(b.frames.some(isEvent('question', id))).toBe(false)

    const b2 = await connect(bia.cookie)
    const approve = nextCid()
    moderator.send({ t: 'moderate', cid: approve, qid: id, action: 'approve' })
    expect(await moderator.next(isAck(approve))).toMatchObject({ ok: true })
    expect(await b2.next(isEvent('question', id))).toMatchObject({
      e: { q: { id, status: 'approved', name: 'Anônimo', pinned: false } },
    })
    expect(await a.next(isEvent('question', id))).toBeTruthy()
    moderator.send({ t: 'moderate', cid: nextCid(), qid: id, action: 'pin' })
    expect(await b2.next(isEvent('question', id))).toMatchObject({ e: { q: { pinned: true } } })
    moderator.send({ t: 'moderate', cid: nextCid(), qid: id, action: 'answer' })
    expect(await b2.next(isEvent('question', id))).toMatchObject({
      e: { q: { status: 'answered', pinned: false } },
    })
    moderator.send({ t: 'moderate', cid: nextCid(), qid: id, action: 'hide' })
    expect(await b2.next(isEvent('removed', id))).toMatchObject({ e: { k: 'removed', id } })
    for (const client of [a, b2, moderator]) client.close()
  })

  it('a viewer’s second vote on a question counts once; totals arrive in one frame a second', async () => {
    const { first: c, second: d, moderator } = await twoViewersAndAModerator('Carla Dias', 'Davi Rocha')
    const id = await askedAndApproved(c, moderator, 'Como ajustar o peso seco em pacientes idosos?')
    await d.next(isEvent('question', id))
    const vote = nextCid()
    d.send({ t: 'vote', cid: vote, qid: id })
    expect(await d.next(isAck(vote))).toMatchObject({ ok: true })
    d.send({ t: 'vote', cid: vote, qid: id }) // a resend
    d.send({ t: 'vote', cid: nextCid(), qid: id }) // a second vote
    c.send({ t: 'vote', cid: nextCid(), qid: id })
    const tick = await c.next(
      (frame) => frame.t === 'event' && frame.e.k === 'tick' && frame.e.votes.length > 0,
      5000,
    )
    // Within the second both votes arrived at the room; they may span two ticks.
    await new Promise((resolve) => setTimeout(resolve, 1300))
    const board = await room().board()
    expect(board.questions.find((q) => q.id === id)?.votes).toBe(2)
    expect(tick.t === 'event' && tick.e.k === 'tick' && tick.e.votes[0]?.[0]).toBe(id)
    // A vote for a question the audience cannot see is refused, without disconnecting.
    const stray = nextCid()
    d.send({ t: 'vote', cid: stray, qid: 'nao-existe' })
    expect(await d.next(isAck(stray))).toMatchObject({ ok: false, msg: 'Pergunta não encontrada.' })
    for (const client of [c, d, moderator]) client.close()
  })

  it('a resend is harmless, a repeated question is refused, a near one is flagged', async () => {
    const { first: e, second: f, moderator } = await twoViewersAndAModerator('Eduardo Nunes', 'Fabiana Reis')
    const ask = nextCid()
    const frame = {
      t: 'ask',
      cid: ask,
      text: 'Quando indicar a diálise peritoneal automatizada?',
      anonymous: false,
    }
    e.send(frame)
    const first = await e.next(isAck(ask))
    e.send(frame) // the same client id: the same question
    const again = await e.next(isAck(ask))
    expect(again).toMatchObject({ ok: true, id: (first as { id: string }).id })
    // Someone else, nearly the same words: flagged to the moderator.
    f.send({
      t: 'ask',
      cid: nextCid(),
      text: 'Quando indicar diálise peritoneal automatizada??',
      anonymous: false,
    })
    const near = await moderator.next(
      (item) => item.t === 'event' && item.e.k === 'queue' && item.e.q.author === 'Fabiana',
    )
    expect(near).toMatchObject({ e: { q: { similar_to: (first as { id: string }).id } } })
    e.close()
    f.close()
    moderator.close()
  })
})

describe('limits and bad frames', () => {
  it('a second question within 30 s: told, then disconnected', async () => {
    const gil = await viewer('Gilberto Alves')
    const g = await connect(gil.cookie)
    g.send({
      t: 'ask',
      cid: nextCid(),
      text: 'Primeira pergunta sobre fístula arteriovenosa?',
      anonymous: false,
    })
    await g.next((frame) => frame.t === 'ack')
    // The same text again is refused without disconnecting (it is not a limit, only a repetition).
    const repeated = nextCid()
    g.send({
      t: 'ask',
      cid: repeated,
      text: 'primeira pergunta sobre fistula arteriovenosa',
      anonymous: false,
    })
    expect(await g.next(isAck(repeated))).toMatchObject({ ok: false, msg: 'Você já enviou essa pergunta.' })
    g.send({ t: 'ask', cid: nextCid(), text: 'Segunda pergunta, logo em seguida?', anonymous: false })
    expect(await g.next((frame) => frame.t === 'error')).toMatchObject({
      code: 'limit',
      msg: 'Aguarde 30 segundos entre uma pergunta e outra.',
    })
    expect((await g.closed).code).toBe(1008)
  })

  it('a question over 280 characters is refused, the socket kept', async () => {
    const h = await connect((await viewer('Helena Prado')).cookie)
    const long = nextCid()
    h.send({ t: 'ask', cid: long, text: 'x'.repeat(QUESTION_MAX_CHARS + 1), anonymous: false })
    expect(await h.next(isAck(long))).toMatchObject({
      ok: false,
      msg: 'A pergunta pode ter até 280 caracteres.',
    })
    h.close()
  })

  it('reactions faster than the batching allows: disconnected', async () => {
    const i = await connect((await viewer('Igor Costa')).cookie)
    i.send({ t: 'react', counts: { aplauso: 3 } })
    i.send({ t: 'react', counts: { aplauso: 3 } })
    expect(await i.next((frame) => frame.t === 'error')).toMatchObject({ code: 'rate' })
    expect((await i.closed).code).toBe(1008)
  })

  it('a bad frame closes that socket only', async () => {
    const joana = await connect((await viewer('Joana Melo')).cookie)
    const other = await connect((await viewer('Lucas Pinto')).cookie)
    const bad = [
      'não é json',
      JSON.stringify({ t: 'ask', cid: 'x', text: 'oi', anonymous: 'sim' }),
      JSON.stringify({ t: 'react', counts: { aplauso: 1000 } }),
      JSON.stringify({ t: 'desconhecido' }),
      JSON.stringify({ t: 'vote', cid: 'x', qid: 'y', extra: 1 }),
    ]
    joana.sendRaw(bad[0] as string)
    expect((await joana.closed).code).toBe(1007)
    for (const text of bad.slice(1)) {
      const client = await connect((await viewer('Outra Pessoa')).cookie)
      client.sendRaw(text)
      expect((await client.closed).code).toBe(1007)
    }
    // The other viewer is still there: its ping is answered.
    other.sendRaw('{"t":"ping"}')
    expect(await other.next((frame) => (frame as { t: string }).t === 'pong')).toBeTruthy()
    other.close()
  })
})

describe('reconnection', () => {
  it('with its last sequence number a client gets exactly what it missed; too old, a snapshot', async () => {
    const admin = await newAdmin()
    const moderator = await connect(admin.cookie, '?papel=moderacao')
    const asker1 = await connect((await viewer('Marcos Teles')).cookie)
    const asker2 = await connect((await viewer('Nina Barros')).cookie)
    const watcher = await viewer('Otávio Ramos')
    // Stays connected throughout: what it receives is what the other one missed.
    const control = await connect((await viewer('Quitéria Controle')).cookie)
    const w = await connect(watcher.cookie)
    const welcome = await w.next((frame) => frame.t === 'welcome')
    const seen = (welcome as { seq: number }).seq
    w.close()
    const first = await askedAndApproved(asker1, moderator, 'Há benefício da hemodiafiltração on-line?')
    const second = await askedAndApproved(asker2, moderator, 'Qual o alvo de fósforo no paciente em diálise?')
    const back = await connect(watcher.cookie, `?since=${seen}`)
    const resumed = await back.next((frame) => frame.t === 'welcome')
    if (resumed.t !== 'welcome') throw new Error('sem boas-vindas')
    expect(resumed.board).toBeNull()
    // Exactly what a viewer connected all along received since then: the two approvals (and any
    // tick of votes or reactions), never the moderators' queue.
    const received = control.frames.filter(
      (frame): frame is Extract<ServerFrame, { t: 'event' }> => frame.t === 'event' && frame.seq > seen,
    )
    expect(resumed.missed).toEqual(received.map(({ seq, e }) => ({ seq, e })))
    const approvals = resumed.missed?.filter((item) => item.e.k === 'question')
    expect(approvals?.map((item) => item.e.k === 'question' && item.e.q.id)).toEqual([first, second])
    expect(resumed.missed?.some((item) => item.e.k === 'queue')).toBe(false)
    back.close()
    const lost = await connect(watcher.cookie, `?since=${resumed.seq + 1000}`)
    const fresh = await lost.next((frame) => frame.t === 'welcome')
    expect(fresh).toMatchObject({ missed: null })
    expect((fresh as { board: { questions: { id: string }[] } }).board.questions.map((q) => q.id)).toEqual(
      expect.arrayContaining([first, second]),
    )
    lost.close()
    for (const client of [moderator, asker1, asker2, control]) client.close()
  })

  it('a client further behind than the room keeps (EVENT_LOG_SIZE broadcasts) gets a snapshot', async () => {
    const admin = await newAdmin()
    const asker = await connect((await viewer('Renata Registro')).cookie)
    let moderator = await connect(admin.cookie, '?papel=moderacao')
    const id = await askedAndApproved(asker, moderator, 'Quantas vezes a equipe revisa a prescrição?')
    const late = await viewer('Sérgio Atrasado')
    const w = await connect(late.cookie)
    const seen = ((await w.next((frame) => frame.t === 'welcome')) as { seq: number }).seq
    w.close()
    // Pinned and unpinned over and over: two broadcasts each (the audience's, the queue's), more
    // than the log keeps; a fresh moderator socket every 30 frames keeps under the frame limit.
    for (let n = 0; n < EVENT_LOG_SIZE / 2 + 10; n++) {
      if (n > 0 && n % 30 === 0) {
        moderator.close()
        moderator = await connect(admin.cookie, '?papel=moderacao')
      }
      const action = nextCid()
      moderator.send({ t: 'moderate', cid: action, qid: id, action: n % 2 === 0 ? 'pin' : 'unpin' })
      expect(await moderator.next(isAck(action))).toMatchObject({ ok: true })
    }
    const back = await connect(late.cookie, `?since=${seen}`)
    const fresh = await back.next((frame) => frame.t === 'welcome')
    if (fresh.t !== 'welcome') throw new Error('sem boas-vindas')
    expect(fresh.missed).toBeNull()
    expect(fresh.board?.questions).toContainEqual(expect.objectContaining({ id, pinned: false }))
    expect(fresh.seq).toBeGreaterThan(seen + EVENT_LOG_SIZE)
    // The room's log holds the last EVENT_LOG_SIZE broadcasts, no more.
    await runInDurableObject(room(), async (_instance, state) => {
      const log = state.storage.sql
        .exec<{ n: number; oldest: number }>('SELECT count(*) AS n, min(seq) AS oldest FROM events')
        .one()
      expect(log).toEqual({ n: EVENT_LOG_SIZE, oldest: fresh.seq - EVENT_LOG_SIZE + 1 })
    })
    for (const client of [back, moderator, asker]) client.close()
  })

  it('the snapshot endpoint serves the board from a short copy', async () => {
    const { cookie } = await viewer('Paula Snap')
    const response = await workerFetch(`${SOCKET(LIVE_KEY)}/quadro`, { headers: { cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=2')
    const board = (await response.json()) as { open: boolean; questions: unknown[] }
    expect(board.open).toBe(true)
    expect(board.questions.length).toBeGreaterThan(0)
    expect((await workerFetch(`${SOCKET(LIVE_KEY)}/quadro`)).status).toBe(401)
  })
})

describe('what is kept', () => {
  it('the alarm writes once a minute whatever the number of messages, then the export and the deletion', async () => {
    const admin = await newAdmin()
    const moderator = await connect(admin.cookie, '?papel=moderacao')
    const rafa = await viewer('Rafaela Kept Souza')
    const r = await connect(rafa.cookie)
    const id = await askedAndApproved(r, moderator, 'Qual o papel do SGLT2 na doença renal crônica?')
    // Many messages: 30 voters and reactions.
    for (let n = 0; n < 30; n++) {
      const voter = await connect((await viewer(`Votante ${n}`)).cookie)
      voter.send({ t: 'vote', cid: nextCid(), qid: id })
      if (n % 3 === 0) voter.send({ t: 'react', counts: { aplauso: 2, coracao: 1 } })
      await voter.next((frame) => frame.t === 'ack')
      voter.close()
    }
    const stats = await room().stats()
    const flushDue = stats.due.flush as number
    // One flush due, a minute after the first change at most: the messages did not move it.
    expect(flushDue - Date.now()).toBeLessThanOrEqual(60_000)
    const before = await db.select().from(liveFlushes)
    // The minute passes (the alarm is brought forward to now) and the alarm rings.
    await runInDurableObject(room(), async (_instance, state) => {
      const due = JSON.parse(
        (state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'due'").one()
          .value as string) ?? '[]',
      ) as [string, number][]
      const moved = due.map(([kind, at]) => [kind, kind === 'flush' ? Date.now() - 1 : at])
      state.storage.sql.exec("UPDATE meta SET value = ? WHERE key = 'due'", JSON.stringify(moved))
      ;(_instance as unknown as { due: Map<string, number> }).due = new Map(moved as [string, number][])
      await state.storage.setAlarm(Date.now())
    })
    // The alarm rings at once on its own; runDurableObjectAlarm rings it if it has not yet.
    await runDurableObjectAlarm(room())
    let after = await db.select().from(liveFlushes)
    for (let tries = 0; tries < 30 && after.length === before.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      after = await db.select().from(liveFlushes)
    }
    expect(after.length - before.length).toBe(1)
    const [kept] = await db.select().from(liveQuestions).where(eq(liveQuestions.id, id))
    expect(kept).toMatchObject({ votes: 30, status: 'approved', authorName: 'Rafaela', anonymous: false })
    const reactions = await db.select().from(liveReactions)
    expect(
      reactions.reduce((sum, row) => sum + (row.kind === 'aplauso' ? row.count : 0), 0),
    ).toBeGreaterThanOrEqual(20)
    // Written again (a flush whose answer was lost): the same rows.
    await room().flush()
    const [same] = await db.select().from(liveQuestions).where(eq(liveQuestions.id, id))
    expect(same?.votes).toBe(30)

    // The admin's list after the event, and its CSV.
    const list = await adminCall(admin.cookie, 'GET', `/api/admin/conference/talks/${LIVE_KEY}/questions`)
    expect(list.status).toBe(200)
    expect(list.body.questions.find((q: { id: string }) => q.id === id)).toMatchObject({
      author: 'Rafaela',
      votes: 30,
    })
    const csv = await adminCall(admin.cookie, 'GET', `/api/admin/conference/talks/${LIVE_KEY}/questions.csv`)
    expect(csv.status).toBe(200)
    expect(csv.body).toContain('Qual o papel do SGLT2 na doença renal crônica?;Rafaela;não;aprovada;30;')

    // LGPD: the export lists the person's questions; deleting the account removes the name.
    const exported = await exportMyData({ ctx: testContext(), userId: rafa.user.id })
    expect(exported.conference_questions).toEqual([
      expect.objectContaining({
        talk: 'Hemodiálise ao vivo',
        text: 'Qual o papel do SGLT2 na doença renal crônica?',
        votes: 30,
      }),
    ])
    await deleteMyAccount({ ctx: testContext(), userId: rafa.user.id })
    const [nameless] = await db.select().from(liveQuestions).where(eq(liveQuestions.id, id))
    expect(nameless).toMatchObject({
      authorName: null,
      userId: null,
      text: 'Qual o papel do SGLT2 na doença renal crônica?',
    })
    r.close()
    moderator.close()
  })

  it('deleting an account: the rooms forget its name at once, not at their wipe 30 days later', async () => {
    const admin = await newAdmin()
    const moderator = await connect(admin.cookie, '?papel=moderacao')
    const vera = await viewer('Vera Apagada Lima')
    const v = await connect(vera.cookie)
    const watcher = await connect((await viewer('Wagner Olhando')).cookie)
    const id = await askedAndApproved(v, moderator, 'Pergunta de quem vai excluir a conta depois?')
    expect(await watcher.next(isEvent('question', id))).toMatchObject({ e: { q: { name: 'Vera' } } })
    // Vera also voted, and speaks the later talk.
    const other = await askedAndApproved(watcher, moderator, 'Outra pergunta, em que Vera vota?')
    const vote = nextCid()
    v.send({ t: 'vote', cid: vote, qid: other })
    await v.next(isAck(vote))
    const named = await adminCall(admin.cookie, 'PUT', `/api/admin/conference/talks/${LATER_KEY}/speaker`, {
      email: vera.user.email,
    })
    expect(named.status).toBe(200)

    await deleteMyAccount({ ctx: testContext(), userId: vera.user.id })

    // Her sockets close; the audience and the moderators see the question again, without the name.
    expect((await v.closed).code).toBe(1000)
    expect(await watcher.next(isEvent('question', id))).toMatchObject({
      e: { q: { id, name: 'Conta excluída' } },
    })
    expect(
      await moderator.next(
        (frame) =>
          frame.t === 'event' && frame.e.k === 'queue' && frame.e.q.id === id && frame.e.q.author !== 'Vera',
      ),
    ).toMatchObject({
      e: { q: { author: 'Conta excluída', text: 'Pergunta de quem vai excluir a conta depois?' } },
    })
    const board = await room().board()
    expect(board.questions.find((q) => q.id === id)).toMatchObject({ name: 'Conta excluída' })
    expect(board.questions.find((q) => q.id === other)?.votes).toBe(1)
    // Nothing of her name or her votes is left in the room's storage (questions, logged broadcasts).
    await runInDurableObject(room(), async (_instance, state) => {
      const sql = state.storage.sql
      const authors = sql.exec<{ author: string }>('SELECT author FROM questions WHERE id = ?', id).one()
      expect(authors.author).toBe('')
      const bodies = sql
        .exec<{ body: string }>('SELECT body FROM events')
        .toArray()
        .map((row) => row.body)
      expect(bodies.some((body) => body.includes(id))).toBe(true)
      expect(bodies.filter((body) => body.includes('"Vera"'))).toEqual([])
      const votes = sql
        .exec<{ n: number }>('SELECT count(*) AS n FROM votes WHERE user_id = ?', vera.user.id)
        .one()
      expect(votes.n).toBe(0)
    })
    // A reconnecting client that resumes from before sees no name either.
    const late = await connect((await viewer('Xavier Depois')).cookie, '?since=0')
    const welcome = await late.next((frame) => frame.t === 'welcome')
    expect(JSON.stringify(welcome)).not.toContain('"Vera"')
    // The talk she spoke has no speaking account any more.
    const speakers = await adminCall(admin.cookie, 'GET', '/api/admin/conference/speakers')
    expect(speakers.body.find((talk: { key: number }) => talk.key === LATER_KEY).account).toBeNull()
    // The next flush writes the question without her name.
    await room().flush()
    const [kept] = await db.select().from(liveQuestions).where(eq(liveQuestions.id, id))
    expect(kept).toMatchObject({ authorName: null, userId: null })
    for (const client of [moderator, watcher, late]) client.close()
  })
})
