// Issue 28, item 7: an e-mail with a single-use link or code leaves no usable token in the
// database once it is sent, expires or fails; spent tokens are deleted. Production-like runs use a
// deployment's bindings (APP_ENV 'production', a configuration that passes the check) with the
// tests' database and e-mail API stand-in; the local mailbox ('local') still shows the links.
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emailOutbox, emailTokens, passwordResets } from '../../db/schema.ts'
import { confirmationEmail } from '../../worker/services/checkout/emails.ts'
import type { OrderRow } from '../../worker/services/checkout/orders.ts'
import { deliverQueued, queueEmail } from '../../worker/services/email/outbox.ts'
import { keepsSecrets, SECRET_PLACEHOLDER } from '../../worker/services/email/secrets.ts'
import {
  createUser,
  DEPLOYMENT_SECRETS,
  productionEnv,
  testContext,
  testDb,
  testEnv,
  unique,
  uniqueEmail,
} from '../support/worker/db.ts'
import { mailsTo } from '../support/worker/mail.ts'
import { buyByCard, callWith, emailApi, envWith, jsonPost, runCron } from '../support/worker/outages.ts'

const db = testDb()
const MINUTE = 60_000
const DAY = 86_400_000
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE)
const production = () => productionEnv(DEPLOYMENT_SECRETS, envWith())
const local = () => envWith({ APP_ENV: 'local' })

const BLANK = { text: SECRET_PLACEHOLDER.text, html: SECRET_PLACEHOLDER.html }
const tokenIn = (text: string) => /#token=([\w-]+)/.exec(text)?.[1] ?? ''

async function student() {
  const email = uniqueEmail('segredo')
  const user = await createUser(db, { name: 'Helena Duarte Lima', email, passwordHash: 'scrypt$x' })
  return { email, user }
}

beforeEach(() => emailApi.mode('accept'))
afterEach(() => emailApi.mode('accept'))

describe('the rule', () => {
  it('keeps secret messages only on a developer’s machine and in the tests', () => {
    expect(keepsSecrets({ APP_ENV: 'local' })).toBe(true)
    expect(keepsSecrets({ APP_ENV: 'test' })).toBe(true)
    expect(keepsSecrets({ APP_ENV: 'production' })).toBe(false)
    expect(keepsSecrets({ APP_ENV: 'staging' })).toBe(false)
    expect(keepsSecrets({ APP_ENV: '' })).toBe(false)
  })

  it('marks the purchase confirmation secret only when it carries a first-password link', async () => {
    const order = { id: 'PED1', totalCents: 100, payer: { name: 'Ana', email: 'ana@teste.example' } }
    const link = 'https://exemplo.test/senha/redefinir#token=abc&primeira=1'
    expect((await confirmationEmail(testEnv, order as OrderRow, link)).secret).toBe(true)
    expect((await confirmationEmail(testEnv, order as OrderRow)).secret).toBeUndefined()
  })
})

describe('in production', () => {
  it('a reset link sent keeps no token in the outbox', async () => {
    const { email } = await student()
    expect((await callWith(production(), '/password/email', jsonPost({ email }))).status).toBe(200)

    const [delivered] = await emailApi.acceptedFor(email)
    const token = tokenIn(delivered!.text)
    expect(token.length).toBeGreaterThan(20)
    const rows = await mailsTo(email)
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', secret: true, ...BLANK })])
    expect(`${rows[0]!.html}${rows[0]!.text}`).not.toContain(token)
  })

  it('a reset link that expires unsent is blanked as the job sets it aside', async () => {
    const { email } = await student()
    await emailApi.mode('refuse')
    expect((await callWith(production(), '/password/email', jsonPost({ email }))).status).toBe(200)
    // While the API is away the message waits with its link: it still has to go out.
    const [waiting] = await mailsTo(email)
    expect(waiting).toMatchObject({ status: 'pending', secret: true })
    const token = tokenIn(waiting!.text)
    expect(token.length).toBeGreaterThan(20)

    // An hour later the job sets it aside unsent, and nothing of the link is left.
    await emailApi.mode('accept')
    await runCron(production(), later(61))
    expect(await emailApi.acceptedFor(email)).toEqual([])
    const [row] = await mailsTo(email)
    expect(row).toMatchObject({ status: 'expired', secret: true, ...BLANK })
    expect(`${row!.html}${row!.text}`).not.toContain(token)
  })

  it('a secret message the API refuses for good is blanked as it is marked failed', async () => {
    const email = `${unique('recusada')}@teste.example`
    const ctx = testContext({ env: production() })
    const [queued] = await queueEmail(ctx, {
      to: email,
      subject: 'Seu código',
      html: '<p>Código: 123456</p>',
      text: 'Código: 123456',
      secret: true,
    })
    await emailApi.mode('reject')
    expect(await deliverQueued(ctx, eq(emailOutbox.id, queued!.id))).toBe('failed')
    const [row] = await mailsTo(email)
    expect(row).toMatchObject({ status: 'failed', secret: true, ...BLANK })
  })

  it('the sweep blanks what is done with, keeps what may still go out, and deletes spent tokens', async () => {
    const { email, user } = await student()
    const now = Date.now()
    const secretRow = (values: Partial<typeof emailOutbox.$inferInsert>) => ({
      to: email,
      subject: unique('Segredo'),
      html: '<p><a href="/senha/redefinir#token=segredo-no-html">Link</a></p>',
      text: 'Link: /senha/redefinir#token=segredo-no-texto',
      secret: true,
      ...values,
    })
    const [retired, lapsed, waiting, plain, failed] = await db
      .insert(emailOutbox)
      .values([
        // Expired by another statement that did not blank it.
        secretRow({ status: 'expired' }),
        // Past its expiry, still pending in a backoff (so the job does not expire it yet).
        secretRow({
          status: 'pending',
          expiresAt: new Date(now - MINUTE),
          nextAttemptAt: new Date(now + 60 * MINUTE),
        }),
        // Still valid, waiting for the API: it keeps its link.
        secretRow({
          status: 'pending',
          expiresAt: new Date(now + 60 * MINUTE),
          nextAttemptAt: new Date(now + 60 * MINUTE),
        }),
        // Not secret: kept as it is.
        { to: email, subject: 'Aviso', html: '<p>Oi</p>', text: 'Oi', status: 'sent' as const },
        secretRow({ status: 'failed' }),
      ])
      .returning()

    const hash = () => unique('hash')
    const resets = [
      { tokenHash: hash(), userId: user.id, expiresAt: new Date(now - 8 * DAY) },
      { tokenHash: hash(), userId: user.id, expiresAt: new Date(now + DAY), usedAt: new Date(now - 8 * DAY) },
      { tokenHash: hash(), userId: user.id, expiresAt: new Date(now - DAY) },
      { tokenHash: hash(), userId: user.id, expiresAt: new Date(now + 60 * MINUTE) },
    ]
    const tokens = resets.map((reset) => ({ ...reset, tokenHash: hash(), purpose: 'code' as const, email }))
    await db.insert(passwordResets).values(resets)
    await db.insert(emailTokens).values(tokens)

    // Locally the outbox keeps the links (the mailbox shows them); spent tokens go anyway.
    await runCron(local(), new Date(now))
    const kept = await db.select().from(emailOutbox).where(eq(emailOutbox.id, retired!.id))
    expect(kept[0]!.text).toContain('#token=')
    const left = async () => ({
      resets: (await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id)))
        .map((row) => row.tokenHash)
        .sort(),
      tokens: (await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id)))
        .map((row) => row.tokenHash)
        .sort(),
    })
    const stillValid = {
      resets: resets
        .slice(2)
        .map((row) => row.tokenHash)
        .sort(),
      tokens: tokens
        .slice(2)
        .map((row) => row.tokenHash)
        .sort(),
    }
    expect(await left()).toEqual(stillValid)

    const { secrets } = await runCron(production(), new Date(now))
    expect(secrets?.blanked).toBeGreaterThanOrEqual(3)
    const byId = new Map((await mailsTo(email)).map((row) => [row.id, row]))
    for (const row of [retired, lapsed, failed]) expect(byId.get(row!.id)).toMatchObject(BLANK)
    expect(byId.get(waiting!.id)).toMatchObject({ text: waiting!.text, html: waiting!.html })
    expect(byId.get(plain!.id)).toMatchObject({ text: 'Oi', html: '<p>Oi</p>' })
    expect(await left()).toEqual(stillValid)
  })

  it('a purchase confirmation with a first-password link is stored secret and blanked once sent', async () => {
    // Bought with the tests' bindings (the sandbox provider); the sweep then runs as production.
    const { email, result } = await buyByCard(envWith())
    expect(result.status).toBe('paid')
    const [confirmation] = await mailsTo(email)
    expect(confirmation).toMatchObject({ status: 'sent', secret: true })
    const token = tokenIn(confirmation!.text)
    expect(confirmation!.text).toContain('&primeira=1')

    await runCron(production(), new Date())
    const [after] = await mailsTo(email)
    expect(after).toMatchObject({ status: 'sent', ...BLANK })
    expect(`${after!.html}${after!.text}`).not.toContain(token)
  })
})

describe('locally', () => {
  it('the development mailbox still shows the reset link', async () => {
    const { email } = await student()
    expect((await callWith(local(), '/password/email', jsonPost({ email }))).status).toBe(200)
    const [row] = await mailsTo(email)
    expect(row).toMatchObject({ status: 'sent', secret: true })
    const token = tokenIn(row!.text)
    expect(token).toBe(tokenIn((await emailApi.acceptedFor(email))[0]!.text))

    const mailbox = await callWith(local(), '/api/dev/mailbox')
    const shown = (mailbox.body as Array<{ to: string; text: string; html: string }>).find(
      (m) => m.to === email,
    )
    expect(shown?.text).toContain(`#token=${token}`)
    expect(shown?.html).toContain(`#token=${token}`)
  })
})
