/**
 * Toasts and page text in the visitor's language (SPEC sections 1 and 7). The product's own fixed
 * messages come from the reviewed catalogues shipped with the app: no call, no cost. Anything
 * else is asked of the Worker once (POST /api/translate, cached per language in its KV), which
 * translates only the texts the site itself shows, and then kept in this browser. Loaded only when 'Lang' is not
 * pt-BR, so the Portuguese site never downloads any of it.
 */
import type { TranslationTarget } from '../../../worker/domain/languages.ts'
import { ApiError, api } from '../lib/api.ts'

export type Catalogue = Readonly<Record<string, string>>

const CATALOGUES: Record<TranslationTarget, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./catalogue.en.ts'),
  es: () => import('./catalogue.es.ts'),
}

const loaded = new Map<TranslationTarget, Promise<Catalogue>>()

export function loadCatalogue(language: TranslationTarget): Promise<Catalogue> {
  let catalogue = loaded.get(language)
  if (!catalogue) {
    catalogue = CATALOGUES[language]().then((module) => module.default)
    loaded.set(language, catalogue)
  }
  return catalogue
}

// ── This browser's copy of what the Worker translated ──────────────────────────────────────────

const STORAGE_PREFIX = 'translations:v1:'
const MAX_REMEMBERED = 300
/** The API's limits (worker/routes/i18n.ts): texts longer than this stay in Portuguese. */
const MAX_TEXT = 2000
const BATCH = 50

const remembered = new Map<TranslationTarget, Map<string, string>>()

function rememberedFor(language: TranslationTarget): Map<string, string> {
  let map = remembered.get(language)
  if (map) return map
  map = new Map()
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + language) ?? '[]') as unknown
    if (Array.isArray(stored)) {
      for (const entry of stored) {
        if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') {
          map.set(entry[0], entry[1])
        }
      }
    }
  } catch {
    // An unreadable copy is no copy.
  }
  remembered.set(language, map)
  return map
}

function remember(language: TranslationTarget, pairs: Iterable<[string, string]>) {
  const map = rememberedFor(language)
  for (const [text, translation] of pairs) {
    map.delete(text)
    map.set(text, translation)
  }
  // The oldest go first when the copy grows past its size.
  while (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string)
  try {
    window.localStorage.setItem(STORAGE_PREFIX + language, JSON.stringify([...map]))
  } catch {
    // A full or disabled storage: the copy lives in memory only.
  }
}

// ── Lines: fixed messages, 'Title: detail' and lists of fixed items ────────────────────────────

const has = (catalogue: Catalogue, text: string) => Object.hasOwn(catalogue, text)

/** A fixed message, or a list of them joined by ', ' (the card check's messages, the contact labels). */
function fixed(catalogue: Catalogue, text: string): string | null {
  if (has(catalogue, text)) return catalogue[text]!
  const items = text.split(', ')
  if (items.length > 1 && items.every((item) => has(catalogue, item))) {
    return items.map((item) => catalogue[item]!).join(', ')
  }
  return null
}

/** A line as a translated prefix ('Erro ao carregar listas: ') and the part still to translate. */
function plan(catalogue: Catalogue, line: string): { prefix: string; rest: string; done: string | null } {
  const whole = fixed(catalogue, line)
  if (whole !== null || line.trim() === '') return { prefix: '', rest: '', done: whole ?? line }
  const colon = line.indexOf(': ')
  if (colon > 0 && has(catalogue, line.slice(0, colon))) {
    const prefix = `${catalogue[line.slice(0, colon)]}: `
    const rest = line.slice(colon + 2)
    const restFixed = fixed(catalogue, rest)
    return { prefix, rest, done: restFixed === null ? null : prefix + restFixed }
  }
  return { prefix: '', rest: line, done: null }
}

/**
 * Asks the Worker for what this browser does not know yet. The Worker translates only the site's
 * own texts: another text comes back `null` (or, when none of a batch is the site's, a 422), and
 * is remembered as itself, so it stays in Portuguese without being asked again.
 */
async function askWorker(language: TranslationTarget, texts: string[]): Promise<void> {
  for (let start = 0; start < texts.length; start += BATCH) {
    const batch = texts.slice(start, start + BATCH)
    const translations = await api<{ translations: Array<string | null> }>('/api/translate', {
      method: 'POST',
      json: { q: batch, target: language },
      globalErrors: false,
    }).then(
      (answer) => answer.translations,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 422) return batch.map(() => null)
        throw error
      },
    )
    remember(
      language,
      batch.map((text, i): [string, string] => [text, translations[i] ?? text]),
    )
  }
}

/**
 * Each text in `language`: fixed messages from the catalogue, the rest from this browser's copy
 * or, once, from the Worker. A text that cannot be translated now stays in Portuguese.
 */
export async function translateTexts(
  texts: readonly string[],
  language: TranslationTarget,
): Promise<string[]> {
  const catalogue = await loadCatalogue(language)
  const known = rememberedFor(language)
  const lines = texts.map((text) => text.split('\n').map((line) => plan(catalogue, line)))
  const missing = new Set<string>()
  for (const line of lines.flat()) {
    if (line.done === null && !known.has(line.rest) && line.rest.length <= MAX_TEXT) missing.add(line.rest)
  }
  if (missing.size > 0) await askWorker(language, [...missing]).catch(() => undefined)
  return lines.map((text) =>
    text.map((line) => line.done ?? line.prefix + (known.get(line.rest) ?? line.rest)).join('\n'),
  )
}

/** One toast's text (SPEC section 7: the service's first translated text is the one read). */
export async function translateText(text: string, language: TranslationTarget): Promise<string> {
  const [translated] = await translateTexts([text], language)
  return translated ?? text
}
