import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { AuditPage } from '../../../../worker/contract/admin.ts'
import { Dashboard } from '../../../../worker/contract/admin-sales.ts'
import { addDays, GRANULARITY_LABELS, type Granularity } from '../../../../worker/domain/dashboard.ts'
import { ORDER_STATE_LABELS, PAYMENT_TYPE_LABELS } from '../../../../worker/domain/payments.ts'
import { saoPauloDay } from '../../../../worker/domain/short-links.ts'
import { FieldShell, INPUT_CLASS } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { adminQuery, withQuery } from './admin-api.ts'
import { BarChart } from './bar-chart.tsx'
import {
  AdminPage,
  DataTable,
  EmptyRow,
  formatDateTime,
  formatDay,
  Pagination,
  QueryState,
  SelectField,
  TD,
  TH,
} from './ui.tsx'

const PRESETS = [
  { value: '7', label: 'Últimos 7 dias' },
  { value: '30', label: 'Últimos 30 dias' },
  { value: '90', label: 'Últimos 90 dias' },
  { value: '365', label: 'Últimos 12 meses' },
  { value: 'custom', label: 'Personalizado' },
] as const

type Period = { from: string; to: string; granularity: Granularity }

function presetPeriod(days: number, granularity?: Granularity): Period {
  const to = saoPauloDay(new Date())
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
          <FieldShell label="De">
            {(control) => (
              <input
                {...control}
                type="date"
                value={period.from}
                max={period.to}
                onChange={(event) => event.target.value && onChange({ ...period, from: event.target.value })}
                className={INPUT_CLASS}
              />
            )}
          </FieldShell>
          <FieldShell label="Até">
            {(control) => (
              <input
                {...control}
                type="date"
                value={period.to}
                min={period.from}
                onChange={(event) => event.target.value && onChange({ ...period, to: event.target.value })}
                className={INPUT_CLASS}
              />
            )}
          </FieldShell>
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

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  // An id of its own: the title has spaces, and aria-labelledby reads spaces as a list of ids.
  const id = useId()
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="mb-3 font-semibold text-lg text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

const bucketLabel = (start: string, granularity: Granularity) =>
  granularity === 'month' ? `${start.slice(5, 7)}/${start.slice(0, 4)}` : formatDay(start).slice(0, 5)

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
        <Figure label="Pedidos pagos" value={String(data.totals.orders)} />
        <Figure label="Estornos e contestações" value={formatBRL(data.totals.refunded)} />
        <Figure
          label="Boletos e PIX pendentes"
          value={String(pendingCount)}
          detail={`${formatBRL(pendingTotal)} a receber`}
        />
      </dl>
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
        <Panel title="Pedidos por estado">
          <DataTable label="Pedidos por estado">
            <thead>
              <tr>
                <th scope="col" className={TH}>
                  Estado
                </th>
                <th scope="col" className={TH}>
                  Pedidos
                </th>
                <th scope="col" className={TH}>
                  Valor
                </th>
              </tr>
            </thead>
            <tbody>
              {data.orders_by_state.map((row) => (
                <tr key={row.state}>
                  <td className={TD}>{ORDER_STATE_LABELS[row.state]}</td>
                  <td className={TD}>{row.count}</td>
                  <td className={TD}>{formatBRL(row.total)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </Panel>
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
        <Panel title="Matrículas por curso">
          <DataTable label="Matrículas por curso">
            <thead>
              <tr>
                <th scope="col" className={TH}>
                  Curso
                </th>
                <th scope="col" className={TH}>
                  Ativas
                </th>
                <th scope="col" className={TH}>
                  Canceladas
                </th>
              </tr>
            </thead>
            <tbody>
              {data.enrolments_by_course.length === 0 ? (
                <EmptyRow columns={3}>Nenhuma matrícula no período.</EmptyRow>
              ) : (
                data.enrolments_by_course.map((row) => (
                  <tr key={row.course_id}>
                    <td className={TD}>{row.name}</td>
                    <td className={TD}>{row.active}</td>
                    <td className={TD}>{row.cancelled}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </Panel>
        <Panel title="Cursos mais vendidos">
          <DataTable label="Cursos mais vendidos">
            <thead>
              <tr>
                <th scope="col" className={TH}>
                  Curso
                </th>
                <th scope="col" className={TH}>
                  Vendas
                </th>
                <th scope="col" className={TH}>
                  Receita
                </th>
              </tr>
            </thead>
            <tbody>
              {data.top_courses.length === 0 ? (
                <EmptyRow columns={3}>Nenhuma venda paga no período.</EmptyRow>
              ) : (
                data.top_courses.map((row) => (
                  <tr key={row.course_id}>
                    <td className={TD}>{row.name}</td>
                    <td className={TD}>{row.sold}</td>
                    <td className={TD}>{formatBRL(row.revenue)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </Panel>
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
  const [page, setPage] = useState(1)
  const query = useQuery({
    ...adminQuery(['audit', page], withQuery('/api/admin/auditoria', { page, per_page: 10 }), AuditPage),
    placeholderData: keepPreviousData,
  })
  return (
    <Panel title="Registro de atividades">
      <QueryState query={query}>
        {(data) => (
          <>
            <DataTable label="Registro de atividades">
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Quando
                  </th>
                  <th scope="col" className={TH}>
                    Quem
                  </th>
                  <th scope="col" className={TH}>
                    O quê
                  </th>
                  <th scope="col" className={TH}>
                    Registro
                  </th>
                  <th scope="col" className={TH}>
                    IP
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <EmptyRow columns={5}>Nada registrado ainda.</EmptyRow>
                ) : (
                  data.items.map((entry) => (
                    <tr key={entry.id}>
                      <td className={`${TD} whitespace-nowrap`}>{formatDateTime(entry.created_at)}</td>
                      <td className={TD}>{entry.actor?.name ?? 'Sistema'}</td>
                      <td className={TD}>
                        <details>
                          <summary className="cursor-pointer">{entry.label}</summary>
                          <pre className="mt-1 max-w-md overflow-x-auto whitespace-pre-wrap break-words text-slate-700 text-xs">
                            {JSON.stringify(entry.data, null, 2)}
                          </pre>
                        </details>
                      </td>
                      <td className={TD}>
                        {entry.entity_label}
                        {entry.entity_id ? ` #${entry.entity_id}` : ''}
                      </td>
                      <td className={TD}>{entry.ip ?? ''}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <Pagination
              page={page}
              perPage={10}
              total={data.total}
              onPage={setPage}
              label="registro de atividades"
            />
          </>
        )}
      </QueryState>
    </Panel>
  )
}

/** /admin: the sales, enrolments and leads of a period, and what the team did (the audit log). */
export default function DashboardPage() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod(30))
  const query = useQuery({
    ...adminQuery(['dashboard', period], withQuery('/api/admin/dashboard', period), Dashboard),
    placeholderData: keepPreviousData,
  })
  return (
    <AdminPage
      title="Dashboard"
      description="Vendas, pagamentos pendentes, matrículas e leads do período escolhido."
    >
      <PeriodPicker period={period} onChange={setPeriod} />
      <div aria-busy={query.isFetching}>
        <QueryState query={query} loading="Calculando indicadores...">
          {(data) => <Widgets data={data} />}
        </QueryState>
      </div>
      <div className="mt-6">
        <AuditLog />
      </div>
    </AdminPage>
  )
}
