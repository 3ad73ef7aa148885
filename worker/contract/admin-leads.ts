import { z } from 'zod'
import { LEAD_STATES, LEAD_TARGETS } from '../domain/leads.ts'
import { exportQueryOf, paginated, SearchedPeriodPageQuery, Version } from './admin.ts'

// The contact and chat messages of /admin/leads.

export const LeadsQuery = z
  .object({
    ...SearchedPeriodPageQuery,
    target: z.enum(LEAD_TARGETS, { error: 'Origem inválida.' }).optional(),
    state: z.enum(LEAD_STATES, { error: 'Situação inválida.' }).optional(),
  })
  .strict()
export type LeadsQuery = z.output<typeof LeadsQuery>
export const LeadsExportQuery = exportQueryOf(LeadsQuery)

export const AdminLead = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  target: z.enum(LEAD_TARGETS),
  recipient: z.string().nullable(),
  state: z.enum(LEAD_STATES),
  note: z.string(),
  created_at: z.string(),
  version: z.number().int(),
})
export type AdminLead = z.infer<typeof AdminLead>
export const AdminLeadPage = paginated(AdminLead)
export type AdminLeadPage = z.infer<typeof AdminLeadPage>

export const LeadUpdateInput = z
  .object({
    state: z.enum(LEAD_STATES, { error: 'Escolha a situação.' }),
    note: z.string().max(2000, { error: 'No máximo 2000 caracteres.' }).default(''),
    version: Version,
  })
  .strict()
export type LeadUpdateInput = z.input<typeof LeadUpdateInput>

export const LEAD_MESSAGES = { notFound: 'Lead não encontrado.' } as const
