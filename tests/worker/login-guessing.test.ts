// Issue 28, item 5: password guessing from many addresses meets a ceiling per account, and an
// IPv6 client's whole /64 is one address for every per-address limit.
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox } from '../../db/schema.ts'
import { AUTH_MESSAGES } from '../../worker/contract/auth.ts'
import { LIMITS, LOGIN_LIMITS } from '../../worker/domain/limits.ts'
import { hashingStats, hashPassword } from '../../worker/domain/password.ts'
import { AppError } from '../../worker/errors.ts'
import {
  forgetAccountFailures,
  throttledLogin,
  throttledPasswordCheck,
} from '../../worker/services/auth/throttle.ts'
import { createUser, testContext, testDb, uniqueEmail } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()
const PASSWORD = 'segredo1'
const LOCK_SUBJECT = 'Tentativas de acesso à sua conta — Instituto Renalis'
const { perAccount, perAccountAndAddress } = LOGIN_LIMITS

/** A /48 of the documentation range for this test run: its /64s are nobody else's. */
const run = Math.floor(Math.random() * 0xffff).toString(16)
let subnet = 0
/** A fresh /64, as text such as `2001:db8:1a2b:7`. */
const newPrefix = () => `2001:db8:${run}:${(subnet++).toString(16)}`

async function owner() {
  const email = uniqueEmail('dona')
  await createUser(db, { name: 'Helena Duarte Lima', email, passwordHash: await hashPassword(PASSWORD) })
  return email
}

async function login(email: string, password: string, ip: string) {
  const response = await workerFetch('http://localhost/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify({ email, password }),
  })
  const text = await response.text()
  return { response, status: response.status, body: text ? JSON.parse(text) : null }
}

const lockEmails = (email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, 'Tentativas de acesso%')))

const wrong = async (): Promise<never> => {
  throw new AppError('VALIDATION', AUTH_MESSAGES.wrongCredentials, {
    email: [AUTH_MESSAGES.wrongCredentials],
  })
}

describe('a ceiling per account, over every address', () => {
  it('40 wrong passwords for one account from 40 different addresses meet the limit', {
    timeout: 60_000,
  }, async () => {
    const email = await owner()
    const before = hashingStats.derivations
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      // Every other guess from an IPv4, the rest from IPv6 addresses of as many /64s.
      const ip = i % 2 ? `198.18.${Math.floor(Math.random() * 256)}.${i}` : `${newPrefix()}::${i}`
      statuses.push((await login(email, `errada-${i}`, ip)).status)
    }
    expect(statuses.slice(0, perAccount.maxFailures)).toEqual(Array(perAccount.maxFailures).fill(422))
    expect(statuses.slice(perAccount.maxFailures)).toEqual(Array(40 - perAccount.maxFailures).fill(429))
    expect(hashingStats.derivations - before).toBe(perAccount.maxFailures)

    // Locked even for the right password from a new address, with how long, and before any hash.
    const hashes = hashingStats.derivations
    const right = await login(email, PASSWORD, `${newPrefix()}::1`)
    expect(right.status).toBe(429)
    expect(right.body.errors.email[0]).toMatch(/pausado: tente de novo em 1[45] minutos/)
    const retryAfter = Number(right.response.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(perAccount.lock.seconds - 60)
    expect(retryAfter).toBeLessThanOrEqual(perAccount.lock.seconds)
    expect(hashingStats.derivations).toBe(hashes)

    // The owner hears of it once, with the way out.
    const mails = await lockEmails(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe(LOCK_SUBJECT)
    expect(mails[0]?.text).toContain('Olá, Helena!')
    expect(mails[0]?.text).toContain('pausado por 15 minutos')
    expect(mails[0]?.text).toContain("http://127.0.0.1:8787/login, use 'Esqueceu sua senha?'")
    expect(mails[0]?.html).toContain('href="http://127.0.0.1:8787/login"')

    // Another account is not affected.
    const other = await owner()
    expect((await login(other, PASSWORD, `${newPrefix()}::1`)).status).toBe(200)
  })

  it('sends no e-mail when no account has the address, and says nothing different', async () => {
    const email = uniqueEmail('ninguem')
    const at = (i: number) =>
      testContext({
        now: new Date(Date.parse('2031-03-01T12:00:00Z') + i * 1000),
        clientIp: `${newPrefix()}::9`,
      })
    for (let i = 0; i < perAccount.maxFailures; i++)
      await expect(throttledLogin(at(i), email, wrong)).rejects.toThrow()
    await expect(throttledLogin(at(20), email, async () => 'ok')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    })
    expect(await lockEmails(email)).toHaveLength(0)
  })

  it('ends the lock by itself, each further lock within a day twice as long, and e-mails once per lock', async () => {
    const email = await owner()
    const t0 = Date.parse('2030-06-01T12:00:00Z')
    let address = 0
    const at = (ms: number) =>
      testContext({ now: new Date(t0 + ms), clientIp: `limite-${email}-${address++}` })
    const lockFrom = async (start: number) => {
      for (let i = 0; i < perAccount.maxFailures; i++) {
        await expect(throttledLogin(at(start + i * 1000), email, wrong)).rejects.toMatchObject({
          code: 'VALIDATION',
        })
      }
      return start + (perAccount.maxFailures - 1) * 1000 // when the lock started
    }
    const ok = async () => 'ok'

    const first = await lockFrom(0)
    const firstEnd = first + perAccount.lock.seconds * 1000
    await expect(throttledLogin(at(first + 1000), email, ok)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: perAccount.lock.seconds - 1,
    })
    await expect(throttledLogin(at(firstEnd - 1), email, ok)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    await expect(throttledLogin(at(firstEnd), email, ok)).resolves.toBe('ok')
    expect(await lockEmails(email)).toHaveLength(1)

    // Guessing again the same day: the next lock lasts twice as long.
    const second = await lockFrom(firstEnd + 60_000)
    const secondEnd = second + 2 * perAccount.lock.seconds * 1000
    await expect(throttledLogin(at(second + 1000), email, ok)).rejects.toMatchObject({
      retryAfterSeconds: 2 * perAccount.lock.seconds - 1,
    })
    await expect(throttledLogin(at(secondEnd - 1), email, ok)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    await expect(throttledLogin(at(secondEnd), email, ok)).resolves.toBe('ok')
    const mails = await lockEmails(email)
    expect(mails).toHaveLength(2)
    expect(mails.map((m) => m.text.match(/pausado por ([^;]+);/)?.[1])).toEqual(['15 minutos', '30 minutos'])

    // A day after a lock ended, the next starts short again.
    const third = await lockFrom(secondEnd + perAccount.lock.memorySeconds * 1000 + 1000)
    await expect(throttledLogin(at(third + 1000), email, ok)).rejects.toMatchObject({
      retryAfterSeconds: perAccount.lock.seconds - 1,
    })

    // The owner proving who they are another way (a reset) ends it at once.
    await forgetAccountFailures(testContext(), email)
    await expect(throttledLogin(at(third + 2000), email, ok)).resolves.toBe('ok')
  })

  it('counts the current-password check of a password change against the same ceiling', async () => {
    const email = await owner()
    const t0 = Date.parse('2030-07-01T12:00:00Z')
    let i = 0
    const next = () => testContext({ now: new Date(t0 + i * 1000), clientIp: `${newPrefix()}::${++i}` })
    const wrongCurrent = async (): Promise<never> => {
      throw new AppError('VALIDATION', AUTH_MESSAGES.currentPasswordWrong, {
        senha_atual: [AUTH_MESSAGES.currentPasswordWrong],
      })
    }
    for (let n = 0; n < perAccount.maxFailures / 2; n++) {
      await expect(throttledPasswordCheck(next(), email, wrongCurrent)).rejects.toMatchObject({
        code: 'VALIDATION',
      })
      await expect(throttledLogin(next(), email, wrong)).rejects.toMatchObject({ code: 'VALIDATION' })
    }
    const refused = await throttledPasswordCheck(next(), email, async () => 'ok').catch(
      (error: AppError) => error,
    )
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Object.keys((refused as AppError).fields ?? {})).toEqual(['senha_atual'])
    await expect(throttledLogin(next(), email, async () => 'ok')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    })
    expect(await lockEmails(email)).toHaveLength(1)
  })

  it('per e-mail + address, the check of a password change shares the 5 a minute of the login', async () => {
    const email = uniqueEmail('conta')
    const ctx = testContext({ now: new Date('2030-08-01T12:00:00Z'), clientIp: `${newPrefix()}::1` })
    for (let n = 0; n < perAccountAndAddress.maxFailures; n++) {
      const check = n % 2 ? throttledLogin : throttledPasswordCheck
      await expect(check(ctx, email, wrong)).rejects.toMatchObject({ code: 'VALIDATION' })
    }
    await expect(throttledPasswordCheck(ctx, email, async () => 'ok')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.tooManyAttempts,
    })
  })
})

describe('an IPv6 /64 is one address', () => {
  it('8 wrong passwords from 8 addresses of one /64 meet the per-address limit', async () => {
    const email = await owner()
    const prefix = newPrefix()
    const full = prefix
      .split(':')
      .map((g) => g.padStart(4, '0'))
      .join(':')
    const addresses = [
      `${prefix}::1`,
      `${prefix}::2`,
      `${prefix}:0:0:0:3`,
      `${full}:0000:0000:0000:0004`,
      `${prefix}:ffff:ffff:ffff:ffff`.toUpperCase(),
      `${prefix}:1234::6`,
      `${prefix}::192.0.2.7`,
      `${prefix}:abcd:ef01:2345:6789`,
    ]
    const before = hashingStats.derivations
    const answers = []
    for (const ip of addresses) answers.push(await login(email, 'errada', ip))
    const limit = perAccountAndAddress.maxFailures
    expect(answers.map((a) => a.status)).toEqual([...Array(limit).fill(422), ...Array(8 - limit).fill(429)])
    expect(answers[limit]?.body.errors.email).toEqual([AUTH_MESSAGES.tooManyAttempts])
    expect(hashingStats.derivations - before).toBe(limit)

    // Another /64 is another client: the owner gets in (5 failures are under the account's ceiling).
    expect((await login(email, PASSWORD, `${newPrefix()}::1`)).status).toBe(200)
  })

  it('counts the limits declared by routes per /64 too', async () => {
    const prefix = newPrefix()
    const send = (ip: string) =>
      workerFetch('http://localhost/carrinho-de-compras/set-cupom', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({ hash: 'x', key: 'X' }),
      })
    const answers = await Promise.all(
      Array.from({ length: LIMITS.coupon.limit + 3 }, (_, i) => send(`${prefix}:${(i + 1).toString(16)}::1`)),
    )
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3)
    expect((await send(`${newPrefix()}::1`)).status).not.toBe(429)
  })
})
