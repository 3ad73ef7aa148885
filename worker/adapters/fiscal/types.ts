import type { InvoiceSnapshot } from '../../domain/fiscal.ts'

// The fiscal port (issue 43, decision 026): issue, get, cancel, substitute. Amounts in centavos;
// the one adapter speaks Focus NFe's NFS-e Nacional API (focus-nfe.ts). Another provider (eNotas,
// NFE.io) is another adapter behind the same four calls.

/** What a note asks the provider to issue. */
export type IssueRequest = {
  /** Our idempotency key at the provider: the same ref is never issued twice. */
  ref: string
  snapshot: InvoiceSnapshot
  valueCents: number
  /** YYYY-MM-DD. */
  competence: string
  /** When it is sent (the DPS's data_emissao). */
  issuedAt: Date
}

/** A substitution: the new note, and the note it replaces (its access key) and why. */
export type SubstituteRequest = IssueRequest & { replacedAccessKey: string; reason: string }

/** Where a note stands at the provider, in our words. */
export type ProviderNoteStatus = 'processing' | 'authorized' | 'rejected' | 'cancelled'

export type ProviderNote = {
  ref: string
  status: ProviderNoteStatus
  number: string | null
  /** The national access key (chave de acesso, 50 digits). */
  accessKey: string | null
  verificationCode: string | null
  /** The DANFSe (PDF). */
  pdfUrl: string | null
  xmlUrl: string | null
  /** Why it was refused (the provider's codes and words). */
  message: string | null
}

/** What sending a note got: taken for processing, or the ref is already known there. */
export type IssueOutcome = { kind: 'accepted' } | { kind: 'known'; status: 'authorized' | 'processing' }

/** What asking a cancellation got: cancelled, or refused by the city (out of time: for the admin). */
export type CancelOutcome =
  | { kind: 'cancelled' }
  | { kind: 'refused'; message: string; outOfTime: boolean }
  | { kind: 'already_cancelled' }
  | { kind: 'not_authorized'; message: string }

/**
 * The provider refused the request itself (a 4xx other than the documented repeats): nothing was
 * issued, and sending the same again would be refused again; its message is for the admin.
 */
export class FiscalRequestRefusedError extends Error {
  readonly code: string
  readonly status: number
  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'FiscalRequestRefusedError'
    this.code = code
    this.status = status
  }
}

export interface FiscalProvider {
  issue(request: IssueRequest): Promise<IssueOutcome>
  /** null: the provider does not know the ref (it never arrived). */
  get(ref: string): Promise<ProviderNote | null>
  cancel(ref: string, reason: string): Promise<CancelOutcome>
  substitute(request: SubstituteRequest): Promise<IssueOutcome>
}
