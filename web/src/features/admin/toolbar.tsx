import { FileDown, Plus } from 'lucide'
import { type ReactNode, useState } from 'react'
import { Icon } from '../../components/icons.tsx'
import { useDebouncedValue } from '../search/use-debounced-value.ts'
import { type Params, useCsvExport } from './admin-api.ts'

// What stands above an admin list: the row of its search and 'new' button, the 'Filtros' box,
// and the buttons that add an item or export the list.

/** The row above a list: its search or filter, and its buttons at the end. */
export function Toolbar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-3">{children}</div>
}

/** 'Novo curso', 'Nova turma': opens the empty form. At the row's end unless `className` says. */
export function NewButton({
  label,
  onClick,
  className = 'btn btn-primary ml-auto',
}: {
  label: string
  onClick: () => void
  className?: string
}) {
  return (
    <button type="button" className={className} onClick={onClick}>
      <Icon drawing={Plus} className="size-4" />
      {label}
    </button>
  )
}

/** A list's filters, boxed under the legend 'Filtros', in `columns` columns on a wide screen. */
export function FilterBar({
  columns,
  onClear,
  children,
}: {
  columns: 4 | 5
  /** Puts every filter back: a 'Limpar filtros' button after the fields. */
  onClear?: () => void
  children: ReactNode
}) {
  return (
    <fieldset
      className={`mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 ${
        columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5'
      }`}
    >
      <legend className="px-1 font-semibold text-slate-900">Filtros</legend>
      {children}
      {onClear ? (
        <div className="flex items-end">
          <button type="button" className="btn btn-outline" onClick={onClear}>
            Limpar filtros
          </button>
        </div>
      ) : null}
    </fieldset>
  )
}

/**
 * A list's CSV export with its filters ('Exportar CSV' unless it says what file it is): the file
 * downloaded and named in a toast; `refreshAfter` reads the screens again (an export that marks rows).
 */
export function CsvButton({
  path,
  params,
  failure,
  label = 'Exportar CSV',
  refreshAfter = false,
}: {
  path: string
  params: Params
  failure: string
  label?: string
  refreshAfter?: boolean
}) {
  const { exporting, exportCsv } = useCsvExport(path, params, failure, { refreshAfter })
  return (
    <button type="button" className="btn btn-outline" disabled={exporting} onClick={() => void exportCsv()}>
      <Icon drawing={FileDown} className="size-4" />
      {label}
    </button>
  )
}

/**
 * A filter bar's values, `set(key)` for the field of each, and the list's request `params`: the
 * filters with the search text trimmed and awaited (400 ms), so typing asks once, not per key.
 */
export function useFilters<F extends Record<string, string> & { q: string }>(none: F) {
  const [filters, setFilters] = useState<F>(none)
  const set = (key: keyof F) => (value: string) => setFilters((current) => ({ ...current, [key]: value }))
  const q = useDebouncedValue(filters.q.trim(), 400)
  return { filters, set, setFilters, params: { ...filters, q } }
}
