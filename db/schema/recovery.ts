import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { REMINDER_KINDS, SUPPRESSION_REASONS } from '../../worker/domain/reminders.ts'
import { createdAt, serial } from './columns.ts'
import { applications, feePlans } from './editais.ts'
import { orders } from './orders.ts'

// The schema: Sales recovery.

/**
 * A checkout left before paying (issue 25): the e-mail a buyer who consented typed and the cart
 * they had (its immutable hash and what it held), one row per address and cart. An order for that
 * cart and address closes it.
 */
export const abandonedCheckouts = sqliteTable(
  'abandoned_checkouts',
  {
    id: text('id').primaryKey(), // random: the link back to the checkout carries it
    email: text('email').notNull(),
    cartHash: text('cart_hash').notNull(),
    /** What the e-mail lists: the lines' names and prices, and the total, as the checkout showed them. */
    items: text('items', { mode: 'json' }).$type<{ name: string; cents: number }[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The cart itself, to put back in the browser that follows the link. */
    cart: text('cart', { mode: 'json' }).$type<unknown>().notNull(),
    createdAt: createdAt(),
    /** Last time the buyer was seen at the checkout with this cart (the delays count from it). */
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull(),
    /** The order made for this cart and address: no more reminders. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('abandoned_checkouts_email_cart').on(t.email, t.cartHash),
    // The job picks the open ones by when they were last seen.
    index('abandoned_checkouts_open').on(t.orderId, t.seenAt),
  ],
)

/**
 * A reminder sent: one row per kind and subject (`{kind}:{checkout id}`, `{kind}:{order id}:{attempt}`,
 * `{kind}:{plan payment or fee and application}`), written in the same batch as its outbox message,
 * so two runs at once or a run resumed never send one twice nor skip one.
 */
export const reminders = sqliteTable(
  'reminders',
  {
    id: serial(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    checkoutId: text('checkout_id').references(() => abandonedCheckouts.id, { onDelete: 'set null' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    planId: integer('plan_id').references(() => feePlans.id, { onDelete: 'set null' }),
    outboxId: integer('outbox_id'),
    /** Held back by the per-address cap (REMINDER_SETTINGS.sequencesPerAddress): recorded, never sent. */
    isCapped: integer('is_capped', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminders_subject_unique').on(t.subject),
    // The dashboard counts reminders sent, and the orders paid after one, within a period.
    index('reminders_created').on(t.createdAt),
    index('reminders_order').on(t.orderId),
    // The recovery figures ask, per abandoned checkout, whether (and when) it was reminded.
    index('reminders_checkout').on(t.checkoutId),
    // A person's reminders, for the privacy export and the account's deletion, and the per-address cap.
    index('reminders_email').on(t.email, t.kind, t.createdAt),
  ],
)

/** Addresses that receive no reminder: unsubscribed in one click, or bounced. */
export const emailSuppressions = sqliteTable('email_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
  createdAt: createdAt(),
})
