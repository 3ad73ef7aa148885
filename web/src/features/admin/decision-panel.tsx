import { type ReactNode, useState } from 'react'
import type { z } from 'zod'
import type { AdminOrder } from '../../../../worker/contract/admin-sales.ts'
import { useDecision } from './admin-api.ts'
import { TextAreaField } from './fields.tsx'
import { Badge, type Tone } from './table.tsx'

// What an order's panels of a person's request show (a student document, a request to give the
// purchase up, a dispute, a boleto paid short): a heading with the request's state, the facts
// known so far, then the decision. Each kind of request is a description; the order's details
// draw those its order holds (RequestPanels).

/** A fact of the request: left out while it has no value. */
type Fact = { label: string; value: ReactNode; wrap?: boolean }

/**
 * A kind of request: its section's id and title, the badge of each state, and where its decision
 * is posted (below the order's path), the contract that checks what is posted, with the answer's
 * contract and the toast when it fails.
 */
export type RequestDescription<S extends string> = {
  id: string
  title: string
  states: Record<S, { label: string; tone: Tone }>
  path: string
  input: z.ZodType
  answer: z.ZodType<{ message: string }>
  failure: string
}

/** A button that decides at once, with what it posts (primary unless `outline`). */
type Approval = { button: string; input: object; outline?: boolean }

/** The decision taken elsewhere: a sentence where the approval's button would be. */
type ApprovalNote = { note: ReactNode }

/** The refusal (or a decision that needs a reason): the text's label, its button, what it posts with the text. */
type Refusal = { label: string; button: string; input: (text: string) => object; primary?: boolean }

/**
 * What a request of an order shows: its state, the facts known so far, what stands before the
 * decision (`lead`, also once decided), then while `open` the approval and the refusal with its text.
 */
export type RequestView<S extends string> = {
  status: S
  facts: readonly Fact[]
  lead?: ReactNode
  open: boolean
  approve?: Approval | ApprovalNote
  refuse?: Refusal
}

/** A kind of request with what it shows of an order: null when the order holds none. */
export type OrderRequest<S extends string> = RequestDescription<S> & {
  of: (order: AdminOrder) => RequestView<S> | null
}

/** The panels of the requests the order holds, in the order given. */
export function RequestPanels({
  order,
  requests,
}: {
  order: AdminOrder
  requests: readonly OrderRequest<string>[]
}) {
  return requests.map((request) => {
    const view = request.of(order)
    return view ? <DecisionPanel key={request.id} request={request} orderId={order.id} {...view} /> : null
  })
}

function DecisionPanel<S extends string>({
  request,
  orderId,
  status,
  facts,
  lead,
  open,
  approve,
  refuse,
}: RequestView<S> & { request: RequestDescription<S>; orderId: string }) {
  const [text, setText] = useState('')
  const { busy, error, decide } = useDecision(
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
      {lead || open ? (
        <div className="mt-2 space-y-2">
          {lead}
          {open && approve ? (
            'note' in approve ? (
              <p className="text-slate-700">{approve.note}</p>
            ) : (
              <button
                type="button"
                className={approve.outline ? 'btn btn-outline' : 'btn btn-primary'}
                disabled={busy}
                onClick={() => void decide(approve.input, request.input)}
              >
                {approve.button}
              </button>
            )
          ) : null}
          {open && refuse ? (
            <>
              <TextAreaField
                label={refuse.label}
                rows={2}
                value={text}
                error={error}
                onChange={(event) => setText(event.target.value)}
              />
              <button
                type="button"
                className={refuse.primary ? 'btn btn-primary' : 'btn btn-outline'}
                disabled={busy}
                onClick={() => void decide(refuse.input(text), request.input)}
              >
                {refuse.button}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
