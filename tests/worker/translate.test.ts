import { afterEach, describe, expect, it, vi } from 'vitest'
import { GOOGLE_TRANSLATE_URL, googleTranslator } from '../../worker/adapters/translate.ts'
import { QUOTAS } from '../../worker/domain/limits.ts'
import { NOT_A_SITE_TEXT, normaliseText } from '../../worker/domain/translation.ts'
import { DependencyUnavailableError, dependencyFailure } from '../../worker/errors.ts'
import { sha256Hex } from '../../worker/services/hash.ts'
import { translateTexts } from '../../worker/services/i18n/translate.ts'
import { spendQuota } from '../../worker/services/limits/limits.ts'
import { createCourse, freshCatalog, testContext, testDb, testEnv, unique } from '../support/worker/db.ts'
import { answering, hangingFetch, stubService } from '../support/worker/fetch-stubs.ts'
import { workerFetch } from '../support/worker/http.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

async function translate(q: string[], target = 'en', ip?: string) {
  const response = await workerFetch('http://localhost/api/translate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'cf-connecting-ip': ip } : {}) },
    body: JSON.stringify({ q, target }),
  })
  return {
    status: response.status,
    body: (await response.json()) as { translations: Array<string | null> } & Record<string, unknown>,
  }
}

async function sandboxCalls() {
  const response = await workerFetch('http://localhost/api/dev/translate/stats')
  return ((await response.json()) as { calls: number }).calls
}

/** A published course, so its texts are the site's: a course page shows them. */
async function publishedCourse(values: { name?: string; summary?: string; description?: string } = {}) {
  const course = await createCourse(testDb(), {
    name: values.name ?? `Curso de nefrologia ${unique('n')}`,
    summary: values.summary ?? `Resumo do curso ${unique('s')}`,
    description: values.description ?? '',
  })
  await freshCatalog()
  return course
}

const cachedTranslation = async (target: string, text: string) =>
  testEnv.TRANSLATIONS.get(`tr:v2:${target}:${await sha256Hex(normaliseText(text))}`)

describe("POST /api/translate: the site's own texts only (sandbox translator, TRANSLATIONS KV)", () => {
  it('translates a text the site shows once, then serves it from the cache, per language', async () => {
    const { name } = await publishedCourse()
    const before = await sandboxCalls()

    const first = await translate([name])
    expect(first).toEqual({ status: 200, body: { translations: [`[EN] ${name}`] } })
    expect(await sandboxCalls()).toBe(before + 1)

    const again = await translate([name])
    expect(again.body.translations).toEqual([`[EN] ${name}`])
    expect(await sandboxCalls()).toBe(before + 1)

    // Spanish is its own translation.
    expect((await translate([name], 'es')).body.translations).toEqual([`[ES] ${name}`])
    expect(await sandboxCalls()).toBe(before + 2)
  })

  it('asks only for what is not cached, in one call, and answers in order', async () => {
    const { name: known, summary: fresh } = await publishedCourse()
    await translate([known])
    const before = await sandboxCalls()
    const { body } = await translate([fresh, known, fresh])
    expect(body.translations).toEqual([`[EN] ${fresh}`, `[EN] ${known}`, `[EN] ${fresh}`])
    expect(await sandboxCalls()).toBe(before + 1)
  })

  it("a page's text nodes as the page translator sends them: markdown pieces, spacing and composition aside", async () => {
    const tag = unique('md')
    await publishedCourse({
      description: `## Objetivos ${tag}\n\nAo final, o aluno **conduz a sessão ${tag}**\nde hemodiálise com [o protocolo ${tag}](/protocolo).\n\n- Acesso vascular ${tag}`,
    })
    const nodes = [
      `Objetivos ${tag}`,
      'Ao final, o aluno',
      `conduz a sessão ${tag}`,
      `o protocolo ${tag}`,
      `Acesso vascular ${tag}`,
    ]
    const { status, body } = await translate(nodes)
    expect(status).toBe(200)
    expect(body.translations).toEqual(nodes.map((text) => `[EN] ${text}`))
    // Another spacing or Unicode composition of a text is the same text, from the same copy.
    const before = await sandboxCalls()
    const spaced = `Acesso   vascular\n${tag}`
    const decomposed = `conduz a sessão ${tag}`.normalize('NFD')
    expect((await translate([spaced, decomposed])).body.translations).toEqual([
      `[EN] Acesso vascular ${tag}`,
      `[EN] conduz a sessão ${tag}`,
    ])
    expect(await sandboxCalls()).toBe(before)
  })

  it('refuses a text the site does not show: 422 in pt-BR, nothing sent to the service, nothing kept', async () => {
    const random = Array.from(
      { length: 1200 },
      () => 'abcdefghij klmnopqrstuvwxyzçã'[Math.floor(Math.random() * 30)],
    ).join('')
    const personal = [
      random,
      'Maria da Silva Souza',
      'maria.souza@example.com',
      'Olá, gostaria de saber se o curso tem certificado. Meu telefone é (41) 99999-0000.',
    ]
    const before = await sandboxCalls()
    for (const text of personal) {
      const refused = await translate([text])
      expect(refused).toEqual({
        status: 422,
        body: { message: NOT_A_SITE_TEXT, errors: { q: [NOT_A_SITE_TEXT] } },
      })
      expect(await cachedTranslation('en', text)).toBeNull()
    }
    // Beside a text of the site, another text comes back null and goes nowhere either.
    const { name } = await publishedCourse()
    const mixed = await translate([personal[1]!, name, random])
    expect(mixed).toEqual({ status: 200, body: { translations: [null, `[EN] ${name}`, null] } })
    expect(await sandboxCalls()).toBe(before + 1)
    expect(await cachedTranslation('en', personal[1]!)).toBeNull()
    expect(await cachedTranslation('en', name)).toBe(JSON.stringify({ t: `[EN] ${name}` }))
  })

  it("a draft (an unpublished course) is not the site's yet", async () => {
    const name = `Curso em rascunho ${unique('r')}`
    await createCourse(testDb(), { name, isPublished: false })
    await freshCatalog()
    expect((await translate([name])).status).toBe(422)
  })

  it('characters sent to the service are paid from a per-address quota: over it, 429; cached texts still answer', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`
    const { name, summary } = await publishedCourse()
    expect((await translate([name], 'en', ip)).status).toBe(200)
    // The rest of this address's hour, spent.
    const quota = QUOTAS.translationPerAddress
    await spendQuota(testContext({ clientIp: ip }), 'translationPerAddress', quota.amount - name.length)

    const before = await sandboxCalls()
    const over = await translate([summary], 'en', ip)
    expect(over).toEqual({ status: 429, body: { msg: quota.message } })
    expect(await sandboxCalls()).toBe(before)
    // What is cached costs the service nothing: still translated.
    expect(await translate([name], 'en', ip)).toEqual({
      status: 200,
      body: { translations: [`[EN] ${name}`] },
    })
    // Another address has its own quota.
    expect((await translate([summary])).status).toBe(200)
  })

  it('text stays text through the HTML format: markup and quotes come back as the site wrote them', async () => {
    const { name } = await publishedCourse({ name: `Curso <b>${unique('c')}</b> & "aspas"` })
    expect((await translate([name])).body.translations).toEqual([`[EN] ${name}`])
  })

  it('refuses what it cannot translate: unknown language, no text, too many texts', async () => {
    expect((await translate(['Olá'], 'fr')).status).toBe(422)
    expect((await translate(['Olá'], 'pt-BR')).status).toBe(422)
    expect((await translate([])).status).toBe(422)
    expect((await translate([''])).status).toBe(422)
    expect((await translate(Array.from({ length: 51 }, (_, i) => `t${i}`))).status).toBe(422)
  })
})

describe('Google Cloud Translation v2 adapter (recorded answers)', () => {
  it('posts q, target, format html with the key in a header', async () => {
    const fetcher = answering(200, {
      data: {
        translations: [
          { translatedText: 'Added to cart successfully!' },
          { translatedText: 'Hello &amp; bye' },
        ],
      },
    })
    const result = await googleTranslator({ apiKey: 'AIza-test', timeoutMs: 3000 }, fetcher).translate(
      ['Adicionado ao carrinho com sucesso!', 'Olá &amp; tchau'],
      'en',
    )
    expect(result).toEqual(['Added to cart successfully!', 'Hello &amp; bye'])
    const [url, init] = fetcher.mock.calls[0]!
    expect(url).toBe(GOOGLE_TRANSLATE_URL)
    expect(String(url)).not.toContain('AIza')
    expect((init!.headers as Record<string, string>)['X-Goog-Api-Key']).toBe('AIza-test')
    expect(JSON.parse(String(init!.body))).toEqual({
      q: ['Adicionado ao carrinho com sucesso!', 'Olá &amp; tchau'],
      target: 'en',
      format: 'html',
      source: 'pt',
    })
  })

  it('a refusal, a malformed answer or a timeout is DependencyUnavailableError', async () => {
    const refusal = answering(403, { error: { code: 403, message: 'API key not valid.' } })
    await expect(
      googleTranslator({ apiKey: 'k', timeoutMs: 3000 }, refusal).translate(['a'], 'en'),
    ).rejects.toThrow(DependencyUnavailableError)
    const short = answering(200, { data: { translations: [] } })
    await expect(
      googleTranslator({ apiKey: 'k', timeoutMs: 3000 }, short).translate(['a'], 'en'),
    ).rejects.toThrow('answer out of format')
    const hanging = hangingFetch()
    await expect(
      googleTranslator({ apiKey: 'k', timeoutMs: 50 }, hanging).translate(['a'], 'en'),
    ).rejects.toMatchObject({ dependency: 'translation', reason: 'timeout' })
  })

  it('with a key the Worker calls the service; a failure is a 503 that caches nothing', async () => {
    const calls = stubService(
      'https://translate.example/',
      () => new Response('indisponível', { status: 500 }),
    )
    const ctx = testContext({
      env: { ...testEnv, TRANSLATE_API_KEY: 'chave', TRANSLATE_API_URL: 'https://translate.example/v2' },
    })
    const { name: text } = await publishedCourse()
    const failure = await translateTexts({ ctx, texts: [text], target: 'en' }).catch(
      (error: unknown) => error,
    )
    // app.onError answers a dependency failure with 503 and Retry-After.
    expect(dependencyFailure(failure)?.dependency).toBe('translation')
    // A 500 is worth one more try (a translation is idempotent), within the 3 s deadline.
    expect(calls).toHaveLength(2)
    // Nothing was kept: without the key the same text now comes from the sandbox.
    expect(await translateTexts({ ctx: testContext(), texts: [text], target: 'en' })).toEqual([
      `[EN] ${text}`,
    ])
  })
})
