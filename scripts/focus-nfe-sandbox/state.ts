// The Focus NFe stand-in's state and the shapes it stores: read by the API (api.ts) and drawn by
// its page (pages.ts), so neither imports the other's module for them.

export type Json = Record<string, unknown>

/** The company token the stand-in accepts (FOCUS_NFE_TOKEN of npm start and the tests). */
export const SANDBOX_TOKEN = 'sandbox-token'
/**
 * A test's own API calls (a look-up of a note "as an admin would") carry this header: answered like
 * any other, but neither recorded among the requests nor caught by an armed fault, so what a test
 * asserts about the Worker's calls counts the Worker's only.
 */
export const OBSERVER_HEADER = 'x-stand-in-observer'

/** The four statuses Focus NFe documents for a NFS-e Nacional (GET /v2/nfsen/REF). */
type NoteStatus = 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado'

export type ProviderError = { codigo: string; mensagem: string; correcao: string | null }

/** One NFS-e as the stand-in keeps it: the DPS it received and what the "national system" decided. */
export type Note = {
  ref: string
  status: NoteStatus
  /** The DPS fields as received (JSON body of POST /v2/nfsen), for the page and the tests. */
  dps: Json
  cnpjPrestador: string
  serieRps: string
  numeroRps: string
  /** When the note was accepted for processing (ms); it authorises at `decideAt` unless held. */
  receivedAt: number
  /** When the queue decides (ms); null: held until someone decides on the page or a control. */
  decideAt: number | null
  /** What the queue will decide: authorise, or refuse with these errors. */
  outcome: { kind: 'authorize' } | { kind: 'reject'; erros: ProviderError[] }
  numero: string | null
  chave: string | null
  dataEmissao: string | null
  erros: ProviderError[]
  /** The key of the note this one replaces (substitution), when it is a substitute. */
  replaces: string | null
  /** The ref of the note that replaced this one, once the substitute was authorised. */
  replacedBy: string | null
  cancelledAt: string | null
  justificativa: string | null
  /** The city no longer accepts this note's cancellation (set on the page or by a control). */
  cancellationOutOfTime: boolean
}

/** A gatilho (webhook) registered with POST /v2/hooks. */
export type Hook = {
  id: string
  url: string
  authorization: string | null
  authorization_header: string | null
  event: string
  cnpj: string | null
  cpf: string | null
  createdAt: string
}

/**
 * One firing of the gatilho: the note's JSON at that moment. With no hook registered (worker
 * tests: workerd listens on no port) it stays `pending` for the tests to hand over themselves.
 */
export type Delivery = {
  id: string
  ref: string
  hookId: string | null
  createdAt: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatus: number | null
  body: Json
}

type RecordedRequest = {
  at: string
  method: string
  /** The path with its query, e.g. /v2/nfsen?ref=abc. */
  path: string
  /** The JSON body as parsed (null: none or not JSON). */
  body: unknown
  status: number
}

/** What the next matching call does instead of answering at once (a /_sandbox control). */
export type Fault = {
  kind: 'timeout' | 'error'
  method: string | null
  /** A path prefix (e.g. /v2/nfsen); null: any API call. */
  path: string | null
  /** timeout: how long the answer is held (the client gives up before). */
  ms: number
  /** timeout: whether the call is carried out before its answer is held (true) or never (false). */
  processed: boolean
  /** error: the HTTP status answered. */
  status: number
}

export type SandboxState = {
  notes: Record<string, Note>
  hooks: Hook[]
  deliveries: Delivery[]
  requests: RecordedRequest[]
  faults: Fault[]
  /** One-shot decisions for the next issued note (or for a given ref). */
  nextIssue: Array<{ ref: string | null; outcome: 'reject' | 'hold'; erros: ProviderError[] }>
  /** One-shot refusal of the next cancellation (or substitution) as out of time. */
  nextCancellationOutOfTime: number
  /** Last NFS-e number given per prestador CNPJ. */
  numbers: Record<string, number>
  sequence: number
}

export function emptyState(): SandboxState {
  return {
    notes: {},
    hooks: [],
    deliveries: [],
    requests: [],
    faults: [],
    nextIssue: [],
    nextCancellationOutOfTime: 0,
    numbers: {},
    sequence: 0,
  }
}
