import { desc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emailOutbox, leads } from '../../db/schema.ts'
import { forwardContactMessage } from '../../worker/adapters/contact-forward.ts'
import { INSTITUTE } from '../../worker/domain/institute.ts'
import { DependencyUnavailableError } from '../../worker/errors.ts'
import { sendContactMessage } from '../../worker/services/contact/send.ts'
import { testContext, testDb, testEnv, unique } from '../support/worker/db.ts'
import { hangingFetch, stubService } from '../support/worker/fetch-stubs.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()

function valid(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Beatriz Souza',
    email: `${unique('ana')}@example.com`,
    telefone: '(41) 99876-5432',
    descricao: 'Gostaria de saber as datas da próxima turma presencial.',
    to: INSTITUTE.emails.contact,
    ...overrides,
  }
}

function send(body: unknown, headers: Record<string, string> = {}) {
  return workerFetch('http://localhost/contato/send', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const leadsOf = (email: string) => db.select().from(leads).where(eq(leads.email, email))
const mailMentioning = async (email: string) =>
  (await db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(50)).filter((row) =>
    row.text.includes(email),
  )

afterEach(() => {
  vi.restoreAllMocks()
})

describe('POST /contato/send', () => {
  it('stores the lead, queues the e-mail to the institute and answers at once', async () => {
    const input = valid({ descricao: 'Olá <script>alert(1)</script> & "aspas"\nsegunda linha' })
    const response = await send(input)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ msg: 'Mensagem enviada com sucesso' })

    const [lead] = await leadsOf(input.email)
    expect(lead).toMatchObject({
      name: 'Ana Beatriz Souza',
      phone: '(41) 99876-5432',
      target: 'contato',
      recipient: INSTITUTE.emails.contact,
      description: input.descricao,
    })
    const [mail] = await mailMentioning(input.email)
    expect(mail?.to).toBe(INSTITUTE.emails.contact)
    expect(mail?.subject).toBe('Fale com a gente: Ana Beatriz Souza')
    // The visitor's words are text in the HTML e-mail, never markup.
    expect(mail?.html).toContain('Olá &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;aspas&quot;')
    expect(mail?.html).not.toContain('<script>')
    expect(mail?.text).toContain('segunda linha')
  })

  it("the floating widget's messages are leads of target 'chat'; the education address is allowed", async () => {
    const input = valid({ target: 'chat', to: INSTITUTE.emails.education })
    expect((await send(input)).status).toBe(200)
    const [lead] = await leadsOf(input.email)
    expect(lead).toMatchObject({ target: 'chat', recipient: INSTITUTE.emails.education })
    const [mail] = await mailMentioning(input.email)
    expect(mail?.to).toBe(INSTITUTE.emails.education)
  })

  it.each([
    'vitima@example.com',
    'contato@institutorenalis.com.br.evil.example',
    'contato@institutorenalis.com.br, vitima@example.com',
    '',
  ])('refuses a recipient outside the institute (%j): 422, nothing stored or sent', async (to) => {
    const input = valid({ to })
    const response = await send(input)
    expect(response.status).toBe(422)
    const body = (await response.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(body.errors)).toEqual(['to'])
    expect(await leadsOf(input.email)).toEqual([])
    expect(await mailMentioning(input.email)).toEqual([])
  })

  const BAD = { name: 'Ana', email: 'ana@exemplo', telefone: '(01) 2345-6789' }
  const combos = [
    ['name'],
    ['email'],
    ['telefone'],
    ['name', 'email'],
    ['name', 'telefone'],
    ['email', 'telefone'],
    ['name', 'email', 'telefone'],
  ] as const
  it.each(combos.map((fields) => ({ fields })))(
    'refuses what the form refuses: $fields fail, exactly',
    async ({ fields }) => {
      const overrides = Object.fromEntries(fields.map((field) => [field, BAD[field]]))
      const input = valid(overrides)
      const response = await send(input)
      expect(response.status).toBe(422)
      const body = (await response.json()) as { errors: Record<string, string[]> }
      expect(Object.keys(body.errors).sort()).toEqual([...fields].sort())
      const email = typeof overrides.email === 'string' ? overrides.email : input.email
      expect(await leadsOf(email)).toEqual([])
    },
  )

  it('a filled honeypot is refused with a message a person can act on, and nothing is sent', async () => {
    const input = valid({ website: 'https://spam.example' })
    const response = await send(input)
    expect(response.status).toBe(422)
    const body = (await response.json()) as { errors: Record<string, string[]> }
    expect(body.errors.website?.[0]).toContain(INSTITUTE.emails.contact)
    expect(await leadsOf(input.email)).toEqual([])
  })

  it('size limits: a long message is a 422 with the limit, an oversize body a 413', async () => {
    const long = valid({ descricao: 'a'.repeat(5001) })
    const response = await send(long)
    expect(response.status).toBe(422)
    expect(JSON.stringify(await response.json())).toContain('5000')

    const huge = await send(JSON.stringify(valid({ descricao: 'a'.repeat(40_000) })))
    expect(huge.status).toBe(413)
  })

  it('a per-IP limit: the 21st message within an hour answers 429 in words, with Retry-After', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 4)}`
    for (let i = 0; i < 20; i++) {
      const response = await send(valid(), { 'cf-connecting-ip': ip })
      expect(response.status).toBe(200)
    }
    const refused = await send(valid(), { 'cf-connecting-ip': ip })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as { msg: string }).msg).toContain(INSTITUTE.emails.contact)
    // Another visitor is not affected.
    expect((await send(valid())).status).toBe(200)
  })

  it('malformed JSON and unknown fields are 4xx, never 500', async () => {
    expect((await send('{"name":')).status).toBe(400)
    expect((await send(valid({ cc: 'outra@example.com' }))).status).toBe(422)
  })
})

describe('external contact mode (/api/sendMsg)', () => {
  const message = {
    name: 'Ana Beatriz Souza',
    email: 'ana@example.com',
    telefone: '(41) 99876-5432',
    descricao: 'Olá & até logo',
    to: INSTITUTE.emails.contact,
  }

  it('sends the fields as query parameters, JSON headers, no body', async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ ok: true }))
    await forwardContactMessage(
      { url: 'https://institute.example/api/sendMsg', timeoutMs: 10_000 },
      message,
      fetcher,
    )
    const [url, init] = fetcher.mock.calls[0]!
    const sent = new URL(String(url))
    expect(sent.origin + sent.pathname).toBe('https://institute.example/api/sendMsg')
    expect(Object.fromEntries(sent.searchParams)).toEqual(message)
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' })
    expect(init?.body).toBeUndefined()
    expect(init?.signal).toBeInstanceOf(AbortSignal) // the deadline helper's
  })

  it('a refusal or a timeout is a clean DependencyUnavailableError, and it is never repeated', async () => {
    const refused = vi.fn<typeof fetch>().mockResolvedValue(new Response('falhou', { status: 502 }))
    await expect(
      forwardContactMessage({ url: 'https://i.example/api/sendMsg', timeoutMs: 10_000 }, message, refused),
    ).rejects.toThrow(DependencyUnavailableError)
    expect(refused).toHaveBeenCalledTimes(1)
    const notFound = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }))
    await expect(
      forwardContactMessage({ url: 'https://i.example/api/sendMsg', timeoutMs: 10_000 }, message, notFound),
    ).rejects.toThrow('HTTP 404')
    const hanging = hangingFetch()
    await expect(
      forwardContactMessage({ url: 'https://i.example/api/sendMsg', timeoutMs: 50 }, message, hanging),
    ).rejects.toMatchObject({ dependency: 'contact', reason: 'timeout' })
  })

  it('the Worker forwards when configured, and falls back to the outbox when the far end fails', async () => {
    const forwarded = stubService(
      'https://institute.example/',
      () => new Response('indisponível', { status: 503 }),
    )
    const pending: Promise<unknown>[] = []
    const ctx = testContext({
      env: { ...testEnv, CONTACT_FORWARD_URL: 'https://institute.example/api/sendMsg' },
      waitUntil: (promise) => pending.push(promise),
    })
    const email = `${unique('externo')}@example.com`
    await sendContactMessage({ ctx, message: { ...message, email, target: 'contato' } })
    await Promise.all(pending)

    expect(forwarded).toHaveLength(1)
    expect(new URL(forwarded[0]!).searchParams.get('email')).toBe(email)
    expect(await leadsOf(email)).toHaveLength(1)
    // The far end failed: the message still reaches the institute, through the outbox.
    const [mail] = await mailMentioning(email)
    expect(mail?.to).toBe(INSTITUTE.emails.contact)
  })
})
