import { Mail, Phone } from 'lucide'
import { type AdminLead, AdminLeadPage, LeadUpdateInput } from '../../../../worker/contract/admin-leads.ts'
import {
  LEAD_STATE_LABELS,
  LEAD_STATES,
  LEAD_TARGET_LABELS,
  LEAD_TARGETS,
  type LeadState,
  mailtoUrl,
  whatsappUrl,
} from '../../../../worker/domain/leads.ts'
import { Icon } from '../../components/icons.tsx'
import { useAdminList } from './admin-api.ts'
import { EnumOptions, FilterSelect, PeriodFields, SearchInput } from './fields.tsx'
import { type FormDescription, ResourceForm } from './form-fields.tsx'
import { formatDateTime } from './format.ts'
import { AdminPage } from './page.tsx'
import { useEditor } from './resource-form.ts'
import { type ListDescription, ResourceList } from './resource-list.tsx'
import { Badge } from './table.tsx'
import { CsvButton, FilterBar, useFilters } from './toolbar.tsx'

const MODAL_ID = 'admin-lead'
const TONE: Record<LeadState, 'amber' | 'teal' | 'green'> = {
  new: 'amber',
  in_progress: 'teal',
  answered: 'green',
}

const replySubject = 'Instituto Renalis: resposta ao seu contato'

type Values = { state: LeadState; note: string }
const valuesOf = (lead: AdminLead | null): Values => ({ state: lead?.state ?? 'new', note: lead?.note ?? '' })

/** The lead's message with links to answer it, then its state and the team's note. */
function LeadMessage({ lead }: { lead: AdminLead }) {
  const whatsapp = whatsappUrl(lead.phone, `Olá, ${lead.name.split(' ')[0]}! Aqui é do Instituto Renalis.`)
  return (
    <>
      <blockquote className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-800">
        {lead.message}
      </blockquote>
      <p className="flex flex-wrap gap-2">
        <a className="btn btn-outline" href={mailtoUrl(lead.email, replySubject)}>
          <Icon drawing={Mail} className="size-4" />
          Responder por e-mail
        </a>
        {whatsapp ? (
          <a className="btn btn-outline" href={whatsapp} target="_blank" rel="noreferrer">
            <Icon drawing={Phone} className="size-4" />
            Responder no WhatsApp
          </a>
        ) : null}
      </p>
    </>
  )
}

/** A lead is only attended (never made here): its message, its state and the team's note. */
const leadForm = (lead: AdminLead | null): FormDescription<Values, AdminLead> => ({
  modalId: MODAL_ID,
  schema: LeadUpdateInput.omit({ version: true }),
  valuesOf,
  path: '/api/admin/leads',
  success: 'Lead atualizado.',
  title: (item) => (item ? `Lead: ${item.name}` : 'Lead'),
  fields: [
    { kind: 'part', key: 'message', render: () => (lead ? <LeadMessage lead={lead} /> : null) },
    {
      kind: 'select',
      name: 'state',
      label: 'Situação',
      choices: <EnumOptions values={LEAD_STATES} labels={LEAD_STATE_LABELS} />,
    },
    { kind: 'textarea', name: 'note', label: 'Anotação da equipe', rows: 3 },
  ],
})

type Filters = { q: string; target: string; state: string; from: string; to: string }
const NO_FILTERS: Filters = { q: '', target: '', state: '', from: '', to: '' }

/** The leads' table: when, who (with a reply link), the message and its note, origin, state. */
const describe = (attend: (lead: AdminLead) => void): ListDescription<AdminLead> => ({
  label: 'Leads',
  empty: 'Nenhum lead encontrado.',
  pagesOf: 'leads',
  columns: [
    { header: 'Recebido', className: 'whitespace-nowrap', cell: (lead) => formatDateTime(lead.created_at) },
    {
      header: 'Contato',
      cell: (lead) => (
        <>
          <p className="font-medium">{lead.name}</p>
          <a className="link block break-all text-xs" href={mailtoUrl(lead.email, replySubject)}>
            {lead.email}
          </a>
          <span className="text-slate-700 text-xs">{lead.phone}</span>
        </>
      ),
    },
    {
      header: 'Mensagem',
      className: 'max-w-xs',
      cell: (lead) => (
        <>
          <p className="line-clamp-3">{lead.message}</p>
          {lead.note ? <p className="mt-1 text-slate-600 text-xs">Nota: {lead.note}</p> : null}
        </>
      ),
    },
    { header: 'Origem', cell: (lead) => LEAD_TARGET_LABELS[lead.target] },
    {
      header: 'Situação',
      cell: (lead) => <Badge tone={TONE[lead.state]}>{LEAD_STATE_LABELS[lead.state]}</Badge>,
    },
  ],
  actions: (lead) => [{ label: 'Atender', of: lead.name, onClick: () => attend(lead) }],
})

/** /admin/leads: the contact and chat messages, from new to answered. */
export default function LeadsPage() {
  const { filters, set, params } = useFilters(NO_FILTERS)
  const { editing, edit } = useEditor<AdminLead>(MODAL_ID)
  const list = useAdminList('leads', '/api/admin/leads', params, AdminLeadPage)

  return (
    <AdminPage
      title="Leads"
      description="Mensagens do formulário de contato e do chat."
      actions={
        <CsvButton path="/api/admin/leads/exportacao" params={params} failure="Erro ao exportar os leads." />
      }
    >
      <FilterBar columns={5}>
        <SearchInput label="Nome, e-mail, telefone ou mensagem" value={filters.q} onChange={set('q')} />
        <FilterSelect label="Origem" all="Todas" value={filters.target} onChange={set('target')}>
          <EnumOptions values={LEAD_TARGETS} labels={LEAD_TARGET_LABELS} />
        </FilterSelect>
        <FilterSelect label="Situação" all="Todas" value={filters.state} onChange={set('state')}>
          <EnumOptions values={LEAD_STATES} labels={LEAD_STATE_LABELS} />
        </FilterSelect>
        <PeriodFields from={filters.from} to={filters.to} set={set} />
      </FilterBar>
      <ResourceList list={list} description={describe(edit)} />
      <ResourceForm description={leadForm(editing)} item={editing} />
    </AdminPage>
  )
}
