import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, sqliteView, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ORDER_ITEM_TYPES, STUDENT_DOC_STATES } from '../../worker/domain/catalog.ts'
import { ATTENDANCE_STATES } from '../../worker/domain/certificates.ts'
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES } from '../../worker/domain/enrollments.ts'
import type { BuyerAbroad, BuyerCompany } from '../../worker/domain/fiscal.ts'
import { ACCESS_STATES, WITHDRAWAL_STATES } from '../../worker/domain/orders.ts'
import { DIFFERENCE_KINDS, ORDER_STATES, PAYMENT_TYPES } from '../../worker/domain/payments.ts'
import { users } from './accounts.ts'
import { classes, coupons, courses } from './catalog.ts'
import { createdAt, partOf, serial, stamped, statesIn } from './columns.ts'

// The schema: Orders and enrollments.

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(), // random, unguessable (appears in result URLs)
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartHash: text('cart_hash').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ORDER_STATES }).notNull().default('pending'),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }),
    instalments: integer('instalments').notNull().default(1),
    grossCents: integer('gross_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    interestCents: integer('interest_cents').notNull().default(0),
    donationCents: integer('donation_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    /** The provider's charge: what a refund cancels and what webhooks and the reconciliation re-read. */
    gatewayChargeId: text('gateway_charge_id'),
    /** When the current attempt to send the order to the provider began: one sender at a time. */
    chargeAttemptAt: integer('charge_attempt_at', { mode: 'timestamp_ms' }),
    boletoUrl: text('boleto_url'),
    boletoLine: text('boleto_line'),
    boletoDueAt: integer('boleto_due_at', { mode: 'timestamp_ms' }),
    pixCode: text('pix_code'),
    pixExpiresAt: integer('pix_expires_at', { mode: 'timestamp_ms' }),
    payer: text('payer', { mode: 'json' })
      .$type<{ name: string; email: string; cpf: string; phone: string }>()
      .notNull(),
    billingAddress: text('billing_address', { mode: 'json' }).$type<Record<string, string>>(),
    gifts: text('gifts', { mode: 'json' }).$type<unknown[]>(),
    isStudent: integer('is_student', { mode: 'boolean' }).notNull().default(false),
    /** The student document in R2 (deleted 30 days after its review: then null). */
    studentDocKey: text('student_doc_key'),
    /** The student document's review by the institute; null without one (issue 29, item 3). */
    studentDocStatus: text('student_doc_status', { enum: STUDENT_DOC_STATES }),
    studentDocDecidedAt: integer('student_doc_decided_at', { mode: 'timestamp_ms' }),
    /** Why it was rejected, as the student reads it. */
    studentDocReason: text('student_doc_reason'),
    /** Rejected: the difference is paid by then, or the order is cancelled and refunded. */
    studentDocDeadline: integer('student_doc_deadline', { mode: 'timestamp_ms' }),
    /** What the student price took off the list prices: the difference a rejection asks for. */
    studentDiscountCents: integer('student_discount_cents').notNull().default(0),
    /** An order that pays the difference of a rejected student document: the order it belongs to. */
    differenceOf: text('difference_of'),
    /** What such an order pays: a student price's difference, or what a boleto paid short missed. */
    differenceKind: text('difference_kind', { enum: DIFFERENCE_KINDS }),
    hasPassport: integer('has_passport', { mode: 'boolean' }).notNull().default(false),
    /**
     * A guest's order made with the e-mail of an account that never proved it: no account holds
     * it until someone proves this address, and then that account claims it (decision 010).
     */
    claimEmail: text('claim_email'),
    ...stamped(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** What the provider confirmed as refunded (partial or total), in centavos. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    chargedBackAt: integer('charged_back_at', { mode: 'timestamp_ms' }),
    /**
     * A refund asked of the provider and not yet confirmed: its Idempotency-Key, when and how much.
     * Only the request that sets it calls the provider (20 clicks, one DELETE).
     */
    refundKey: text('refund_key'),
    refundRequestedAt: integer('refund_requested_at', { mode: 'timestamp_ms' }),
    refundRequestedCents: integer('refund_requested_cents'),
    /** Last time the scheduled reconciliation re-read the order at the provider. */
    reconciledAt: integer('reconciled_at', { mode: 'timestamp_ms' }),
    /** Random per state change: what that change writes alongside is keyed to it, so a replay adds nothing. */
    settlementId: text('settlement_id'),
    /**
     * How many times the order went to the provider: an expired boleto or PIX issued again for the
     * same order is a new provider order, whose code is the order id + '-' + this number.
     */
    chargeAttempts: integer('charge_attempts').notNull().default(1),
    /**
     * Paid after its seat was released (an expired order paid late) into a class with no seat
     * left: honoured, and flagged for the institute to decide (decision 011).
     */
    isOverSeats: integer('is_over_seats', { mode: 'boolean' }).notNull().default(false),
    /**
     * A use of each coupon of its lines is counted for this order in coupons.used_count: reserved
     * when it is written, taken for good once paid (a refund does not give it back), given back when
     * it fails or expires, or, still unpaid, once its PIX expired or its boleto fell due; a late
     * payment takes it again (services/checkout/coupon-holds.ts).
     */
    couponHeld: integer('coupon_held', { mode: 'boolean' }).notNull().default(false),
    /**
     * What the provider says arrived (its `paid_amount`): a boleto paid short (`underpaid`) or over
     * (`overpaid`) differs from the total (issue 30, item 4); null until paid.
     */
    receivedCents: integer('received_cents'),
    /**
     * A gift's recipient (the order's `gifts`): the account, found or made by the gift's e-mail when
     * the order is paid, that holds its enrollments (issue 22, item 7).
     */
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A paid gift to an address whose account has not proved it while someone holds it: no account
     * receives it until one proves this address, which then becomes its recipient (decision 010).
     */
    giftClaimEmail: text('gift_claim_email'),
    /** The buyer's request to give the purchase up within 7 days (CDC art. 49; issue 22, item 8). */
    withdrawalStatus: text('withdrawal_status', { enum: WITHDRAWAL_STATES }),
    withdrawalReason: text('withdrawal_reason'),
    withdrawalRequestedAt: integer('withdrawal_requested_at', { mode: 'timestamp_ms' }),
    /** The institute's answer to a request it refused, as the buyer reads it. */
    withdrawalAnswer: text('withdrawal_answer'),
    withdrawalDecidedAt: integer('withdrawal_decided_at', { mode: 'timestamp_ms' }),
    /** The buyer ticked 'Quero receber lembretes sobre esta compra por e-mail' (issue 25). */
    remindersConsent: integer('reminders_consent', { mode: 'boolean' }).notNull().default(false),
    /** 'Comprar como empresa' (issue 43): the NFS-e's taker is this company, not the payer's CPF. */
    company: text('company', { mode: 'json' }).$type<BuyerCompany>(),
    /** A buyer abroad (issue 43): the NFS-e's foreign taker and its address. */
    foreignBuyer: text('foreign_buyer', { mode: 'json' }).$type<BuyerAbroad>(),
  },
  (t) => [
    // A repeated submit with the same key returns the first order (DESIGN 6).
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    // The review's deadline job, and an order's difference payments.
    index('orders_student_doc').on(t.studentDocStatus, t.studentDocDeadline),
    index('orders_difference_of').on(t.differenceOf),
    // Webhooks find the order by the gateway's id.
    index('orders_gateway_order').on(t.gatewayOrderId),
    // Charge webhooks (charge.refunded, charge.chargedback) find the order by the charge's id.
    index('orders_gateway_charge').on(t.gatewayChargeId),
    // The reconciliation picks paid orders by payment date and pending ones by state.
    index('orders_status_paid').on(t.status, t.paidAt),
    // /usuario/compras lists a user's orders.
    index('orders_user').on(t.userId, t.createdAt),
    // The admin dashboard sums what was paid, and counts orders, within a period.
    index('orders_paid_at').on(t.paidAt),
    index('orders_created').on(t.createdAt),
    // Claimed when an account proves the address.
    index('orders_claim_email').on(t.claimEmail),
    // A gift waiting for its recipient's proof, claimed the same way.
    index('orders_gift_claim_email').on(t.giftClaimEmail),
    // The admin's list of purchases given up, waiting for an answer.
    index('orders_withdrawal').on(t.withdrawalStatus),
  ],
)

export const orderItems = sqliteTable(
  'order_items',
  {
    id: serial(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ORDER_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    classId: integer('class_id').references(() => classes.id),
    courseId: integer('course_id').references(() => courses.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    name: text('name').notNull(),
    grossCents: integer('gross_cents').notNull(),
    netCents: integer('net_cents').notNull(),
  },
  (t) => [
    // An order is read with its items.
    index('order_items_order').on(t.orderId),
    // A class's seats are counted over its order lines (class_seats).
    index('order_items_class').on(t.classId),
  ],
)

export const enrollments = sqliteTable(
  'enrollments',
  {
    id: serial(),
    userId: partOf('user_id', () => users.id),
    classId: partOf('class_id', () => classes.id),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('active'),
    /** 'manual': an administrator enrolled the student (paid outside the site), with a note. */
    source: text('source', { enum: ENROLLMENT_SOURCES }).notNull().default('order'),
    note: text('note').notNull().default(''),
    /** An in-person class's attendance, marked by the admin after it ends (null: not marked). */
    attendance: text('attendance', { enum: ATTENDANCE_STATES }),
    attendanceAt: integer('attendance_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A paid order enrols once per class: a second insert is a no-op.
    uniqueIndex('enrollments_user_class').on(t.userId, t.classId),
    // /admin/matriculas lists a class's students.
    index('enrollments_class').on(t.classId),
    // /admin/matriculas lists every enrollment newest first, and filters by period.
    index('enrollments_created').on(t.createdAt),
  ],
)

/**
 * A class's seats, counted rather than stored (decision 011): held by its pending orders (and its
 * orders paid short, while the difference is due or the institute decides: issue 40), taken by
 * its paid or partly refunded orders and by its active manual enrollments. A state change releases
 * a seat by itself. Triggers (migration 0009) refuse an order line, or an order issued again, that
 * would put a class over its seats; the manual enrollment checks the same view.
 */
export const classSeats = sqliteView('class_seats', {
  classId: integer('class_id').notNull(),
  seats: integer('seats'),
  held: integer('held').notNull(),
  taken: integer('taken').notNull(),
}).as(sql`SELECT c.id AS class_id, c.seats AS seats,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status IN ('pending', 'underpaid')) AS held,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status IN ${statesIn(ACCESS_STATES)})
  + (SELECT count(*) FROM enrollments e
    WHERE e.class_id = c.id AND e.status = 'active' AND e.order_id IS NULL) AS taken
  FROM classes c`)
