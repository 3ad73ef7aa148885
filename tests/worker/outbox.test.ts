import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emailOutbox } from '../../db/schema.ts'
import { AUTH_MESSAGES } from '../../worker/contract/auth.ts'
import type { Env } from '../../worker/env.ts'
import worker from '../../worker/index.ts'
import { OUTBOX_CRON } from '../../worker/scheduled.ts'
import { deliverQueued, OUTBOX_RULES, queueEmail } from '../../worker/services/email/outbox.ts'
import { adminCookie } from '../support/worker/admin.ts'
import { createUser, testContext, testDb, testEnv, unique, uniqueEmail } from '../support/worker/db.ts'
import { notInvoiceMail } from '../support/worker/invoices.ts'
import { storeMailsTo } from '../support/worker/mail.ts'
import {
  buyByCard,
  callWith,
  drainAll,
  emailApi,
  envWith,
  jsonPost,
  runCron,
} from '../support/worker/outages.ts'

const db = testDb()
const MINUTE = 60_000
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE)
// The NFS-e off: its note's e-mail (tests/worker/nfse.test.ts) is not what these count.
const mailEnv = () => envWith({ FISCAL_ISSUANCE: 'off' })

const acceptedFor = async (email: string) => (await emailApi.acceptedFor(email)).filter(notInvoiceMail)

async function student() {
  const email = uniqueEmail('aluna')
  await createUser(db, { name: 'Helena Duarte Lima', email, passwordHash: 'scrypt$x' })
  return email
}

beforeEach(() => emailApi.mode('accept'))
afterEach(() => emailApi.mode('accept'))

describe('the outbox while the e-mail API refuses, then accepts', () => {
  it('delivers a payment confirmation and a reset link queued during the refusal exactly once after it', async () => {
    const workerEnv = mailEnv()
    const resetEmail = await student()
    await emailApi.mode('refuse')

    const reset = await callWith(workerEnv, '/password/email', jsonPost({ email: resetEmail }))
    expect(reset.status).toBe(200)
    expect(reset.body).toEqual({ msg: AUTH_MESSAGES.resetSent })
    const { email: buyerEmail, result } = await buyByCard(workerEnv)
    expect(result.status).toBe('paid')
    // The purchase went through; the SPEC's flag tells the buyer the e-mail did not go out yet.
    expect(result.error).toBe(true)

    // Nothing reached anyone; both wait in the outbox, neither marked as lost.
    expect(await acceptedFor(resetEmail)).toEqual([])
    expect(await acceptedFor(buyerEmail)).toEqual([])
    for (const email of [resetEmail, buyerEmail]) {
      expect((await storeMailsTo(email)).map((row) => row.status)).toEqual(['pending'])
    }

    // The scheduled job runs during the refusal: still nothing sent, still nothing lost.
    await runCron(workerEnv, later(2))
    expect(await acceptedFor(resetEmail)).toEqual([])
    expect((await storeMailsTo(resetEmail))[0]?.status).toBe('pending')

    // The API is back: the next runs deliver each message once, and later runs nothing more.
    await emailApi.mode('accept')
    await drainAll(workerEnv, later(10))
    await drainAll(workerEnv, later(30))
    const resetMails = await acceptedFor(resetEmail)
    const confirmations = await acceptedFor(buyerEmail)
    expect(resetMails).toHaveLength(1)
    expect(confirmations).toHaveLength(1)
    expect(resetMails[0]!.text).toMatch(/\/senha\/redefinir#token=\w+/)
    expect(confirmations[0]!.subject).toBe(`Pagamento confirmado — pedido ${result.order_id}`)
    // Each carried its own idempotency key, so even a send whose answer was lost is delivered once.
    expect(resetMails[0]!.idempotencyKey).toMatch(/^outbox\/\d+$/)
    expect(confirmations[0]!.idempotencyKey).not.toBe(resetMails[0]!.idempotencyKey)
    expect(resetMails[0]!.authorization).toBe('Bearer re_test_standin')
    for (const email of [resetEmail, buyerEmail]) {
      expect((await storeMailsTo(email)).map((row) => row.status)).toEqual(['sent'])
    }
  })

  it('never sends a reset link that expired while the API was away, and shows it to admins', async () => {
    const workerEnv = mailEnv()
    const email = await student()
    await emailApi.mode('refuse')
    expect((await callWith(workerEnv, '/password/email', jsonPost({ email }))).status).toBe(200)
    await emailApi.mode('accept')

    // The link lasts an hour: a run after that sets it aside instead of sending it.
    await drainAll(workerEnv, later(61))
    expect(await acceptedFor(email)).toEqual([])
    expect((await storeMailsTo(email)).map((row) => row.status)).toEqual(['expired'])

    const admin = await adminCookie()
    const listed = await callWith(workerEnv, '/api/admin/emails/nao-entregues', {
      headers: { cookie: admin },
    })
    expect(listed.status).toBe(200)
    expect(listed.body).toContainEqual(
      expect.objectContaining({
        to: email,
        status: 'expired',
        subject: expect.stringContaining('Redefinição'),
      }),
    )
  })

  it('a newer reset request leaves the older link valid: both are delivered once the API is back', async () => {
    // Issue 28: whoever asks for links cannot void the one already in the owner's mailbox.
    const workerEnv = mailEnv()
    const email = await student()
    await emailApi.mode('refuse')
    await callWith(workerEnv, '/password/email', jsonPost({ email }))
    await callWith(workerEnv, '/password/email', jsonPost({ email }))
    await emailApi.mode('accept')
    await drainAll(workerEnv, later(5))
    expect(await acceptedFor(email)).toHaveLength(2)
    expect((await storeMailsTo(email)).map((row) => row.status)).toEqual(['sent', 'sent'])
  })
})

describe('retries', () => {
  async function queued(email: string) {
    const [row] = await queueEmail(testContext(), {
      to: email,
      subject: 'Aviso',
      html: '<p>Oi</p>',
      text: 'Oi',
    })
    return row!.id
  }
  const attemptAt = (workerEnv: Env, id: number, at: Date) =>
    deliverQueued(testContext({ env: workerEnv, now: at }), eq(emailOutbox.id, id))

  it('wait longer after each failure, then give up and show the message to admins', async () => {
    const workerEnv = mailEnv()
    const email = `${unique('desistencia')}@teste.example`
    const id = await queued(email)
    await emailApi.mode('refuse')

    let clock = Date.now()
    expect(await attemptAt(workerEnv, id, new Date(clock))).toBe('retry')
    // Before the backoff is over the message is not due, so no attempt is spent.
    expect(await attemptAt(workerEnv, id, new Date(clock + 30_000))).toBe('not_due')
    const waits: number[] = []
    for (let attempt = 2; attempt <= OUTBOX_RULES.maxAttempts; attempt += 1) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
      waits.push(row!.nextAttemptAt!.getTime() - clock)
      clock = row!.nextAttemptAt!.getTime()
      const outcome = await attemptAt(workerEnv, id, new Date(clock))
      expect(outcome).toBe(attempt === OUTBOX_RULES.maxAttempts ? 'failed' : 'retry')
    }
    expect(waits.slice(0, 4)).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE])
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_RULES.maxAttempts })
    expect(row!.lastError).toBe('e-mail API answered HTTP 503')

    await emailApi.mode('accept')
    expect(await attemptAt(workerEnv, id, new Date(clock + 24 * 3600_000))).toBe('not_due')
    expect(await acceptedFor(email)).toEqual([])

    const admin = await adminCookie()
    const listed = await callWith(workerEnv, '/api/admin/emails/nao-entregues', {
      headers: { cookie: admin },
    })
    expect(listed.body).toContainEqual(
      expect.objectContaining({ id, to: email, status: 'failed', attempts: OUTBOX_RULES.maxAttempts }),
    )
  })

  it('two senders at once deliver a message once', async () => {
    const workerEnv = mailEnv()
    const email = `${unique('corrida')}@teste.example`
    const id = await queued(email)
    const outcomes = await Promise.all([
      attemptAt(workerEnv, id, new Date()),
      attemptAt(workerEnv, id, new Date()),
      attemptAt(workerEnv, id, new Date()),
    ])
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1)
    expect(await acceptedFor(email)).toHaveLength(1)
  })

  it('an API that does not answer in time costs one attempt, and the message goes out later', async () => {
    const workerEnv = envWith({ DEADLINES_MS: JSON.stringify({ email: 300 }) })
    const email = `${unique('lenta')}@teste.example`
    const id = await queued(email)
    await emailApi.mode('hang')
    const started = Date.now()
    expect(await attemptAt(workerEnv, id, new Date())).toBe('retry')
    expect(Date.now() - started).toBeLessThan(2_000)
    await emailApi.mode('accept')
    expect(await attemptAt(workerEnv, id, later(2))).toBe('sent')
    expect(await acceptedFor(email)).toHaveLength(1)
  })

  it('a message the API rejects for good (422) is not retried', async () => {
    const workerEnv = mailEnv()
    const email = `${unique('recusada')}@teste.example`
    const id = await queued(email)
    await emailApi.mode('reject')
    expect(await attemptAt(workerEnv, id, new Date())).toBe('failed')
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row!.lastError).toMatch(/422/)
  })
})

describe('the scheduled handler', () => {
  it('sends what is due when the Cron Trigger fires', async () => {
    // The Worker's own bindings: no e-mail API configured, so the outbox row itself is the delivery.
    const email = `${unique('agendada')}@teste.example`
    const [row] = await db
      .insert(emailOutbox)
      .values({ to: email, subject: 'Agendada', html: '<p>Oi</p>', text: 'Oi', status: 'pending' })
      .returning()
    const ctx = createExecutionContext()
    await worker.scheduled(
      createScheduledController({ cron: OUTBOX_CRON, scheduledTime: Date.now() }),
      testEnv,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    const [after] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id))
    expect(after?.status).toBe('sent')
  })
})
