import { deadlineOf } from '../../adapters/deadline.ts'
import {
  googleTranslator,
  sandboxTranslator,
  sandboxTranslatorCalls,
  type Translator,
} from '../../adapters/translate.ts'
import type { AppContext } from '../../context.ts'
import type { TranslationTarget } from '../../domain/languages.ts'
import { htmlToText, NOT_A_SITE_TEXT, normaliseText, textToHtml } from '../../domain/translation.ts'
import { invalidField } from '../../errors.ts'
import { sha256Hex } from '../hash.ts'
import { spendQuota } from '../limits/limits.ts'
import { siteTextHashes } from './site-texts.ts'

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

// v2: only the site's own texts, normalised (v1 took any text; its keys are never read again).
const kvKey = (target: TranslationTarget, hash: string) => `tr:v2:${target}:${hash}`

type Stored = { t: string }
const isStored = (value: unknown): value is Stored =>
  typeof value === 'object' && value !== null && typeof (value as Stored).t === 'string'

/**
 * POST /api/translate. Only a text the site itself shows (site-texts.ts: the catalogue's public
 * texts, normalised and hashed) is translated; any other is answered `null` and goes nowhere, and
 * when no text of the request is the site's the answer is a 422. Each accepted text comes from
 * the TRANSLATIONS KV when someone asked before, the rest from one call to the translation
 * service, paid from the per-address and the site's daily character quotas, then kept per
 * language. What fails is a 503 (the deadline helper's DependencyUnavailableError): the browser
 * then shows the Portuguese text.
 */
export async function translateTexts({
  ctx,
  texts,
  target,
}: {
  ctx: AppContext
  texts: string[]
  target: TranslationTarget
}): Promise<Array<string | null>> {
  const normalised = texts.map(normaliseText)
  const [hashes, site] = await Promise.all([Promise.all(normalised.map(sha256Hex)), siteTextHashes(ctx)])
  const accepted = hashes.map((hash) => site.has(hash))
  if (!accepted.includes(true)) throw invalidField('q', NOT_A_SITE_TEXT)

  const stored = await Promise.all(
    hashes.map((hash, i) =>
      accepted[i] ? ctx.env.TRANSLATIONS.get<unknown>(kvKey(target, hash), 'json').catch(() => null) : null,
    ),
  )
  const byHash = new Map<string, string>()
  stored.forEach((value, i) => {
    if (isStored(value)) byHash.set(hashes[i]!, value.t)
  })
  const missing = new Map<string, string>()
  hashes.forEach((hash, i) => {
    if (accepted[i] && !byHash.has(hash)) missing.set(hash, normalised[i]!)
  })

  if (missing.size > 0) {
    // What the service bills: characters sent. The address pays first, so one client cannot
    // spend the site's day by being refused after it.
    const characters = [...missing.values()].reduce((sum, text) => sum + text.length, 0)
    await spendQuota(ctx, 'translationPerAddress', characters)
    await spendQuota(ctx, 'translationSite', characters, 'site')
    // A failure (DependencyUnavailableError) is the route's 503, and nothing is kept.
    const translated = (await translator(ctx).translate([...missing.values()].map(textToHtml), target)).map(
      htmlToText,
    )
    const fresh = [...missing.keys()].map((hash, i): [string, string] => [hash, translated[i]!])
    // Awaited, not left to waitUntil: the next request for the same text must find it.
    await Promise.all(
      fresh.map(([hash, text]) => {
        byHash.set(hash, text)
        return ctx.env.TRANSLATIONS.put(kvKey(target, hash), JSON.stringify({ t: text } satisfies Stored), {
          expirationTtl: KV_TTL_SECONDS,
        }).catch(() => undefined) // an unsaved copy only costs another call later
      }),
    )
  }
  return hashes.map((hash, i) => (accepted[i] ? byHash.get(hash)! : null))
}

/** Local only: how many calls reached the sandbox translator (tests count them). */
export const sandboxTranslationCalls = () => ({ calls: sandboxTranslatorCalls() })
