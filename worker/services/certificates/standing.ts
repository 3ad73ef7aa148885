/**
 * What money does to certificates (issue 39, decision 023), and the one place a payment changes a
 * certificate's standing: a refund and a lost chargeback revoke what the order paid for, an open
 * chargeback suspends it, a won one reinstates it. "What the order paid for": the course
 * certificates of its classes' courses and the in-person certificates of its classes, held by the
 * person it enrolled, unless another active enrollment of that person still gives the same course
 * (or class). Each change is statements for the settlement's own batch, and one e-mail per
 * certificate to its holder, queued only when the statement changed that certificate.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import {
  CERTIFICATE_MONEY_REASONS,
  type CertificateKind,
  type CertificateStatus,
} from '../../domain/certificates.ts'
import { disputeStep, endsAccess, type OrderState } from '../../domain/orders.ts'
import type { OutboxMessage } from '../email/templates.ts'
import { certificateStandingEmail, type StandingChange } from './emails.ts'
import { statusListsChanged } from './status-list.ts'

export { CERTIFICATE_MONEY_REASONS }

/**
 * `certificateStatus` (worker/domain/certificates.ts, the rule's home) as SQL over a certificates
 * row, for lists that filter by it; tests/worker/certificates-follow-the-money.test.ts holds them equal.
 */
export const CERTIFICATE_STATUS_SQL = sql<CertificateStatus>`(CASE
  WHEN certificates.revoked_at IS NOT NULL THEN 'revoked'
  WHEN certificates.replaced_by IS NOT NULL THEN 'replaced'
  WHEN certificates.suspended_at IS NOT NULL THEN 'suspended'
  ELSE 'valid' END)`

/**
 * Whether a settlement step from `current` to `next` changes the standing of what the order paid
 * for: its access ended (a refund, a chargeback) or its dispute was won or lost.
 */
export function stepMovesCertificates(current: OrderState, next: OrderState): boolean {
  return (endsAccess(next) && !endsAccess(current)) || disputeStep(current, next) !== null
}

/**
 * Runs once a settlement that may have moved certificates is written (the order ledger calls it):
 * the status lists (decision 020) are built again at once in this location, rather than within
 * their ttl. Never throws.
 */
export const certificatesMoved = (ctx: AppContext): Promise<void> => statusListsChanged(ctx)

/** The ids of the certificates `orderId` paid for, held by `holderId`. */
function paidFor(orderId: string, holderId: number, guarded: boolean): SQL {
  // Another active enrollment of the holder (not this order's) that gives the same course or class.
  const elsewhere = (
    match: SQL,
  ) => sql`EXISTS (SELECT 1 FROM enrollments e JOIN classes k ON k.id = e.class_id
    WHERE e.user_id = ${holderId} AND e.status = 'active' AND e.order_id IS NOT ${orderId} AND ${match})`
  const stillGiven = (match: SQL) => (guarded ? sql`AND NOT ${elsewhere(match)}` : sql``)
  return sql`SELECT c.id FROM certificates c WHERE c.user_id = ${holderId} AND (
    (c.kind = 'course' AND c.course_id IN (SELECT k.course_id FROM order_items i JOIN classes k ON k.id = i.class_id
      WHERE i.order_id = ${orderId}) ${stillGiven(sql`k.course_id = c.course_id`)})
    OR (c.kind = 'in_person' AND c.class_id IN (SELECT i.class_id FROM order_items i WHERE i.order_id = ${orderId})
      ${stillGiven(sql`e.class_id = c.class_id`)}))`
}

type Standing = {
  /** The certificates this change applies to, among those the order paid for. */
  applies: SQL
  set: (ctx: AppContext, reason: string) => SQL
  /** True after the batch for a certificate this change moved. */
  moved: (ctx: AppContext, id: number, reason: string) => SQL
  /** Revoke and suspend spare a certificate another enrollment still pays for; reinstate follows the order. */
  guarded: boolean
}

const STANDING: Record<StandingChange, Standing> = {
  revoke: {
    applies: sql`revoked_at IS NULL`,
    set: (ctx, reason) => sql`revoked_at = ${ctx.now.getTime()}, revoked_reason = ${reason}`,
    moved: (ctx, id, reason) =>
      sql`EXISTS (SELECT 1 FROM certificates WHERE id = ${id} AND revoked_at = ${ctx.now.getTime()} AND revoked_reason = ${reason})`,
    guarded: true,
  },
  suspend: {
    applies: sql`revoked_at IS NULL AND suspended_at IS NULL`,
    set: (ctx, reason) => sql`suspended_at = ${ctx.now.getTime()}, suspended_reason = ${reason}`,
    moved: (ctx, id, reason) =>
      sql`EXISTS (SELECT 1 FROM certificates WHERE id = ${id} AND suspended_at = ${ctx.now.getTime()} AND suspended_reason = ${reason})`,
    guarded: true,
  },
  reinstate: {
    applies: sql`revoked_at IS NULL AND suspended_at IS NOT NULL`,
    set: () => sql`suspended_at = NULL, suspended_reason = NULL`,
    moved: (_ctx, id) =>
      sql`EXISTS (SELECT 1 FROM certificates WHERE id = ${id} AND suspended_at IS NULL AND revoked_at IS NULL)`,
    guarded: false,
  },
}

/**
 * The change `change` to the certificates order `orderId` paid for, held by `holderId` (the buyer,
 * or a gift's recipient), for the batch of the step `thisStep`: its statement (placed after the
 * step's enrollment changes) and the holders' e-mails, each queued only if its certificate moved.
 * Revoking or suspending every generation of a subject, a reissued certificate's old code with it.
 */
export async function certificatesPaidBy(
  ctx: AppContext,
  {
    orderId,
    holderId,
    change,
    reason,
    thisStep,
  }: { orderId: string; holderId: number | null; change: StandingChange; reason: string; thisStep: SQL },
): Promise<{ statements: SQL[]; mails: Array<OutboxMessage & { when: SQL }> }> {
  if (holderId === null) return { statements: [], mails: [] }
  const standing = STANDING[change]
  const ids = paidFor(orderId, holderId, standing.guarded)
  // The holder's current certificates it will move, for the e-mails (read before the batch).
  const told = await ctx.db.all<{
    id: number
    code: string
    kind: CertificateKind
    title: string
    minutes: number
    holder_name: string | null
    email: string
  }>(sql`SELECT c.id, c.code, c.kind, c.title, c.minutes, c.holder_name, u.email FROM certificates c
    JOIN users u ON u.id = c.user_id
    WHERE c.id IN (${ids}) AND c.replaced_by IS NULL AND ${standing.applies} AND u.deleted_at IS NULL`)
  const mails = await Promise.all(
    told
      .filter((row) => row.holder_name !== null)
      .map(async (row) => ({
        ...(await certificateStandingEmail(
          ctx.env,
          row.email,
          {
            code: row.code,
            kind: row.kind,
            title: row.title,
            minutes: row.minutes,
            holderName: row.holder_name!,
          },
          change,
          change === 'reinstate' ? CERTIFICATE_MONEY_REASONS.disputeWon : reason,
        )),
        when: standing.moved(ctx, row.id, reason),
      })),
  )
  return {
    statements: [
      sql`UPDATE certificates SET ${standing.set(ctx, reason)}
        WHERE ${standing.applies} AND id IN (${ids}) AND ${thisStep}`,
    ],
    mails,
  }
}
