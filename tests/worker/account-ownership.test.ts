import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { oauthAccounts, sessions, users } from '../../db/schema.ts'
import { ACCOUNT_MESSAGES } from '../../worker/contract/account.ts'
import { AUTH_MESSAGES } from '../../worker/contract/auth.ts'
import { buyClass, call as checkoutCall, newPayer } from '../support/worker/checkout.ts'
import { createUser, sessionCookie, testDb, uniqueEmail } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { latestMailsTo, mailsTo } from '../support/worker/mail.ts'

// Issue 28: who owns an account. Each sequence ends with the stranger's browser and password
// reaching nothing of the owner's.

const BASE = 'http://localhost'
const db = testDb()
const address = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`

async function call(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; ip?: string; base?: string } = {},
) {
  const headers: Record<string, string> = {
    origin: init.base ?? BASE,
    'cf-connecting-ip': init.ip ?? address(),
  }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.cookie) headers.cookie = init.cookie
  const response = await workerFetch(`${init.base ?? BASE}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    redirect: 'manual',
  })
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = text
  }
  return { response, status: response.status, body: body as Record<string, unknown> & unknown[] }
}

const sessionOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => /^(__Host-)?renalis_session=.+/.test(cookie)) ?? ''

/** The last e-mail to `to` whose text has a link to `path`: its token. */
async function mailedToken(to: string, path: string) {
  for (const row of await latestMailsTo(to)) {
    const match = new RegExp(`${path}#token=([\\w-]+)`).exec(row.text)
    if (match) return match[1]!
  }
  throw new Error(`nenhum e-mail para ${to} com ${path}`)
}

async function mailedCode(to: string) {
  const [row] = await latestMailsTo(to)
  return /é (\d{6})\./.exec(row?.text ?? '')?.[1] ?? ''
}

const purchases = async (cookie: string) => {
  const { status, body } = await call('/api/usuario/compras', { cookie })
  return {
    status,
    ids: status === 200 ? (body as unknown as { order_id: string }[]).map((o) => o.order_id) : [],
  }
}

const classesOf = async (cookie: string) => {
  const { status, body } = await call('/api/usuario/cursos', { cookie })
  return status === 200 ? (body as unknown as { class_id: number }[]).map((row) => row.class_id) : []
}

const login = (email: string, password: string, ip = address()) =>
  call('/login', { body: { email, password }, ip })

const signUp = (email: string, password = 'senha-do-estranho') =>
  call('/user/create_user', {
    body: { name: 'Estranho da Silva', email, password, phone: '(41) 99876-0000' },
  })

/** The owner follows the link of their purchase confirmation and sets a password (the proof). */
async function ownerProvesByConfirmation(email: string, password: string) {
  const token = await mailedToken(email, '/senha/redefinir')
  const reset = await call('/api/auth/reset-password', {
    body: { token, password, password_confirmation: password },
  })
  expect(reset.status, JSON.stringify(reset.body)).toBe(200)
}

describe('a guest checkout with a stranger e-mail (issue 28, sequence 1)', () => {
  it('the stranger browser sees only its own order; the owner proves the address and the stranger loses the account', async () => {
    const email = uniqueEmail('vitima')
    // 1. The stranger buys by PIX with the victim's e-mail: a new account, a session for that browser.
    const stranger = await buyClass('PIX', { ...newPayer(), email })
    expect(stranger.cookie).not.toBe('')
    // Setting the first password needs the proof of the e-mail: the code only the mailbox has.
    const setPassword = await call('/usuario/perfil/updatePassword/', {
      body: { senha_nova: 'estranho1', senha_repete: 'estranho1' },
      cookie: stranger.cookie,
    })
    expect(setPassword.status).toBe(422)
    expect((setPassword.body as unknown as { errors: Record<string, string[]> }).errors.codigo).toEqual([
      ACCOUNT_MESSAGES.codeRequired,
    ])
    const wrongCode = await call('/usuario/perfil/updatePassword/', {
      body: { senha_nova: 'estranho1', senha_repete: 'estranho1', codigo: '000000' },
      cookie: stranger.cookie,
    })
    expect(wrongCode.status).toBe(422)

    // 2. The owner buys as a guest with their own e-mail, by card: paid at once.
    const owner = await buyClass('CREDIT_CARD', { ...newPayer(), email })
    expect(owner.cookie).toBe('')
    expect(owner.order.userId).toBeNull()
    expect(owner.order.claimEmail).toBe(email)

    // The stranger's browser lists its own order and nothing of the owner's.
    expect((await purchases(stranger.cookie)).ids).toEqual([stranger.order.id])
    expect(await classesOf(stranger.cookie)).not.toContain(owner.turma.id)

    // The owner's confirmation carries the link that proves the address; following it ends the
    // stranger's session, and the owner's purchase is theirs.
    await ownerProvesByConfirmation(email, 'dona-da-conta')
    expect((await purchases(stranger.cookie)).status).toBe(401)
    const signedIn = await login(email, 'dona-da-conta')
    expect(signedIn.status).toBe(200)
    const ownerCookie = sessionOf(signedIn.response)
    expect((await purchases(ownerCookie)).ids.sort()).toEqual([stranger.order.id, owner.order.id].sort())
    expect(await classesOf(ownerCookie)).toContain(owner.turma.id)
    expect((await login(email, 'estranho1')).status).toBe(422)
  })

  it('the new-user modal sets the first password with the code the e-mail received', async () => {
    const email = uniqueEmail('compradora')
    const buyer = await buyClass('PIX', { ...newPayer(), email })
    const sent = await call('/api/usuario/conta/codigo', { method: 'POST', cookie: buyer.cookie })
    expect(sent.status).toBe(200)
    expect((sent.body as unknown as { msg: string }).msg).toBe(ACCOUNT_MESSAGES.codeSent(email))
    const codigo = await mailedCode(email)
    expect(codigo).toMatch(/^\d{6}$/)
    const set = await call('/usuario/perfil/updatePassword/', {
      body: { senha_nova: 'minha-senha', senha_repete: 'minha-senha', codigo },
      cookie: buyer.cookie,
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    // A new session for this browser; the old token is dead.
    const renewed = sessionOf(set.response)
    expect(renewed).not.toBe('')
    expect((await purchases(buyer.cookie)).status).toBe(401)
    const me = await call('/admin/user/get', { cookie: renewed })
    expect(me.body).toMatchObject({ email, new_user: false, email_verified: true })
    // The code is spent.
    const again = await call('/usuario/perfil/updatePassword/', {
      body: { senha_atual: 'minha-senha', senha_nova: 'outra-senha', senha_repete: 'outra-senha' },
      cookie: renewed,
    })
    expect(again.status).toBe(200)
  })
})

describe('a sign-up with a stranger e-mail (issue 28, sequence 2)', () => {
  it('later guest orders wait for the proof; the password the stranger set dies with it', async () => {
    const email = uniqueEmail('vitima')
    const signedUp = await signUp(email)
    expect(signedUp.status).toBe(200)
    expect((signedUp.body as unknown as { data: { email_verified: boolean } }).data.email_verified).toBe(
      false,
    )
    const strangerCookie = sessionOf(signedUp.response)

    const owner = await buyClass('CREDIT_CARD', { ...newPayer(), email })
    expect(owner.order.userId).toBeNull()

    // From the sign-up browser and from a new login anywhere: nothing of the owner's.
    expect((await purchases(strangerCookie)).ids).toEqual([])
    const elsewhere = sessionOf((await login(email, 'senha-do-estranho')).response)
    expect((await purchases(elsewhere)).ids).toEqual([])
    expect(await classesOf(elsewhere)).toEqual([])

    // The sign-up confirmation link proves nothing without the account's session: the owner,
    // who got it, cannot use it signed out, and the stranger never sees it.
    const confirmToken = await mailedToken(email, '/conta/confirmar-email')
    const signedOut = await call('/api/conta/confirmar-email', { body: { token: confirmToken } })
    expect(signedOut.status).toBe(401)
    const otherAccount = await createUser(db)
    const wrongAccount = await call('/api/conta/confirmar-email', {
      body: { token: confirmToken },
      cookie: await sessionCookie(otherAccount.id),
    })
    expect(wrongAccount.status).toBe(422)

    await ownerProvesByConfirmation(email, 'dona-da-conta')
    expect((await purchases(strangerCookie)).status).toBe(401)
    expect((await purchases(elsewhere)).status).toBe(401)
    expect((await login(email, 'senha-do-estranho')).status).toBe(422)
    const ownerCookie = sessionOf((await login(email, 'dona-da-conta')).response)
    expect((await purchases(ownerCookie)).ids).toEqual([owner.order.id])
  })

  it('the sign-up confirmation, opened signed in to the account, proves the address and claims its orders', async () => {
    const email = uniqueEmail('aluna')
    const signedUp = await signUp(email, 'minha-senha')
    const cookie = sessionOf(signedUp.response)
    const guest = await buyClass('CREDIT_CARD', { ...newPayer(), email })
    expect((await purchases(cookie)).ids).toEqual([])
    const confirmed = await call('/api/conta/confirmar-email', {
      body: { token: await mailedToken(email, '/conta/confirmar-email') },
      cookie,
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(confirmed.body).toMatchObject({ msg: ACCOUNT_MESSAGES.confirmed, data: { email_verified: true } })
    expect((await purchases(cookie)).ids).toEqual([guest.order.id])
    expect(await classesOf(cookie)).toContain(guest.turma.id)
    // A later guest purchase goes straight to the proved account.
    const later = await buyClass('CREDIT_CARD', { ...newPayer(), email })
    expect(later.order.userId).toBe((confirmed.body as unknown as { data: { id: number } }).data.id)
  })
})

describe('a verified Google login wins over an unproved password (issue 28, Google variant)', () => {
  it('ends the password and every session the stranger holds, and the owner reaches the purchases', async () => {
    const email = uniqueEmail('vitima')
    const signedUp = await signUp(email)
    const strangerCookie = sessionOf(signedUp.response)
    const owner = await buyClass('CREDIT_CARD', { ...newPayer(), email })

    const google = await googleLogin(email)
    expect(google.status).toBe('ok')
    expect((await purchases(strangerCookie)).status).toBe(401)
    expect((await login(email, 'senha-do-estranho')).status).toBe(422)
    expect((await purchases(google.cookie)).ids).toEqual([owner.order.id])
    const me = await call('/admin/user/get', { cookie: google.cookie })
    // The owner sets a new password, with no code: the Google login proved the address.
    expect(me.body).toMatchObject({ email, new_user: true, email_verified: true })
    const set = await call('/usuario/perfil/updatePassword/', {
      body: { senha_nova: 'dona-da-conta', senha_repete: 'dona-da-conta' },
      cookie: google.cookie,
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
  })

  it('a Facebook e-mail still never opens an existing account', async () => {
    const email = uniqueEmail('vitima')
    await signUp(email)
    expect((await googleLogin(email, 'facebook')).status).toBe('error')
  })
})

/** The sandbox provider's popup, as a browser walks it; its session cookie when it signed in. */
async function googleLogin(
  email: string,
  provider: 'google' | 'facebook' = 'google',
  start?: string,
  cookie = '',
) {
  const first = start
    ? { location: start, oauth: cookie }
    : await (async () => {
        const response = await workerFetch(`${BASE}/redirect?login=${provider}`, { redirect: 'manual' })
        return {
          location: response.headers.get('location')!,
          oauth: response.headers
            .getSetCookie()
            .map((c) => c.split(';')[0]!)
            .find((c) => c.startsWith('renalis_oauth='))!,
        }
      })()
  const authorize = new URL(first.location, BASE)
  const consent = await workerFetch(`${BASE}/oauth/sandbox/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
    body: new URLSearchParams({
      provider,
      state: authorize.searchParams.get('state')!,
      code_challenge: authorize.searchParams.get('code_challenge')!,
      name: 'Dona da Conta',
      email,
    }),
  })
  const callback = await workerFetch(new URL(consent.headers.get('location')!, BASE).toString(), {
    redirect: 'manual',
    headers: { cookie: first.oauth },
  })
  const html = await callback.text()
  const result = JSON.parse(/var m=(\{.*?\});/.exec(html)?.[1] ?? '{}') as {
    status: string
    message?: string
  }
  return { status: result.status, message: result.message, cookie: sessionOf(callback) }
}

describe('changing the e-mail (issue 28, item 3)', () => {
  it('is pending until the link sent to the new address is opened; the old address is told', async () => {
    const user = await createUser(db, { phone: '(41) 99876-1111' })
    const cookie = await sessionCookie(user.id)
    const other = await sessionCookie(user.id)
    const next = uniqueEmail('novo')
    const asked = await call('/usuario/perfil/updateUser', {
      method: 'PUT',
      body: { name: 'Pessoa Atualizada', email: next, phone: '(41) 99876-2222' },
      cookie,
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body).toMatchObject({
      msg: ACCOUNT_MESSAGES.changePending(next),
      data: { email: user.email, name: 'Pessoa Atualizada' },
    })
    const security = await call('/api/usuario/conta', { cookie })
    expect(security.body).toMatchObject({ pending_email: next, email_verified: true })
    await mailedToken(user.email, '/conta/nao-fui-eu')

    const confirmed = await call('/api/conta/confirmar-email', {
      body: { token: await mailedToken(next, '/conta/confirmar-email') },
      cookie,
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(confirmed.body).toMatchObject({ data: { email: next, email_verified: true } })
    // Other sessions end when it takes effect; this one stays.
    expect((await call('/admin/user/get', { cookie: other })).body).toBeNull()
    expect((await call('/admin/user/get', { cookie })).body).toMatchObject({ email: next })
  })

  it('"não fui eu" from the old address cancels the change and ends every session', async () => {
    const user = await createUser(db)
    const cookie = await sessionCookie(user.id)
    const next = uniqueEmail('ladrao')
    await call('/usuario/perfil/updateUser', {
      method: 'PUT',
      body: { name: user.name, email: next, phone: '(41) 99876-2222' },
      cookie,
    })
    const notMe = await call('/api/conta/nao-fui-eu', {
      body: { token: await mailedToken(user.email, '/conta/nao-fui-eu') },
    })
    expect(notMe.status).toBe(200)
    expect((notMe.body as unknown as { msg: string }).msg).toBe(ACCOUNT_MESSAGES.notMeDone)
    expect((await call('/admin/user/get', { cookie })).body).toBeNull()
    const late = await call('/api/conta/confirmar-email', {
      body: { token: await mailedToken(next, '/conta/confirmar-email') },
      cookie: await sessionCookie(user.id),
    })
    expect(late.status).toBe(422)
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row!.email).toBe(user.email)
  })
})

describe('sessions (issue 28, item 6)', () => {
  it('"Sair de todos os dispositivos" ends every session, this one too', async () => {
    const user = await createUser(db)
    const here = await sessionCookie(user.id)
    const there = await sessionCookie(user.id)
    const security = await call('/api/usuario/conta', { cookie: here })
    expect(security.body).toMatchObject({ other_sessions: 1 })
    const out = await call('/api/usuario/conta/sair-de-todos', { method: 'POST', cookie: here })
    expect(out.status).toBe(200)
    expect((await call('/admin/user/get', { cookie: here })).body).toBeNull()
    expect((await call('/admin/user/get', { cookie: there })).body).toBeNull()
  })

  it('a session idle for more than 7 days ends before its 30 days', async () => {
    const user = await createUser(db)
    const cookie = await sessionCookie(user.id)
    await db
      .update(sessions)
      .set({
        lastSeenAt: new Date(Date.now() - 8 * 86_400_000),
        createdAt: new Date(Date.now() - 9 * 86_400_000),
      })
      .where(eq(sessions.userId, user.id))
    expect((await call('/admin/user/get', { cookie })).body).toBeNull()
  })

  it('logout is never refused by a rate limit', async () => {
    const ip = address()
    for (let i = 0; i < 70; i++) {
      expect((await call('/logout', { method: 'POST', ip })).status).toBe(200)
    }
  })

  it('over https the session cookie is __Host- prefixed', async () => {
    const email = uniqueEmail('https')
    const response = await workerFetch('https://loja.example/user/create_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://loja.example' },
      body: JSON.stringify({ name: 'Maria Clara', email, password: 'segredo1', phone: '(41) 99876-5432' }),
    })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((c) => c.includes('renalis_session='))!
    expect(cookie).toMatch(/^__Host-renalis_session=/)
    expect(cookie).toMatch(/Secure/i)
    expect(cookie).toMatch(/Path=\//i)
    expect(cookie).not.toMatch(/Domain=/i)
  })
})

describe('provider links (issue 28, item 4)', () => {
  it('linking asks the password after the first minutes of a login, e-mails the owner, and unlinks', async () => {
    const signedUp = await signUp(uniqueEmail('perfil'), 'minha-senha')
    const email = (signedUp.body as unknown as { data: { email: string } }).data.email
    const user = (await db.select().from(users).where(eq(users.email, email)))[0]!
    const cookie = sessionOf(signedUp.response)
    // A fresh login stands for the password.
    const fresh = await call('/api/usuario/conta/vincular', { body: { provider: 'google' }, cookie })
    expect(fresh.status).toBe(200)
    // Past the recent-login window, the password is asked.
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.userId, user.id))
    const asked = await call('/api/usuario/conta/vincular', { body: { provider: 'google' }, cookie })
    expect(asked.status).toBe(422)
    expect((asked.body as unknown as { errors: Record<string, string[]> }).errors.senha).toEqual([
      ACCOUNT_MESSAGES.providerPasswordRequired,
    ])
    const wrong = await call('/api/usuario/conta/vincular', {
      body: { provider: 'google', senha: 'errada' },
      cookie,
    })
    expect(wrong.status).toBe(422)
    const started = await call('/api/usuario/conta/vincular', {
      body: { provider: 'google', senha: 'minha-senha' },
      cookie,
    })
    expect(started.status).toBe(200)
    const oauth = started.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('renalis_oauth='))!
    const linked = await googleLogin(
      email,
      'google',
      (started.body as unknown as { url: string }).url,
      `${oauth}; ${cookie}`,
    )
    expect(linked.status).toBe('ok')
    const notices = await mailsTo(email)
    expect(notices.some((row) => row.subject.startsWith('Google vinculado à sua conta'))).toBe(true)

    const security = await call('/api/usuario/conta', { cookie })
    expect(security.body).toMatchObject({ providers: [{ provider: 'google', email }], email_verified: true })
    const unlinked = await call('/api/usuario/conta/vinculos/google', { method: 'DELETE', cookie })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body).toMatchObject({ msg: ACCOUNT_MESSAGES.providerUnlinked, data: { providers: [] } })
  })

  it('the only way into a passwordless account is never unlinked', async () => {
    const email = uniqueEmail('google')
    const google = await googleLogin(email)
    const refused = await call('/api/usuario/conta/vinculos/google', {
      method: 'DELETE',
      cookie: google.cookie,
    })
    expect(refused.status).toBe(422)
    expect((refused.body as unknown as { errors: Record<string, string[]> }).errors.provider).toEqual([
      ACCOUNT_MESSAGES.providerLastWayIn,
    ])
  })

  it('a password reset lists the linked providers and unlinks the ones chosen', async () => {
    const email = uniqueEmail('reset')
    const google = await googleLogin(email)
    expect(google.status).toBe('ok')
    const asked = await checkoutCall('/password/email', { email })
    expect(asked.status).toBe(200)
    const token = await mailedToken(email, '/senha/redefinir')
    const account = await call('/api/auth/reset-password/conta', { body: { token } })
    expect(account.body).toMatchObject({ email, providers: [{ provider: 'google' }] })
    // A second request does not void the first link.
    await checkoutCall('/password/email', { email })
    const reset = await call('/api/auth/reset-password', {
      body: { token, password: 'nova-senha', password_confirmation: 'nova-senha', desvincular: ['google'] },
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect((reset.body as unknown as { msg: string }).msg).toBe(AUTH_MESSAGES.resetDone)
    const [row] = await db.select().from(users).where(eq(users.email, email))
    expect(await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, row!.id))).toEqual([])
    // The link is spent, and the second one died with its use.
    const reused = await call('/api/auth/reset-password', {
      body: { token, password: 'outra-senha', password_confirmation: 'outra-senha' },
    })
    expect(reused.status).toBe(422)
    const second = await mailedToken(email, '/senha/redefinir')
    expect(second).not.toBe(token)
    const secondUse = await call('/api/auth/reset-password', {
      body: { token: second, password: 'outra-senha', password_confirmation: 'outra-senha' },
    })
    expect(secondUse.status).toBe(422)
  })
})
