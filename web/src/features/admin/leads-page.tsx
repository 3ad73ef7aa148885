import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { FileDown, Mail, Phone } from 'lucide'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
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
import { FieldShell, INPUT_CLASS } from '../../lib/form-field.tsx'
import { FormModal, openModal } from '../../lib/form-modal.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { useDebouncedValue } from '../search/use-debounced-value.ts'
import { adminQuery, send, withQuery } from './admin-api.ts'
import { downloadFile } from './download.ts'
import {
  AdminPage,
  Badge,
  DataTable,
  EmptyRow,
  EnumOptions,
  formatDateTime,
  Pagination,
  QueryState,
  SearchInput,
  SelectField,
  TD,
  TextAreaField,
  TH,
  usePage,
} from './ui.tsx'
import { useModalSave } from './use-modal-save.ts'

const MODAL_ID = 'admin-lead'
const TONE: Record<LeadState, 'amber' | 'teal' | 'green'> = {
  new: 'amber',
  in_progress: 'teal',
  answered: 'green',
}

const replySubject = 'Instituto Renalis: resposta ao seu contato'

function LeadModal({ lead }: { lead: AdminLead | null }) {
  const save = useModalSave(MODAL_ID)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ state: LeadState; note: string }>({
    resolver: zodResolver(LeadUpdateInput.omit({ version: true })) as never,
  })
  useEffect(() => reset({ state: lead?.state ?? 'new', note: lead?.note ?? '' }), [lead, reset])
  const submit = () =>
    handleSubmit((values) =>
      lead
        ? save(
            'update',
            () => send('PUT', `/api/admin/leads/${lead.id}`, { ...values, version: lead.version }),
            {
              success: 'Lead atualizado.',
              setError,
            },
          )
        : undefined,
    )()
  const whatsapp = lead
    ? whatsappUrl(lead.phone, `Olá, ${lead.name.split(' ')[0]}! Aqui é do Instituto Renalis.`)
    : null
  return (
    <FormModal id={MODAL_ID} title={lead ? `Lead: ${lead.name}` : 'Lead'} onUpdate={() => void submit()}>
      {lead ? (
        <div className="space-y-4">
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
          <SelectField label="Situação" error={errors.state?.message} {...register('state')}>
            <EnumOptions values={LEAD_STATES} labels={LEAD_STATE_LABELS} />
          </SelectField>
          <TextAreaField
            label="Anotação da equipe"
            rows={3}
            error={errors.note?.message}
            {...register('note')}
          />
        </div>
      ) : null}
    </FormModal>
  )
}

type Filters = { q: string; target: string; state: string; from: string; to: string }
const NO_FILTERS: Filters = { q: '', target: '', state: '', from: '', to: '' }

/** /admin/leads: the contact and chat messages, from new to answered. */
export default function LeadsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const q = useDebouncedValue(filters.q.trim(), 400)
  const [selected, setSelected] = useState<AdminLead | null>(null)
  const [exporting, setExporting] = useState(false)
  const params = { ...filters, q }
  const paramsKey = JSON.stringify(params)
  const [page, setPage] = usePage(paramsKey)
  const query = useQuery({
    ...adminQuery(
      ['leads', params, page],
      withQuery('/api/admin/leads', { ...params, page, per_page: 20 }),
      AdminLeadPage,
    ),
    placeholderData: keepPreviousData,
  })
  const set = (key: keyof Filters) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value }))

  async function exportCsv() {
    setExporting(true)
    try {
      const name = await downloadFile(withQuery('/api/admin/leads/exportacao', params))
      void toastSuccess(`Arquivo ${name} baixado.`)
    } catch (error) {
      void toastError(error, 'Erro ao exportar os leads.')
    } finally {
      setExporting(false)
    }
  }

  return (
    <AdminPage
      title="Leads"
      description="Mensagens do formulário de contato e do chat."
      actions={
        <button
          type="button"
          className="btn btn-outline"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          <Icon drawing={FileDown} className="size-4" />
          Exportar CSV
        </button>
      }
    >
      <fieldset className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
        <legend className="px-1 font-semibold text-slate-900">Filtros</legend>
        <SearchInput label="Nome, e-mail, telefone ou mensagem" value={filters.q} onChange={set('q')} />
        <SelectField
          label="Origem"
          value={filters.target}
          onChange={(event) => set('target')(event.target.value)}
        >
          <option value="">Todas</option>
          <EnumOptions values={LEAD_TARGETS} labels={LEAD_TARGET_LABELS} />
        </SelectField>
        <SelectField
          label="Situação"
          value={filters.state}
          onChange={(event) => set('state')(event.target.value)}
        >
          <option value="">Todas</option>
          <EnumOptions values={LEAD_STATES} labels={LEAD_STATE_LABELS} />
        </SelectField>
        {(['from', 'to'] as const).map((key) => (
          <FieldShell key={key} label={key === 'from' ? 'De' : 'Até'}>
            {(control) => (
              <input
                {...control}
                type="date"
                value={filters[key]}
                onChange={(event) => set(key)(event.target.value)}
                className={INPUT_CLASS}
              />
            )}
          </FieldShell>
        ))}
      </fieldset>
      <QueryState query={query}>
        {(data) => (
          <>
            <DataTable label="Leads">
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Recebido
                  </th>
                  <th scope="col" className={TH}>
                    Contato
                  </th>
                  <th scope="col" className={TH}>
                    Mensagem
                  </th>
                  <th scope="col" className={TH}>
                    Origem
                  </th>
                  <th scope="col" className={TH}>
                    Situação
                  </th>
                  <th scope="col" className={TH}>
                    Ações
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <EmptyRow columns={6}>Nenhum lead encontrado.</EmptyRow>
                ) : (
                  data.items.map((lead) => (
                    <tr key={lead.id}>
                      <td className={`${TD} whitespace-nowrap`}>{formatDateTime(lead.created_at)}</td>
                      <td className={TD}>
                        <p className="font-medium">{lead.name}</p>
                        <a
                          className="link block break-all text-xs"
                          href={mailtoUrl(lead.email, replySubject)}
                        >
                          {lead.email}
                        </a>
                        <span className="text-slate-700 text-xs">{lead.phone}</span>
                      </td>
                      <td className={`${TD} max-w-xs`}>
                        <p className="line-clamp-3">{lead.message}</p>
                        {lead.note ? <p className="mt-1 text-slate-600 text-xs">Nota: {lead.note}</p> : null}
                      </td>
                      <td className={TD}>{LEAD_TARGET_LABELS[lead.target]}</td>
                      <td className={TD}>
                        <Badge tone={TONE[lead.state]}>{LEAD_STATE_LABELS[lead.state]}</Badge>
                      </td>
                      <td className={TD}>
                        <button
                          type="button"
                          className="btn btn-outline"
                          onClick={() => {
                            setSelected(lead)
                            openModal(MODAL_ID, 'update')
                          }}
                        >
                          Atender<span className="sr-only"> {lead.name}</span>
                        </button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <Pagination page={page} perPage={20} total={data.total} onPage={setPage} label="leads" />
          </>
        )}
      </QueryState>
      <LeadModal lead={selected} />
    </AdminPage>
  )
}
