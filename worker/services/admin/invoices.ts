import { and, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm'
import { invoices } from '../../../db/schema.ts'
import { fiscalSettings } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import {
  type AdminInvoice,
  type AdminInvoicePage,
  type CancelInvoiceInput,
  type CloseInvoiceInput,
  INVOICE_MESSAGES,
  type InvoiceActionResult,
  type InvoicesQuery,
} from '../../contract/fiscal.ts'
import { csvDateTime, csvMoney, toCsv } from '../../domain/csv.ts'
import { cancelJustificativa, INVOICE_STATE_LABELS } from '../../domain/fiscal.ts'
import { AppError, notFound } from '../../errors.ts'
import { queueEmail } from '../email/outbox.ts'
import { invoiceEmail } from '../fiscal/emails.ts'
import { type InvoiceRow, issueInvoices } from '../fiscal/job.ts'
import {
  type Actor,
  type AdminEdit,
  type AdminRowAction,
  auditStatement,
  iso,
  likePattern,
  listPage,
} from './internal.ts'

// The admin's 'Notas fiscais' (issue 43): every note, its state and the provider's word; retry,
// cancel, resend the e-mail, close a case by hand; the accountant's CSV of a month.

const taker = (path: string) => sql`json_extract(${invoices.snapshot}, ${`$.taker.${path}`})`

export function adminInvoiceOf(row: InvoiceRow, replacedBy: number | null = null): AdminInvoice {
  const t = row.snapshot.taker
  return {
    id: row.id,
    ref: row.ref,
    source: row.source,
    order_id: row.orderId,
    plan_payment_id: row.planPaymentId,
    state: row.state,
    buyer: { kind: t.kind, name: t.name, email: t.email, document: t.document },
    value_cents: row.valueCents,
    iss_cents: row.issCents,
    description: row.snapshot.service.description,
    competence: row.competence,
    number: row.number,
    access_key: row.accessKey,
    verification_code: row.verificationCode,
    pdf_url: row.pdfUrl,
    xml_url: row.xmlUrl,
    provider_message: row.providerMessage,
    replaces_id: row.replacesId,
    replaced_by_id: replacedBy,
    attempts: row.attempts,
    issue_after: iso(row.issueAfter),
    created_at: row.createdAt.toISOString(),
    authorized_at: iso(row.authorizedAt),
    cancelled_at: iso(row.cancelledAt),
    cancel_motive: row.cancelMotive,
    cancel_reason: row.cancelReason,
    emailed_at: iso(row.emailedAt),
    closed_at: iso(row.closedAt),
    closed_note: row.closedNote,
  }
}

function filtersOf(query: Omit<InvoicesQuery, 'page' | 'per_page'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (query.state) conditions.push(eq(invoices.state, query.state))
  if (query.month) conditions.push(like(invoices.competence, `${query.month}-%`))
  if (query.q) {
    const pattern = likePattern(query.q.toLowerCase())
    const digits = query.q.replace(/[^0-9A-Za-z]/g, '').toUpperCase()
    conditions.push(
      or(
        sql`lower(${taker('name')}) LIKE ${pattern} ESCAPE '\\'`,
        sql`lower(${taker('email')}) LIKE ${pattern} ESCAPE '\\'`,
        sql`lower(${invoices.orderId}) LIKE ${pattern} ESCAPE '\\'`,
        digits.length >= 3 ? sql`${taker('document')} LIKE ${likePattern(digits)} ESCAPE '\\'` : undefined,
      ),
    )
  }
  return and(...conditions)
}

/** GET /api/admin/notas-fiscais: newest first, with how issuance is set. */
export async function listInvoices({
  ctx,
  query,
}: {
  ctx: AppContext
  query: InvoicesQuery
}): Promise<AdminInvoicePage> {
  const where = filtersOf(query)
  const page = await listPage(ctx, query, {
    count: ctx.db.select({ total: count() }).from(invoices).where(where),
    rows: ctx.db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)),
    toItem: (row: InvoiceRow) => row,
  })
  const replacing = page.items.length
    ? await ctx.db
        .select({ id: invoices.id, replacesId: invoices.replacesId })
        .from(invoices)
        .where(
          inArray(
            invoices.replacesId,
            page.items.map((row) => row.id),
          ),
        )
    : []
  const replacedBy = new Map(replacing.map((row) => [row.replacesId, row.id]))
  const settings = fiscalSettings(ctx.env)
  return {
    ...page,
    items: page.items.map((row) => adminInvoiceOf(row, replacedBy.get(row.id) ?? null)),
    settings: {
      issuance: settings.issuance,
      issue_at: settings.issueAt,
      configured: settings.problems.length === 0,
      environment: settings.environment,
    },
  }
}

/** GET /api/admin/notas-fiscais/exportacao: the accountant's month (every note, totals, ISS). */
export async function exportInvoices({
  ctx,
  actor,
  query,
}: {
  ctx: AppContext
  actor: Actor
  query: { month: string }
}) {
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(filtersOf({ month: query.month }))
    .orderBy(invoices.competence, invoices.id)
  const header = [
    'Competência',
    'Situação',
    'Número',
    'Chave de acesso',
    'Pedido',
    'Tomador',
    'CPF/CNPJ',
    'E-mail',
    'Descrição',
    'Valor (R$)',
    'ISS (R$)',
    'ISS retido',
    'Autorizada em',
    'Cancelada em',
    'Motivo do cancelamento',
    'Mensagem do provedor',
  ]
  const lines = rows.map((row) => [
    row.competence,
    INVOICE_STATE_LABELS[row.state],
    row.number,
    row.accessKey,
    row.orderId ?? (row.planPaymentId ? `taxa ${row.planPaymentId}` : ''),
    row.snapshot.taker.name,
    row.snapshot.taker.document ?? 'exterior',
    row.snapshot.taker.email,
    row.snapshot.service.description,
    csvMoney(row.valueCents),
    csvMoney(row.issCents),
    row.snapshot.service.issRetained ? 'sim' : 'não',
    row.authorizedAt ? csvDateTime(row.authorizedAt) : '',
    row.cancelledAt ? csvDateTime(row.cancelledAt) : '',
    row.cancelReason,
    row.providerMessage,
  ])
  // What stands for the month: authorised notes (cancelled and replaced ones no longer count).
  const standing = rows.filter((row) => row.state === 'authorized')
  const total = standing.reduce((sum, row) => sum + row.valueCents, 0)
  const iss = standing.reduce((sum, row) => sum + row.issCents, 0)
  const totals = [
    `Total ${query.month}`,
    `${standing.length} autorizada(s)`,
    '',
    '',
    '',
    '',
    '',
    '',
    'Sem NFS-e (produtos: NF-e): ' +
      csvMoney(
        rows.filter((row) => row.state === 'not_applicable').reduce((sum, row) => sum + row.valueCents, 0),
      ),
    csvMoney(total),
    csvMoney(iss),
    '',
    '',
    '',
    '',
  ]
  await ctx.db.run(
    auditStatement(ctx, actor, {
      action: 'invoices.export',
      entity: 'invoices',
      entityId: null,
      data: query,
    }),
  )
  return { csv: toCsv(header, [...lines, totals]), filename: `notas-fiscais-${query.month}.csv` }
}

async function invoiceOr404(ctx: AppContext, id: number): Promise<InvoiceRow> {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id))
  if (!row) throw notFound(INVOICE_MESSAGES.notFound)
  return row
}

function requireIssuance(ctx: AppContext) {
  if (fiscalSettings(ctx.env).issuance !== 'on') throw new AppError('CONFLICT', INVOICE_MESSAGES.issuanceOff)
}

async function answer(ctx: AppContext, id: number, message: string): Promise<InvoiceActionResult> {
  return { invoice: adminInvoiceOf(await invoiceOr404(ctx, id)), message }
}

/** POST …/{id}/reenviar: a rejected note (or one waiting for its next attempt) is sent again now. */
export async function retryInvoice({ ctx, actor, id }: AdminRowAction) {
  requireIssuance(ctx)
  const row = await invoiceOr404(ctx, id)
  if (row.state !== 'rejected' && row.state !== 'queued' && row.state !== 'processing') {
    throw new AppError('CONFLICT', INVOICE_MESSAGES.notRetriable)
  }
  const at = ctx.now.getTime()
  await ctx.db.batch([
    ctx.db.run(sql`UPDATE invoices SET state = CASE WHEN state = 'rejected' THEN 'queued' ELSE state END,
        next_attempt_at = ${at}, attempts = 0, provider_message = NULL, updated_at = ${at}
      WHERE id = ${id} AND state IN ('rejected', 'queued', 'processing')`),
    ctx.db.run(
      auditStatement(
        ctx,
        actor,
        { action: 'invoice.retry', entity: 'invoices', entityId: id },
        { onlyIfChanged: true },
      ),
    ),
  ])
  // Sent now (the provider down: the job tries again later).
  ctx.waitUntil(issueInvoices(ctx, { ids: [id] }).catch(() => null))
  return answer(ctx, id, INVOICE_MESSAGES.retried)
}

/** POST …/{id}/cancelar: an authorised note cancelled (the job asks the provider). */
export async function cancelInvoice({ ctx, actor, id, input }: AdminEdit<typeof CancelInvoiceInput>) {
  requireIssuance(ctx)
  const row = await invoiceOr404(ctx, id)
  if (row.state !== 'authorized') throw new AppError('CONFLICT', INVOICE_MESSAGES.notCancellable)
  const at = ctx.now.getTime()
  const reason = cancelJustificativa(input.motivo, input.justificativa)
  await ctx.db.batch([
    ctx.db.run(sql`UPDATE invoices SET state = 'cancelling', cancel_reason = ${reason}, cancel_motive = ${input.motivo},
        cancel_requested_at = ${at}, next_attempt_at = ${at}, updated_at = ${at}
      WHERE id = ${id} AND state = 'authorized'`),
    ctx.db.run(
      auditStatement(
        ctx,
        actor,
        {
          action: 'invoice.cancel',
          entity: 'invoices',
          entityId: id,
          data: { motivo: input.motivo, justificativa: reason },
        },
        { onlyIfChanged: true },
      ),
    ),
  ])
  ctx.waitUntil(issueInvoices(ctx, { ids: [id] }).catch(() => null))
  return answer(ctx, id, INVOICE_MESSAGES.cancelQueued)
}

/** POST …/{id}/reenviar-email: the buyer's e-mail with the PDF link, queued again. */
export async function resendInvoiceEmail({ ctx, actor, id }: AdminRowAction) {
  const row = await invoiceOr404(ctx, id)
  if (row.state !== 'authorized' || !row.pdfUrl) throw new AppError('CONFLICT', INVOICE_MESSAGES.notEmailable)
  await ctx.db.batch([
    queueEmail(ctx, await invoiceEmail(ctx, row)),
    ctx.db.run(sql`UPDATE invoices SET emailed_at = ${ctx.now.getTime()} WHERE id = ${id}`),
    ctx.db.run(auditStatement(ctx, actor, { action: 'invoice.email', entity: 'invoices', entityId: id })),
  ])
  return answer(ctx, id, INVOICE_MESSAGES.emailQueued)
}

/** POST …/{id}/encerrar: a cancellation the city refused, handled by hand and closed. */
export async function closeInvoice({ ctx, actor, id, input }: AdminEdit<typeof CloseInvoiceInput>) {
  const row = await invoiceOr404(ctx, id)
  if (row.state !== 'needs_admin') throw new AppError('CONFLICT', INVOICE_MESSAGES.notOpenCase)
  const at = ctx.now.getTime()
  await ctx.db.batch([
    ctx.db.run(sql`UPDATE invoices SET state = 'cancelled', cancelled_at = ${at}, closed_at = ${at},
        closed_note = ${input.observacao}, closed_by = ${actor.id}, updated_at = ${at}
      WHERE id = ${id} AND state = 'needs_admin'`),
    ctx.db.run(
      auditStatement(
        ctx,
        actor,
        { action: 'invoice.close', entity: 'invoices', entityId: id, data: { observacao: input.observacao } },
        { onlyIfChanged: true },
      ),
    ),
  ])
  return answer(ctx, id, INVOICE_MESSAGES.closed)
}
