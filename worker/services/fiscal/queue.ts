import { type SQL, sql } from 'drizzle-orm'
import { fiscalSettings } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import {
  AUTOMATIC_CANCEL_MOTIVE,
  type BuyerAbroad,
  type BuyerCompany,
  CANCEL_REASON,
  type InvoiceSnapshot,
  type InvoiceSource,
  invoiceRef,
  issCents,
  NOT_ISSUED_MESSAGE,
  type TakerAddress,
} from '../../domain/fiscal.ts'
import { WITHDRAWAL_DAYS } from '../../domain/orders.ts'
import { curitibaDay, DAY_MS } from '../../domain/time-zone.ts'

// What money coming in and going back asks of the NFS-e (issue 43, decision 026): statements a
// ledger writes in the very batch of its step (`thisStep` holds only for that step), so a paid
// sale never lacks its note and a replayed report queues nothing twice (the ref is unique). The
// job (./job.ts) does the provider's calls.

/** A line of a sale: a service (a class, a bundle, a difference) or a product (an e-book, a book). */
type SaleLine = { name: string; netCents: number; kind: 'service' | 'product'; online: boolean }

/** What a paid sale's note is made of, as the ledger knows it at the moment it is paid. */
export type Sale = {
  source: InvoiceSource
  id: string
  payer: { name: string; email: string; cpf: string; phone: string }
  billingAddress: Record<string, string> | null
  company: BuyerCompany | null
  foreignBuyer: BuyerAbroad | null
  lines: SaleLine[]
  paidAt: Date
}

const column = (source: InvoiceSource) => (source === 'order' ? sql`order_id` : sql`plan_payment_id`)

function takerAddress(sale: Sale): TakerAddress | null {
  const abroad = sale.foreignBuyer
  if (abroad) {
    return {
      country: abroad.pais,
      street: abroad.endereco,
      city: abroad.cidade,
      postalCode: abroad.codigo_postal,
      region: abroad.regiao ?? null,
    }
  }
  const a = sale.billingAddress
  if (!a?.zip_code) return null
  return {
    country: 'BR',
    street: a.street ?? '',
    number: a.number ?? '',
    complement: a.complement || null,
    neighborhood: a.neighborhood ?? '',
    zipCode: a.zip_code.replace(/\D/g, ''),
    city: a.city ?? '',
    state: a.state ?? '',
    // Filled by the job from the CEP look-up before the note is sent (never on the payment's path).
    cityIbge: a.ibge && /^\d{7}$/.test(a.ibge) ? a.ibge : null,
  }
}

/** The service's description: its lines, as the buyer bought them. */
function description(lines: SaleLine[]): string {
  const text = lines.map((line) => line.name).join('; ')
  return `Prestação de serviços de ensino: ${text}`.slice(0, 2000)
}

/**
 * The statements that queue a paid sale's note: its service lines as one note (snapshot of the
 * taker, the service and the institute as they are now), and its products listed 'sem NFS-e' for
 * the accountant (they take an NF-e). Nothing when issuance is off.
 */
export function queueSaleInvoice(ctx: AppContext, sale: Sale, thisStep: SQL): SQL[] {
  const settings = fiscalSettings(ctx.env)
  if (settings.issuance !== 'on') return []
  const services = sale.lines.filter((line) => line.kind === 'service' && line.netCents > 0)
  const products = sale.lines.filter((line) => line.kind === 'product' && line.netCents > 0)
  const company = sale.company
  const foreign = sale.foreignBuyer
  const snapshotOf = (lines: SaleLine[]): InvoiceSnapshot => ({
    taker: {
      kind: foreign ? 'foreign' : company ? 'cnpj' : 'cpf',
      document: foreign ? null : company ? company.cnpj : sale.payer.cpf,
      foreignId: foreign?.nif || null,
      name: company ? company.razaoSocial : sale.payer.name,
      email: sale.payer.email,
      phone: sale.payer.phone || null,
      address: takerAddress(sale),
    },
    provider: {
      cnpj: settings.cnpj,
      municipalRegistration: settings.municipalRegistration,
      municipalityIbge: settings.municipalityIbge,
      taxRegime: settings.taxRegime,
    },
    service: {
      description: description(lines),
      nationalCode: settings.nationalServiceCode,
      municipalCode: settings.municipalServiceCode,
      issRate: settings.issRate,
      issRetained: settings.issRetained,
    },
    series: settings.series,
  })
  const competence = curitibaDay(sale.paidAt)
  const statements: SQL[] = []
  const insert = (
    ref: string,
    state: 'queued' | 'not_applicable',
    lines: SaleLine[],
    issueAfter: Date | null,
  ) => {
    // The products' row comes before the notes (sequence 0): never a note's to replace.
    const sequence = state === 'queued' ? 1 : 0
    const value = lines.reduce((sum, line) => sum + line.netCents, 0)
    const iss = state === 'queued' ? issCents(value, settings.issRate) : 0
    statements.push(sql`INSERT INTO invoices (ref, source, ${column(sale.source)}, sequence, state, value_cents,
        iss_cents, competence, snapshot, issue_after)
      SELECT ${ref}, ${sale.source}, ${sale.id}, ${sequence}, ${state}, ${value}, ${iss}, ${competence},
        ${JSON.stringify(snapshotOf(lines))}, ${issueAfter?.getTime() ?? null}
      WHERE ${thisStep}
      ON CONFLICT (ref) DO NOTHING`)
  }
  if (services.length) {
    // After the withdrawal window (FISCAL_ISSUE_AT=after_withdrawal): online items may still be
    // given up within 7 days of the payment, and a note not issued needs no cancellation.
    const waits = settings.issueAt === 'after_withdrawal' && services.some((line) => line.online)
    const issueAfter = waits ? new Date(sale.paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS) : null
    insert(invoiceRef(sale.source, sale.id, 1), 'queued', services, issueAfter)
  }
  if (products.length) {
    insert(
      `${invoiceRef(sale.source, sale.id, 0).replace(/-0$/, '')}-produtos`,
      'not_applicable',
      products,
      null,
    )
  }
  return statements
}

/**
 * A note that never reached the provider and that no run holds (a run holding it may be sending it
 * right now): changing it needs nothing of the provider. `alias`: the table's alias in the query.
 */
const neverSent = (at: number, alias = '') => {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name)
  return sql`(${column('state')} = 'queued' AND ${column('sent_at')} IS NULL
    AND (${column('claimed_until')} IS NULL OR ${column('claimed_until')} <= ${at}))`
}

/**
 * Money went back in full (a refund, a withdrawal, a chargeback lost): every live note of the sale
 * is cancelled. One never sent (or refused) ends cancelled here, with nothing to ask; the others
 * become `cancelling`, and the job looks each up and asks the provider.
 */
export function cancelSaleInvoices(source: InvoiceSource, id: string, thisStep: SQL, now: Date): SQL[] {
  const at = now.getTime()
  const nothingToAsk = sql`(${neverSent(at)} OR state = 'rejected')`
  return [
    sql`UPDATE invoices SET
        state = CASE WHEN ${nothingToAsk} THEN 'cancelled' ELSE 'cancelling' END,
        cancelled_at = CASE WHEN ${nothingToAsk} THEN ${at} ELSE cancelled_at END,
        provider_message = CASE WHEN ${nothingToAsk} THEN ${NOT_ISSUED_MESSAGE} ELSE provider_message END,
        cancel_reason = ${CANCEL_REASON}, cancel_motive = ${AUTOMATIC_CANCEL_MOTIVE}, cancel_requested_at = ${at}, next_attempt_at = ${at},
        updated_at = ${at}
      WHERE ${column(source)} = ${id} AND state IN ('queued', 'processing', 'authorized', 'rejected')
        AND ${thisStep}`,
  ]
}

/**
 * Part of the money went back: the sale's current note is replaced by one of the net value. The
 * refund falls on the whole charge (`chargedCents`: services, products, a donation, a card's
 * interest) in proportion, so the note loses the share of `refundedCents` that falls on its service
 * lines: refunded × note ÷ charged, rounded to the centavo (all of it when the whole charge went
 * back). A note never sent just takes the new value; otherwise a new note (the next sequence) is
 * queued to replace it, and the job issues it as a substitution once the replaced one is
 * authorised. Nothing left to invoice: cancelled instead.
 */
export function substituteSaleInvoice(
  source: InvoiceSource,
  id: string,
  { refundedCents, chargedCents }: { refundedCents: number; chargedCents: number },
  thisStep: SQL,
  now: Date,
): SQL[] {
  const at = now.getTime()
  const prefix = source === 'order' ? 'pedido' : 'taxa'
  const safeId = id.replace(/[^\w-]/g, '')
  // The first note's value is what was invoiced before any refund.
  const original = sql`(SELECT value_cents FROM invoices WHERE ${column(source)} = ${id} AND sequence = 1 AND state != 'not_applicable')`
  // Integer arithmetic (the bound numbers arrive as REAL), rounding half up: (2·r·v + c) div 2c.
  const share =
    chargedCents > 0 && refundedCents < chargedCents
      ? sql`(CAST(2 * ${refundedCents} * ${original} + ${chargedCents} AS INTEGER) / CAST(${2 * chargedCents} AS INTEGER))`
      : original
  const net = sql`(${original} - ${share})`
  const live = sql`${column(source)} = ${id} AND state IN ('queued', 'processing', 'authorized', 'rejected')`
  const rate = sql`CAST(json_extract(snapshot, '$.service.issRate') AS REAL)`
  return [
    // Nothing left: cancel as a full refund does.
    ...cancelSaleInvoices(source, id, sql`${thisStep} AND ${net} <= 0`, now),
    // The current note never sent: it simply states the net value.
    sql`UPDATE invoices SET value_cents = ${net}, iss_cents = CAST(round(${net} * ${rate} / 100.0) AS INTEGER),
        updated_at = ${at}
      WHERE ${live} AND ${neverSent(at)} AND replaces_id IS NULL AND ${net} > 0
        AND sequence = (SELECT max(sequence) FROM invoices WHERE ${column(source)} = ${id}) AND ${thisStep}`,
    sql`UPDATE invoices SET value_cents = ${net}, iss_cents = CAST(round(${net} * ${rate} / 100.0) AS INTEGER),
        updated_at = ${at}
      WHERE ${live} AND ${neverSent(at)} AND replaces_id IS NOT NULL AND ${net} > 0
        AND ${thisStep}`,
    // Sent (or authorised): a new note replaces it.
    sql`INSERT INTO invoices (ref, source, ${column(source)}, sequence, state, value_cents, iss_cents,
        competence, snapshot, replaces_id, issue_after)
      SELECT ${prefix} || '-' || ${safeId} || '-' || (i.sequence + 1), i.source, ${id}, i.sequence + 1, 'queued',
        ${net}, CAST(round(${net} * CAST(json_extract(i.snapshot, '$.service.issRate') AS REAL) / 100.0) AS INTEGER),
        i.competence, i.snapshot, i.id, i.issue_after
      FROM invoices i
      WHERE i.${column(source)} = ${id} AND i.state IN ('processing', 'authorized', 'queued')
        AND NOT ${neverSent(at, 'i')} AND ${net} > 0
        AND i.sequence = (SELECT max(sequence) FROM invoices WHERE ${column(source)} = ${id} AND state != 'not_applicable')
        AND ${thisStep}
      ON CONFLICT (ref) DO NOTHING`,
  ]
}
