import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  CANCEL_MOTIVE_CODES,
  INVOICE_SOURCES,
  INVOICE_STATES,
  type InvoiceSnapshot,
} from '../../worker/domain/fiscal.ts'
import { users } from './accounts.ts'
import { serial, stamped } from './columns.ts'
import { planPayments } from './editais.ts'
import { orders } from './orders.ts'

// The schema: the NFS-e of every sale (issue 43, decision 026).

export const invoices = sqliteTable(
  'invoices',
  {
    id: serial(),
    /** The note's reference at the provider, its idempotency key: `pedido-{order}-{n}` or `taxa-{payment}-{n}`. */
    ref: text('ref').notNull(),
    source: text('source', { enum: INVOICE_SOURCES }).notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    planPaymentId: text('plan_payment_id').references(() => planPayments.id, { onDelete: 'set null' }),
    /** 1 for the sale's note; 2, 3… for the notes that replace it (substitution). */
    sequence: integer('sequence').notNull().default(1),
    state: text('state', { enum: INVOICE_STATES }).notNull().default('queued'),
    /** What the note states: the sale's value, or the net value after a partial refund. */
    valueCents: integer('value_cents').notNull(),
    issCents: integer('iss_cents').notNull().default(0),
    /** The competence date (YYYY-MM-DD, Curitiba): the day the money came in. */
    competence: text('competence').notNull(),
    /** The taker, the service and the institute's data as they were when it was queued. */
    snapshot: text('snapshot', { mode: 'json' }).$type<InvoiceSnapshot>().notNull(),
    /** Not issued before (FISCAL_ISSUE_AT=after_withdrawal: the online items' 7-day window). */
    issueAfter: integer('issue_after', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    /** Not attempted again before (backoff after a failure). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** A job run holds the note until then (one sender at a time); its token says which run. */
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    claimToken: text('claim_token'),
    /** The note was POSTed once: a later attempt looks the ref up before sending again. */
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    number: text('number'),
    accessKey: text('access_key'),
    verificationCode: text('verification_code'),
    pdfUrl: text('pdf_url'),
    xmlUrl: text('xml_url'),
    /** The provider's (or the city's) last message, as the admin reads it. */
    providerMessage: text('provider_message'),
    /** A substitution: the note this one replaces. */
    replacesId: integer('replaces_id'),
    /** Money went back: the cancellation's reason, and when it was asked. */
    cancelReason: text('cancel_reason'),
    /** The national layout's motive of the cancellation (1, 2 or 9; domain/fiscal.ts CANCEL_MOTIVES). */
    cancelMotive: text('cancel_motive', { enum: CANCEL_MOTIVE_CODES }),
    cancelRequestedAt: integer('cancel_requested_at', { mode: 'timestamp_ms' }),
    authorizedAt: integer('authorized_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    /** The buyer was sent the PDF link (once). */
    emailedAt: integer('emailed_at', { mode: 'timestamp_ms' }),
    /** A `needs_admin` case closed by hand. */
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    closedNote: text('closed_note'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamped(),
  },
  (t) => [
    // One note per ref: queueing twice (a replayed webhook, two settlements) adds nothing.
    uniqueIndex('invoices_ref').on(t.ref),
    // A sale's notes, and Minhas compras' current one.
    index('invoices_order').on(t.orderId, t.sequence),
    index('invoices_plan_payment').on(t.planPaymentId, t.sequence),
    // The job picks what is due; the admin lists by state and month.
    index('invoices_state_next').on(t.state, t.nextAttemptAt),
    index('invoices_competence').on(t.competence),
    index('invoices_created').on(t.createdAt),
  ],
)
