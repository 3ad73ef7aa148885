import type { ReactNode } from 'react'
import type { AdminList } from './admin-api.ts'
import { QueryState } from './page.tsx'
import { type Column, Pagination, ResourceTable, type RowAction } from './table.tsx'

/**
 * How a resource's list is drawn: the table's name, its columns, the row's buttons, the
 * sentence when nothing matches, and what the pages are of ('Páginas de cursos').
 */
export type ListDescription<T> = {
  label: string
  columns: readonly Column<T>[]
  actions?: (row: T) => RowAction[]
  empty: string
  pagesOf: string
}

/**
 * A resource's list as its description says: loading and error states (busy while it reads again),
 * the table, its pages, and what the screen shows below it for the page's data (a selected row's details).
 */
export function ResourceList<T extends { id: number | string }>({
  list,
  description,
  below,
}: {
  list: AdminList<{ items: T[]; total: number }>
  description: ListDescription<T>
  below?: (items: T[]) => ReactNode
}) {
  const { label, columns, actions, empty, pagesOf } = description
  return (
    <div aria-busy={list.query.isFetching}>
      <QueryState query={list.query}>
        {(data) => (
          <>
            <ResourceTable
              label={label}
              columns={columns}
              actions={actions}
              rows={data.items}
              rowKey={(row) => row.id}
              empty={empty}
            />
            <Pagination
              page={list.page}
              perPage={list.perPage}
              total={data.total}
              onPage={list.setPage}
              label={pagesOf}
            />
            {below?.(data.items)}
          </>
        )}
      </QueryState>
    </div>
  )
}
