import { type ReactNode, useEffect, useRef, useState } from 'react'

// The admin lists' tables: a table that scrolls on a phone, its cell classes, its empty row, the
// badges of a state, pages with previous and next, and a table drawn from a description of its
// columns (ResourceTable) with each row's buttons (RowActions).

/**
 * A chevron drawn here, as lucide draws it. The carousel and the image slider of the public pages
 * import lucide's own; were the admin screens to import them too, the bundler would split them off
 * into a file of their own, one more file on the home page's first load.
 */
export function Chevron({ to, className }: { to: 'left' | 'right'; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={to === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  )
}

/** 'Página 2 de 5' with previous and next. */
export function Pagination({
  page,
  perPage,
  total,
  onPage,
  label,
}: {
  page: number
  perPage: number
  total: number
  onPage: (page: number) => void
  label: string
}) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  return (
    <nav
      aria-label={`Páginas de ${label}`}
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-slate-700 text-sm" aria-live="polite">
        {total === 0 ? 'Nenhum resultado' : `${total} ${total === 1 ? 'resultado' : 'resultados'}`} · Página{' '}
        {page} de {pages}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <Chevron to="left" className="size-4" />
          Anterior
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Próxima
          <Chevron to="right" className="size-4" />
        </button>
      </div>
    </nav>
  )
}

/** Which sides of a scrolling box hide more of its content, kept as it scrolls or resizes. */
function useHiddenSides() {
  const ref = useRef<HTMLElement>(null)
  const [hidden, setHidden] = useState({ left: false, right: false })
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const update = () => {
      const left = box.scrollLeft > 1
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1
      setHidden((was) => (was.left === left && was.right === right ? was : { left, right }))
    }
    update()
    box.addEventListener('scroll', update, { passive: true })
    const resized = new ResizeObserver(update)
    resized.observe(box)
    return () => {
      box.removeEventListener('scroll', update)
      resized.disconnect()
    }
  }, [])
  return { ref, hidden }
}

const EDGE = 'pointer-events-none absolute inset-y-px w-8 from-slate-900/20 to-transparent'

/**
 * A table that scrolls sideways on a phone; the scrolling region takes the keyboard focus (the
 * arrow keys scroll it). When columns are out of sight, a shade on that edge and a line under the
 * table say so (issue 40). The region is positioned (`relative`) so that what the cells place
 * absolutely (the buttons' `sr-only` words) scrolls and clips with the table: unpositioned, those
 * boxes escaped the region and widened the whole page on a phone (issue 22, item 1).
 */
export function DataTable({ label, children }: { label: string; children: ReactNode }) {
  const { ref, hidden } = useHiddenSides()
  return (
    <div className="min-w-0">
      <div className="relative">
        <section
          ref={ref}
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="relative min-w-0 overflow-x-auto rounded-xl border border-slate-200"
        >
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm">{children}</table>
        </section>
        {hidden.left ? (
          <div aria-hidden="true" className={`${EDGE} left-px rounded-l-xl bg-linear-to-r`} />
        ) : null}
        {hidden.right ? (
          <div aria-hidden="true" className={`${EDGE} right-px rounded-r-xl bg-linear-to-l`} />
        ) : null}
      </div>
      {hidden.right || hidden.left ? (
        <p className="mt-1 text-right text-slate-600 text-xs" data-testid="table-scroll-hint">
          {hidden.right
            ? 'Mais colunas à direita: deslize a tabela (ou use as setas do teclado) →'
            : '← Colunas à esquerda'}
        </p>
      ) : null}
    </div>
  )
}

/** A cell's two lines: what it is, and under it a smaller detail (`wrap`: an e-mail breaks anywhere). */
export function TwoLines({
  main,
  detail,
  wrap = false,
}: {
  main: ReactNode
  detail: ReactNode
  wrap?: boolean
}) {
  return (
    <>
      <p className="font-medium">{main}</p>
      <p className={`${wrap ? 'break-all ' : ''}text-slate-600 text-xs`}>{detail}</p>
    </>
  )
}

export const TH = 'border-slate-200 border-b bg-slate-50 px-3 py-2.5 font-semibold text-slate-800'
export const TD = 'border-slate-100 border-b px-3 py-2.5 align-top text-slate-800'

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-slate-700">
        {children}
      </td>
    </tr>
  )
}

const TONES = {
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  slate: 'bg-slate-100 text-slate-800',
  teal: 'bg-teal-100 text-teal-900',
} as const

export type Tone = keyof typeof TONES

export function Badge({ tone = 'slate', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ${TONES[tone]}`}
    >
      {children}
    </span>
  )
}

/** A column of a ResourceTable: its header, what a row shows in it, and the cell's extra classes. */
export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string }

/**
 * A list's table from a description: one header cell per column (and 'Ações' with the row's
 * buttons when there are `actions`), one row per item, and the `empty` sentence in a row of its
 * own when there is none.
 */
export function ResourceTable<T>({
  label,
  columns: described,
  actions,
  rows,
  rowKey,
  empty,
}: {
  label: string
  columns: readonly Column<T>[]
  actions?: ((row: T) => RowAction[]) | undefined
  rows: readonly T[]
  rowKey: (row: T) => string | number
  /** The sentence of an empty list; without it, an empty list is an empty body. */
  empty?: string
}) {
  const columns = actions ? [...described, actionsColumn(actions)] : described
  return (
    <DataTable label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={TH}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty ? (
          <EmptyRow columns={columns.length}>{empty}</EmptyRow>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.className ? `${TD} ${column.className}` : TD}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  )
}

/**
 * A row's button: its visible word, and the words a screen reader hears after it to tell the
 * rows apart ('Editar' + ' Curso de diálise'); `hidden` leaves it out of the row.
 */
export type RowAction = { label: string; of: string; onClick: () => void; hidden?: boolean }

/** The 'Ações' column: the row's buttons, side by side. */
function actionsColumn<T>(actions: (row: T) => RowAction[]): Column<T> {
  return {
    header: 'Ações',
    cell: (row) => (
      <div className="flex flex-wrap gap-2">
        {actions(row)
          .filter((action) => !action.hidden)
          .map((action) => (
            <button key={action.label} type="button" className="btn btn-outline" onClick={action.onClick}>
              {action.label}
              <span className="sr-only"> {action.of}</span>
            </button>
          ))}
      </div>
    ),
  }
}

/** 'publicado' or 'não publicado', as every catalogue list shows it. */
export function PublishedBadge({ published }: { published: boolean }) {
  return published ? <Badge tone="green">publicado</Badge> : <Badge>não publicado</Badge>
}
