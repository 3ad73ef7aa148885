import type { ReactNode } from 'react'
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form'
import { type FieldIds, FieldShell } from './form-field.tsx'

/** A labelled field of a react-hook-form form whose input is bound through `control` (money, masks). */
export type ControlledFieldProps<
  T extends FieldValues,
  V,
  N extends FieldPathByValue<T, V> = FieldPathByValue<T, V>,
> = {
  control: Control<T>
  name: N
  label: string
  error?: string | undefined
  hint?: string | undefined
  className?: string | undefined
}

/** The form's field under its label, hint and error: `input` draws the control with their ids. */
export function ControlledField<T extends FieldValues, V, N extends FieldPathByValue<T, V>>({
  control,
  name,
  input,
  ...shell
}: ControlledFieldProps<T, V, N> & {
  input: (field: ControllerRenderProps<T, N>, ids: FieldIds) => ReactNode
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <FieldShell {...shell}>{(ids) => input(field, ids)}</FieldShell>}
    />
  )
}
