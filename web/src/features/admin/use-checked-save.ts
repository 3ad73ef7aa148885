import { useState } from 'react'
import type { z } from 'zod'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { send, useRefreshAdmin } from './admin-api.ts'
import { serverFieldErrors } from './use-modal-save.ts'

/**
 * An inline settings form's save (not a modal's): checked by the contract's schema first, its
 * messages by field; sent as a PUT to `path`; success toasted and the admin screens read again; a
 * refusal's 422 messages by field too.
 */
export function useCheckedSave(schema: z.ZodType, path: string, words: { success: string; failure: string }) {
  const refresh = useRefreshAdmin()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function save(input: unknown) {
    const checked = schema.safeParse(input)
    if (!checked.success) {
      return setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      )
    }
    setErrors({})
    setBusy(true)
    try {
      await send('PUT', path, checked.data)
      void toastSuccess(words.success)
      await refresh()
    } catch (error) {
      setErrors(serverFieldErrors(error))
      void toastError(error, words.failure)
    } finally {
      setBusy(false)
    }
  }

  return { errors, busy, save }
}
