import { type ReactNode, useState } from 'react'
import type { z } from 'zod'
import { useDecision } from './admin-api.ts'
import { TextAreaField } from './fields.tsx'
import { Badge, type Tone } from './table.tsx'

// What an order's panels of a person's request show (a student document, a request to give the
// purchase up): a heading with the request's state, the facts known so far, then the decision.

/** A fact of the request: left out while it has no value. */
export type Fact = { label: string; value: ReactNode; wrap?: boolean }

/**
 * A kind of request: its section's id and title, the badge of each state, and where its decision
 * is posted (below the order's path), with the answer's contract and the toast when it fails.
 */
export type RequestDescription<S extends string> = {
  id: string
  title: string
  states: Record<S, { label: string; tone: Tone }>
  path: string
  answer: z.ZodType<{ message: string }>
  failure: string
}

/** The decision being taken: `text` is the reason or answer that goes with a refusal. */
export type Decision = ReturnType<typeof useDecision> & { text: string; setText: (text: string) => void }

export function DecisionPanel<S extends string>({
  request,
  orderId,
  status,
  facts,
  children,
}: {
  request: RequestDescription<S>
  orderId: string
  status: S
  facts: readonly Fact[]
  children: (decision: Decision) => ReactNode
}) {
  const [text, setText] = useState('')
  const decision = useDecision(
    `/api/admin/pedidos/${orderId}/${request.path}`,
    request.answer,
    request.failure,
  )
  const state = request.states[status]
  return (
    <section aria-labelledby={request.id}>
      <h3 id={request.id} className="font-semibold text-slate-900">
        {request.title} <Badge tone={state.tone}>{state.label}</Badge>
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
      {children({ ...decision, text, setText })}
    </section>
  )
}

/** A button that decides: disabled while a decision is on its way. */
export function DecideButton({
  decision,
  className,
  onDecide,
  children,
}: {
  decision: Decision
  className: string
  onDecide: () => void
  children: ReactNode
}) {
  return (
    <button type="button" className={className} disabled={decision.busy} onClick={onDecide}>
      {children}
    </button>
  )
}

/** The refusal: the text the person reads, then the button that refuses with it. */
export function Refusal({
  decision,
  label,
  className,
  onRefuse,
  children,
}: {
  decision: Decision
  label: string
  className: string
  onRefuse: () => void
  children: ReactNode
}) {
  return (
    <>
      <TextAreaField
        label={label}
        rows={2}
        value={decision.text}
        error={decision.error}
        onChange={(event) => decision.setText(event.target.value)}
      />
      <DecideButton decision={decision} className={className} onDecide={onRefuse}>
        {children}
      </DecideButton>
    </>
  )
}
