import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '../../lib/api.ts'
import { closeModal, type FormModalMode, openModal } from '../../lib/form-modal-state.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { useRefreshAdmin } from './admin-api.ts'

/** The 422 body's messages by field path ('name', 'lists.0.title'), first message of each. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {}
  const errors = (error.body as { errors?: unknown } | null)?.errors
  if (typeof errors !== 'object' || errors === null) return {}
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).flatMap(([field, messages]) =>
      Array.isArray(messages) && typeof messages[0] === 'string' ? [[field, messages[0]]] : [],
    ),
  )
}

/**
 * The shared form modal's save (SPEC section 2): 'load' disables its buttons with a spinner while
 * the request runs; success closes it, toasts and refreshes the admin screens; a 422 puts the
 * server's messages beside the fields; a 409 (someone saved first) says so and reloads the data.
 */
export function useModalSave(modalId: string) {
  const refresh = useRefreshAdmin()
  return async function save<T, F extends FieldValues = FieldValues>(
    mode: Exclude<FormModalMode, 'load'>,
    request: () => Promise<T>,
    options: {
      /** The toast of a save; a function where the server's answer says it (a refund's message). */
      success: string | ((result: T) => string)
      failure?: string
      setError?: UseFormSetError<F>
      onSuccess?: (result: T) => void
    },
  ): Promise<T | undefined> {
    openModal(modalId, 'load')
    try {
      const result = await request()
      closeModal(modalId)
      void toastSuccess(typeof options.success === 'string' ? options.success : options.success(result))
      options.onSuccess?.(result)
      await refresh()
      return result
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        closeModal(modalId)
        await refresh()
      } else {
        openModal(modalId, mode)
        for (const [field, message] of Object.entries(serverFieldErrors(error))) {
          options.setError?.(field as Path<F>, { type: 'server', message })
        }
      }
      void toastError(error, options.failure)
      return undefined
    }
  }
}
