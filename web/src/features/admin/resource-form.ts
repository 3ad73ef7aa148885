import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { openModal } from '../../lib/form-modal.tsx'
import { useFormModal } from '../../lib/form-modal-state.tsx'
import { send } from './admin-api.ts'
import { useModalSave } from './use-modal-save.ts'

/** The item a screen's form modal edits: null for a new one; `create` and `edit` open the modal. */
export function useEditor<T>(modalId: string) {
  const [editing, setEditing] = useState<T | null>(null)
  return {
    editing,
    create: () => {
      setEditing(null)
      openModal(modalId, 'store')
    },
    edit: (item: T) => {
      setEditing(item)
      openModal(modalId, 'update')
    },
  }
}

export type Versioned = { id: number | string; version: number }

/** What useResourceForm (below) loads and saves. */
export type ResourceFormOptions<V extends FieldValues, I extends Versioned, A = unknown> = {
  modalId: string
  item: I | null
  schema: z.ZodType
  valuesOf: (item: I | null) => DefaultValues<V>
  path: string
  createPath?: string
  success: string
  failure?: string
  answer?: z.ZodType<A>
  onSaved?: (saved: A) => void
}

/**
 * A resource's form modal: the form checked by `schema`, filled by `valuesOf(item)` whenever the
 * modal opens or the item changes (`valuesOf` stable: a module function or a useCallback), saved by a POST to
 * `createPath` (new; `path` unless said) or a PUT to `path/id` with the item's version; `modal`
 * wires FormModal's buttons to it.
 */
export function useResourceForm<V extends FieldValues, I extends Versioned, A = unknown>({
  modalId,
  item,
  schema,
  valuesOf,
  path,
  createPath = path,
  success,
  failure,
  answer,
  onSaved,
}: ResourceFormOptions<V, I, A>) {
  const save = useModalSave(modalId)
  const form = useForm<V>({ resolver: zodResolver(schema as never) as never })
  const { reset, handleSubmit, setError } = form
  const { open } = useFormModal(modalId)
  // Filled again each time the modal opens (a second 'Novo …' starts blank), and when the item
  // changes while it is open (the saved version).
  useEffect(() => {
    if (open) reset(valuesOf(item))
  }, [open, item, valuesOf, reset])
  const submit = (mode: 'store' | 'update') =>
    handleSubmit((values) =>
      save(
        mode,
        () =>
          item
            ? send('PUT', `${path}/${item.id}`, { ...values, version: item.version }, answer)
            : send('POST', createPath, values, answer),
        { success, failure, setError, ...(onSaved ? { onSuccess: onSaved } : {}) },
      ),
    )()
  return {
    ...form,
    errors: form.formState.errors,
    modal: { id: modalId, onStore: () => void submit('store'), onUpdate: () => void submit('update') },
  }
}

/** The form useResourceForm gives for values V of an item I. */
export type ResourceFormOf<V extends FieldValues, I extends Versioned> = ReturnType<
  typeof useResourceForm<V, I>
>
