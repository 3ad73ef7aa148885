import type { ReactNode } from 'react'
import { Badge, type Tone } from './table.tsx'

// What an order's panels of a person's request show (a student document, a request to give the
// purchase up): a heading with the request's state, the facts known so far, then the decision.

/** A fact of the request: left out while it has no value. */
export type Fact = { label: string; value: ReactNode; wrap?: boolean }

export function DecisionSection({
  id,
  title,
  state,
  facts,
  children,
}: {
  id: string
  title: string
  state: { label: string; tone: Tone }
  facts: readonly Fact[]
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-slate-900">
        {title} <Badge tone={state.tone}>{state.label}</Badge>
      </h3>
      <dl className="mt-1 space-y-1">
        {facts
          .filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== '')
          .map((fact) => (
            <div key={fact.label}>
              <dt className="inline text-slate-600">{fact.label}: </dt>
              <dd className={fact.wrap ? 'inline break-words' : 'inline'}>{fact.value}</dd>
            </div>
          ))}
      </dl>
      {children}
    </section>
  )
}
