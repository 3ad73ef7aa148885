import { type ReactNode, useId } from 'react'

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
