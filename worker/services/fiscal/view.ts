import { and, desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm'
import { invoices } from '../../../db/schema.ts'
import { fiscalSettings } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { InvoiceCounts, PurchaseInvoice } from '../../contract/fiscal.ts'
import { PENDING_INVOICE_STATES, TROUBLE_INVOICE_STATES } from '../../domain/fiscal.ts'

// The notes as others show them: the dashboard's counts, Minhas compras' current note.

/** The statement behind the dashboard's counts, for its batch (one round trip for the whole dashboard). */
export function invoiceCountsStatement(ctx: AppContext) {
  return ctx.db
    .select({
      pending: sql<number>`sum(CASE WHEN ${inArray(invoices.state, [...PENDING_INVOICE_STATES])} THEN 1 ELSE 0 END)`,
      trouble: sql<number>`sum(CASE WHEN ${inArray(invoices.state, [...TROUBLE_INVOICE_STATES])} THEN 1 ELSE 0 END)`,
    })
    .from(invoices)
    .where(inArray(invoices.state, [...PENDING_INVOICE_STATES, ...TROUBLE_INVOICE_STATES]))
}

/** GET /api/admin/dashboard's `invoices`: notes pending or in trouble now. */
export function invoiceCountsOf(
  ctx: AppContext,
  rows: Awaited<ReturnType<typeof invoiceCountsStatement>>,
): InvoiceCounts {
  const row = rows[0]
  return {
    pending: Number(row?.pending ?? 0),
    trouble: Number(row?.trouble ?? 0),
    issuance: fiscalSettings(ctx.env).issuance,
  }
}

/** The statement behind `purchaseInvoicesOf`, for a caller's batch: the notes of these orders. */
export function purchaseInvoicesQuery(ctx: AppContext, orderIds: readonly string[] | SQLWrapper) {
  return ctx.db
    .select({
      orderId: invoices.orderId,
      state: invoices.state,
      number: invoices.number,
      pdfUrl: invoices.pdfUrl,
      authorizedAt: invoices.authorizedAt,
    })
    .from(invoices)
    .where(and(inArray(invoices.orderId, orderIds), eq(invoices.source, 'order')))
    .orderBy(desc(invoices.sequence))
}

type InvoiceRow = Awaited<ReturnType<typeof purchaseInvoicesQuery>>[number]

/** Each order's current note (the latest of its sequence: a substitution's, once queued). */
export function purchaseInvoicesOf(rows: InvoiceRow[]): Map<string, PurchaseInvoice> {
  const byOrder = new Map<string, PurchaseInvoice>()
  for (const row of rows) {
    if (!row.orderId || byOrder.has(row.orderId)) continue
    byOrder.set(row.orderId, {
      state: row.state,
      number: row.number,
      pdf_url: row.state === 'authorized' ? row.pdfUrl : null,
      authorized_at: row.authorizedAt?.toISOString() ?? null,
    })
  }
  return byOrder
}
