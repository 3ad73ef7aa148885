/** Display languages (SPEC sections 1 and 9): pt-BR by default; toasts translated into the others. */
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'pt-BR'

/** The languages text is translated into (the translation service's `target`). */
export const TRANSLATION_TARGETS = ['en', 'es'] as const
export type TranslationTarget = (typeof TRANSLATION_TARGETS)[number]

/** Each language named in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'pt-BR': 'Português (Brasil)',
  en: 'English',
  es: 'Español',
}

/** The browser's localStorage key of the chosen language (SPEC section 7: 'Lang'). */
export const LANGUAGE_STORAGE_KEY = 'Lang'

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
