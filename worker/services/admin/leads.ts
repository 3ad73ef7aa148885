import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { leads } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { PERIOD_ORDER_MESSAGE } from '../../contract/admin.ts'
import {
  type AdminLead,
  type AdminLeadPage,
  LEAD_MESSAGES,
  type LeadsQuery,
  type LeadUpdateInput,
} from '../../contract/admin-leads.ts'
import { changedFields } from '../../domain/audit.ts'
import { csvDateTime, toCsv } from '../../domain/csv.ts'
import { dayStartMs } from '../../domain/dashboard.ts'
import { LEAD_STATE_LABELS, LEAD_TARGET_LABELS } from '../../domain/leads.ts'
import { saoPauloDay } from '../../domain/short-links.ts'
import { invalidField, notFound } from '../../errors.ts'
import { type Actor, auditStatement, likePattern, nextVersion, pageOf, withVersionCheck } from './internal.ts'

type LeadRow = typeof leads.$inferSelect
type Filters = Omit<LeadsQuery, 'page' | 'per_page'>

const EXPORT_MAX_ROWS = 20_000
const DAY_MS = 86_400_000

function whereOf(filters: Filters): SQL | undefined {
  const conditions: SQL[] = []
  if (filters.from && filters.to && filters.to < filters.from) throw invalidField('to', PERIOD_ORDER_MESSAGE)
  if (filters.from) conditions.push(sql`${leads.createdAt} >= ${dayStartMs(filters.from)}`)
  if (filters.to) conditions.push(sql`${leads.createdAt} < ${dayStartMs(filters.to) + DAY_MS}`)
  if (filters.target) conditions.push(eq(leads.target, filters.target))
  if (filters.state) conditions.push(eq(leads.state, filters.state))
  if (filters.q) {
    const pattern = likePattern(filters.q)
    const digits = filters.q.replace(/\D/g, '')
    conditions.push(
      sql`(${leads.name} LIKE ${pattern} ESCAPE '\\' OR ${leads.email} LIKE ${pattern} ESCAPE '\\'
        OR ${leads.description} LIKE ${pattern} ESCAPE '\\'
        ${digits.length >= 4 ? sql`OR replace(replace(replace(replace(${leads.phone}, '(', ''), ')', ''), '-', ''), ' ', '') LIKE ${`%${digits}%`}` : sql``})`,
    )
  }
  return conditions.length ? and(...conditions) : undefined
}

const toAdminLead = (row: LeadRow): AdminLead => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.description,
  target: row.target,
  recipient: row.recipient,
  state: row.state,
  note: row.note,
  created_at: row.createdAt.toISOString(),
  version: row.version,
})

/** GET /api/admin/leads: contact and chat messages, newest first. */
export async function listLeads({
  ctx,
  query,
}: {
  ctx: AppContext
  query: LeadsQuery
}): Promise<AdminLeadPage> {
  const where = whereOf(query)
  const { limit, offset } = pageOf(query)
  const { db } = ctx
  const [totals, rows] = await db.batch([
    db.select({ total: count() }).from(leads).where(where),
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(limit)
      .offset(offset),
  ])
  return {
    items: rows.map(toAdminLead),
    page: query.page,
    per_page: query.per_page,
    total: totals[0]?.total ?? 0,
  }
}

export const LEAD_CSV_HEADER = [
  'Recebido em',
  'Nome',
  'E-mail',
  'Telefone',
  'Mensagem',
  'Origem',
  'Situação',
  'Anotação',
] as const

/** GET /api/admin/leads/exportacao: the leads of the filter as CSV; recorded in the audit log. */
export async function exportLeads({
  ctx,
  actor,
  filters,
}: {
  ctx: AppContext
  actor: Actor
  filters: Filters
}) {
  const rows = await ctx.db
    .select()
    .from(leads)
    .where(whereOf(filters))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(EXPORT_MAX_ROWS)
  const lines = rows.map((row) => [
    csvDateTime(row.createdAt),
    row.name,
    row.email,
    row.phone,
    row.description,
    LEAD_TARGET_LABELS[row.target],
    LEAD_STATE_LABELS[row.state],
    row.note,
  ])
  await ctx.db.run(
    auditStatement(ctx, actor, {
      action: 'lead.export',
      entity: 'lead',
      entityId: null,
      data: { filters, rows: lines.length },
    }),
  )
  return {
    filename: `leads-${saoPauloDay(ctx.now)}.csv`,
    csv: toCsv(LEAD_CSV_HEADER, lines),
    rows: lines.length,
  }
}

/** PUT /api/admin/leads/{id}: its state and the team's note; 409 when someone saved first. */
export async function updateLead({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext
  actor: Actor
  id: number
  input: z.output<typeof LeadUpdateInput>
}): Promise<AdminLead> {
  const [before] = await ctx.db.select().from(leads).where(eq(leads.id, id))
  if (!before) throw notFound(LEAD_MESSAGES.notFound)
  const { db } = ctx
  const [updated] = await withVersionCheck(() =>
    db.batch([
      db
        .update(leads)
        .set({
          state: input.state,
          note: input.note,
          isHandled: input.state === 'answered',
          version: nextVersion(leads.version, input.version),
        })
        .where(eq(leads.id, id))
        .returning(),
      db.run(
        auditStatement(
          ctx,
          actor,
          {
            action: 'lead.update',
            entity: 'lead',
            entityId: id,
            data: changedFields(
              { state: before.state, note: before.note },
              { state: input.state, note: input.note },
            ),
          },
          { onlyIfChanged: true },
        ),
      ),
    ]),
  )
  if (!updated[0]) throw notFound(LEAD_MESSAGES.notFound)
  return toAdminLead(updated[0])
}
