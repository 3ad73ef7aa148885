import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { ExternalLink, FileUp } from 'lucide'
import { useState } from 'react'
import {
  AdminApplicationPage,
  type AdminApplicationRow,
  type AdminEdital,
  AdminEdital as AdminEditalSchema,
  type AdminFeePlan,
  type FeeMoney,
} from '../../../../worker/contract/admin-editais.ts'
import {
  APPLICATION_STATE_LABELS,
  APPLICATION_STATES,
  type EditalState,
  FEE_KIND_LABELS,
} from '../../../../worker/domain/editais.ts'
import { PLAN_PAYMENT_METHOD_LABELS } from '../../../../worker/domain/payments.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { adminQuery, send, useAdminAction, useAdminList, useRefreshAdmin } from './admin-api.ts'
import { ApplicationPanel, ApplicationStateBadge } from './application-panel.tsx'
import { applicationsText, EditalStateBadge, editalPeriod, placesText } from './editais-page.tsx'
import { EDITAL_MODAL_ID, EditalFormModal } from './edital-form.tsx'
import { EnumOptions, FilterSelect, PeriodFields, SearchInput } from './fields.tsx'
import { formatDateTime, formatDay } from './format.ts'
import { AdminPage, QueryState } from './page.tsx'
import { ResourceList } from './resource-list.tsx'
import { ResourceTable, TwoLines } from './table.tsx'
import { CsvButton, FilterBar, useFilters } from './toolbar.tsx'

// /admin/editais/$id: the call's header and its state's actions, its fee plan with what each fee
// brings in, and its applications (each opened below the list).

/** The state changes a call in each state offers, and whether each asks first. */
const STATE_ACTIONS: Record<EditalState, { to: EditalState; label: string; done: string; ask: boolean }[]> = {
  draft: [{ to: 'open', label: 'Publicar', done: 'Edital publicado: inscrições abertas.', ask: false }],
  open: [
    { to: 'closed', label: 'Encerrar inscrições', done: 'Inscrições encerradas.', ask: true },
    { to: 'draft', label: 'Voltar a rascunho', done: 'Edital de volta a rascunho.', ask: true },
  ],
  closed: [
    { to: 'open', label: 'Reabrir', done: 'Inscrições reabertas.', ask: false },
    { to: 'draft', label: 'Voltar a rascunho', done: 'Edital de volta a rascunho.', ask: true },
  ],
}

/** The money columns of a fee, in the order the institute follows it. */
const MONEY: { key: Exclude<keyof FeeMoney, 'applications'>; header: string }[] = [
  { key: 'paid', header: 'Pagas' },
  { key: 'pending', header: 'Aguardando' },
  { key: 'due', header: 'A pagar' },
  { key: 'late', header: 'Em atraso' },
  { key: 'refunded', header: 'Estornadas' },
]

/** 'Enviar PDF': the call's PDF, up to 5 MB, which its public page offers. */
function PdfUpload({ edital }: { edital: AdminEdital }) {
  const refresh = useRefreshAdmin()
  const [sending, setSending] = useState(false)
  async function upload(file: File) {
    const body = new FormData()
    body.set('pdf', file)
    setSending(true)
    try {
      await send('POST', `/api/admin/editais/${edital.id}/pdf`, body, AdminEditalSchema)
      void toastSuccess('PDF do edital enviado.')
    } catch (error) {
      void toastError(error, 'Não foi possível enviar o PDF.')
    } finally {
      setSending(false)
    }
    await refresh()
  }
  return (
    <label className={`btn btn-outline cursor-pointer focus-within:ring-2 ${sending ? 'opacity-60' : ''}`}>
      <Icon drawing={FileUp} className="size-4" />
      {edital.pdf_url ? 'Trocar PDF' : 'Enviar PDF'}
      <input
        type="file"
        accept="application/pdf"
        className="sr-only"
        disabled={sending}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void upload(file)
        }}
      />
    </label>
  )
}

function Header({ edital }: { edital: AdminEdital }) {
  const act = useAdminAction()
  const setState = (action: (typeof STATE_ACTIONS)[EditalState][number]) =>
    act(
      () =>
        send('PUT', `/api/admin/editais/${edital.id}/situacao`, {
          state: action.to,
          version: edital.version,
        }),
      { success: action.done, confirmFirst: action.ask },
    )
  return (
    <div className="mb-6 space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-3">
        <EditalStateBadge state={edital.state} />
        <span className="text-slate-700">Inscrições {editalPeriod(edital)}</span>
        <span className="text-slate-700">
          {placesText(edital.applications.places)} · {applicationsText(edital.applications, true)}
        </span>
      </p>
      {edital.summary ? <p className="max-w-prose text-slate-800">{edital.summary}</p> : null}
      <div className="flex flex-wrap gap-2">
        {STATE_ACTIONS[edital.state].map((action) => (
          <button
            key={action.to}
            type="button"
            className={action.to === 'open' ? 'btn btn-primary' : 'btn btn-outline'}
            onClick={() => void setState(action)}
          >
            {action.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => openModal(EDITAL_MODAL_ID, 'update')}
        >
          Editar
        </button>
        <PdfUpload edital={edital} />
        {edital.pdf_url ? (
          <a className="btn btn-outline" href={edital.pdf_url} target="_blank" rel="noreferrer">
            Ver PDF<span className="sr-only"> do edital (abre em nova aba)</span>
          </a>
        ) : null}
        {edital.state === 'draft' ? null : (
          <a className="btn btn-outline" href={`/editais/${edital.slug}`} target="_blank" rel="noreferrer">
            <Icon drawing={ExternalLink} className="size-4" />
            Página pública<span className="sr-only"> (abre em nova aba)</span>
          </a>
        )}
      </div>
    </div>
  )
}

/** Each fee: kind, amount, due day, methods; then what it has paid, waiting, due, late, refunded. */
function FeePlan({ plans }: { plans: AdminFeePlan[] }) {
  return (
    <section aria-labelledby="plano-taxas" className="mb-6">
      <h2 id="plano-taxas" className="mb-3 font-semibold text-slate-900 text-xl">
        Plano de taxas
      </h2>
      <ResourceTable
        label="Taxas do edital"
        rows={plans}
        rowKey={(plan) => plan.id}
        empty="Nenhuma taxa: inscrição gratuita."
        columns={[
          {
            header: 'Taxa',
            cell: (plan) => (
              <>
                <p className="font-medium">{plan.name}</p>
                <p className="text-slate-600 text-xs">
                  {FEE_KIND_LABELS[plan.kind]} · {formatBRL(plan.amount_cents)}
                  {plan.due_on ? ` · vence em ${formatDay(plan.due_on)}` : ''}
                </p>
                <p className="text-slate-600 text-xs">
                  {plan.payment_methods.map((method) => PLAN_PAYMENT_METHOD_LABELS[method]).join(', ')}
                  {plan.instalment_times > 1 ? ` · até ${plan.instalment_times}x` : ''}
                </p>
              </>
            ),
          },
          { header: 'Inscrições', cell: (plan) => plan.money.applications },
          ...MONEY.map(({ key, header }) => ({
            header,
            className: 'whitespace-nowrap',
            cell: (plan: AdminFeePlan) => (
              <span data-testid={`taxa-${plan.id}-${key}`}>
                {plan.money[key].count} · {formatBRL(plan.money[key].cents)}
              </span>
            ),
          })),
        ]}
      />
    </section>
  )
}

/** A row's money: what is not zero of paid, waiting, due, late and refunded. */
function AmountsCell({ row }: { row: AdminApplicationRow }) {
  const amounts = [
    ['pago', row.paid_cents],
    ['aguardando', row.pending_cents],
    ['a pagar', row.due_cents],
    ['em atraso', row.late_cents],
    ['estornado', row.refunded_cents],
  ] as const
  const shown = amounts.filter(([, cents]) => cents > 0)
  if (shown.length === 0) return <span className="text-slate-600">nada a pagar</span>
  return (
    <ul className="whitespace-nowrap text-xs">
      {shown.map(([label, cents]) => (
        <li key={label} className={label === 'em atraso' ? 'font-semibold text-red-800' : undefined}>
          {label}: {formatBRL(cents)}
        </li>
      ))}
    </ul>
  )
}

type Filters = { q: string; status: string; late: string; from: string; to: string }
const NO_FILTERS: Filters = { q: '', status: '', late: '', from: '', to: '' }

function Applications({ edital }: { edital: AdminEdital }) {
  const { filters, set, params } = useFilters(NO_FILTERS)
  const path = `/api/admin/editais/${edital.id}/inscricoes`
  const list = useAdminList(`edital-${edital.id}-applications`, path, params, AdminApplicationPage)
  const [opened, setOpened] = useState<AdminApplicationRow | null>(null)
  return (
    <section aria-labelledby="inscricoes">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="inscricoes" className="font-semibold text-slate-900 text-xl">
          Inscrições
        </h2>
        <CsvButton path={`${path}/exportacao`} params={params} failure="Erro ao exportar as inscrições." />
      </div>
      <FilterBar columns={5}>
        <SearchInput label="Nome ou e-mail" value={filters.q} onChange={set('q')} />
        <FilterSelect label="Situação" all="Todas" value={filters.status} onChange={set('status')}>
          <EnumOptions values={APPLICATION_STATES} labels={APPLICATION_STATE_LABELS} />
        </FilterSelect>
        <FilterSelect label="Taxas" all="Todas" value={filters.late} onChange={set('late')}>
          <option value="1">Em atraso</option>
        </FilterSelect>
        <PeriodFields from={filters.from} to={filters.to} set={set} />
      </FilterBar>
      <ResourceList
        list={list}
        description={{
          label: 'Lista de inscrições',
          empty: 'Nenhuma inscrição encontrada.',
          pagesOf: 'inscrições',
          columns: [
            {
              header: 'Candidato',
              cell: (row) => <TwoLines main={row.name} detail={row.email} wrap />,
            },
            {
              header: 'Data',
              className: 'whitespace-nowrap',
              cell: (row) => formatDateTime(row.created_at),
            },
            { header: 'Situação', cell: (row) => <ApplicationStateBadge state={row.status} /> },
            { header: 'Valores', cell: (row) => <AmountsCell row={row} /> },
          ],
          actions: (row) => [
            { label: 'Abrir', of: `a inscrição de ${row.name}`, onClick: () => setOpened(row) },
          ],
        }}
      />
      {opened ? <ApplicationPanel key={opened.id} row={opened} onClose={() => setOpened(null)} /> : null}
    </section>
  )
}

/** /admin/editais/$id (the route's param read here: the screen is loaded lazily, without props). */
export default function EditalAdminPage() {
  const { id = '' } = useParams({ strict: false }) as { id?: string }
  const query = useQuery(adminQuery(['edital', id], `/api/admin/editais/${id}`, AdminEditalSchema))
  const title = query.data?.title ?? 'Edital'
  return (
    <AdminPage
      title={title}
      description={query.data ? `/editais/${query.data.slug}` : undefined}
      actions={
        <Link to="/admin/$section" params={{ section: 'editais' }} className="btn btn-outline">
          Todos os editais
        </Link>
      }
    >
      <QueryState query={query} loading="Carregando o edital...">
        {(edital) => (
          <>
            <Header edital={edital} />
            <FeePlan plans={edital.plans} />
            <Applications edital={edital} />
            <EditalFormModal edital={edital} />
          </>
        )}
      </QueryState>
    </AdminPage>
  )
}
