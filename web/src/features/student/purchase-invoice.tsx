import { FileText } from 'lucide'
import type { PurchaseInvoice } from '../../../../worker/contract/fiscal.ts'
import type { InvoiceState } from '../../../../worker/domain/fiscal.ts'
import { Icon } from '../../components/icons.tsx'

/**
 * A note's state as the buyer reads it: what is the institute's to fix (a rejection, a
 * cancellation the city refused) is, for the buyer, a note still on its way.
 */
const BUYER_WORDS: Record<InvoiceState, string> = {
  queued: 'em emissão',
  processing: 'em emissão',
  rejected: 'em emissão',
  authorized: 'emitida',
  cancelling: 'em cancelamento',
  needs_admin: 'em cancelamento',
  cancelled: 'cancelada',
  replaced: 'substituída',
  not_applicable: 'não se aplica (e-books e produtos físicos)',
}

/** Minhas compras (issue 43): the purchase's NFS-e, and 'Ver nota fiscal (PDF)' once authorised. */
export function PurchaseInvoiceLine({ invoice, of }: { invoice: PurchaseInvoice | null; of: string }) {
  if (!invoice) return null
  const pdf = invoice.state === 'authorized' ? invoice.pdf_url : null
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-slate-50 px-4 py-3 text-sm">
      <p>
        <span className="text-slate-600">Nota fiscal: </span>
        <span className="font-medium text-slate-900" data-testid="invoice-state">
          {BUYER_WORDS[invoice.state]}
        </span>
        {invoice.number && invoice.state !== 'not_applicable' ? (
          <span className="text-slate-700"> · nº {invoice.number}</span>
        ) : null}
      </p>
      {pdf ? (
        <a
          href={pdf}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-2 font-semibold text-teal-800 underline"
        >
          <Icon drawing={FileText} className="size-4" />
          Ver nota fiscal (PDF)<span className="sr-only"> {of}</span>
        </a>
      ) : null}
    </div>
  )
}
