import { afterEach, describe, expect, it, vi } from 'vitest'
import { GOOGLE_TRANSLATE_URL, googleTranslator } from '../../worker/adapters/translate.ts'
import { DependencyUnavailableError, dependencyFailure } from '../../worker/errors.ts'
import { translateTexts } from '../../worker/services/i18n/translate.ts'
import { testContext, testEnv, unique } from '../fixtures/db.ts'
import { workerFetch } from '../fixtures/http.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

async function translate(q: string[], target = 'en') {
  const response = await workerFetch('http://localhost/api/translate', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ q, target }),
  })
  return { status: response.status, body: (await response.json()) as { translations: string[] } }
}

async function sandboxCalls() {
  const response = await workerFetch('http://localhost/api/dev/translate/stats')
  return ((await response.json()) as { calls: number }).calls
}

describe('POST /api/translate (sandbox translator, TRANSLATIONS KV)', () => {
  it('translates a server message once, then serves it from the cache, per language', async () => {
    const text = `O pedido ${unique('x')} não pôde ser concluído.`
    const before = await sandboxCalls()

    const first = await translate([text])
    expect(first).toEqual({ status: 200, body: { translations: [`[EN] ${text}`] } })
    expect(await sandboxCalls()).toBe(before + 1)

    const again = await translate([text])
    expect(again.body.translations).toEqual([`[EN] ${text}`])
    expect(await sandboxCalls()).toBe(before + 1)

    // Spanish is its own translation.
    expect((await translate([text], 'es')).body.translations).toEqual([`[ES] ${text}`])
    expect(await sandboxCalls()).toBe(before + 2)
  })

  it('asks only for what is not cached, in one call, and answers in order', async () => {
    const known = `Conhecida ${unique('a')}`
    const fresh = `Nova ${unique('b')}`
    await translate([known])
    const before = await sandboxCalls()
    const { body } = await translate([fresh, known, fresh])
    expect(body.translations).toEqual([`[EN] ${fresh}`, `[EN] ${known}`, `[EN] ${fresh}`])
    expect(await sandboxCalls()).toBe(before + 1)
  })

  it('text stays text through the HTML format: markup, quotes and line breaks come back as sent', async () => {
    const text = `Erro <b>${unique('c')}</b> & "aspas"\nsegunda linha`
    expect((await translate([text])).body.translations).toEqual([`[EN] ${text}`])
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
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(
      Response.json({
        data: {
          translations: [
            { translatedText: 'Added to cart successfully!' },
            { translatedText: 'Hello &amp; bye' },
          ],
        },
      }),
    )
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
    const refusal = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        Response.json({ error: { code: 403, message: 'API key not valid.' } }, { status: 403 }),
      )
    await expect(
      googleTranslator({ apiKey: 'k', timeoutMs: 3000 }, refusal).translate(['a'], 'en'),
    ).rejects.toThrow(DependencyUnavailableError)
    const short = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ data: { translations: [] } }))
    await expect(
      googleTranslator({ apiKey: 'k', timeoutMs: 3000 }, short).translate(['a'], 'en'),
    ).rejects.toThrow('answer out of format')
    const hanging = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
    )
    await expect(
      googleTranslator({ apiKey: 'k', timeoutMs: 50 }, hanging).translate(['a'], 'en'),
    ).rejects.toMatchObject({ dependency: 'translation', reason: 'timeout' })
  })

  it('with a key the Worker calls the service; a failure is a 503 that caches nothing', async () => {
    const original = globalThis.fetch
    const calls: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (!url.startsWith('https://translate.example/')) return original(input, init)
      calls.push(url)
      return Promise.resolve(new Response('indisponível', { status: 500 }))
    })
    const ctx = testContext({
      env: { ...testEnv, TRANSLATE_API_KEY: 'chave', TRANSLATE_API_URL: 'https://translate.example/v2' },
    })
    const text = `Falha ${unique('d')}`
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
