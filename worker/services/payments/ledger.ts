import type { SQL } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { BillingAddress, GatewayPayment, PaymentRequest } from '../../adapters/payments/types.ts'
import type { OrderPosition } from '../../domain/orders.ts'
import type { OrderState } from '../../domain/payments.ts'
import type { AppError } from '../../errors.ts'
import type { OutboxMessage } from '../email/templates.ts'

// The payments' vocabulary: what the pipeline (charge attempt, settlement, webhook, reconciliation)
// asks of a ledger. Each ledger lives with its owner (the store's orders in services/checkout, the
// fee plans' payments in services/plans) and is handed in by whoever calls the pipeline.

/**
 * What the provider says of a payment: its state, what was refunded, and the payment it read;
 * `disputeWon`, a chargeback the institute won (decision 023).
 */
export type Report = {
  status: OrderState
  refundedCents: number
  payment?: GatewayPayment | undefined
  disputeWon?: boolean | undefined
  /** An order paid short whose difference went back in full (`ReportedPosition`, domain/orders.ts). */
  differenceWentBack?: boolean | undefined
  /**
   * The store's own word: the institute accepted what a boleto paid short brought, so the order is
   * paid with less than its price (its NFS-e states what arrived).
   */
  acceptedShort?: boolean | undefined
  /** What the act that reports it writes with its step, only if it happens (an admin's audit line). */
  writes?: ((thisStep: SQL) => SQL[]) | undefined
}

/** A message a step queues; `when`, a condition of the step's own batch besides the step itself. */
export type StepMail = OutboxMessage & { when?: SQL | undefined }

export type QueuedEmail = { id: number; message: OutboxMessage }
/** A row's step; `acceptedShort`: the report's (paid with what a boleto paid short brought). */
export type Step = { current: OrderPosition; next: OrderPosition; acceptedShort?: boolean }

/** What every payment row has (an order, a plan payment): DESIGN 6's states and the provider's ids. */
export type Payment = {
  id: string
  status: OrderState
  refundedCents: number
  paidAt: Date | null
  chargeAttemptAt: Date | null
  reconciledAt: Date | null
  gatewayOrderId: string | null
  gatewayChargeId: string | null
  payer: { name: string; email: string; cpf: string; phone: string }
  billingAddress: Record<string, string> | null
}

export type Settled<Row> = { row: Row; changed: boolean; emails: QueuedEmail[] }

/** What the browser sends of a card: the provider's token, and a PSP debit's authentication. */
export type Card = { token: string | null; tdsTransactionId?: string | null }

export type ErrorStatus = 'NOT_FOUND' | 'VALIDATION' | 'UNAVAILABLE' | 'CONFLICT'

/**
 * One kind of payment (an order, a plan payment), as the pipeline sees it: where its rows are, what
 * the provider's report fills in and implies, and what it sends and answers.
 */
export type Ledger<Row extends Payment, Result> = {
  /** Its table: every row has `status`, `refunded_cents`, `settlement_id` and the provider's ids. */
  table: 'orders' | 'plan_payments'
  select(where: SQL, limit: number, orderBy?: SQL[]): Promise<Row[]>
  /** Which of its pending and its paid rows the provider holds (the reconciliation reads those). */
  atProvider: { pending: SQL; paid: SQL }
  /** UPDATE … SET values WHERE condition RETURNING *, as a batch item. */
  update(values: Partial<Row>, condition: SQL): BatchItem<'sqlite'>
  /** The provider's ids and the boleto's (or PIX's, a debit's challenge…) data, as it reports them. */
  fields(row: Row, payment: GatewayPayment | undefined): Partial<Row>
  /** Its own columns that `fields` fills in, blank: as before anything was sent (a payment issued again). */
  unsent: Partial<Row>
  /** Columns a step sets besides state, amounts and dates (e.g. a refund request confirmed). */
  stepColumns?(row: Row, step: Step): Partial<Row>
  /**
   * What the step implies, written in its own transaction: `thisStep` holds only for it. `after`:
   * work started once that transaction committed, finishing after the answer (`waitUntil`), whose
   * failure changes nothing the step wrote (the paid sale's NFS-e sent at once, issue 43).
   */
  effects(
    row: Row,
    step: Step,
    thisStep: SQL,
  ): Promise<{ statements: SQL[]; mails: StepMail[]; after?: Array<() => Promise<unknown>> }>
  /**
   * Rows that step with this one, in its transaction and only if it happens: an order paid short
   * becomes paid when the order that pays its difference does (issue 40, item 5).
   */
  alongside?(row: Row, step: Step): Promise<Array<{ row: Row; report: Report }>>
  /** Applies a report (DESIGN 6) through `settle`, with what this kind does around it. */
  settle(row: Row, report: Report): Promise<Settled<Row>>
  /** Its provider order's code (an Idempotency-Key too), and how a code finds the row. */
  code(row: Row): string
  byCode(code: string): SQL
  /** Settled, or already at the provider: nothing more to send. */
  sent(row: Row): boolean
  /** What to send; throws when this submit cannot send it (a card without a fresh token). */
  request(row: Row, card: Card): PaymentRequest
  /** What the provider order holds (their amounts make its total). */
  items(row: Row): Promise<Array<{ code: string; description: string; amountCents: number }>>
  /** The answer to the payer; `emailFailed`: an e-mail the settlement queued waits (SPEC 8). */
  result(row: Row, emailFailed?: boolean): Result
  /** Its errors, in the SPEC's codes for this kind (1, 2 or 3). */
  error(status: ErrorStatus, code: 1 | 2 | 3, message: string, errors?: string[]): AppError
}

export const billingAddressOf = (row: Pick<Payment, 'billingAddress'>) =>
  row.billingAddress as BillingAddress | null
