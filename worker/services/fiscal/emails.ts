import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { InvoiceSnapshot } from '../../domain/fiscal.ts'
import { brl, firstName, message } from '../email/templates.ts'

/** The buyer's e-mail with the note's PDF link (issue 43): sent once when it is authorised. */
export function invoiceEmail(
  ctx: AppContext,
  note: {
    orderId: string | null
    valueCents: number
    snapshot: InvoiceSnapshot
    number: string | null
    pdfUrl: string | null
  },
) {
  const taker = note.snapshot.taker
  return message(
    taker.email,
    `Nota fiscal do seu ${note.orderId ? `pedido ${note.orderId}` : 'pagamento'}`,
    [
      `Olá, ${firstName(taker.name)}!`,
      `A nota fiscal de serviço (NFS-e nº ${note.number ?? '—'}) de ${brl(note.valueCents)} foi emitida.`,
      'Guarde o PDF: ele também fica em Minhas compras.',
    ],
    [
      ...(note.pdfUrl ? [{ href: note.pdfUrl, label: 'Baixar a nota fiscal (PDF)' }] : []),
      { href: `${publicOrigin(ctx.env)}/usuario/compras`, label: 'Minhas compras' },
    ],
  )
}
