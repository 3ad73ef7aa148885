import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { APPLICATION_STATES, FEE_KINDS } from '../../worker/domain/editais.ts'
import type { BuyerAbroad, BuyerCompany } from '../../worker/domain/fiscal.ts'
import { OPEN_STATES } from '../../worker/domain/orders.ts'
import { ORDER_STATES, PLAN_PAYMENT_METHODS, type PlanPaymentMethod } from '../../worker/domain/payments.ts'
import { users } from './accounts.ts'
import { createdAt, partOf, serial, statesIn, version } from './columns.ts'

// The schema: Editais, applications and fee plans.

export const editais = sqliteTable(
  'editais',
  {
    id: serial(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    isOpen: integer('is_open', { mode: 'boolean' }).notNull().default(true),
    opensAt: integer('opens_at', { mode: 'timestamp_ms' }),
    closesAt: integer('closes_at', { mode: 'timestamp_ms' }),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
    /** How many applications may be approved; null: no limit. */
    places: integer('places'),
    /** The call's PDF in the FILES bucket (served at /api/editais/{slug}/pdf). */
    pdfKey: text('pdf_key'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // Each edital page is reached by its slug.
    uniqueIndex('editais_slug_unique').on(t.slug),
  ],
)

export const applications = sqliteTable(
  'applications',
  {
    id: serial(),
    editalId: partOf('edital_id', () => editais.id),
    userId: partOf('user_id', () => users.id),
    status: text('status', { enum: APPLICATION_STATES }).notNull().default('submitted'),
    /** Why it was not approved, as the applicant reads it. */
    decisionReason: text('decision_reason'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** The applicant asked for e-mail reminders of the fees falling due (issue 25). */
    remindersConsent: integer('reminders_consent', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One application per user and edital.
    uniqueIndex('applications_edital_user').on(t.editalId, t.userId),
    // /usuario/editais lists the user's applications.
    index('applications_user').on(t.userId),
    // The admin lists a call's applications by state; approvals count the approved.
    index('applications_edital_status').on(t.editalId, t.status),
  ],
)

export const feePlans = sqliteTable(
  'fee_plans',
  {
    id: serial(),
    editalId: partOf('edital_id', () => editais.id),
    name: text('name').notNull(),
    /** The registration fee (payable on applying) or a monthly fee (payable once approved). */
    kind: text('kind', { enum: FEE_KINDS }).notNull().default('registration'),
    amountCents: integer('amount_cents').notNull(),
    paymentMethods: text('payment_methods', { mode: 'json' }).$type<PlanPaymentMethod[]>().notNull(),
    instalmentTimes: integer('instalment_times').notNull().default(1),
    /** The due day (YYYY-MM-DD in Curitiba); unpaid after it, the fee is late. */
    dueOn: text('due_on'),
    createdAt: createdAt(),
  },
  (t) => [
    // An edital page lists its plans.
    index('fee_plans_edital').on(t.editalId),
  ],
)

export const planPayments = sqliteTable(
  'plan_payments',
  {
    id: text('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => feePlans.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ORDER_STATES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PLAN_PAYMENT_METHODS }).notNull(),
    instalments: integer('instalments').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    /** As on orders: refunds and chargebacks are read from the charge (DESIGN 6). */
    gatewayChargeId: text('gateway_charge_id'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** As on orders: a refund asked of the provider and not yet confirmed (one DELETE however often clicked). */
    refundKey: text('refund_key'),
    refundRequestedAt: integer('refund_requested_at', { mode: 'timestamp_ms' }),
    refundRequestedCents: integer('refund_requested_cents'),
    boletoUrl: text('boleto_url'),
    payNumber: text('pay_number'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** The payer form (SPEC 3): name, e-mail, CPF, phone, and the user's id when it is the student's own. */
    payer: text('payer', { mode: 'json' })
      .$type<{ id?: number; name: string; email: string; cpf: string; phone: string }>()
      .notNull()
      .default(sql`'{}'`),
    billingAddress: text('billing_address', { mode: 'json' }).$type<Record<string, string>>(),
    boletoDueAt: integer('boleto_due_at', { mode: 'timestamp_ms' }),
    /** As on orders: one attempt at the provider at a time (a lease). */
    chargeAttemptAt: integer('charge_attempt_at', { mode: 'timestamp_ms' }),
    /** A debit card waiting for the issuer's 3-D Secure challenge: where the payer goes. */
    authenticationUrl: text('authentication_url'),
    /** Why the provider refused it, in pt-BR, for the payment screen and Meus editais. */
    refusalReason: text('refusal_reason'),
    settlementId: text('settlement_id'),
    reconciledAt: integer('reconciled_at', { mode: 'timestamp_ms' }),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    chargedBackAt: integer('charged_back_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    /**
     * Paid late (after it expired or failed) when another payment had already paid the same fee:
     * that payment's id. Recorded as the provider reports it, outside the one-open rule, for the
     * institute to refund (services/plans/payment-ledger.ts).
     */
    duplicateOf: text('duplicate_of'),
    /** As on orders: what the provider says arrived (a boleto paid short or over). */
    receivedCents: integer('received_cents'),
    /** 'Comprar como empresa' (issue 43): the fee's NFS-e goes to this company, not the payer's CPF. */
    company: text('company', { mode: 'json' }).$type<BuyerCompany>(),
    /** 'Moro fora do Brasil' (issue 43): the fee's NFS-e has this foreign taker and address. */
    foreignBuyer: text('foreign_buyer', { mode: 'json' }).$type<BuyerAbroad>(),
  },
  (t) => [
    // Same key, same payment (DESIGN 6).
    uniqueIndex('plan_payments_idempotency_key').on(t.idempotencyKey),
    // /usuario/editais shows an application's payments.
    index('plan_payments_application').on(t.applicationId),
    // A plan is paid at most once per application, whatever the concurrency: one open payment
    // (a late payment of one that had expired is recorded as a duplicate, outside the rule).
    uniqueIndex('plan_payments_one_open')
      .on(t.applicationId, t.planId)
      .where(sql`status IN ${statesIn(OPEN_STATES)} AND duplicate_of IS NULL`),
    // Webhooks and the reconciliation find a payment by the provider's ids.
    index('plan_payments_gateway_charge').on(t.gatewayChargeId),
    index('plan_payments_gateway_order').on(t.gatewayOrderId),
    // The reconciliation picks pending and recently paid payments.
    index('plan_payments_status_paid').on(t.status, t.paidAt),
  ],
)
