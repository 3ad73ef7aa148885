import {
  type AdminAbandonedCheckout,
  AdminAbandonedCheckoutPage,
} from '../../../../worker/contract/admin-recovery.ts'
import { REMINDER_KIND, SUPPRESSION } from '../../../../worker/domain/reminders.ts'
import { formatBRL } from '../../lib/money.ts'
import { useAdminList } from './admin-api.ts'
import { SearchInput } from './fields.tsx'
import { formatDateTime } from './format.ts'
import { type ListDescription, ResourceList } from './resource-list.tsx'
import { Badge, TwoLines } from './table.tsx'
import { CsvButton, Toolbar, useFilters } from './toolbar.tsx'

/** The open checkouts' table: when, who, what and how much, and the last reminder sent. */
const description: ListDescription<AdminAbandonedCheckout> = {
  label: 'Carrinhos em aberto',
  empty: 'Nenhum carrinho abandonado em aberto.',
  pagesOf: 'carrinhos abandonados',
  columns: [
    {
      header: 'Iniciado',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <TwoLines main={formatDateTime(row.created_at)} detail={`visto ${formatDateTime(row.seen_at)}`} />
      ),
    },
    {
      header: 'E-mail',
      cell: (row) => <span className="break-all">{row.email}</span>,
    },
    {
      header: 'Itens',
      cell: (row) => (
        <ul className="space-y-0.5">
          {row.items.map((item, index) => (
            // The same name may be in a cart twice (two classes of one course keep their own names).
            // biome-ignore lint/suspicious/noArrayIndexKey: a cart's lines have no id of their own
            <li key={index}>
              {item.name} <span className="whitespace-nowrap text-slate-600">{formatBRL(item.cents)}</span>
            </li>
          ))}
        </ul>
      ),
    },
    { header: 'Total', className: 'whitespace-nowrap', cell: (row) => formatBRL(row.total) },
    {
      header: 'Último lembrete',
      cell: (row) => (
        <>
          {row.last_reminder ? (
            <TwoLines
              main={REMINDER_KIND.labels[row.last_reminder.kind]}
              detail={`${formatDateTime(row.last_reminder.sent_at)} · ${row.reminders} ${row.reminders === 1 ? 'enviado' : 'enviados'}`}
            />
          ) : (
            <p>Nenhum</p>
          )}
          {row.stopped ? (
            <Badge tone="amber">Lembretes suspensos: {SUPPRESSION.labels[row.stopped]}</Badge>
          ) : null}
        </>
      ),
    },
  ],
}

/**
 * The dashboard's list of the checkouts left without an order, still open, in its period, with the
 * reminders they got: searched by e-mail or item, exported as CSV.
 */
export function AbandonedCheckouts({ from, to }: { from: string; to: string }) {
  const { filters, set, params: searched } = useFilters({ q: '' })
  const params = { from, to, ...searched }
  const list = useAdminList('recovery', '/api/admin/recuperacao', params, AdminAbandonedCheckoutPage, 10)
  return (
    <>
      <p className="mb-3 text-slate-700 text-sm">
        Iniciados no período e ainda sem pedido; saem da lista quando o pedido é feito.
      </p>
      <Toolbar>
        <SearchInput label="E-mail ou item" value={filters.q} onChange={set('q')} />
        <div className="ml-auto">
          <CsvButton
            path="/api/admin/recuperacao/exportacao"
            params={params}
            failure="Erro ao exportar os carrinhos abandonados."
          />
        </div>
      </Toolbar>
      <ResourceList list={list} description={description} />
    </>
  )
}
