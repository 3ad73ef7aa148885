import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { oauthAccounts } from '../../db/schema.ts'
import { FACEBOOK_GRAPH_VERSION, oauthClient } from '../../worker/adapters/oauth.ts'
import { hashPassword } from '../../worker/domain/password.ts'
import { createUser, sessionCookie, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()
const BASE = 'http://localhost'
const fetchWorker = (path: string, init?: RequestInit) =>
  workerFetch(`${BASE}${path}`, { redirect: 'manual', ...init })
const cookieValue = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1)

/** Walks the popup: /redirect → sandbox consent → callback; answers the callback request's parts. */
async function sandboxConsent(
  email: string,
  provider: 'google' | 'facebook' = 'google',
  { link = false, session = '' }: { link?: boolean; session?: string } = {},
) {
  // Linking starts in Meu perfil (a fresh session needs no password); a login at /redirect.
  const start = link
    ? await fetchWorker('/api/usuario/conta/vincular', {
        method: 'POST',
        headers: { cookie: session, 'content-type': 'application/json', origin: BASE },
        body: JSON.stringify({ provider }),
      })
    : await fetchWorker(`/redirect?login=${provider}`)
  expect(start.status).toBe(link ? 200 : 302)
  const location = link
    ? ((await start.clone().json()) as { url: string }).url
    : start.headers.get('location')!
  const authorize = new URL(location, BASE)
  expect(authorize.pathname).toBe('/oauth/sandbox/authorize')
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  const oauthCookie = cookieValue(start, 'renalis_oauth')!
  expect(start.headers.getSetCookie().join()).toMatch(/renalis_oauth=.*HttpOnly.*/i)

  const page = await fetchWorker(authorize.pathname + authorize.search)
  expect(await page.text()).toContain('<button type="submit">Entrar</button>')
  const form = new URLSearchParams({
    provider,
    state: authorize.searchParams.get('state')!,
    code_challenge: authorize.searchParams.get('code_challenge')!,
    name: 'Joana Prado',
    email,
  })
  const consent = await fetchWorker('/oauth/sandbox/authorize', {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
  })
  expect(consent.status).toBe(302)
  return { callback: consent.headers.get('location')!, oauthCookie }
}

const resultOf = async (response: Response) => {
  const html = await response.text()
  const match = /var m=(\{.*?\});/.exec(html)
  return JSON.parse(match?.[1] ?? '{}') as {
    type: string
    status: string
    new_user: boolean
    message?: string
    linked?: boolean
  }
}

describe('social login through the sandbox provider', () => {
  it('creates a new student, opens a session and tells the opener with the new-user flag', async () => {
    const email = `${unique('joana')}@teste.example`
    const { callback, oauthCookie } = await sandboxConsent(email)
    const done = await fetchWorker(callback, { headers: { cookie: oauthCookie } })
    expect(await resultOf(done)).toEqual({ type: 'social-login', status: 'ok', new_user: true })
    const session = cookieValue(done, 'renalis_session')
    expect(session).toBeTruthy()

    const me = await fetchWorker('/admin/user/get', { headers: { cookie: session! } })
    expect(await me.json()).toMatchObject({ email, name: 'Joana Prado', type: 'N', new_user: true })
  })

  it('links to an existing account by verified e-mail instead of creating another', async () => {
    const user = await createUser(db, { passwordHash: await hashPassword('senha123') })
    const { callback, oauthCookie } = await sandboxConsent(user.email)
    const done = await fetchWorker(callback, { headers: { cookie: oauthCookie } })
    expect(await resultOf(done)).toMatchObject({ status: 'ok', new_user: false })
    const links = await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))
    expect(links).toHaveLength(1)
  })

  it('a Facebook e-mail that already has an account does not sign in: it asks for the password and the link', async () => {
    const user = await createUser(db, { passwordHash: await hashPassword('senha123') })
    const { callback, oauthCookie } = await sandboxConsent(user.email, 'facebook')
    const done = await fetchWorker(callback, { headers: { cookie: oauthCookie } })
    expect(await resultOf(done)).toEqual({
      type: 'social-login',
      status: 'error',
      new_user: false,
      message:
        'Este e-mail já tem conta. Entre com seu e-mail e senha e vincule esta rede social em Meu perfil.',
    })
    expect(cookieValue(done, 'renalis_session')).toBeUndefined()
    expect(await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toEqual([])
  })

  it('links Facebook from the profile of the signed-in account; Facebook then signs in to it', async () => {
    const user = await createUser(db, { passwordHash: await hashPassword('senha123') })
    const session = await sessionCookie(user.id)
    const { callback, oauthCookie } = await sandboxConsent(user.email, 'facebook', { link: true, session })
    const linked = await fetchWorker(callback, { headers: { cookie: `${oauthCookie}; ${session}` } })
    expect(await resultOf(linked)).toEqual({
      type: 'social-login',
      status: 'ok',
      new_user: false,
      linked: true,
    })
    expect(cookieValue(linked, 'renalis_session')).toBeUndefined()
    expect(await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toHaveLength(1)

    const later = await sandboxConsent(user.email, 'facebook')
    const signedIn = await fetchWorker(later.callback, { headers: { cookie: later.oauthCookie } })
    expect(await resultOf(signedIn)).toMatchObject({ status: 'ok', new_user: false })
    const me = await fetchWorker('/admin/user/get', {
      headers: { cookie: cookieValue(signedIn, 'renalis_session')! },
    })
    expect(await me.json()).toMatchObject({ id: user.id, email: user.email })
  })

  it('linking needs the same signed-in account at the start and at the callback', async () => {
    const noSession = await fetchWorker('/api/usuario/conta/vincular', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ provider: 'facebook' }),
    })
    expect(noSession.status).toBe(401)
    const owner = await createUser(db)
    const other = await createUser(db)
    const { callback, oauthCookie } = await sandboxConsent(owner.email, 'facebook', {
      link: true,
      session: await sessionCookie(owner.id),
    })
    const swapped = await fetchWorker(callback, {
      headers: { cookie: `${oauthCookie}; ${await sessionCookie(other.id)}` },
    })
    expect((await resultOf(swapped)).status).toBe('error')
    expect(await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, other.id))).toEqual([])
  })

  it('refuses a callback whose state does not match the cookie, and opens no session', async () => {
    const { callback, oauthCookie } = await sandboxConsent(`${unique('x')}@teste.example`)
    const tampered = callback.replace(/state=[^&]+/, 'state=forjado')
    const done = await fetchWorker(tampered, { headers: { cookie: oauthCookie } })
    expect(await resultOf(done)).toMatchObject({
      status: 'error',
      message: 'Não foi possível concluir o login. Tente novamente.',
    })
    expect(cookieValue(done, 'renalis_session')).toBeUndefined()

    const noCookie = await fetchWorker(callback)
    expect((await resultOf(noCookie)).status).toBe('error')
  })

  it('refuses a replayed callback: the code is single use', async () => {
    const { callback, oauthCookie } = await sandboxConsent(`${unique('y')}@teste.example`)
    expect((await resultOf(await fetchWorker(callback, { headers: { cookie: oauthCookie } }))).status).toBe(
      'ok',
    )
    const replay = await fetchWorker(callback, { headers: { cookie: oauthCookie } })
    expect((await resultOf(replay)).status).toBe('error')
    expect(cookieValue(replay, 'renalis_session')).toBeUndefined()
  })

  it('answers Instagram with a clear message, and an unknown provider with 422', async () => {
    const instagram = await fetchWorker('/redirect?login=instagram')
    expect(await resultOf(instagram)).toEqual({
      type: 'social-login',
      status: 'error',
      new_user: false,
      message: 'Login com Instagram não está disponível.',
    })
    const unknown = await fetchWorker('/redirect?login=orkut')
    expect(unknown.status).toBe(422)
  })
})

describe('provider adapters against recorded responses (outbound fetch mocked)', () => {
  afterEach(() => vi.restoreAllMocks())
  const config = {
    origin: 'https://www.institutorenalis.com.br',
    googleClientId: 'google-id',
    googleClientSecret: 'google-secret',
    facebookClientId: 'fb-id',
    facebookClientSecret: 'fb-secret',
    allowSandbox: false,
  }
  const b64url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

  it('Google: PKCE in the authorization URL, profile from the ID token', async () => {
    const google = oauthClient('google', config)!
    const url = google.authorizationUrl('estado', 'verificador-com-43-caracteres-no-minimo-0000')
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://www.institutorenalis.com.br/oauth/google/callback',
    )

    const idToken = `${b64url({ alg: 'RS256' })}.${b64url({ sub: '1098', email: 'Ana@Gmail.com', email_verified: true, name: 'Ana' })}.sig`
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        Response.json({ access_token: 'ya29', token_type: 'Bearer', expires_in: 3599, id_token: idToken }),
      )
    const profile = await google.exchange('codigo', 'verificador-com-43-caracteres-no-minimo-0000')
    expect(profile).toEqual({
      provider: 'google',
      providerUserId: '1098',
      email: 'ana@gmail.com',
      emailVerified: true,
      name: 'Ana',
    })
    const request = fetchSpy.mock.calls[0]![0] as Request
    expect(request.url).toBe('https://oauth2.googleapis.com/token')
    expect(await request.text()).toContain('code_verifier=verificador')
  })

  it('Facebook: the current Graph API version everywhere, no PKCE, and its e-mail never taken as verified', async () => {
    const facebook = oauthClient('facebook', config)!
    expect(facebook.usesPkce).toBe(false)
    expect(FACEBOOK_GRAPH_VERSION).toBe('v26.0')
    const url = facebook.authorizationUrl('estado', '')
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v26.0/dialog/oauth')
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://www.institutorenalis.com.br/oauth/facebook/callback',
    )
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        Response.json({ access_token: 'EAAB', token_type: 'bearer', expires_in: 5183944 }),
      )
      .mockResolvedValueOnce(Response.json({ id: '7788', name: 'Bruno Lima', email: 'bruno@example.com' }))
    const profile = await facebook.exchange('codigo', '')
    expect(profile).toEqual({
      provider: 'facebook',
      providerUserId: '7788',
      email: 'bruno@example.com',
      emailVerified: false,
      name: 'Bruno Lima',
    })
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('https://graph.facebook.com/v26.0/oauth/access_token')
    expect(String(fetchSpy.mock.calls[1]![0])).toMatch(/^https:\/\/graph\.facebook\.com\/v26\.0\/me\?/)
  })

  it('in production an unconfigured provider is unavailable (no sandbox)', () => {
    expect(oauthClient('google', { origin: config.origin, allowSandbox: false })).toBeNull()
  })
})
