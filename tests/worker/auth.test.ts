import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { passwordResets, users } from '../../db/schema.ts'
import { ACCOUNT_MESSAGES } from '../../worker/contract/account.ts'
import { AUTH_MESSAGES, User } from '../../worker/contract/auth.ts'
import { hashingStats, hashPassword } from '../../worker/domain/password.ts'
import { throttledLogin } from '../../worker/services/auth/throttle.ts'
import { hashToken } from '../../worker/services/auth/tokens.ts'
import { createUser, sessionCookie, testContext, testDb, uniqueEmail } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const ORIGIN = 'http://localhost'
const db = testDb()

async function call(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers }
  if (init.cookie) headers.cookie = init.cookie
  const response = await workerFetch(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  })
  const text = await response.text()
  return { response, status: response.status, body: text ? JSON.parse(text) : null, text }
}

const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? ''
// Each test uses its own IP, so the per e-mail + IP limiter never carries over between tests.
const ip = () => ({
  'cf-connecting-ip': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
})

async function registerStudent(overrides: Record<string, string> = {}) {
  const input = {
    name: 'Maria Clara Ribeiro',
    email: uniqueEmail('aluna'),
    password: 'segredo1',
    phone: '(41) 99876-5432',
    ...overrides,
  }
  const result = await call('/user/create_user', { body: input })
  return { ...result, input, cookie: cookieOf(result.response) }
}

describe('sign-up', () => {
  it('creates a student, logs them in with an HttpOnly SameSite cookie, and never returns secrets', async () => {
    const { status, body, response, input, cookie, text } = await registerStudent({
      name: '  Maria Clara Ribeiro  ',
    })
    expect(status).toBe(200)
    expect(body.msg).toBe(AUTH_MESSAGES.registered)
    expect(User.strict().parse(body.data)).toMatchObject({
      name: 'Maria Clara Ribeiro',
      email: input.email,
      type: 'N',
    })
    const setCookie = response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).not.toMatch(/Secure/i) // plain-http localhost only
    expect(text).not.toMatch(/scrypt|password|hash/i)

    const me = await call('/admin/user/get', { cookie })
    expect(me.status).toBe(200)
    expect(me.body).toEqual(body.data)
  })

  it('refuses invalid input field by field with pt-BR messages and creates nothing', async () => {
    const email = uniqueEmail('aluna')
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: 'Al' }, 'name', 'Informe seu nome completo.'],
      [{ email: 'nao-e-email' }, 'email', 'Informe um e-mail válido.'],
      [{ password: '12345' }, 'password', 'A senha deve possuir no mínimo 6 caracteres.'],
      [
        { phone: '(01) 9999-9999' },
        'phone',
        'Informe um telefone válido: (##) ####-#### ou (##) #####-####.',
      ],
    ]
    for (const [override, field, message] of cases) {
      const { status, body } = await registerStudent({ email, ...override })
      expect(status, field).toBe(422)
      expect(body.errors[field]).toEqual([message])
    }
    const rows = await db.select().from(users).where(eq(users.email, email))
    expect(rows).toEqual([])

    const malformed = await call('/user/create_user', { body: '{"name":' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({ msg: 'O corpo da requisição não é um JSON válido.' })
  })

  it('refuses an e-mail already registered by someone else, whatever its case', async () => {
    const first = await registerStudent()
    const other = await registerStudent({
      email: first.input.email.toUpperCase(),
      name: 'Outra Pessoa',
      password: 'outra-senha',
    })
    expect(other.status).toBe(422)
    expect(other.body.errors.email).toEqual([AUTH_MESSAGES.emailTaken])
    const wrongPassword = await registerStudent({ email: first.input.email, password: 'outra-senha' })
    expect(wrongPassword.status).toBe(422)
  })

  it('signs in when the same sign-up is sent again (its first answer lost in an outage)', async () => {
    const first = await registerStudent()
    const again = await call('/user/create_user', { body: first.input })
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ id: first.body.data.id, email: first.input.email })
    const cookie = cookieOf(again.response)
    expect(cookie).toMatch(/^renalis_session=.+/)
    expect((await call('/admin/user/get', { cookie })).body).toMatchObject({ id: first.body.data.id })
    expect(await db.select().from(users).where(eq(users.email, first.input.email))).toHaveLength(1)

    // Not once the account is older than a quarter of an hour: then it is an e-mail taken.
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(users.email, first.input.email))
    const late = await call('/user/create_user', { body: first.input })
    expect(late.status).toBe(422)
    expect(late.body.errors.email).toEqual([AUTH_MESSAGES.emailTaken])
  })
})

describe('login and logout', () => {
  it('logs in with the right password and answers 422 "Usuário ou senha incorreta" otherwise', async () => {
    const { input } = await registerStudent()
    const wrong = await call('/login', {
      body: { email: input.email, password: 'errada!', json: true },
      headers: ip(),
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors.email).toEqual([AUTH_MESSAGES.wrongCredentials])
    const unknown = await call('/login', {
      body: { email: uniqueEmail('aluna'), password: 'qualquer' },
      headers: ip(),
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.email).toEqual([AUTH_MESSAGES.wrongCredentials])

    const ok = await call('/login', {
      body: { email: input.email.toUpperCase(), password: input.password, json: true },
      headers: ip(),
    })
    expect(ok.status).toBe(200)
    expect(User.strict().parse(ok.body).email).toBe(input.email)
  })

  it('logout ends the session on the server: the replayed cookie gets 401', async () => {
    const { cookie } = await registerStudent()
    expect((await call('/admin/user/get', { cookie })).status).toBe(200)
    const out = await call('/logout', { body: {}, cookie })
    expect(out.body).toEqual({ success: true })
    expect(out.response.headers.get('set-cookie')).toMatch(/Max-Age=0/i)
    const replay = await call('/admin/user/get', { cookie })
    expect(replay.status).toBe(200)
    expect(replay.body).toBeNull()
    const area = await call('/usuario/perfil/updateUser', { method: 'PUT', body: {}, cookie })
    expect(area.status).toBe(401)
    expect(area.body).toEqual({ message: 'Unauthenticated.' })
  })

  it('an expired session is refused', async () => {
    const user = await createUser(db)
    const cookie = await sessionCookie(user.id, new Date(Date.now() - 1000))
    expect((await call('/admin/user/get', { cookie })).body).toBeNull()
  })

  it('refuses state-changing requests from another origin with 419', async () => {
    const { input } = await registerStudent()
    const foreign = await call('/login', {
      body: { email: input.email, password: input.password },
      headers: { origin: 'https://golpe.example', ...ip() },
    })
    expect(foreign.status).toBe(419)
    expect(foreign.response.headers.get('set-cookie')).toBeNull()
    const crossSite = await call('/logout', { body: {}, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(crossSite.status).toBe(419)
    const same = await call('/login', {
      body: { email: input.email, password: input.password },
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...ip() },
    })
    expect(same.status).toBe(200)
  })
})

describe('login rate limit', () => {
  it('answers the 6th failure within a minute with 429 and computes no hash, even for the right password', async () => {
    const { input } = await registerStudent()
    const headers = ip()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { status } = await call('/login', { body: { email: input.email, password: 'errada' }, headers })
      expect(status, `attempt ${attempt}`).toBe(422)
    }
    const before = hashingStats.derivations
    const sixth = await call('/login', { body: { email: input.email, password: input.password }, headers })
    expect(sixth.status).toBe(429)
    expect(sixth.body.errors.email[0]).toBe('Muitas tentativas, aguarde um minuto.')
    expect(hashingStats.derivations).toBe(before)

    // Another IP, or another e-mail from the same IP, is not affected.
    expect(
      (await call('/login', { body: { email: input.email, password: input.password }, headers: ip() }))
        .status,
    ).toBe(200)
  })

  it('lets attempts through again once the minute has passed', async () => {
    const { input } = await registerStudent()
    const at = (ms: number) =>
      testContext({ now: new Date(Date.parse('2030-01-01T12:00:00Z') + ms), clientIp: `rl-${input.email}` })
    const fail = async () => {
      throw new (await import('../../worker/errors.ts')).AppError('VALIDATION', 'x', { email: ['x'] })
    }
    for (let i = 0; i < 5; i++)
      await expect(throttledLogin(at(i * 1000), input.email, fail)).rejects.toThrow()
    await expect(throttledLogin(at(59_000), input.email, async () => 'ok')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    })
    await expect(throttledLogin(at(60_001), input.email, async () => 'ok')).resolves.toBe('ok')
  })

  it('counts concurrent attempts exactly: 10 wrong guesses at once hash at most 5 times', async () => {
    const { input } = await registerStudent()
    const headers = ip()
    const before = hashingStats.derivations
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('/login', { body: { email: input.email, password: 'errada' }, headers }),
      ),
    )
    expect(statuses.filter((r) => r.status === 422)).toHaveLength(5)
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(5)
    expect(hashingStats.derivations - before).toBe(5)
  })
})

describe('password change', () => {
  it('shows every failing rule of the SPEC form together', async () => {
    const { cookie } = await registerStudent()
    const empty = await call('/usuario/perfil/updatePassword/', { body: {}, cookie })
    expect(empty.status).toBe(422)
    expect(empty.body.errors.senha).toEqual([
      'Favor inseirir a senha atual!',
      'Favor inseirir a nova senha!',
      'Favor inseirir a repetir a nova senha!',
    ])
    const short = await call('/usuario/perfil/updatePassword/', {
      body: { senha_atual: 'segredo1', senha_nova: '123', senha_repete: '1234' },
      cookie,
    })
    expect(short.body.errors.senha).toEqual([
      'A Nova senha deve possuir mais de 6 caracteres!',
      'Favor repetir a nova senha!',
    ])
    const wrongCurrent = await call('/usuario/perfil/updatePassword/', {
      body: { senha_atual: 'outra', senha_nova: 'novaSenha', senha_repete: 'novaSenha' },
      cookie,
    })
    expect(wrongCurrent.body.errors.senha_atual).toEqual([AUTH_MESSAGES.currentPasswordWrong])
  })

  it('changes the password, ends every session and gives this browser a new one', async () => {
    const { input, cookie } = await registerStudent()
    const other = cookieOf(
      (await call('/login', { body: { email: input.email, password: input.password }, headers: ip() }))
        .response,
    )
    expect((await call('/admin/user/get', { cookie: other })).status).toBe(200)

    const changed = await call('/usuario/perfil/updatePassword/', {
      body: { senha_atual: input.password, senha_nova: 'novaSenha9', senha_repete: 'novaSenha9' },
      cookie,
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ data: 'Senha atualizada com sucesso!' })
    const renewed = cookieOf(changed.response)
    expect(renewed).not.toBe(cookie)
    expect((await call('/admin/user/get', { cookie: other })).body).toBeNull()
    // The token this browser held before the change is dead too: a stolen copy of it stops working.
    expect((await call('/admin/user/get', { cookie })).body).toBeNull()
    expect((await call('/admin/user/get', { cookie: renewed })).body).toMatchObject({ email: input.email })
    const relogin = await call('/login', {
      body: { email: input.email, password: 'novaSenha9' },
      headers: ip(),
    })
    expect(relogin.status).toBe(200)
  })

  it('a new (social) user sets a password without the current one', async () => {
    const user = await createUser(db, { isNewUser: true, passwordHash: null })
    const cookie = await sessionCookie(user.id)
    const set = await call('/usuario/perfil/updatePassword/', {
      body: { senha_nova: 'primeira1', senha_repete: 'primeira1' },
      cookie,
    })
    expect(set.status).toBe(200)
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row?.isNewUser).toBe(false)
  })
})

describe('profile', () => {
  it('updates name and phone at once; a new e-mail waits for its link; refuses an e-mail of another account', async () => {
    const { cookie, input } = await registerStudent()
    const other = await registerStudent()
    const email = uniqueEmail('aluna')
    const ok = await call('/usuario/perfil/updateUser', {
      method: 'PUT',
      body: { name: 'Maria C. Ribeiro', email, phone: '(41) 3333-0101' },
      cookie,
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({
      name: 'Maria C. Ribeiro',
      email: input.email,
      phone: '(41) 3333-0101',
    })
    expect(ok.body.msg).toBe(ACCOUNT_MESSAGES.changePending(email))
    const taken = await call('/usuario/perfil/updateUser', {
      method: 'PUT',
      body: { name: 'Maria C. Ribeiro', email: other.input.email, phone: '(41) 3333-0101' },
      cookie,
    })
    expect(taken.status).toBe(422)
    expect(taken.body.errors.email).toEqual([AUTH_MESSAGES.emailTaken])
  })
})

describe('password reset', () => {
  const mailbox = async () => (await call('/api/dev/mailbox')).body as Array<{ to: string; text: string }>
  const linkToken = (text: string) => /token=([\w-]+)/.exec(text)?.[1] ?? ''

  it('says when the e-mail is unknown', async () => {
    const { status, body } = await call('/password/email', { body: { email: uniqueEmail('aluna') } })
    expect(status).toBe(422)
    expect(body.errors.email).toEqual(['Não encontramos seu e-mail em nossa base de dados!'])
  })

  it('e-mails a single-use link that sets a new password and ends every session', async () => {
    const { input, cookie } = await registerStudent()
    const sent = await call('/password/email', { body: { email: input.email } })
    expect(sent.body).toEqual({ msg: 'Enviamos seu link de redefinição de senha por e-mail!' })
    const message = (await mailbox()).find((m) => m.to === input.email)
    expect(message?.text).toContain('/senha/redefinir#token=')
    const token = linkToken(message!.text)

    const reset = await call('/api/auth/reset-password', {
      body: { token, password: 'redefinida1', password_confirmation: 'redefinida1' },
    })
    expect(reset.status).toBe(200)
    expect(reset.body.msg).toBe(AUTH_MESSAGES.resetDone)
    expect((await call('/admin/user/get', { cookie })).body).toBeNull()
    expect(
      (await call('/login', { body: { email: input.email, password: 'redefinida1' }, headers: ip() })).status,
    ).toBe(200)

    const replay = await call('/api/auth/reset-password', {
      body: { token, password: 'outraSenha1', password_confirmation: 'outraSenha1' },
    })
    expect(replay.status).toBe(422)
    expect(replay.body.errors.token).toEqual([AUTH_MESSAGES.resetInvalid])
    expect(
      (await call('/login', { body: { email: input.email, password: 'outraSenha1' }, headers: ip() })).status,
    ).toBe(422)
  })

  it('refuses an expired link and keeps the old password', async () => {
    const user = await createUser(db, { passwordHash: await hashPassword('antiga12') })
    const token = `expirado-${crypto.randomUUID()}`
    await db.insert(passwordResets).values({
      tokenHash: await hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() - 1000),
    })
    const reset = await call('/api/auth/reset-password', {
      body: { token, password: 'nova12345', password_confirmation: 'nova12345' },
    })
    expect(reset.status).toBe(422)
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row?.passwordHash).toMatch(/^scrypt\$/)
    expect(
      (await call('/login', { body: { email: user.email, password: 'antiga12' }, headers: ip() })).status,
    ).toBe(200)
  })
})
