import { isValidCnpj } from '@brazilian-utils/brazilian-utils'
import { z } from 'zod'
import {
  CANCEL_MOTIVE_CODES,
  CANCEL_TEXT_MAX,
  CANCEL_TEXT_MIN,
  FISCAL_ISSUE_AT,
  INVOICE_SOURCES,
  INVOICE_STATES,
  MONTH_PATTERN,
  TAKER_KINDS,
} from '../domain/fiscal.ts'
import { PageQuery, paginated, Reason, SearchText } from './admin.ts'
import { Cents } from './money.ts'

// The NFS-e of every sale (issue 43, decision 026): the admin's 'Notas fiscais'
// (/api/admin/notas-fiscais…), the note in Minhas compras, the dashboard's counts, and the
// checkout's 'Comprar como empresa' and buyer abroad.
//
// The admin's operations (role A):
//   GET  /api/admin/notas-fiscais                      listInvoices        InvoicesQuery → AdminInvoicePage
//   GET  /api/admin/notas-fiscais/exportacao?month=    exportInvoices      InvoicesExportQuery → CSV
//   POST /api/admin/notas-fiscais/{id}/reenviar        retryInvoice        (no body) → InvoiceActionResult
//   POST /api/admin/notas-fiscais/{id}/cancelar        cancelInvoice       CancelInvoiceInput → InvoiceActionResult
//   POST /api/admin/notas-fiscais/{id}/reenviar-email  resendInvoiceEmail  (no body) → InvoiceActionResult
//   POST /api/admin/notas-fiscais/{id}/encerrar        closeInvoice        CloseInvoiceInput → InvoiceActionResult
// GET /api/admin/dashboard gains `invoices` (InvoiceCounts); GET /api/usuario/compras(/{id}) gains
// `invoice` (PurchaseInvoice); POST /checkout/pagar gains `empresa` (Company) and `estrangeiro`
// (ForeignBuyer).

export const INVOICE_MESSAGES = {
  notFound: 'Nota fiscal não encontrada.',
  cnpj: 'CNPJ inválido: confira os números (e as letras, no CNPJ alfanumérico) e os dígitos verificadores.',
  razaoSocial: 'Informe a razão social da empresa (de 2 a 150 caracteres).',
  month: 'Mês inválido (use AAAA-MM).',
  state: 'Situação inválida.',
  issuanceOff:
    'A emissão de notas fiscais está desligada (FISCAL_ISSUANCE=off): nenhuma nota é enviada à prefeitura.',
  notRetriable: 'Só uma nota rejeitada (ou presa na fila) pode ser enviada de novo.',
  retried: 'Nota enviada de novo para a fila: o envio à prefeitura acontece em instantes.',
  notCancellable: 'Só uma nota autorizada pode ser cancelada.',
  cancelQueued: 'Cancelamento pedido: a prefeitura responde em instantes.',
  notEmailable: 'Só uma nota autorizada tem PDF para enviar ao comprador.',
  emailQueued: 'E-mail com o PDF da nota enviado de novo ao comprador.',
  notOpenCase: 'Esta nota não é um caso em aberto para o administrador.',
  closed: 'Caso encerrado: a nota fica registrada como tratada à mão.',
  closeNote: 'Diga o que foi feito (ex.: cancelada no portal da prefeitura em 10/03, processo 123).',
  justificativa: `A justificativa tem de ${CANCEL_TEXT_MIN} a ${CANCEL_TEXT_MAX} caracteres.`,
  motive: 'Escolha o motivo do cancelamento.',
  foreignCountry:
    'Informe o país com o código de duas letras (ex.: PT, US); para o Brasil, use o endereço de cobrança.',
  foreignAddress: 'Informe o endereço no exterior.',
  foreignCity: 'Informe a cidade no exterior.',
  foreignPostalCode: 'Informe o código postal no exterior.',
} as const

// ── The checkout: 'Comprar como empresa' and a buyer abroad ──────────────────────

/**
 * 'Comprar como empresa': the note goes to the company (CNPJ, check digits verified; the 2026
 * alphanumeric CNPJ accepted) instead of the payer's CPF. Stored on the order.
 */
export const Company = z
  .object({
    cnpj: z
      .string({ error: INVOICE_MESSAGES.cnpj })
      .trim()
      .refine((value) => isValidCnpj(value, { version: 2 }), { error: INVOICE_MESSAGES.cnpj })
      .transform((value) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase()),
    razaoSocial: z
      .string({ error: INVOICE_MESSAGES.razaoSocial })
      .trim()
      .min(2, { error: INVOICE_MESSAGES.razaoSocial })
      .max(150, { error: INVOICE_MESSAGES.razaoSocial }),
  })
  .strict()
export type Company = z.infer<typeof Company>

/**
 * A buyer abroad (the note's foreign taker): the address outside Brazil, instead of the billing
 * address's CEP. Stored on the order.
 */
export const ForeignBuyer = z
  .object({
    /** ISO 3166-1 alpha-2, not BR. */
    pais: z
      .string({ error: INVOICE_MESSAGES.foreignCountry })
      .trim()
      .toUpperCase()
      // Either case, as the document says (the value is upper-cased first): 'pt' is Portugal too.
      .regex(/^[A-Za-z]{2}$/, { error: INVOICE_MESSAGES.foreignCountry })
      .refine((value) => value !== 'BR', { error: INVOICE_MESSAGES.foreignCountry }),
    endereco: z
      .string({ error: INVOICE_MESSAGES.foreignAddress })
      .trim()
      .min(3, { error: INVOICE_MESSAGES.foreignAddress })
      .max(120, { error: 'No máximo 120 caracteres.' }),
    cidade: z
      .string({ error: INVOICE_MESSAGES.foreignCity })
      .trim()
      .min(2, { error: INVOICE_MESSAGES.foreignCity })
      .max(60, { error: 'No máximo 60 caracteres.' }),
    codigo_postal: z
      .string({ error: INVOICE_MESSAGES.foreignPostalCode })
      .trim()
      .min(2, { error: INVOICE_MESSAGES.foreignPostalCode })
      .max(11, { error: 'No máximo 11 caracteres.' }),
    /** State, province or region, when there is one. */
    regiao: z.string().trim().max(60, { error: 'No máximo 60 caracteres.' }).optional(),
    /** The buyer's tax id in their country (NIF), when they have one. */
    nif: z.string().trim().max(40, { error: 'No máximo 40 caracteres.' }).optional(),
  })
  .strict()
export type ForeignBuyer = z.infer<typeof ForeignBuyer>

// ── Minhas compras ───────────────────────────────────────────────────────────────

/** The sale's current note, as the buyer sees it (GET /api/usuario/compras…: `invoice`). */
export const PurchaseInvoice = z.object({
  state: z.enum(INVOICE_STATES),
  number: z.string().nullable(),
  /** The DANFSe (PDF), once authorised. */
  pdf_url: z.string().nullable(),
  authorized_at: z.string().nullable(),
})
export type PurchaseInvoice = z.infer<typeof PurchaseInvoice>

// ── The admin's 'Notas fiscais' ──────────────────────────────────────────────────

export const Month = z.string({ error: INVOICE_MESSAGES.month }).regex(MONTH_PATTERN, {
  error: INVOICE_MESSAGES.month,
})

/** GET /api/admin/notas-fiscais: newest first. */
export const InvoicesQuery = z
  .object({
    ...PageQuery,
    state: z.enum(INVOICE_STATES, { error: INVOICE_MESSAGES.state }).optional(),
    /** The month the note belongs to (its competence date, Curitiba). */
    month: Month.optional(),
    /** Buyer's name, e-mail, CPF or CNPJ, or the order's id. */
    q: SearchText.optional(),
  })
  .strict()
export type InvoicesQuery = z.output<typeof InvoicesQuery>

/** GET /api/admin/notas-fiscais/exportacao: the accountant's CSV of a month. */
export const InvoicesExportQuery = z.object({ month: Month }).strict()

export const AdminInvoice = z.object({
  id: z.number().int(),
  /** The note's reference at the provider (its idempotency key). */
  ref: z.string(),
  source: z.enum(INVOICE_SOURCES),
  /** The order (a sale), or null for an edital fee. */
  order_id: z.string().nullable(),
  /** The edital fee's payment, or null for a sale. */
  plan_payment_id: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  buyer: z.object({
    kind: z.enum(TAKER_KINDS),
    name: z.string(),
    email: z.string(),
    /** CPF or CNPJ; null for a buyer abroad. */
    document: z.string().nullable(),
  }),
  /** What the note states (a substitution: the net value after a partial refund). */
  value_cents: Cents,
  iss_cents: Cents,
  description: z.string(),
  /** YYYY-MM-DD. */
  competence: z.string(),
  number: z.string().nullable(),
  access_key: z.string().nullable(),
  verification_code: z.string().nullable(),
  pdf_url: z.string().nullable(),
  xml_url: z.string().nullable(),
  /** The provider's (or the city's) last message: why it was rejected, why a cancellation failed. */
  provider_message: z.string().nullable(),
  /** The note this one replaces (a substitution after a partial refund). */
  replaces_id: z.number().int().nullable(),
  /** The note that replaced this one. */
  replaced_by_id: z.number().int().nullable(),
  attempts: z.number().int(),
  /** Not issued before (the 7-day withdrawal window of online items, FISCAL_ISSUE_AT=after_withdrawal). */
  issue_after: z.string().nullable(),
  created_at: z.string(),
  authorized_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** When the buyer was sent the PDF link. */
  emailed_at: z.string().nullable(),
  /** Why it was cancelled (asked, or done): the national layout's motive and the justificativa sent. */
  cancel_motive: z.enum(CANCEL_MOTIVE_CODES).nullable(),
  cancel_reason: z.string().nullable(),
  /** A `needs_admin` case closed by hand: when and what was done. */
  closed_at: z.string().nullable(),
  closed_note: z.string().nullable(),
})
export type AdminInvoice = z.infer<typeof AdminInvoice>

/** How issuance is set: 'off' is a valid choice, stated plainly on the screen. */
export const FiscalSettingsView = z.object({
  issuance: z.enum(['on', 'off']),
  issue_at: z.enum(FISCAL_ISSUE_AT),
  /** Every setting present (with issuance on and one missing, production answers 503). */
  configured: z.boolean(),
  /** The provider's environment: 'production', 'homologacao' or a local stand-in. */
  environment: z.string(),
})
export type FiscalSettingsView = z.infer<typeof FiscalSettingsView>

export const AdminInvoicePage = paginated(AdminInvoice).extend({ settings: FiscalSettingsView })
export type AdminInvoicePage = z.infer<typeof AdminInvoicePage>

/**
 * POST /api/admin/notas-fiscais/{id}/cancelar: why, as the national layout's motive (1 erro na
 * emissão, 2 serviço não prestado, 9 outros) and in words (the provider's minimum of 15 characters).
 */
export const CancelInvoiceInput = z
  .object({
    motivo: z.enum(CANCEL_MOTIVE_CODES, { error: INVOICE_MESSAGES.motive }),
    justificativa: z
      .string({ error: INVOICE_MESSAGES.justificativa })
      .trim()
      .min(CANCEL_TEXT_MIN, { error: INVOICE_MESSAGES.justificativa })
      .max(CANCEL_TEXT_MAX, { error: INVOICE_MESSAGES.justificativa }),
  })
  .strict()
export type CancelInvoiceInput = z.infer<typeof CancelInvoiceInput>

/** POST /api/admin/notas-fiscais/{id}/encerrar: a `needs_admin` case closed by hand. */
export const CloseInvoiceInput = z.object({ observacao: Reason(INVOICE_MESSAGES.closeNote) }).strict()
export type CloseInvoiceInput = z.infer<typeof CloseInvoiceInput>

/** What retry, cancel, resend and close answer: the note as it stands now and what was done. */
export const InvoiceActionResult = z.object({ invoice: AdminInvoice, message: z.string() })
export type InvoiceActionResult = z.infer<typeof InvoiceActionResult>

/** The dashboard's counts (GET /api/admin/dashboard: `invoices`), whatever the period. */
export const InvoiceCounts = z.object({
  /** Queued, processing or cancelling. */
  pending: z.number().int(),
  /** Rejected or waiting for the admin (a cancellation out of time). */
  trouble: z.number().int(),
  issuance: z.enum(['on', 'off']),
})
export type InvoiceCounts = z.infer<typeof InvoiceCounts>
