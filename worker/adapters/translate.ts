/**
 * The translation port (DESIGN 8): Google Cloud Translation v2 in production, with the key held
 * by the Worker as a secret; locally, with no key, a sandbox that answers so the whole path runs.
 * Texts go and come back as HTML (SPEC section 7: `q`, `target`, `format: html`).
 */
import type { TranslationTarget } from '../domain/languages.ts'

export type Translator = {
  name: 'google' | 'sandbox'
  /** One translation per text, in order; throws TranslationUnavailableError on any failure. */
  translate(html: string[], target: TranslationTarget): Promise<string[]>
}

export class TranslationUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TranslationUnavailableError'
  }
}

export const GOOGLE_TRANSLATE_URL = 'https://translation.googleapis.com/language/translate/v2'
export const TRANSLATE_TIMEOUT_MS = 5000

type GoogleAnswer = { data?: { translations?: Array<{ translatedText?: unknown }> } }

export function googleTranslator(
  config: { apiKey: string; endpoint?: string | undefined; timeoutMs?: number },
  fetcher: typeof fetch = fetch,
): Translator {
  return {
    name: 'google',
    async translate(html, target) {
      let response: Response
      try {
        response = await fetcher(config.endpoint ?? GOOGLE_TRANSLATE_URL, {
          method: 'POST',
          // The key in a header, not the URL: URLs end up in logs.
          headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': config.apiKey },
          body: JSON.stringify({ q: html, target, format: 'html', source: 'pt' }),
          signal: AbortSignal.timeout(config.timeoutMs ?? TRANSLATE_TIMEOUT_MS),
        })
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        throw new TranslationUnavailableError(
          timedOut ? 'o serviço de tradução não respondeu a tempo' : 'o serviço de tradução está inacessível',
        )
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw new TranslationUnavailableError(`o serviço de tradução respondeu ${response.status}`)
      }
      const body = (await response.json().catch(() => null)) as GoogleAnswer | null
      const translations = body?.data?.translations?.map((item) => item.translatedText)
      if (
        !translations ||
        translations.length !== html.length ||
        !translations.every((text) => typeof text === 'string')
      ) {
        throw new TranslationUnavailableError('o serviço de tradução respondeu fora do formato')
      }
      return translations as string[]
    },
  }
}

let sandboxCalls = 0

/**
 * Local default: marks each text with its target language, so a tester sees the path ran
 * (DESIGN 8 has it return the text unchanged; a marked text proves which way it came).
 */
export const sandboxTranslator: Translator = {
  name: 'sandbox',
  async translate(html, target) {
    sandboxCalls += 1
    return html.map((text) => `[${target.toUpperCase()}] ${text}`)
  },
}

/** Calls the sandbox answered since the isolate started (tests count them). */
export const sandboxTranslatorCalls = () => sandboxCalls
