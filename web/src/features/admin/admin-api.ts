import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { AdminOptions } from '../../../../worker/contract/admin-catalog.ts'
import { api } from '../../lib/api.ts'
import { confirm } from '../../lib/confirm.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { downloadFile } from './download.ts'

// The admin screens' data: every call goes to /api/admin/... and is parsed with the contract's
// schema (this chunk loads only for administrators, so the schemas come with it).

// Forms validate with the contract's schemas: their generic messages in Portuguese, as the server's.
z.config(z.locales.ptBR())

export const adminKeys = {
  all: ['admin'] as const,
}

export type Params = Record<string, string | number | boolean | null | undefined>

/** `path?a=1&b=x`, leaving out empty values. */
export function withQuery(path: string, params: Params = {}): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    query.set(key, String(value))
  }
  const text = query.toString()
  return text ? `${path}?${text}` : path
}

/** A GET of the admin API, cached under ['admin', ...key]. */
export function adminQuery<T>(key: readonly unknown[], path: string, schema: z.ZodType<T>) {
  return queryOptions({
    queryKey: [...adminKeys.all, ...key],
    queryFn: ({ signal }) => api(path, { schema, signal }),
  })
}

/** After a write, every admin screen reads again what it shows. */
export function useRefreshAdmin() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all })
}

/** A GET of the admin API outside a query (a record opened for editing, a check as one types). */
export const fetchAdmin = <T>(path: string, schema: z.ZodType<T>) => api(path, { schema })

/** A write of the admin API: a JSON body, or a FormData (a file) sent as it is. */
export const send = <T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  schema?: z.ZodType<T>,
) =>
  api<T>(path, {
    method,
    ...(body instanceof FormData ? { formData: body } : body === undefined ? {} : { json: body }),
    ...(schema ? { schema } : {}),
  })

/** The courses and classes the admin forms and filters offer (one cached query for every screen). */
export const useAdminOptions = () => useQuery(adminQuery(['options'], '/api/admin/opcoes', AdminOptions))

/** The page of a list, back to 1 whenever its filters (`filtersKey`) change. */
export function usePage(filtersKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: filtersKey, page: 1 })
  return [state.key === filtersKey ? state.page : 1, (page) => setState({ key: filtersKey, page })]
}

type Page = { total: number }

/**
 * A paged list of the admin API (`path?…&page=N&per_page=M`) with its page, back to 1 when the
 * filters change; the previous page stays on screen while the next one loads.
 */
export function useAdminList<T extends Page>(
  name: string,
  path: string,
  params: Params,
  schema: z.ZodType<T>,
  perPage = 20,
) {
  const [page, setPage] = usePage(JSON.stringify(params))
  const query = useQuery({
    ...adminQuery([name, params, page], withQuery(path, { ...params, page, per_page: perPage }), schema),
    placeholderData: keepPreviousData,
  })
  return { query, page, setPage, perPage }
}

export type AdminList<T extends Page> = ReturnType<typeof useAdminList<T>>

/**
 * A row's one-click action (delete, publish, close): confirmed first when it takes something away,
 * its success toasted, its failure explained, and every admin screen read again either way.
 */
export function useAdminAction() {
  const refresh = useRefreshAdmin()
  return async function act(
    request: () => Promise<unknown>,
    { success, confirmFirst = true }: { success: string; confirmFirst?: boolean },
  ) {
    if (confirmFirst && !(await confirm())) return
    try {
      await request()
      void toastSuccess(success)
    } catch (error) {
      void toastError(error)
    }
    await refresh()
  }
}

/**
 * A request its screen waits on (`busy` meanwhile, its buttons disabled): the success toasted in
 * the words `success` gives the answer, every admin screen read again; a failure explained.
 */
export function useBusyRequest() {
  const refresh = useRefreshAdmin()
  const [busy, setBusy] = useState(false)
  async function run<T>(request: () => Promise<T>, success: (answer: T) => string, failure: string) {
    setBusy(true)
    try {
      const answer = await request()
      void toastSuccess(success(answer))
      await refresh()
    } catch (error) {
      void toastError(error, failure)
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/** A list's CSV export with its filters: the file downloaded and named in a toast. */
export function useCsvExport(path: string, params: Params, failure: string, { refreshAfter = false } = {}) {
  const refresh = useRefreshAdmin()
  const [exporting, setExporting] = useState(false)
  async function exportCsv() {
    setExporting(true)
    try {
      const name = await downloadFile(withQuery(path, params))
      void toastSuccess(`Arquivo ${name} baixado.`)
      if (refreshAfter) await refresh()
    } catch (error) {
      void toastError(error, failure)
    } finally {
      setExporting(false)
    }
  }
  return { exporting, exportCsv }
}

/**
 * A form's own schema (its fields as the inputs hold them, turned into the request) followed by
 * the contract's: the form checks the server's rules, with the server's messages.
 */
export function formSchema<F extends z.ZodType, T extends z.ZodType>(form: F, contract: T) {
  return form.pipe(contract as unknown as z.ZodType<z.output<T>, z.output<F>>)
}

/**
 * An admin's decision on something a person asked (a student document, a request to give a
 * purchase up): the input checked with the contract first (its message shown by the field), then
 * sent; the answer's `message` as a toast, and every admin screen read again.
 */
export function useDecision<T extends { message: string }>(
  path: string,
  answer: z.ZodType<T>,
  failure: string,
) {
  const { busy, run } = useBusyRequest()
  const [error, setError] = useState<string | undefined>()
  async function decide<I>(input: unknown, contract: z.ZodType<I>) {
    const checked = contract.safeParse(input)
    if (!checked.success) {
      setError(checked.error.issues[0]?.message)
      return
    }
    setError(undefined)
    await run(
      () => send('POST', path, checked.data, answer),
      (result) => result.message,
      failure,
    )
  }
  return { busy, error, decide }
}
