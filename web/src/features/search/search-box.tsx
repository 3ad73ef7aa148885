import { Search } from 'lucide-react'
import { useId } from 'react'

/** The header search box; the query and its results dropdown (max 300 px) come in the search issue. */
export function SearchBox({ className = '' }: { className?: string }) {
  const inputId = useId()
  const resultsId = useId()
  return (
    <search className={`relative block ${className}`}>
      <form onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="sr-only">
          Pesquisar cursos e produtos
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={inputId}
          type="search"
          autoComplete="off"
          placeholder="Pesquisar cursos e produtos"
          className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pr-4 pl-9 text-slate-900 placeholder:text-slate-500 focus:border-teal-600 focus:bg-white"
        />
        <div
          id={resultsId}
          hidden
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[300px] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg"
        />
      </form>
    </search>
  )
}
