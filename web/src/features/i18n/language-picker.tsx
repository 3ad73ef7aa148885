import { Languages } from 'lucide'
import { lazy, Suspense, useEffect, useId, useRef } from 'react'
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../worker/domain/languages.ts'
import { Icon } from '../../components/icons.tsx'
import { setLanguage, useLanguage } from '../../lib/language.ts'
import { requestToaster } from '../../lib/toast.ts'

const loadTranslator = () => import('./page-translator.ts')
// Only a visitor who chose another language loads the page translation widget.
const TranslatePageButton = lazy(() => import('./translate-page-button.tsx'))

/**
 * The language picker (stored as 'Lang'): toasts show in the chosen language; with another
 * language than pt-BR, a button translates the page's main text too.
 */
export function LanguagePicker() {
  const id = useId()
  const language = useLanguage()
  const previous = useRef<Language>(language)

  useEffect(() => {
    // Back to Portuguese (or to another language): the page shows its own text again.
    if (previous.current !== language) {
      const root = document.getElementById('conteudo')
      if (root) void loadTranslator().then((module) => module.restorePage(root))
      previous.current = language
    }
  }, [language])

  useEffect(() => {
    if (language === 'pt-BR') return
    // A visitor reading another language gets the toaster and that language's catalogue once the
    // page is idle (a pt-BR visitor fetches the toaster with the first toast): their first toast
    // then needs no network.
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(requestToaster, { timeout: 4000 })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = setTimeout(requestToaster, 2000)
    return () => clearTimeout(timer)
  }, [language])

  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <label htmlFor={id} className="inline-flex items-center gap-2 text-teal-50">
        <Icon drawing={Languages} className="size-4" />
        Idioma das mensagens
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value)
        }}
        className="min-h-11 rounded-lg border border-teal-300 bg-teal-900 px-3 py-2 text-white"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
      {language === 'pt-BR' ? null : (
        <Suspense fallback={null}>
          <TranslatePageButton language={language} />
        </Suspense>
      )}
    </div>
  )
}
