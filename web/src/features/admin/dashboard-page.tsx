import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ComponentProps, useId, useState } from 'react'
import { AuditPage } from '../../../../worker/contract/admin.ts'
import { Dashboard } from '../../../../worker/contract/admin-sales.ts'
import { addDays, GRANULARITY_LABELS, type Granularity } from '../../../../worker/domain/dashboard.ts'
import { ORDER_STATE_LABELS, PAYMENT_TYPE_LABELS } from '../../../../worker/domain/payments.ts'
import { ABANDONED_SEQUENCES_PER_ADDRESS, REMINDER_KIND } from '../../../../worker/domain/reminders.ts'
import { curitibaDay } from '../../../../worker/domain/time-zone.ts'
import { Link } from '../../components/link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { AbandonedCheckouts } from './abandoned-checkouts.tsx'
import { adminQuery, useAdminList, withQuery } from './admin-api.ts'
import { BarChart } from './bar-chart.tsx'
import { DayField, SelectField } from './fields.tsx'
import { formatDateTime, formatDay, formatDelay, formatShare } from './format.ts'
import { InvoiceCountsCard } from './invoice-counts.tsx'
import { AdminPage, QueryState } from './page.tsx'
import { ResourceList } from './resource-list.tsx'
import { ResourceTable, TwoLines } from './table.tsx'

const PRESETS = [
  { value: '7', label: 'Últimos 7 dias' },
  { value: '30', label: 'Últimos 30 dias' },
  { value: '90', label: 'Últimos 90 dias' },
  { value: '365', label: 'Últimos 12 meses' },
  { value: 'custom', label: 'Personalizado' },
] as const

type Period = { from: string; to: string; granularity: Granularity }

function presetPeriod(days: number, granularity?: Granularity): Period {
  const to = curitibaDay(new Date())
  return {
    from: addDays(to, -(days - 1)),
    to,
    granularity: granularity ?? (days > 120 ? 'month' : days > 31 ? 'week' : 'day'),
  }
}

/** The period picker: a preset, or two days of one's own, and the grouping of the revenue chart. */
function PeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const [preset, setPreset] = useState<string>('30')
  return (
    <fieldset className="mb-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">Período</legend>
      <SelectField
        label="Mostrar"
        value={preset}
        onChange={(event) => {
          setPreset(event.target.value)
          if (event.target.value !== 'custom') onChange(presetPeriod(Number(event.target.value)))
        }}
      >
        {PRESETS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {preset === 'custom' ? (
        <>
          <DayField
            label="De"
            value={period.from}
            max={period.to}
            onChange={(from) => from && onChange({ ...period, from })}
          />
          <DayField
            label="Até"
            value={period.to}
            min={period.from}
            onChange={(to) => to && onChange({ ...period, to })}
          />
        </>
      ) : null}
      <SelectField
        label="Agrupar receita por"
        value={period.granularity}
        onChange={(event) => onChange({ ...period, granularity: event.target.value as Granularity })}
      >
        {(['day', 'week', 'month'] as const).map((value) => (
          <option key={value} value={value}>
            {GRANULARITY_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </fieldset>
  )
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-slate-700 text-sm">{label}</dt>
      <dd className="mt-1 font-bold text-2xl text-slate-900" data-testid={`figure-${label}`}>
        {value}
      </dd>
      {detail ? <dd className="text-slate-600 text-sm">{detail}</dd> : null}
    </div>
  )
}

function Panel({ title, anchor, children }: { title: string; anchor?: string; children: React.ReactNode }) {
  // An id of its own: the title has spaces, and aria-labelledby reads spaces as a list of ids.
  const id = useId()
  return (
    <section
      id={anchor}
      aria-labelledby={id}
      className="min-w-0 scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={id} className="mb-3 font-semibold text-lg text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A panel of one table, the table named as the panel. */
function TablePanel<T>({
  title,
  ...table
}: { title: string } & Omit<ComponentProps<typeof ResourceTable<T>>, 'label'>) {
  return (
    <Panel title={title}>
      <ResourceTable label={title} {...table} />
    </Panel>
  )
}

/** The revenue's two sources, named as the dashboard says them (the CSV exports name them too). */
const SOURCES = [
  { source: 'orders', label: 'Pedidos (cursos e produtos)' },
  { source: 'plans', label: 'Taxas de editais' },
] as const

const bucketLabel = (start: string, granularity: Granularity) =>
  granularity === 'month' ? `${start.slice(5, 7)}/${start.slice(0, 4)}` : formatDay(start).slice(0, 5)

/** The anchor of the open abandoned checkouts' panel. */
const OPEN_CHECKOUTS = 'carrinhos-abandonados'

/** What the reminders brought in the period (issue 25): each figure says what it counts. */
function Recovery({ figures }: { figures: Dashboard['recovery'] }) {
  const sent = figures.reminders.filter((row) => row.count > 0)
  const total = sent.reduce((sum, row) => sum + row.count, 0)
  const { reminded, recovered } = figures.rate
  return (
    <Panel title="Recuperação de vendas">
      <p className="mb-4 text-slate-700 text-sm">
        Carrinho abandonado: checkout iniciado no período, com e-mail e consentimento para lembretes, sem
        pedido em {formatDelay(figures.abandoned_after_minutes)}.{' '}
        <a href={`#${OPEN_CHECKOUTS}`} className="link">
          Ver os carrinhos em aberto
        </a>
      </p>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Carrinhos abandonados" value={String(figures.abandoned)} />
        <Figure
          label="Lembretes enviados"
          value={String(total)}
          detail={[
            sent.length
              ? sent.map((row) => `${REMINDER_KIND.labels[row.kind]}: ${row.count}`).join(' · ')
              : 'Nenhum no período.',
            figures.capped
              ? `${figures.capped} ${figures.capped === 1 ? 'retido' : 'retidos'} pelo limite por e-mail (${ABANDONED_SEQUENCES_PER_ADDRESS.day} por dia, ${ABANDONED_SEQUENCES_PER_ADDRESS.week} por semana)`
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
        <Figure
          label="Vendas recuperadas"
          value={String(figures.recovered.orders)}
          detail={`${formatBRL(figures.recovered.net)} de receita líquida, pagas depois de um lembrete`}
        />
        <Figure
          label="Taxa de recuperação"
          value={reminded ? formatShare(recovered / reminded) : '—'}
          detail={`Pagos depois do lembrete: ${recovered} de ${reminded} ${reminded === 1 ? 'carrinho abandonado lembrado' : 'carrinhos abandonados lembrados'}`}
        />
      </dl>
    </Panel>
  )
}

function Widgets({ data }: { data: Dashboard }) {
  const pendingCount = data.pending.reduce((sum, row) => sum + row.count, 0)
  const pendingTotal = data.pending.reduce((sum, row) => sum + row.total, 0)
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Receita líquida"
          value={formatBRL(data.totals.net)}
          detail={`${formatBRL(data.totals.paid)} pagos`}
        />
        <Figure
          label="Pedidos pagos"
          value={String(data.totals.orders)}
          detail={`e ${data.totals.plan_payments} ${data.totals.plan_payments === 1 ? 'taxa de edital paga' : 'taxas de editais pagas'}`}
        />
        <Figure label="Estornos e contestações" value={formatBRL(data.totals.refunded)} />
        <Figure
          label="Boletos e PIX pendentes"
          value={String(pendingCount)}
          detail={`${formatBRL(pendingTotal)} a receber`}
        />
      </dl>
      <InvoiceCountsCard counts={data.invoices} />
      <Recovery figures={data.recovery} />
      <Panel title={`Receita paga por ${GRANULARITY_LABELS[data.granularity]}`}>
        <BarChart
          caption={`Receita líquida por ${GRANULARITY_LABELS[data.granularity]}, de ${formatDay(data.from)} a ${formatDay(data.to)}`}
          money
          bars={data.revenue.map((row) => ({
            label: bucketLabel(row.start, data.granularity),
            title: formatDay(row.start),
            value: row.net,
          }))}
        />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <TablePanel
          title="Receita por origem"
          rows={SOURCES}
          rowKey={(row) => row.source}
          columns={[
            { header: 'Origem', cell: (row) => row.label },
            { header: 'Pago', cell: (row) => formatBRL(data.totals.by_source[row.source].paid) },
            { header: 'Estornado', cell: (row) => formatBRL(data.totals.by_source[row.source].refunded) },
            {
              header: 'Líquido',
              cell: (row) => (
                <span data-testid={`receita-${row.source}`}>
                  {formatBRL(
                    data.totals.by_source[row.source].paid - data.totals.by_source[row.source].refunded,
                  )}
                </span>
              ),
            },
          ]}
        />
        <TablePanel
          title="Mensalidades em atraso"
          rows={data.late_fees}
          rowKey={(row) => `${row.application_id}-${row.fee}-${row.due_on}`}
          empty="Nenhuma taxa em atraso."
          columns={[
            {
              header: 'Candidato',
              cell: (row) => <TwoLines main={row.name} detail={row.email} wrap />,
            },
            {
              header: 'Taxa',
              cell: (row) => (
                <>
                  <p>{row.fee}</p>
                  <Link
                    to="/admin/editais/$id"
                    params={{ id: String(row.edital_id) }}
                    className="link text-xs"
                  >
                    {row.edital_title}
                  </Link>
                </>
              ),
            },
            {
              header: 'Venceu em',
              className: 'whitespace-nowrap',
              cell: (row) => formatDay(row.due_on),
            },
            { header: 'Valor', className: 'whitespace-nowrap', cell: (row) => formatBRL(row.amount_cents) },
          ]}
        />
        <TablePanel
          title="Pedidos por estado"
          rows={data.orders_by_state}
          rowKey={(row) => row.state}
          columns={[
            { header: 'Estado', cell: (row) => ORDER_STATE_LABELS[row.state] },
            { header: 'Pedidos', cell: (row) => row.count },
            { header: 'Valor', cell: (row) => formatBRL(row.total) },
          ]}
        />
        <Panel title="Boletos e PIX pendentes">
          <ul className="space-y-2">
            {data.pending.map((row) => (
              <li key={row.payment_type} className="flex justify-between gap-4">
                <span>{PAYMENT_TYPE_LABELS[row.payment_type]}</span>
                <span className="font-semibold">
                  {row.count} · {formatBRL(row.total)}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
        <TablePanel
          title="Matrículas por curso"
          rows={data.enrollments_by_course}
          rowKey={(row) => row.course_id}
          empty="Nenhuma matrícula no período."
          columns={[
            { header: 'Curso', cell: (row) => row.name },
            { header: 'Ativas', cell: (row) => row.active },
            { header: 'Canceladas', cell: (row) => row.cancelled },
          ]}
        />
        <TablePanel
          title="Cursos mais vendidos"
          rows={data.top_courses}
          rowKey={(row) => row.course_id}
          empty="Nenhuma venda paga no período."
          columns={[
            { header: 'Curso', cell: (row) => row.name },
            { header: 'Vendas', cell: (row) => row.sold },
            { header: 'Receita', cell: (row) => formatBRL(row.revenue) },
          ]}
        />
      </div>
      <Panel title="Novos leads por semana">
        <BarChart
          caption="Leads recebidos por semana (a partir de segunda-feira)"
          height={120}
          bars={data.leads_by_week.map((row) => ({
            label: formatDay(row.start).slice(0, 5),
            title: `Semana de ${formatDay(row.start)}`,
            value: row.count,
          }))}
        />
      </Panel>
    </div>
  )
}

function AuditLog() {
  const list = useAdminList('audit', '/api/admin/auditoria', {}, AuditPage, 10)
  return (
    <Panel title="Registro de atividades">
      <ResourceList
        list={list}
        description={{
          label: 'Registro de atividades',
          empty: 'Nada registrado ainda.',
          pagesOf: 'registro de atividades',
          columns: [
            {
              header: 'Quando',
              className: 'whitespace-nowrap',
              cell: (entry) => formatDateTime(entry.created_at),
            },
            { header: 'Quem', cell: (entry) => entry.actor?.name ?? 'Sistema' },
            {
              header: 'O quê',
              cell: (entry) => (
                <details>
                  <summary className="cursor-pointer">{entry.label}</summary>
                  <pre className="mt-1 max-w-md overflow-x-auto whitespace-pre-wrap break-words text-slate-700 text-xs">
                    {JSON.stringify(entry.data, null, 2)}
                  </pre>
                </details>
              ),
            },
            {
              header: 'Registro',
              cell: (entry) => `${entry.entity_label}${entry.entity_id ? ` #${entry.entity_id}` : ''}`,
            },
            { header: 'IP', cell: (entry) => entry.ip ?? '' },
          ],
        }}
      />
    </Panel>
  )
}

/** /admin: the sales, enrollments and leads of a period, and what the team did (the audit log). */
export default function DashboardPage() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod(30))
  const query = useQuery({
    ...adminQuery(['dashboard', period], withQuery('/api/admin/dashboard', period), Dashboard),
    placeholderData: keepPreviousData,
  })
  return (
    <AdminPage
      title="Dashboard"
      description="Vendas, pagamentos pendentes, vendas recuperadas, matrículas e leads do período escolhido."
    >
      <PeriodPicker period={period} onChange={setPeriod} />
      <div aria-busy={query.isFetching}>
        <QueryState query={query} loading="Calculando indicadores...">
          {(data) => <Widgets data={data} />}
        </QueryState>
      </div>
      <div className="mt-6">
        <Panel title="Carrinhos abandonados em aberto" anchor={OPEN_CHECKOUTS}>
          <AbandonedCheckouts from={period.from} to={period.to} />
        </Panel>
      </div>
      <div className="mt-6">
        <AuditLog />
      </div>
    </AdminPage>
  )
}
