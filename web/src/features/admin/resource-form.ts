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

/** What useModalForm (below) fills and checks. */
export type ModalFormOptions<V extends FieldValues, I> = {
  modalId: string
  item: I | null
  schema: z.ZodType
  valuesOf: (item: I | null) => DefaultValues<V>
}

/**
 * A form modal's form: checked by `schema`, filled by `valuesOf(item)` whenever the modal opens or
 * the item changes (`valuesOf` stable: a module function or a useCallback); `errors` at hand.
 */
export function useModalForm<V extends FieldValues, I>({
  modalId,
  item,
  schema,
  valuesOf,
}: ModalFormOptions<V, I>) {
  const form = useForm<V>({ resolver: zodResolver(schema as never) as never })
  const { reset } = form
  const { open } = useFormModal(modalId)
  // Filled again each time the modal opens (a second 'Novo …' starts blank), and when the item
  // changes while it is open (the saved version).
  useEffect(() => {
    if (open) reset(valuesOf(item))
  }, [open, item, valuesOf, reset])
  return { ...form, errors: form.formState.errors }
}

/** The form useModalForm gives for values V. */
export type ModalFormOf<V extends FieldValues> = ReturnType<typeof useModalForm<V, unknown>>

/** What a resource's form saves: where, with which words, and the answer's contract. */
export type ResourceSave<A = unknown> = {
  path: string
  createPath?: string
  /** The toast of a save; a function where the server's answer says it. */
  success: string | ((saved: A) => string)
  failure?: string
  answer?: z.ZodType<A>
  onSaved?: (saved: A) => void
}

/**
 * A resource's save from its form modal: a POST to `createPath` (new; `path` unless said) or a PUT
 * to `path/id` with the item's version, through the modal's save (its messages by field on a 422).
 */
export function useResourceSave<V extends FieldValues, I extends Versioned, A = unknown>(
  modalId: string,
  item: I | null,
  { path, createPath = path, success, failure, answer, onSaved }: ResourceSave<A>,
) {
  const save = useModalSave(modalId)
  return (values: V, mode: 'store' | 'update', form: ModalFormOf<V>) =>
    save(
      mode,
      () =>
        item
          ? send('PUT', `${path}/${item.id}`, { ...values, version: item.version }, answer)
          : send('POST', createPath, values, answer),
      { success, failure, setError: form.setError, ...(onSaved ? { onSuccess: onSaved } : {}) },
    )
}
