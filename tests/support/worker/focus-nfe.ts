import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import { OBSERVER_HEADER } from '../../../scripts/focus-nfe-sandbox/state.ts'
import { workerFetch } from './http.ts'

// The Focus NFe stand-in the worker tests' global setup started (scripts/focus-nfe-sandbox): the
// far end of the Worker's NFS-e calls. It decides each note by the next read (authorised unless a
// control said otherwise). Tests play the national system through its /_sandbox controls (the
// ones the Worker's tests use; tests/unit/focus-nfe-sandbox.test.ts holds the stand-in to all), read
// what the Worker sent from its recorded requests, and hand its gatilhos to the Worker themselves
// (workerd here listens on no port the stand-in could call), as Focus NFe would POST them.

const fiscalEnv = env as typeof env & {
  FOCUS_NFE_API_URL?: string
  FOCUS_NFE_TOKEN?: string
  FOCUS_NFE_WEBHOOK_SECRET?: string
}
const origin = () => fiscalEnv.FOCUS_NFE_API_URL!

/** An error as Focus NFe writes it in `erros[]`. */
export type ProviderError = { codigo: string; mensagem: string; correcao: string | null }
/** GET /v2/nfsen/REF's body (and a gatilho's). */
export type ProviderNote = {
  ref: string
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado'
  cnpj_prestador: string
  numero?: string
  codigo_verificacao?: string
  url?: string
  url_danfse?: string
  caminho_xml_nota_fiscal?: string
  caminho_xml_cancelamento?: string
  erros?: ProviderError[]
}
export type ProviderRequest = { at: string; method: string; path: string; body: unknown; status: number }
export type Delivery = {
  id: string
  ref: string
  status: 'pending' | 'delivered' | 'failed'
  body: ProviderNote & Record<string, unknown>
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${origin()}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  })
  const answer = (await response.json()) as Record<string, unknown>
  expect(response.status, JSON.stringify(answer)).toBe(200)
  return answer
}

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${origin()}/_sandbox${path}`)
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

/**
 * The national system refuses the next note sent (or the note `ref` when it comes): it ends
 * `erro_autorizacao` with this error in `erros[]`.
 */
export const rejectNextIssue = (error: { mensagem?: string; codigo?: string; ref?: string } = {}) =>
  control('/next-issue', { outcome: 'reject', ...error })

/**
 * The next API call matching `method` and the path prefix is carried out (unless `processed` is
 * false) but its answer is held `ms` (30 s by default), past the Worker's deadline.
 */
export const timeoutNextCall = (
  match: { method?: string; path?: string; ms?: number; processed?: boolean } = {},
) => control('/next-call', { fault: 'timeout', ...match })

/** The city no longer accepts the cancellation (or substitution) of note `ref`: erro_cancelamento. */
export const refuseCancellation = (ref: string, enabled = true) =>
  control(`/notes/${encodeURIComponent(ref)}/cancellation-out-of-time`, { enabled })
/** Forgets the armed one-shot controls (next issue, next call, next cancellation). */
export const resetProviderControls = () => control('/reset-controls')

/** The API calls the stand-in received (method, path with query, JSON body, status), oldest first. */
export function providerRequests(path = '/v2/nfsen', method?: string) {
  const query = new URLSearchParams({ path, ...(method ? { method } : {}) })
  return read<ProviderRequest[]>(`/requests?${query}`)
}

/** The DPS bodies the Worker sent for `ref` (POST /v2/nfsen?ref=…), oldest first. */
export async function sentDps(ref: string): Promise<Array<Record<string, unknown>>> {
  const requests = await providerRequests(`/v2/nfsen?ref=${encodeURIComponent(ref)}`, 'POST')
  return requests
    .filter((r) => new URL(r.path, 'http://x').searchParams.get('ref') === ref)
    .map((r) => r.body as Record<string, unknown>)
}

/**
 * Reads a note at the provider as an admin would in Focus NFe's panel (GET /v2/nfsen/REF with the
 * token), as an observer: the call is not among providerRequests and no armed fault catches it.
 */
export async function noteAtProvider(ref: string): Promise<{ status: number; body: ProviderNote }> {
  const response = await fetch(`${origin()}/v2/nfsen/${encodeURIComponent(ref)}`, {
    headers: { Authorization: `Basic ${btoa(`${fiscalEnv.FOCUS_NFE_TOKEN}:`)}`, [OBSERVER_HEADER]: '1' },
  })
  return { status: response.status, body: (await response.json()) as ProviderNote }
}

/** The gatilho firings of `ref` (newest first): the note's JSON when it was authorised or refused. */
export const gatilhos = (ref: string, status?: Delivery['status']) =>
  read<Delivery[]>(`/deliveries?${new URLSearchParams({ ref, ...(status ? { status } : {}) })}`)

/** POST /webhooks/focus-nfe with exactly this body and Authorization header (none: null). */
export async function postGatilho(
  body: string,
  authorization: string | null = fiscalEnv.FOCUS_NFE_WEBHOOK_SECRET ?? null,
) {
  const response = await workerFetch('http://localhost/webhooks/focus-nfe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body,
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null }
}

/**
 * Focus NFe calling the Worker: each pending gatilho firing of `ref` is POSTed to
 * /webhooks/focus-nfe with the registered Authorization (FOCUS_NFE_WEBHOOK_SECRET), oldest first,
 * and marked delivered at the stand-in when the Worker answered 2xx. Returns the Worker's statuses.
 */
export async function deliverGatilhos(ref: string): Promise<number[]> {
  const pending = (await gatilhos(ref, 'pending')).reverse()
  const statuses: number[] = []
  for (const delivery of pending) {
    const { status } = await postGatilho(JSON.stringify(delivery.body))
    statuses.push(status)
    if (status >= 200 && status < 300) await control(`/deliveries/${delivery.id}/delivered`, { status })
  }
  return statuses
}

/** A DPS whose taker is the buyer abroad of the tests (Lisboa, NIF 123456789): no CPF, no Brazilian city. */
export function expectForeignTaker(dps: Record<string, unknown> | undefined) {
  expect(dps).toMatchObject({
    nif_tomador: '123456789',
    codigo_pais_ext_tomador: 'PT',
    nome_cidade_ext_tomador: 'Lisboa',
    cep_ext_tomador: '1100-053',
  })
  expect(dps).not.toHaveProperty('cpf_tomador')
  expect(dps).not.toHaveProperty('codigo_municipio_tomador')
}
