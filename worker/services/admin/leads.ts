import { count, eq, sql } from 'drizzle-orm'
import { leads } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  type AdminLead,
  type AdminLeadPage,
  LEAD_MESSAGES,
  type LeadsQuery,
  type LeadUpdateInput,
} from '../../contract/admin-leads.ts'
import { changedFields } from '../../domain/audit.ts'
import { csvDateTime } from '../../domain/csv.ts'
import { LEAD_STATE_LABELS, LEAD_TARGET_LABELS } from '../../domain/leads.ts'
import { notFound } from '../../errors.ts'
import { type AdminEdit, nextVersion, rowOr404, versionedUpdate } from './internal.ts'
import { listing } from './listing.ts'

type LeadRow = typeof leads.$inferSelect
type Filters = Omit<LeadsQuery, 'page' | 'per_page'>

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

const leadListing = listing<Filters, LeadRow, AdminLead>({
  createdAt: leads.createdAt,
  id: leads.id,
  select: (ctx) => ctx.db.select().from(leads).$dynamic(),
  count: (ctx) => ctx.db.select({ total: count() }).from(leads).$dynamic(),
  conditions: (filters) => [
    filters.target && eq(leads.target, filters.target),
    filters.state && eq(leads.state, filters.state),
  ],
  search: (pattern, text) => {
    const digits = text.replace(/\D/g, '')
    return sql`(${leads.name} LIKE ${pattern} ESCAPE '\\' OR ${leads.email} LIKE ${pattern} ESCAPE '\\'
        OR ${leads.description} LIKE ${pattern} ESCAPE '\\'
        ${digits.length >= 4 ? sql`OR replace(replace(replace(replace(${leads.phone}, '(', ''), ')', ''), '-', ''), ' ', '') LIKE ${`%${digits}%`}` : sql``})`
  },
  toItem: toAdminLead,
  csv: {
    entity: 'lead',
    filename: 'leads',
    columns: [
      ['Recebido em', (lead) => csvDateTime(new Date(lead.created_at))],
      ['Nome', (lead) => lead.name],
      ['E-mail', (lead) => lead.email],
      ['Telefone', (lead) => lead.phone],
      ['Mensagem', (lead) => lead.message],
      ['Origem', (lead) => LEAD_TARGET_LABELS[lead.target]],
      ['Situação', (lead) => LEAD_STATE_LABELS[lead.state]],
      ['Anotação', (lead) => lead.note],
    ],
  },
})

/** GET /api/admin/leads: contact and chat messages, newest first. */
export const listLeads: (args: { ctx: AppContext; query: LeadsQuery }) => Promise<AdminLeadPage> =
  leadListing.list

/** GET /api/admin/leads/exportacao: the leads of the filter as CSV; recorded in the audit log. */
export const exportLeads = leadListing.exportCsv

/** PUT /api/admin/leads/{id}: its state and the team's note; 409 when someone saved first. */
export async function updateLead({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof LeadUpdateInput>): Promise<AdminLead> {
  const before = await rowOr404(ctx, leads, id, LEAD_MESSAGES.notFound)
  const updated = await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(leads)
      .set({
        state: input.state,
        note: input.note,
        isHandled: input.state === 'answered',
        version: nextVersion(leads.version, input.version),
      })
      .where(eq(leads.id, id))
      .returning(),
    audit: {
      entity: 'lead',
      id,
      data: changedFields(
        { state: before.state, note: before.note },
        { state: input.state, note: input.note },
      ),
    },
  })
  if (!updated[0]) throw notFound(LEAD_MESSAGES.notFound)
  return toAdminLead(updated[0])
}
