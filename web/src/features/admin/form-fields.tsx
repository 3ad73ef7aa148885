import { type ComponentProps, Fragment, type ReactNode } from 'react'
import type {
  Control,
  FieldErrors,
  FieldPathByValue,
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegister,
} from 'react-hook-form'
import { TextField } from '../../lib/form-field.tsx'
import { FormModal } from '../../lib/form-modal.tsx'
import { PhoneField } from '../../lib/masked-input.tsx'
import { CheckboxField, SelectField, TextAreaField } from './fields.tsx'
import { MoneyField } from './money-field.tsx'
import {
  type ModalFormOf,
  type ModalFormOptions,
  type ResourceSave,
  useModalForm,
  useResourceSave,
  type Versioned,
} from './resource-form.ts'

// A form modal's fields as a description: each field's name, label, hint and kind; FormFields
// draws them with the form's register, its messages beside each, wide ones across both columns.
// What a list of fields cannot say (fields drawn together, a list of rows, an upload, a preview)
// is a described `part`, drawn by a component of its own with the same form.

type Shared<F> = {
  label: string
  hint?: string
  wide?: boolean
  /** Drawn only while this holds (read from the form); hidden, it keeps its place in the grid. */
  shownIf?: (form: F) => boolean
}

/** How a field registers; a function where a handler writes to the form (setValue). */
type Registration<V extends FieldValues, F> =
  | RegisterOptions<V, Path<V>>
  | ((form: F) => RegisterOptions<V, Path<V>>)

type InputProps = Pick<
  ComponentProps<'input'>,
  'type' | 'inputMode' | 'autoComplete' | 'placeholder' | 'min' | 'max'
>

/** One field of a form: a text input (the default), a text area, a checkbox, a select, money or a phone. */
export type FieldSpec<V extends FieldValues, F extends FieldsForm<V> = FieldsForm<V>> =
  | (Shared<F> &
      (
        | {
            kind?: 'text'
            name: Path<V>
            input?: InputProps
            options?: Registration<V, F>
          }
        | { kind: 'textarea'; name: Path<V>; rows?: number; maxLength?: number }
        | { kind: 'checkbox'; name: Path<V> }
        | { kind: 'select'; name: Path<V>; choices: ReactNode; options?: Registration<V, F> }
        | { kind: 'money'; name: FieldPathByValue<V, number | null | undefined> }
        | { kind: 'phone'; name: FieldPathByValue<V, string> }
        | {
            /** Checkboxes of records (the label is the legend), read while `choices` is undefined. */
            kind: 'choices'
            name: Path<V>
            choices: readonly { id: number; label: string }[] | undefined
            loading: string
            empty?: string
            tall?: boolean
          }
      ))
  | {
      /** A piece of the form drawn by `render` (a component of its own where it holds state). */
      kind: 'part'
      key: string
      render: (form: F) => ReactNode
    }

/** What FormFields needs of a react-hook-form form. */
export type FieldsForm<V extends FieldValues> = {
  register: UseFormRegister<V>
  control: Control<V>
  errors: FieldErrors<V>
}

const WIDE = 'sm:col-span-2'

/** The described fields, in order, inside the modal's grid or column. */
export function FormFields<V extends FieldValues, F extends FieldsForm<V> = FieldsForm<V>>({
  form,
  fields,
}: {
  form: F & FieldsForm<V>
  fields: readonly NoInfer<FieldSpec<V, F>>[]
}) {
  const { register, control, errors } = form
  const registered = (name: Path<V>, options: Registration<V, F> | undefined) =>
    register(name, typeof options === 'function' ? options(form) : options)
  return fields.map((field) => {
    if (field.kind === 'part') return <Fragment key={field.key}>{field.render(form)}</Fragment>
    if (field.shownIf && !field.shownIf(form)) return <div key={field.name} />
    const error = (errors as Record<string, { message?: string } | undefined>)[field.name]?.message
    const shared = { label: field.label, ...(field.hint ? { hint: field.hint } : {}) }
    const className = field.wide ? WIDE : undefined
    const controlled = { ...shared, className, error }
    switch (field.kind) {
      case 'textarea':
        return (
          <TextAreaField
            key={field.name}
            {...shared}
            rows={field.rows}
            maxLength={field.maxLength}
            className={className}
            error={error}
            {...register(field.name)}
          />
        )
      case 'checkbox':
        return field.wide ? (
          <div key={field.name} className={WIDE}>
            <CheckboxField {...shared} {...register(field.name)} />
          </div>
        ) : (
          <CheckboxField key={field.name} {...shared} {...register(field.name)} />
        )
      case 'select':
        return (
          <SelectField
            key={field.name}
            {...shared}
            className={className}
            error={error}
            {...registered(field.name, field.options)}
          >
            {field.choices}
          </SelectField>
        )
      case 'choices':
        return (
          <fieldset key={field.name} className={className}>
            <legend className="mb-1 font-medium text-slate-800 text-sm">{field.label}</legend>
            {field.choices === undefined ? (
              <p className="text-slate-700 text-sm" role="status">
                {field.loading}
              </p>
            ) : field.choices.length === 0 && field.empty ? (
              <p className="text-slate-700 text-sm">{field.empty}</p>
            ) : (
              <div
                className={`${field.tall ? 'max-h-48' : 'max-h-40'} overflow-y-auto rounded-lg border border-slate-200 px-3 py-1`}
              >
                {field.choices.map((choice) => (
                  <CheckboxField
                    key={choice.id}
                    label={choice.label}
                    value={choice.id}
                    {...register(field.name)}
                  />
                ))}
              </div>
            )}
            {error ? <p className="mt-1 font-medium text-red-700 text-sm">{error}</p> : null}
          </fieldset>
        )
      // The controlled fields (a mask or a cents value): the form's control instead of register.
      case 'money':
        return <MoneyField key={field.name} name={field.name} control={control} {...controlled} />
      case 'phone':
        return <PhoneField key={field.name} name={field.name} control={control} {...controlled} />
      default:
        return (
          <TextField
            key={field.name}
            {...shared}
            {...field.input}
            className={className}
            error={error}
            {...registered(field.name, field.options)}
          />
        )
    }
  })
}

/** 'Parcelas (máximo)': 1 to 12, as classes and bundles offer them. */
export const INSTALMENTS = {
  name: 'instalment_times',
  label: 'Parcelas (máximo)',
  input: { type: 'number', min: 1, max: 12, inputMode: 'numeric' },
  options: { valueAsNumber: true },
} as const

/**
 * A form modal as one description, whatever it does with the values: the form's schema and how
 * an item (null: a new one) fills it, the modal's title for the item, its sentence under the title
 * and its store button's word, and its described fields and parts, in one column or in two.
 */
export type ModalFormDescription<V extends FieldValues, I> = Omit<ModalFormOptions<V, I>, 'item'> & {
  title: (item: I | null) => string
  /** What the modal says under its title (of the item it opened for, where it names it). */
  intro?: string | ((item: I | null) => string | undefined)
  storeLabel?: string
  fields: readonly FieldSpec<V, ModalFormOf<V>>[]
  twoColumns?: boolean
}

/**
 * A form modal as its description says, with what the form adds after the fields; `onSubmit`
 * takes the checked values (what the schema's transform gives, typed as V by the fields).
 */
export function ModalForm<V extends FieldValues, I>({
  description,
  item,
  onSubmit,
  children,
}: {
  description: ModalFormDescription<V, I>
  item: I | null
  onSubmit: (values: V, mode: 'store' | 'update', form: ModalFormOf<V>) => unknown
  children?: (form: ModalFormOf<V>) => ReactNode
}) {
  const { modalId, schema, valuesOf, title, intro, storeLabel, fields, twoColumns = false } = description
  const form = useModalForm<V, I>({ modalId, item, schema, valuesOf })
  const text = typeof intro === 'function' ? intro(item) : intro
  const submit = (mode: 'store' | 'update') =>
    void form.handleSubmit((values) => onSubmit(values, mode, form))()
  return (
    <FormModal
      id={modalId}
      title={title(item)}
      {...(text ? { description: text } : {})}
      {...(storeLabel ? { storeLabel } : {})}
      onStore={() => submit('store')}
      onUpdate={() => submit('update')}
    >
      <div className={twoColumns ? 'grid gap-4 sm:grid-cols-2' : 'space-y-4'}>
        <FormFields form={form} fields={fields} />
        {children?.(form)}
      </div>
    </FormModal>
  )
}

/**
 * A resource's form as one description: the form modal's, and where and how it is saved (the
 * success message may depend on the item, a new one or an edit, or be the server's answer's).
 */
export type FormDescription<V extends FieldValues, I extends Versioned, A = unknown> = ModalFormDescription<
  V,
  I
> &
  Omit<ResourceSave<A>, 'success'> & { success: string | ((item: I | null, saved: A) => string) }

/** A resource's form modal as its description says, saved by a POST (new) or a PUT (edit). */
export function ResourceForm<V extends FieldValues, I extends Versioned, A = unknown>({
  description,
  item,
  children,
}: {
  description: FormDescription<V, I, A>
  item: I | null
  children?: (form: ModalFormOf<V>) => ReactNode
}) {
  const { path, createPath, success, failure, answer, onSaved } = description
  const save = useResourceSave<V, I, A>(description.modalId, item, {
    path,
    ...(createPath ? { createPath } : {}),
    success: typeof success === 'string' ? success : (saved: A) => success(item, saved),
    ...(failure ? { failure } : {}),
    ...(answer ? { answer } : {}),
    ...(onSaved ? { onSaved } : {}),
  })
  return (
    <ModalForm description={description} item={item} onSubmit={save}>
      {children}
    </ModalForm>
  )
}
