import { z } from 'zod'
import { REMINDER_KINDS, SUPPRESSION_REASONS } from '../domain/reminders.ts'
import { exportQueryOf, paginated, SearchedPeriodPageQuery } from './admin.ts'
import { Cents } from './money.ts'

// Sales recovery as the admin sees it (issue 25, item 6): the dashboard's figures and the list of
// open abandoned checkouts (on the dashboard, /admin).

/** What reminders brought in the dashboard's period (part of GET /api/admin/dashboard). */
export const RecoveryFigures = z.object({
  /**
   * Checkouts abandoned: begun in the period (an e-mail typed with consent) and with no order in
   * the first reminder's delay after it (`abandoned_after_minutes`).
   */
  abandoned: z.number().int(),
  /** That delay, in minutes (what the dashboard says "abandoned" means). */
  abandoned_after_minutes: z.number().int(),
  /** Reminders sent in the period, of every kind. */
  reminders: z.array(z.object({ kind: z.enum(REMINDER_KINDS), count: z.number().int() })),
  /** First abandoned-checkout e-mails held back in the period by the per-address cap (never sent). */
  capped: z.number().int(),
  /**
   * Orders paid in the period after a reminder about them (about the order, or about the checkout
   * the order came from) was sent; their money as the revenue counts it (net of refunds).
   */
  recovered: z.object({
    orders: z.number().int(),
    paid: Cents,
    refunded: Cents,
    net: z.number().int(),
  }),
  /**
   * The recovery rate's two terms, over the checkouts abandoned in the period: those that got a
   * reminder, and of them those whose order was paid after it (whenever it was paid).
   */
  rate: z.object({ reminded: z.number().int(), recovered: z.number().int() }),
})
export type RecoveryFigures = z.infer<typeof RecoveryFigures>

export const AbandonedCheckoutsQuery = z
  .object({
    /** q: the e-mail or an item's name. */
    ...SearchedPeriodPageQuery,
  })
  .strict()
export type AbandonedCheckoutsQuery = z.output<typeof AbandonedCheckoutsQuery>
/** The same filters, for the CSV of everything they match (no pages). */
export const AbandonedCheckoutsExportQuery = exportQueryOf(AbandonedCheckoutsQuery)

export const AdminAbandonedCheckout = z.object({
  id: z.string(),
  email: z.string(),
  /** The lines as the checkout showed them, and their total. */
  items: z.array(z.object({ name: z.string(), cents: Cents })),
  total: Cents,
  /** When the e-mail was first typed with this cart, and when the buyer was last seen at it. */
  created_at: z.string(),
  seen_at: z.string(),
  /** Reminders sent about it, and the last one. */
  reminders: z.number().int(),
  last_reminder: z.object({ kind: z.enum(REMINDER_KINDS), sent_at: z.string() }).nullable(),
  /** Why the address gets no more reminders (it unsubscribed, or mail to it bounced); null if it does. */
  stopped: z.enum(SUPPRESSION_REASONS).nullable(),
})
export type AdminAbandonedCheckout = z.infer<typeof AdminAbandonedCheckout>
export const AdminAbandonedCheckoutPage = paginated(AdminAbandonedCheckout)
export type AdminAbandonedCheckoutPage = z.infer<typeof AdminAbandonedCheckoutPage>
