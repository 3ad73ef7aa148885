import { useState } from 'react'
import {
  type AdminInvoice,
  AdminInvoicePage,
  type FiscalSettingsView,
  InvoiceActionResult,
} from '../../../../worker/contract/fiscal.ts'
import {
  FISCAL_SETTINGS,
  INVOICE_STATE_LABELS,
  INVOICE_STATES,
  type InvoiceState,
} from '../../../../worker/domain/fiscal.ts'
import { curitibaDay } from '../../../../worker/domain/time-zone.ts'
import { confirm } from '../../lib/confirm.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { send, useAdminList, useRefreshAdmin } from './admin-api.ts'
import { EnumOptions, FilterSelect, MonthField, SearchInput } from './fields.tsx'
import { formatDateTime, formatDay } from './format.ts'
import { CANCEL_MODAL_ID, CancelInvoiceModal, CLOSE_MODAL_ID, CloseCaseModal } from './invoice-modals.tsx'
import { AdminPage } from './page.tsx'
import { ResourceList } from './resource-list.tsx'
import { Badge, type Tone, TwoLines } from './table.tsx'
import { CsvButton, FilterBar, useFilters } from './toolbar.tsx'

// /admin/notas-fiscais (issue 43, item 6): every NFS-e with its state, the provider's message when
// it went wrong, the admin's actions on it (send again, cancel, e-mail the PDF again, close a case
// the city no longer takes), and the month's CSV for the accountant.

/** Green issued, amber on its way, red for the admin to act on, grey ended or out of the NFS-e. */
const TONE: Record<InvoiceState, Tone> = {
  queued: 'amber',
  processing: 'amber',
  authorized: 'green',
  rejected: 'red',
  cancelling: 'amber',
  cancelled: 'slate',
  replaced: 'slate',
  needs_admin: 'red',
  not_applicable: 'teal',
}

type Filters = { q: string; state: string; month: string }
const NO_FILTERS: Filters = { q: '', state: '', month: '' }

/** '2026-11' → '11/2026'. */
const formatMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`

/** What the institute configures for the notes to be issued, named from the list worker/config.ts reads. */
const { issuance, institute, service, provider } = FISCAL_SETTINGS
const SETTINGS_TO_CONFIGURE = [
  `${issuance[0]}=on e ${issuance[1]} (no pagamento ou depois dos 7 dias de arrependimento)`,
  `os dados do instituto: ${institute.join(', ')}`,
  `o serviço: ${service.join(', ')}`,
  `a Focus NFe: ${provider[0]}, ${provider[1]} e ${provider[2]} (o certificado A1 fica na Focus NFe, nunca aqui)`,
]

/** Issuance off (a valid choice) or on without every setting: said plainly, with what to set. */
function IssuanceStatement({ settings }: { settings: FiscalSettingsView }) {
  if (settings.issuance === 'on' && settings.configured) {
    return (
      <p className="mb-4 text-slate-700 text-sm" data-testid="fiscal-settings">
        Emissão ligada ({settings.environment}):{' '}
        {settings.issue_at === 'payment'
          ? 'cada venda paga tem a nota enviada à prefeitura assim que o pagamento é confirmado; se a Focus NFe não responder, as tarefas agendadas tentam de novo a cada 5 minutos.'
          : 'a nota sai depois dos 7 dias de arrependimento dos itens online.'}
      </p>
    )
  }
  const off = settings.issuance === 'off'
  return (
    <section
      aria-labelledby="emissao-nfse"
      className={`mb-6 rounded-xl border p-4 ${
        off ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-red-300 bg-red-50 text-red-950'
      }`}
    >
      <h2 id="emissao-nfse" className="font-semibold text-lg">
        {off
          ? 'A emissão de NFS-e está desligada.'
          : 'A emissão de NFS-e está ligada, mas falta configuração.'}
      </h2>
      <p className="mt-1 text-sm">
        {off
          ? 'Nenhuma nota é enviada à prefeitura. Para emitir, configure:'
          : 'As notas ficam na fila até a configuração estar completa. Confira:'}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm [overflow-wrap:anywhere]">
        {SETTINGS_TO_CONFIGURE.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  )
}

/** The note's state, and under it what the admin needs to know of it. */
function InvoiceStateCell({ invoice }: { invoice: AdminInvoice }) {
  const trouble = invoice.state === 'rejected' || invoice.state === 'needs_admin'
  return (
    <>
      <Badge tone={TONE[invoice.state]}>{INVOICE_STATE_LABELS[invoice.state]}</Badge>
      {invoice.provider_message && (trouble || invoice.state === 'cancelling') ? (
        <p className="mt-1 max-w-xs text-red-800 text-xs [overflow-wrap:anywhere]">
          {invoice.provider_message}
        </p>
      ) : null}
      {invoice.cancel_reason && ['cancelling', 'cancelled', 'needs_admin'].includes(invoice.state) ? (
        <p className="mt-1 max-w-xs text-slate-700 text-xs [overflow-wrap:anywhere]">
          motivo: {invoice.cancel_reason}
        </p>
      ) : null}
      {invoice.state === 'queued' && invoice.issue_after ? (
        <p className="mt-1 text-slate-700 text-xs">
          emitida a partir de {formatDateTime(invoice.issue_after)}
        </p>
      ) : null}
      {invoice.closed_at ? (
        <p className="mt-1 max-w-xs text-slate-700 text-xs [overflow-wrap:anywhere]">
          encerrado em {formatDateTime(invoice.closed_at)}
          {invoice.closed_note ? `: ${invoice.closed_note}` : ''}
        </p>
      ) : null}
      {invoice.replaces_id ? (
        <p className="mt-1 text-slate-700 text-xs">substitui a nota #{invoice.replaces_id}</p>
      ) : null}
      {invoice.replaced_by_id ? (
        <p className="mt-1 text-slate-700 text-xs">substituída pela nota #{invoice.replaced_by_id}</p>
      ) : null}
    </>
  )
}

/** One of the note's files (its PDF or XML), in a new tab; nothing while the city has not sent it. */
function NoteFile({ url, format, buyer }: { url: string | null; format: 'PDF' | 'XML'; buyer: string }) {
  if (!url) return null
  return (
    <a href={url} target="_blank" rel="noreferrer" className="link inline-flex min-h-6 min-w-6 items-center">
      {format}
      <span className="sr-only"> da nota de {buyer}</span>
    </a>
  )
}

/** The note's number, its links (PDF and XML) and when the buyer was sent it. */
function NoteCell({ invoice }: { invoice: AdminInvoice }) {
  if (!invoice.number && !invoice.pdf_url) return <span className="text-slate-600 text-xs">—</span>
  return (
    <>
      {invoice.number ? <p className="font-medium">nº {invoice.number}</p> : null}
      <p className="flex flex-wrap gap-x-3 text-xs">
        <NoteFile url={invoice.pdf_url} format="PDF" buyer={invoice.buyer.name} />
        <NoteFile url={invoice.xml_url} format="XML" buyer={invoice.buyer.name} />
      </p>
      {invoice.emailed_at ? (
        <p className="text-slate-600 text-xs">enviada ao comprador em {formatDateTime(invoice.emailed_at)}</p>
      ) : null}
    </>
  )
}

/** /admin/notas-fiscais: every note, its state and actions; the accountant's CSV of a month. */
export default function InvoicesPage() {
  const { filters, set, setFilters, params } = useFilters(NO_FILTERS)
  const [closing, setClosing] = useState<AdminInvoice | null>(null)
  const [cancelling, setCancelling] = useState<AdminInvoice | null>(null)
  const refresh = useRefreshAdmin()
  const list = useAdminList('invoices', '/api/admin/notas-fiscais', params, AdminInvoicePage)
  // The accountant's file is a month's: the month filtered, or this one.
  const csvMonth = filters.month || curitibaDay(new Date()).slice(0, 7)

  async function act(invoice: AdminInvoice, action: string, ask?: string) {
    if (ask !== undefined && !(await confirm({ text: ask }))) return
    try {
      const result = await send(
        'POST',
        `/api/admin/notas-fiscais/${invoice.id}/${action}`,
        {},
        InvoiceActionResult,
      )
      void toastSuccess(result.message)
    } catch (error) {
      void toastError(error, 'Não foi possível concluir a ação na nota.')
    }
    await refresh()
  }

  const settings = list.query.data?.settings
  return (
    <AdminPage
      title="Notas fiscais"
      description="A NFS-e de cada venda paga: a situação na prefeitura, o PDF enviado ao comprador e o arquivo do mês para o contador."
      actions={
        <CsvButton
          path="/api/admin/notas-fiscais/exportacao"
          params={{ month: csvMonth }}
          failure="Erro ao exportar as notas fiscais."
          label={`CSV do contador (${formatMonth(csvMonth)})`}
        />
      }
    >
      {settings ? <IssuanceStatement settings={settings} /> : null}
      <FilterBar columns={4} onClear={() => setFilters(NO_FILTERS)}>
        <SearchInput label="Comprador, CPF/CNPJ ou pedido" value={filters.q} onChange={set('q')} />
        <FilterSelect label="Situação" all="Todas" value={filters.state} onChange={set('state')}>
          <EnumOptions values={INVOICE_STATES} labels={INVOICE_STATE_LABELS} />
        </FilterSelect>
        <MonthField value={filters.month} onChange={set('month')} />
      </FilterBar>
      <ResourceList
        list={list}
        description={{
          label: 'Notas fiscais',
          empty: 'Nenhuma nota fiscal encontrada.',
          pagesOf: 'notas fiscais',
          columns: [
            {
              header: 'Comprador',
              cell: (row) => (
                <>
                  <TwoLines main={row.buyer.name} detail={row.buyer.email} wrap />
                  {row.buyer.document ? (
                    <p className="text-slate-600 text-xs">
                      {row.buyer.kind === 'cnpj' ? 'CNPJ' : 'CPF'} {row.buyer.document}
                    </p>
                  ) : row.buyer.kind === 'foreign' ? (
                    <p className="text-slate-600 text-xs">comprador no exterior</p>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Venda',
              cell: (row) => (
                <>
                  <p className="font-mono text-xs">{row.order_id ?? 'taxa de edital'}</p>
                  <p className="max-w-xs text-slate-700 text-xs [overflow-wrap:anywhere]">
                    {row.description}
                  </p>
                </>
              ),
            },
            {
              header: 'Valor',
              className: 'whitespace-nowrap',
              cell: (row) => (
                <>
                  <p>{formatBRL(row.value_cents)}</p>
                  <p className="text-slate-600 text-xs">ISS {formatBRL(row.iss_cents)}</p>
                </>
              ),
            },
            { header: 'Situação', cell: (row) => <InvoiceStateCell invoice={row} /> },
            { header: 'Nota', cell: (row) => <NoteCell invoice={row} /> },
            {
              header: 'Data',
              className: 'whitespace-nowrap',
              cell: (row) => (
                <>
                  <p>{formatDateTime(row.created_at)}</p>
                  <p className="text-slate-600 text-xs">competência {formatDay(row.competence)}</p>
                </>
              ),
            },
          ],
          actions: (row) => [
            {
              label: 'Enviar de novo',
              of: `a nota de ${row.buyer.name}`,
              hidden: !(row.state === 'rejected' || (row.state === 'queued' && row.attempts > 0)),
              onClick: () => void act(row, 'reenviar'),
            },
            {
              label: 'Cancelar nota',
              of: `de ${row.buyer.name}`,
              hidden: row.state !== 'authorized',
              onClick: () => {
                setCancelling(row)
                openModal(CANCEL_MODAL_ID, 'store')
              },
            },
            {
              label: 'Reenviar e-mail',
              of: `da nota de ${row.buyer.name}`,
              hidden: row.state !== 'authorized',
              onClick: () =>
                void act(row, 'reenviar-email', `Enviar de novo o PDF da nota a ${row.buyer.email}?`),
            },
            {
              label: 'Encerrar caso',
              of: `da nota de ${row.buyer.name}`,
              hidden: row.state !== 'needs_admin' || row.closed_at !== null,
              onClick: () => {
                setClosing(row)
                openModal(CLOSE_MODAL_ID, 'store')
              },
            },
          ],
        }}
      />
      <CloseCaseModal invoice={closing} />
      <CancelInvoiceModal invoice={cancelling} />
    </AdminPage>
  )
}
