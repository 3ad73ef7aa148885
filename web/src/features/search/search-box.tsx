import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { LoaderCircle, Search } from 'lucide'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import type { SearchResult } from '../../../../worker/contract/catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, searchQuery } from './search.queries.ts'
import { useDebouncedValue } from './use-debounced-value.ts'

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i

function splitUrl(url: string) {
  const [path = '/', hash] = url.split('#')
  return { path: path || '/', hash }
}

/**
 * The header search box (SPEC sections 2, 4 and 8), an ARIA combobox: the text is searched once
 * it has been unchanged for 400 ms; the results list (at most 300 px high) shows only while there
 * are results and the box has focus. ArrowDown/ArrowUp move through the results, Enter opens
 * one, Escape closes the list; a click or tap outside takes the focus away. The form's own submit
 * (Enter with the list closed, or its 'Pesquisar' button, shown when it has the keyboard's focus)
 * searches at once and takes the focus to the results (issue 40: a form needs a way to submit).
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const inputId = useId()
  const listId = useId()
  const containerRef = useRef<HTMLElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [focused, setFocused] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [selection, setSelection] = useState({ term: '', index: -1 })

  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  // What the submit asked for, while the box still holds that text: no wait for the debounce.
  const [submitted, setSubmitted] = useState<string | null>(null)
  const term = submitted !== null && submitted === text.trim() ? submitted : typed
  const search = useQuery({ ...searchQuery(term), placeholderData: keepPreviousData })
  const results: SearchResult[] = text.trim() === '' || term === '' ? [] : (search.data ?? [])
  const open = focused && !dismissed && results.length > 0
  // The highlighted result belongs to one list of results: a new search starts with none.
  const active = selection.term === term && selection.index < results.length ? selection.index : -1
  const optionId = (index: number) => `${listId}-opcao-${index}`

  // The box is on the page from the first paint (worker/ssr): what was typed into it before the
  // app took the page over is searched now, as if typed after.
  useEffect(() => {
    const input = inputRef.current
    if (!input) return
    if (input.value !== '') setText(input.value)
    if (document.activeElement === input) setFocused(true)
  }, [])

  useEffect(() => {
    if (!focused) return
    // Touch browsers do not always blur an input when the page around it is tapped.
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) inputRef.current?.blur()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [focused])

  const activeId = open && active >= 0 ? optionId(active) : undefined
  useEffect(() => {
    // Keeps the highlighted result visible inside the 300 px list.
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeId])

  function highlight(index: number) {
    setSelection({ term, index })
  }

  /** After a result is opened the list closes and the page gets the focus back. */
  function close() {
    setDismissed(true)
    highlight(-1)
    inputRef.current?.blur()
  }

  function openResult(result: SearchResult) {
    const link = document.getElementById(optionId(results.indexOf(result)))
    // The option is a real link: clicking it navigates the way a click by the user would.
    link?.click()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault()
      if (!open) {
        setDismissed(false)
        highlight(0)
      } else highlight((active + 1) % count)
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault()
      highlight(active <= 0 ? count - 1 : active - 1)
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const chosen = results[active] ?? results[0]
      if (chosen) openResult(chosen)
    } else if (event.key === 'Escape' && open) {
      // Closes the list; a second Escape clears the text (the search input's own behaviour).
      event.preventDefault()
      setDismissed(true)
      highlight(-1)
    }
  }

  const statusText =
    focused && term !== '' && text.trim() !== '' && search.isSuccess && !search.isPlaceholderData
      ? results.length === 0
        ? 'Nenhum resultado encontrado.'
        : `${results.length} ${results.length === 1 ? 'resultado encontrado' : 'resultados encontrados'}. Use as setas para navegar.`
      : ''

  return (
    <search ref={containerRef} className={`relative block ${className}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (text.trim() === '') return
          setSubmitted(text.trim())
          setDismissed(false)
          setSelection({ term: text.trim(), index: 0 })
          inputRef.current?.focus()
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Pesquisar cursos e produtos
        </label>
        <Icon
          drawing={search.isFetching ? LoaderCircle : Search}
          className={`pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 ${search.isFetching ? 'animate-spin text-teal-700' : 'text-slate-500'}`}
        />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Pesquisar cursos e produtos"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setDismissed(false)
          }}
          onFocus={() => {
            setFocused(true)
            setDismissed(false)
          }}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          className="search-input"
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Resultados da pesquisa"
          hidden={!open}
          className="search-results"
        >
          {results.map((result, index) => {
            const props = {
              id: optionId(index),
              role: 'option',
              'aria-selected': index === active,
              tabIndex: -1,
              className: `block px-4 py-2.5 text-slate-800 ${index === active ? 'bg-teal-50 text-teal-900' : 'hover:bg-slate-50'}`,
              // The focus stays in the box while a result is pressed, so the list does not close first.
              onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
              onMouseMove: () => (index === active ? undefined : highlight(index)),
              onClick: close,
            } as const
            if (EXTERNAL.test(result.url)) {
              return (
                <a key={`${result.url}-${result.name}`} href={result.url} {...props}>
                  {result.name}
                </a>
              )
            }
            const { path, hash } = splitUrl(result.url)
            return (
              <Link key={`${result.url}-${result.name}`} to={path} hash={hash} {...props}>
                {result.name}
              </Link>
            )
          })}
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {statusText}
        </p>
        <button type="submit" className="search-submit">
          Pesquisar
        </button>
      </form>
    </search>
  )
}
