import { type ReactNode, useId } from 'react'
import { FieldShell, INPUT_CLASS } from '../../lib/form-field.tsx'

/**
 * A panel of the conference's administration under the public page (the schedule's shift, the
 * certificates, the live questions' speakers and kept questions): its heading names the region, and
 * the sentence under it says what it does. `amber` marks what changes the event for everyone.
 */
export function ConferenceAdminPanel({
  title,
  intro,
  amber = false,
  children,
}: {
  title: string
  intro?: ReactNode
  amber?: boolean
  children: ReactNode
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className={`mt-12 max-w-3xl rounded-2xl border p-6 ${
        amber ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'
      }`}
    >
      <h2 id={id} className="font-bold text-slate-900 text-xl">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-slate-700">{intro}</p> : null}
      {children}
    </section>
  )
}

/** A panel's choice of a number (a day, a talk): `onChange` gets the number chosen. */
export function NumberSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string
  value: number
  onChange: (value: number) => void
  children: ReactNode
}) {
  return (
    <FieldShell label={label}>
      {(ids) => (
        <select
          {...ids}
          className={INPUT_CLASS}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {children}
        </select>
      )}
    </FieldShell>
  )
}

/** A talk as the panels list it, '[day,slot] title', the title cut at `length` characters when given. */
export function talkName(talk: { session: [number, number]; title: string }, length?: number): string {
  return `[${talk.session[0]},${talk.session[1]}] ${talk.title.slice(0, length)}`
}
