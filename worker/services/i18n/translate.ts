import { deadlineOf } from '../../adapters/deadline.ts'
import {
  googleTranslator,
  sandboxTranslator,
  sandboxTranslatorCalls,
  type Translator,
} from '../../adapters/translate.ts'
import type { AppContext } from '../../context.ts'
import type { TranslationTarget } from '../../domain/languages.ts'
import { htmlToText, textToHtml } from '../../domain/translation.ts'
import { sha256Hex } from '../hash.ts'

/** Translations do not change: kept for 90 days, then asked again. */
const KV_TTL_SECONDS = 90 * 86_400

export function translator(ctx: AppContext): Translator {
  const { TRANSLATE_API_KEY, TRANSLATE_API_URL } = ctx.env
  return TRANSLATE_API_KEY
    ? googleTranslator({
        apiKey: TRANSLATE_API_KEY,
        endpoint: TRANSLATE_API_URL,
        timeoutMs: deadlineOf(ctx.env, 'translation'),
      })
    : sandboxTranslator
}

async function kvKey(target: TranslationTarget, text: string) {
  return `tr:v1:${target}:${await sha256Hex(text)}`
}

type Stored = { t: string }
const isStored = (value: unknown): value is Stored =>
  typeof value === 'object' && value !== null && typeof (value as Stored).t === 'string'

/**
 * POST /api/translate: each text from the TRANSLATIONS KV when someone asked before, the rest in
 * one call to the translation service, then kept per language. What fails is a 503 (the deadline
 * helper's DependencyUnavailableError): the browser then shows the Portuguese text.
 */
export async function translateTexts({
  ctx,
  texts,
  target,
}: {
  ctx: AppContext
  texts: string[]
  target: TranslationTarget
}): Promise<string[]> {
  const keys = await Promise.all(texts.map((text) => kvKey(target, text)))
  const stored = await Promise.all(
    keys.map((key) => ctx.env.TRANSLATIONS.get<unknown>(key, 'json').catch(() => null)),
  )
  const result = stored.map((value) => (isStored(value) ? value.t : null))

  const missing = [...new Set(texts.filter((_text, i) => result[i] === null))]
  if (missing.length === 0) return result as string[]

  // A failure (DependencyUnavailableError) is the route's 503, and nothing is kept.
  const translated = (await translator(ctx).translate(missing.map(textToHtml), target)).map(htmlToText)
  const byText = new Map(missing.map((text, i) => [text, translated[i]!]))
  // Awaited, not left to waitUntil: the next request for the same text must find it.
  await Promise.all(
    missing.map(
      async (text) =>
        ctx.env.TRANSLATIONS.put(
          await kvKey(target, text),
          JSON.stringify({ t: byText.get(text)! } satisfies Stored),
          {
            expirationTtl: KV_TTL_SECONDS,
          },
        ).catch(() => undefined), // an unsaved copy only costs another call later
    ),
  )
  return texts.map((text, i) => result[i] ?? byText.get(text)!)
}

/** Local only: how many calls reached the sandbox translator (tests count them). */
export const sandboxTranslationCalls = () => ({ calls: sandboxTranslatorCalls() })
