import { type IconNode, LoaderCircle } from 'lucide'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { Icon } from '../components/icons.tsx'

/** Text inputs share one look: 4.5:1 text, a 3:1 border and the global focus ring. */
export const INPUT_CLASS =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700 disabled:bg-slate-100'

/** The ids that tie a control to its label, hint and error. */
export type FieldIds = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

type FieldShellProps = {
  label: string
  error?: string
  hint?: string
  className?: string
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldIds) => ReactNode
}

/** A label, a control, an optional hint and the field's error message, linked for screen readers. */
export function FieldShell({ label, error, hint, className, children }: FieldShellProps) {
  const id = useId()
  const hintId = hint ? `${id}-dica` : undefined
  const errorId = error ? `${id}-erro` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800 text-sm">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-slate-600 text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  label: string
  error?: string
  hint?: string
  className?: string
}

/** An `<input>` inside a FieldShell; spreads react-hook-form's `register()` (ref included). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <input type="text" {...input} {...control} className={INPUT_CLASS} />}
    </FieldShell>
  )
}

type PresetFieldProps = Omit<TextFieldProps, 'label'> & { label?: string }

/** 'Nome completo', offered the browser's saved name. */
export function NameField({ label = 'Nome completo', ...input }: PresetFieldProps) {
  return <TextField label={label} autoComplete="name" {...input} />
}

/** 'E-mail', with the e-mail keyboard and the browser's saved address (`autoComplete` may say otherwise). */
export function EmailField({ label = 'E-mail', ...input }: PresetFieldProps) {
  return <TextField label={label} type="email" inputMode="email" autoComplete="email" {...input} />
}

/**
 * A password: the one in use (`current`), a new one (with the rule as its hint) or the new one
 * again (`repeat`); password managers fill the first and offer to save the others.
 */
export function PasswordField({
  purpose,
  ...input
}: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'> & { purpose: 'current' | 'new' | 'repeat' }) {
  return (
    <TextField
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      hint={purpose === 'new' ? 'No mínimo 6 caracteres.' : undefined}
      {...input}
    />
  )
}

type BusyButtonProps = Omit<ComponentProps<'button'>, 'type'> & {
  pending?: boolean
  /** Drawn before the text while nothing runs; the spinner takes its place while the request runs. */
  icon?: IconNode
}

/** A button whose request is under way: disabled, busy, with a spinner before its text. */
function BusyButton({
  pending = false,
  icon,
  disabled,
  children,
  ...button
}: BusyButtonProps & { type: 'button' | 'submit' }) {
  return (
    <button {...button} disabled={disabled || pending} aria-busy={pending || undefined}>
      {pending ? (
        <Icon drawing={LoaderCircle} className="size-4 animate-spin" />
      ) : icon ? (
        <Icon drawing={icon} className="size-4" />
      ) : null}
      {children}
    </button>
  )
}

/** A submit button that stays put while the request runs: disabled, with a spinner. */
export function SubmitButton({ className, ...button }: BusyButtonProps) {
  return <BusyButton {...button} type="submit" className={className ?? 'btn btn-primary w-full'} />
}

/** A button that starts a request on its own (not a form's submit): disabled and busy while it runs. */
export function ActionButton({ className, ...button }: BusyButtonProps) {
  return <BusyButton {...button} type="button" className={className ?? 'btn btn-outline'} />
}
