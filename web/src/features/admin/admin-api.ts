import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { api } from '../../lib/api.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'

// The admin screens' data: every call goes to /api/admin/... and is parsed with the contract's
// schema (this chunk loads only for administrators, so the schemas come with it).

// Forms validate with the contract's schemas: their generic messages in Portuguese, as the server's.
z.config(z.locales.ptBR())

export const adminKeys = {
  all: ['admin'] as const,
}

type Params = Record<string, string | number | boolean | null | undefined>

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

export const send = <T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  json?: unknown,
  schema?: z.ZodType<T>,
) => api<T>(path, { method, ...(json === undefined ? {} : { json }), ...(schema ? { schema } : {}) })

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
  const refresh = useRefreshAdmin()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  async function decide<I>(input: unknown, contract: z.ZodType<I>) {
    const checked = contract.safeParse(input)
    if (!checked.success) {
      setError(checked.error.issues[0]?.message)
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      const result = await send('POST', path, checked.data, answer)
      toastSuccess(result.message)
      await refresh()
    } catch (caught) {
      void toastError(caught, failure)
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, decide }
}
