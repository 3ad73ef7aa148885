import { useNavigate } from '@tanstack/react-router'
import { AdminEditalPage, type AdminEditalRow } from '../../../../worker/contract/admin-editais.ts'
import { EDITAL_STATE_LABELS, EDITAL_STATES, type EditalState } from '../../../../worker/domain/editais.ts'
import { Link } from '../../components/link.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { useAdminList } from './admin-api.ts'
import { EDITAL_MODAL_ID, EditalFormModal } from './edital-form.tsx'
import { EnumOptions, FilterSelect, SearchInput } from './fields.tsx'
import { formatDay } from './format.ts'
import { AdminPage } from './page.tsx'
import { type ListDescription, ResourceList } from './resource-list.tsx'
import { Badge, type Tone, TwoLines } from './table.tsx'
import { NewButton, Toolbar, useFilters } from './toolbar.tsx'

/** A call's state as a badge: a draft grey, open green, closed amber. */
export const EDITAL_STATE_TONES: Record<EditalState, Tone> = {
  draft: 'slate',
  open: 'green',
  closed: 'amber',
}

export function EditalStateBadge({ state }: { state: EditalState }) {
  return <Badge tone={EDITAL_STATE_TONES[state]}>{EDITAL_STATE_LABELS[state]}</Badge>
}

/** 'de 01/03/2027 a 31/03/2027', one end only, or 'sem período'. */
export function editalPeriod({ opens_on, closes_on }: { opens_on: string | null; closes_on: string | null }) {
  if (opens_on && closes_on) return `de ${formatDay(opens_on)} a ${formatDay(closes_on)}`
  if (opens_on) return `a partir de ${formatDay(opens_on)}`
  if (closes_on) return `até ${formatDay(closes_on)}`
  return 'sem período'
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** A call's places: '2 vagas', '1 vaga' or 'Vagas sem limite'. */
export const placesText = (places: number | null) =>
  places === null ? 'Vagas sem limite' : count(places, 'vaga', 'vagas')

/** The applications by state: '2 aprovadas · 1 a decidir · 0 em espera' (and the refused, if asked). */
export function applicationsText(counts: AdminEditalRow['applications'], withRejected = false) {
  return [
    count(counts.approved, 'aprovada', 'aprovadas'),
    `${counts.submitted} a decidir`,
    `${counts.waitlisted} em espera`,
    ...(withRejected ? [count(counts.rejected, 'recusada', 'recusadas')] : []),
  ].join(' · ')
}

function CountsCell({ counts }: { counts: AdminEditalRow['applications'] }) {
  return <TwoLines main={placesText(counts.places)} detail={applicationsText(counts)} />
}

const describe = (open: (row: AdminEditalRow) => void): ListDescription<AdminEditalRow> => ({
  label: 'Editais',
  empty: 'Nenhum edital encontrado.',
  pagesOf: 'editais',
  columns: [
    {
      header: 'Edital',
      cell: (row) => (
        <>
          <Link to="/admin/editais/$id" params={{ id: String(row.id) }} className="link font-medium">
            {row.title}
          </Link>
          <p className="break-all text-slate-600 text-xs">/editais/{row.slug}</p>
        </>
      ),
    },
    { header: 'Situação', cell: (row) => <EditalStateBadge state={row.state} /> },
    { header: 'Inscrições', cell: (row) => editalPeriod(row) },
    { header: 'Vagas e inscrições', cell: (row) => <CountsCell counts={row.applications} /> },
  ],
  actions: (row) => [{ label: 'Abrir', of: row.title, onClick: () => open(row) }],
})

type Filters = { q: string; state: string }
const NO_FILTERS: Filters = { q: '', state: '' }

/** /admin/editais: the calls for applications, their state, period, places and applications. */
export default function EditaisPage() {
  const navigate = useNavigate()
  const { filters, set, params } = useFilters(NO_FILTERS)
  const list = useAdminList('editais', '/api/admin/editais', params, AdminEditalPage)
  const open = (edital: { id: number }) =>
    void navigate({ to: '/admin/editais/$id', params: { id: String(edital.id) } })
  return (
    <AdminPage
      title="Editais"
      description="Os editais, suas inscrições e seus planos de taxas (inscrição e mensalidades)."
    >
      <Toolbar>
        <SearchInput label="Título ou endereço" value={filters.q} onChange={set('q')} />
        <FilterSelect label="Situação" all="Todas" value={filters.state} onChange={set('state')}>
          <EnumOptions values={EDITAL_STATES} labels={EDITAL_STATE_LABELS} />
        </FilterSelect>
        <NewButton label="Novo edital" onClick={() => openModal(EDITAL_MODAL_ID, 'store')} />
      </Toolbar>
      <ResourceList list={list} description={describe(open)} />
      <EditalFormModal edital={null} onSaved={open} />
    </AdminPage>
  )
}
