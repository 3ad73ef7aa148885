import { useEffect, useRef, useState } from 'react'
import { LANGUAGE_NAMES, type TranslationTarget } from '../../../../worker/domain/languages.ts'

/** SPEC section 9: the translation widget is ready again 2000 ms after use. */
export const PAGE_TRANSLATION_COOLDOWN_MS = 2000

/**
 * The optional page translation widget: the page's main text (#conteudo) in the chosen language.
 * Hidden on personal pages (styles.css), whose main region says translate="no".
 */
export default function TranslatePageButton({ language }: { language: TranslationTarget }) {
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <>
      <button
        type="button"
        data-page-translator
        className="btn btn-soft"
        disabled={state !== 'ready'}
        onClick={async () => {
          const root = document.getElementById('conteudo')
          if (!root) return
          setState('busy')
          try {
            const { translatePage } = await import('./page-translator.ts')
            await translatePage(root, language)
          } finally {
            setState('done')
            timer.current = setTimeout(() => setState('ready'), PAGE_TRANSLATION_COOLDOWN_MS)
          }
        }}
      >
        Traduzir página ({LANGUAGE_NAMES[language]})
      </button>
      <span className="sr-only" role="status">
        {state === 'busy' ? 'Traduzindo a página…' : state === 'done' ? 'Página traduzida.' : ''}
      </span>
    </>
  )
}
