/**
 * The translation port (DESIGN 8): Google Cloud Translation v2 in production, with the key held
 * by the Worker as a secret; locally, with no key, a sandbox that answers so the whole path runs.
 * Texts go and come back as HTML (SPEC section 7: `q`, `target`, `format: html`).
 */
import type { TranslationTarget } from '../domain/languages.ts'
import { DependencyUnavailableError } from '../errors.ts'
import { fetchWithDeadline } from './deadline.ts'

export type Translator = {
  name: 'google' | 'sandbox'
  /** One translation per text, in order; throws DependencyUnavailableError on any failure. */
  translate(html: string[], target: TranslationTarget): Promise<string[]>
}

export const GOOGLE_TRANSLATE_URL = 'https://translation.googleapis.com/language/translate/v2'

type GoogleAnswer = { data?: { translations?: Array<{ translatedText?: unknown }> } }

/**
 * Google Cloud Translation v2 under the deadline helper: a translation is idempotent, so one
 * retry when time is left. Any failure (no answer, 5xx, a refused key, an answer out of shape) is
 * a DependencyUnavailableError: the route answers 503 and the browser shows the Portuguese text.
 */
export function googleTranslator(
  config: { apiKey: string; endpoint?: string | undefined; timeoutMs: number },
  fetcher?: typeof fetch,
): Translator {
  return {
    name: 'google',
    async translate(html, target) {
      const response = await fetchWithDeadline(
        'translation',
        config.endpoint ?? GOOGLE_TRANSLATE_URL,
        {
          method: 'POST',
          // The key in a header, not the URL: URLs end up in logs.
          headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': config.apiKey },
          body: JSON.stringify({ q: html, target, format: 'html', source: 'pt' }),
        },
        { timeoutMs: config.timeoutMs, retry: 'idempotent', ...(fetcher ? { fetcher } : {}) },
      )
      if (!response.ok) {
        throw new DependencyUnavailableError('translation', 'error_status', `HTTP ${response.status}`)
      }
      const body = (await response.json().catch(() => null)) as GoogleAnswer | null
      const translations = body?.data?.translations?.map((item) => item.translatedText)
      if (
        !translations ||
        translations.length !== html.length ||
        !translations.every((text) => typeof text === 'string')
      ) {
        throw new DependencyUnavailableError('translation', 'error_status', 'answer out of format')
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
