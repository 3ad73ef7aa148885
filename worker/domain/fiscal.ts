import { labelled } from './labelled.ts'

// The nota fiscal de serviço (NFS-e Padrão Nacional) of every paid sale (issue 43, decision 026):
// its states, what it snapshots of the sale, and the pure rules the job and the admin follow.

/**
 * Where a note stands. `queued`: waiting for the job (or for the 7-day window, `issue_after`);
 * `processing`: sent to the provider, waiting for the city's answer; `authorized`: issued (number,
 * access key, PDF and XML); `rejected`: the provider refused it (its message shown; the admin
 * retries once the cause is fixed); `cancelling`: money went back, the cancellation is asked;
 * `cancelled`; `replaced`: a partial refund replaced it by a note of the net value (substitution);
 * `needs_admin`: a cancellation the city no longer accepts (out of time), closed by hand;
 * `not_applicable`: 'sem NFS-e', the sale of e-books or physical products (an NF-e, for the accountant).
 */
export const { values: INVOICE_STATES, labels: INVOICE_STATE_LABELS } = labelled({
  queued: 'na fila',
  processing: 'em processamento',
  authorized: 'autorizada',
  rejected: 'rejeitada',
  cancelling: 'cancelando',
  cancelled: 'cancelada',
  replaced: 'substituída',
  needs_admin: 'precisa do administrador',
  not_applicable: 'sem NFS-e',
})
export type InvoiceState = (typeof INVOICE_STATES)[number]

/** The dashboard's "pending": notes on their way (waiting for the job or for the city). */
export const PENDING_INVOICE_STATES = [
  'queued',
  'processing',
  'cancelling',
] as const satisfies readonly InvoiceState[]
/** The dashboard's "in trouble": what the admin must act on. */
export const TROUBLE_INVOICE_STATES = ['rejected', 'needs_admin'] as const satisfies readonly InvoiceState[]

/** What a note is for: a sale (order), an edital fee (plan payment). */
export const INVOICE_SOURCES = ['order', 'plan_payment'] as const
export type InvoiceSource = (typeof INVOICE_SOURCES)[number]

/** Who takes the service: a person (CPF), a company (CNPJ and razão social), a buyer abroad. */
export const TAKER_KINDS = ['cpf', 'cnpj', 'foreign'] as const
type TakerKind = (typeof TAKER_KINDS)[number]

/** When a sale's note is issued: at payment, or once the 7-day withdrawal window has passed. */
export const FISCAL_ISSUE_AT = ['payment', 'after_withdrawal'] as const
export type FiscalIssueAt = (typeof FISCAL_ISSUE_AT)[number]

/**
 * Every setting issuance needs, by what it sets: worker/config.ts reads and checks them (the
 * institute's and the service's with a demo value off production), the admin's 'Notas fiscais'
 * screen lists them while issuance is off or incomplete.
 */
export const FISCAL_SETTINGS = {
  issuance: ['FISCAL_ISSUANCE', 'FISCAL_ISSUE_AT'],
  institute: [
    'FISCAL_CNPJ',
    'FISCAL_MUNICIPAL_REGISTRATION',
    'FISCAL_TAX_REGIME',
    'FISCAL_MUNICIPALITY_IBGE',
  ],
  service: [
    'FISCAL_NATIONAL_SERVICE_CODE',
    'FISCAL_MUNICIPAL_SERVICE_CODE',
    'FISCAL_ISS_RATE',
    'FISCAL_ISS_RETAINED',
    'FISCAL_SERIES',
  ],
  provider: ['FOCUS_NFE_API_URL', 'FOCUS_NFE_TOKEN', 'FOCUS_NFE_WEBHOOK_SECRET'],
} as const
/** The settings of the institute and its service (the ones a local stack fills with a demo value). */
export type FiscalDataSetting = (typeof FISCAL_SETTINGS)['institute' | 'service'][number]

/**
 * Why a note is cancelled: the national layout's motives (the cancellation event e101101's
 * `cMotivo`: 1 erro na emissão, 2 serviço não prestado, 9 outros). Focus NFe's DELETE documents only
 * the `justificativa` (15 to 255 characters), so the motive travels as its opening words
 * (`cancelJustificativa`) and is kept with the note for the admin and the accountant.
 */
export const CANCEL_MOTIVE_CODES = ['1', '2', '9'] as const
type CancelMotive = (typeof CANCEL_MOTIVE_CODES)[number]
export const CANCEL_MOTIVES: Record<CancelMotive, string> = {
  '1': 'Erro na emissão',
  '2': 'Serviço não prestado',
  '9': 'Outros',
}
/** The admin's own words: at least the provider's 15 characters; at most 200, so the motive fits Focus's 255. */
export const CANCEL_TEXT_MIN = 15
export const CANCEL_TEXT_MAX = 200

/** The justificativa sent to the provider: the motive's name, then the reason in words. */
export function cancelJustificativa(motive: CancelMotive, text: string): string {
  return `${CANCEL_MOTIVES[motive]}: ${text.trim()}`
}

/** The motive of the automatic cancellations (a refund, a withdrawal, a chargeback lost). */
export const AUTOMATIC_CANCEL_MOTIVE: CancelMotive = '2'
/** The reason every automatic cancellation gives (the provider takes 15 to 255 characters). */
/** Why a note ends cancelled with nothing asked of the provider: it never reached it. */
export const NOT_ISSUED_MESSAGE = 'Não emitida: o valor foi devolvido antes da emissão.'

export const CANCEL_REASON = cancelJustificativa(AUTOMATIC_CANCEL_MOTIVE, 'valor devolvido ao tomador.')

/** 'Comprar como empresa' (issue 43): the note's taker is this company, not the payer's CPF. */
export type BuyerCompany = { cnpj: string; razaoSocial: string }

/** A buyer abroad (issue 43): the note's foreign taker and the address outside Brazil. */
export type BuyerAbroad = {
  pais: string
  endereco: string
  cidade: string
  codigo_postal: string
  regiao?: string | undefined
  nif?: string | undefined
}

/** The taker's address in Brazil (with the city's IBGE code), or abroad. */
export type TakerAddress =
  | {
      country: 'BR'
      street: string
      number: string
      complement: string | null
      neighborhood: string
      zipCode: string
      city: string
      state: string
      /** The city's IBGE code (7 digits), from the CEP look-up. */
      cityIbge: string | null
    }
  | { country: string; street: string; city: string; postalCode: string; region: string | null }

/**
 * Everything a note says, fixed when it is queued (decision 026): a later change of the catalogue,
 * of the buyer's account or of the settings never alters a note already queued. Its value and
 * competence date are the note's own columns (db/schema/fiscal.ts).
 */
export type InvoiceSnapshot = {
  taker: {
    kind: TakerKind
    /** CPF or CNPJ digits (a CNPJ may hold letters, the 2026 format); null for a buyer abroad. */
    document: string | null
    /** A buyer abroad: the foreign tax id, when given. */
    foreignId: string | null
    name: string
    email: string
    phone: string | null
    address: TakerAddress | null
  }
  provider: {
    cnpj: string
    municipalRegistration: string
    municipalityIbge: string
    taxRegime: string
  }
  service: {
    description: string
    nationalCode: string
    municipalCode: string
    /** ISS rate in percent, as configured (e.g. "2.00"). */
    issRate: string
    issRetained: boolean
  }
  series: string
}

/** The ISS of a value at a rate in percent, rounded to the centavo. */
export function issCents(valueCents: number, issRate: string): number {
  const rate = Number(issRate)
  if (!Number.isFinite(rate) || rate < 0) return 0
  return Math.round((valueCents * rate) / 100)
}

/** A note's `ref` at the provider: the sale's own id, numbered per note of the same sale. */
export function invoiceRef(source: InvoiceSource, sourceId: string | number, sequence: number): string {
  const prefix = source === 'order' ? 'pedido' : 'taxa'
  return `${prefix}-${String(sourceId).replace(/[^\w-]/g, '')}-${sequence}`
}

/** How many attempts the job makes before a note stays `rejected` for the admin. */
export const MAX_INVOICE_ATTEMPTS = 8

/** Wait before attempt `attempts + 1` (ms): 1, 2, 4 … minutes, at most 2 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 2 * 60 * 60_000)
}

/** A job run holds a claimed note this long; a run that died leaves it to the next after that. */
export const INVOICE_CLAIM_MS = 2 * 60_000

/** A month of the accountant's CSV and the admin's filter: YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/
