import type { InvoiceCounts } from '../../../../worker/contract/fiscal.ts'
import { Link } from '../../components/link.tsx'

/**
 * The dashboard's card of the NFS-e (issue 43, item 6): notes on their way and notes the admin
 * must act on (rejected, a cancellation the city refused), linking to 'Notas fiscais'; with
 * issuance off, that is what it says.
 */
export function InvoiceCountsCard({ counts }: { counts: InvoiceCounts }) {
  const trouble = counts.trouble > 0
  return (
    <section
      aria-labelledby="notas-fiscais-resumo"
      className={`flex flex-wrap items-center justify-between gap-4 rounded-xl border p-4 ${
        trouble ? 'border-red-300 bg-red-50 text-red-950' : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <div>
        <h2 id="notas-fiscais-resumo" className="font-semibold text-lg">
          Notas fiscais
        </h2>
        {counts.issuance === 'off' ? (
          <p className="text-sm" data-testid="invoice-counts">
            A emissão de NFS-e está desligada.
          </p>
        ) : (
          <p className="text-sm" data-testid="invoice-counts">
            {counts.pending} {counts.pending === 1 ? 'pendente' : 'pendentes'} · {counts.trouble} com problema
            {trouble ? ' (rejeitadas ou aguardando o administrador)' : ''}
          </p>
        )}
      </div>
      <Link to="/admin/$section" params={{ section: 'notas-fiscais' }} className="btn btn-outline">
        Ver notas fiscais
      </Link>
    </section>
  )
}
