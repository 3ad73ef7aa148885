import { type ComponentProps, type ReactNode, useEffect, useState } from 'react'
import { MONTH_PATTERN } from '../../../../worker/domain/fiscal.ts'
import { FieldShell, INPUT_CLASS } from '../../lib/form-field.tsx'

// The admin forms' and filter bars' fields beyond the shared TextField: select, text area,
// checkbox, search box and date, each labelled by FieldShell.

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'className'> & {
  label: string
  error?: string | undefined
  hint?: string
  className?: string
  children: ReactNode
}

export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...select} {...control} className={INPUT_CLASS}>
          {children}
        </select>
      )}
    </FieldShell>
  )
}

/** The `<option>`s of an enumeration, each with its pt-BR label (one home per enum: worker/domain). */
export function EnumOptions<T extends string>({
  values,
  labels,
}: {
  values: readonly T[]
  labels: Readonly<Record<T, string>>
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ))
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
  label: string
  error?: string | undefined
  hint?: string
  className?: string
}

export function TextAreaField({ label, error, hint, className, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea rows={rows} {...textarea} {...control} className={INPUT_CLASS} />}
    </FieldShell>
  )
}

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'className'> & {
  label: string
  hint?: string
}

export function CheckboxField({ label, hint, ...input }: CheckboxFieldProps) {
  return (
    <label className="flex items-start gap-3 py-1 text-slate-800">
      <input type="checkbox" {...input} className="mt-0.5 size-5 shrink-0 accent-teal-700" />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-slate-600 text-sm">{hint}</span> : null}
      </span>
    </label>
  )
}

/** A labelled search box of a list's toolbar. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
}) {
  return (
    <FieldShell label={label} className="min-w-0 flex-1 basis-full sm:basis-auto sm:max-w-xs">
      {(control) => (
        <input
          {...control}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={INPUT_CLASS}
        />
      )}
    </FieldShell>
  )
}

/** The `<option>`s of records (courses, classes) by id, each with its name. */
export function RecordOptions<T extends { id: number }>({
  records,
  name,
}: {
  records: readonly T[] | undefined
  name: (record: T) => string
}) {
  return (records ?? []).map((record) => (
    <option key={record.id} value={record.id}>
      {name(record)}
    </option>
  ))
}

/** A filter bar's day ('De', 'Até'), within `min` and `max` when given. */
export function DayField({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  min?: string
  max?: string
}) {
  return (
    <FieldShell label={label}>
      {(control) => (
        <input
          {...control}
          type="date"
          value={value}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value)}
          className={INPUT_CLASS}
        />
      )}
    </FieldShell>
  )
}

/** A list's period filter: 'De' and 'Até', Curitiba days (the server checks the order). */
export function PeriodFields({
  from,
  to,
  set,
}: {
  from: string
  to: string
  set: (key: 'from' | 'to') => (value: string) => void
}) {
  return (
    <>
      <DayField label="De" value={from} onChange={set('from')} />
      <DayField label="Até" value={to} onChange={set('to')} />
    </>
  )
}

/** A filter bar's select: `all` (the empty value, 'Todas') first, then the choices. */
export function FilterSelect({
  label,
  all,
  value,
  onChange,
  children,
}: {
  label: string
  all: string
  value: string | number
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{all}</option>
      {children}
    </SelectField>
  )
}

const isMonth = (text: string) => text === '' || MONTH_PATTERN.test(text)

/**
 * A month as AAAA-MM (empty: any): the browser's month picker where it has one (Chromium); where it
 * has none (Firefox, Safari) a text field with the format as its hint, passed on only once whole.
 */
export function MonthField({
  label = 'Mês',
  value,
  onChange,
}: {
  label?: string
  value: string
  onChange: (value: string) => void
}) {
  const [text, setText] = useState(value)
  // A filter cleared from outside empties the field.
  useEffect(() => setText(value), [value])
  return (
    <FieldShell
      label={label}
      hint="AAAA-MM, ex.: 2026-03"
      error={isMonth(text) ? undefined : 'Use AAAA-MM, ex.: 2026-03.'}
    >
      {(control) => (
        <input
          {...control}
          type="month"
          inputMode="numeric"
          pattern="\d{4}-(0[1-9]|1[0-2])"
          placeholder="AAAA-MM"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (isMonth(event.target.value)) onChange(event.target.value)
          }}
          className={INPUT_CLASS}
        />
      )}
    </FieldShell>
  )
}
