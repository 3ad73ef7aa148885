import type { InvoiceSnapshot } from '../../domain/fiscal.ts'
import { curitibaIsoDateTime } from '../../domain/time-zone.ts'
import { DependencyUnavailableError } from '../../errors.ts'
import { fetchWithDeadline } from '../deadline.ts'
import {
  type CancelOutcome,
  type FiscalProvider,
  FiscalRequestRefusedError,
  type IssueOutcome,
  type IssueRequest,
  type ProviderNote,
  type ProviderNoteStatus,
  type SubstituteRequest,
} from './types.ts'

// Focus NFe's NFS-e Nacional API (https://focusnfe.com.br/doc/#nfse-nacional): the fiscal port's
// production adapter (decision 026). HTTP Basic with the company's token as the user; the sale's
// ref as the idempotency key; the DPS in Focus's flat fields. Where the docs are silent it follows
// the stand-in's written choices (scripts/focus-nfe-sandbox/api.ts, its top comment).

/** Production; homologação is https://homologacao.focusnfe.com.br. */
export const FOCUS_NFE_API_URL = 'https://api.focusnfe.com.br'
export const FOCUS_NFE_HOMOLOGATION_URL = 'https://homologacao.focusnfe.com.br'

type FocusNfeConfig = {
  apiUrl: string
  token: string
  timeoutMs: number
  /** The institute's own data (the DPS's prestador), fixed in each note's snapshot. */
}

type FocusNote = {
  ref?: string
  status?: string
  numero?: string | number | null
  codigo_verificacao?: string | null
  chave_nfse?: string | null
  url?: string | null
  url_danfse?: string | null
  caminho_xml_nota_fiscal?: string | null
  erros?: Array<{ codigo?: string; mensagem?: string }> | null
  mensagem?: string
  codigo?: string
}

const STATUS: Record<string, ProviderNoteStatus> = {
  processando_autorizacao: 'processing',
  autorizado: 'authorized',
  erro_autorizacao: 'rejected',
  cancelado: 'cancelled',
}

/** The taker's fields: CPF, CNPJ or abroad (NIF or the reason it is missing), with the address. */
function takerFields(taker: InvoiceSnapshot['taker']): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    razao_social_tomador: taker.name,
    email_tomador: taker.email,
    ...(taker.phone ? { telefone_tomador: taker.phone } : {}),
  }
  if (taker.kind === 'cpf') fields.cpf_tomador = taker.document
  else if (taker.kind === 'cnpj') fields.cnpj_tomador = taker.document
  else if (taker.foreignId) fields.nif_tomador = taker.foreignId
  // 1: not required to have one (the national layout's reasons: 0 not informed, 1 exempt, 2 none).
  else fields.motivo_ausencia_nif_tomador = 0
  const address = taker.address
  if (!address) return fields
  if ('neighborhood' in address) {
    Object.assign(fields, {
      logradouro_tomador: address.street,
      numero_tomador: address.number,
      ...(address.complement ? { complemento_tomador: address.complement } : {}),
      bairro_tomador: address.neighborhood,
      cep_tomador: address.zipCode.replace(/\D/g, ''),
      ...(address.cityIbge ? { codigo_municipio_tomador: address.cityIbge } : {}),
    })
  } else {
    Object.assign(fields, {
      logradouro_tomador: address.street,
      numero_tomador: 'S/N',
      bairro_tomador: address.city,
      codigo_pais_ext_tomador: address.country,
      cep_ext_tomador: address.postalCode,
      nome_cidade_ext_tomador: address.city,
      regiao_ext_tomador: address.region || address.city,
    })
  }
  return fields
}

/** The DPS of a note in Focus NFe's flat fields (the national layout's codes). */
function dpsOf(request: IssueRequest): Record<string, unknown> {
  const { snapshot } = request
  const { provider, service } = snapshot
  const rate = Number(service.issRate)
  return {
    data_emissao: curitibaIsoDateTime(request.issuedAt),
    data_competencia: request.competence,
    codigo_municipio_emissora: provider.municipalityIbge,
    cnpj_prestador: provider.cnpj,
    inscricao_municipal_prestador: provider.municipalRegistration,
    codigo_opcao_simples_nacional: Number(provider.taxRegime),
    ...(provider.taxRegime === '3' ? { regime_tributario_simples_nacional: 1 } : {}),
    regime_especial_tributacao: 0,
    ...takerFields(snapshot.taker),
    codigo_municipio_prestacao: provider.municipalityIbge,
    codigo_tributacao_nacional_iss: service.nationalCode,
    ...(service.municipalCode ? { codigo_tributacao_municipal_iss: service.municipalCode } : {}),
    descricao_servico: service.description,
    valor_servico: Math.round(request.valueCents) / 100,
    // 1: operação tributável; 3: exportação de serviço (a taker abroad).
    tributacao_iss: snapshot.taker.kind === 'foreign' ? 3 : 1,
    // 1: não retido; 2: retido pelo tomador.
    tipo_retencao_iss: service.issRetained ? 2 : 1,
    ...(rate > 0 && rate <= 5 ? { percentual_aliquota_relativa_municipio: rate } : {}),
    serie_dps: snapshot.series,
  }
}

export function focusNfeProvider(config: FocusNfeConfig, fetcher: typeof fetch = fetch): FiscalProvider {
  const authorization = `Basic ${btoa(`${config.token}:`)}`
  const base = config.apiUrl.replace(/\/+$/, '')
  const absolute = (link: string | null | undefined) =>
    !link ? null : link.startsWith('/') ? `${new URL(base).origin}${link}` : link

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    retry: 'idempotent' | 'never',
  ): Promise<{ status: number; json: FocusNote }> {
    const response = await fetchWithDeadline(
      'fiscal',
      `${base}${path}`,
      {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      },
      { timeoutMs: config.timeoutMs, retry, fetcher },
    )
    let json: FocusNote = {}
    try {
      const parsed: unknown = await response.json()
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as FocusNote
    } catch {
      // A body that is not JSON: the status alone speaks.
    }
    // A token refused (401/403) is the institute's configuration, not the note's: retried later.
    if (response.status === 401 || response.status === 403) {
      throw new DependencyUnavailableError('fiscal', 'error_status', `HTTP ${response.status} (token)`)
    }
    return { status: response.status, json }
  }

  const messageOf = (json: FocusNote) => {
    const errors = (json.erros ?? []).map((e) => [e.codigo, e.mensagem].filter(Boolean).join(': '))
    return errors.length ? errors.join('; ') : json.mensagem || null
  }

  async function send(ref: string, dps: Record<string, unknown>): Promise<IssueOutcome> {
    // Never repeated blind: a lost answer is looked up by the ref before anything is sent again.
    const { status, json } = await call('POST', `/v2/nfsen?ref=${encodeURIComponent(ref)}`, dps, 'never')
    if (status >= 200 && status < 300) return { kind: 'accepted' }
    if (status === 422 && json.codigo === 'nfe_autorizada') return { kind: 'known', status: 'authorized' }
    if (status === 422 && json.codigo === 'em_processamento') return { kind: 'known', status: 'processing' }
    throw new FiscalRequestRefusedError(status, json.codigo ?? 'erro', messageOf(json) ?? `HTTP ${status}`)
  }

  return {
    issue: (request) => send(request.ref, dpsOf(request)),

    substitute: (request: SubstituteRequest) =>
      send(request.ref, {
        ...dpsOf(request),
        chave_nfse_substituida: request.replacedAccessKey,
        // 99: outros, with the words (15–255 characters).
        codigo_justificativa_substituicao: '99',
        motivo_substituicao: request.reason,
      }),

    async get(ref): Promise<ProviderNote | null> {
      const { status, json } = await call(
        'GET',
        `/v2/nfsen/${encodeURIComponent(ref)}`,
        undefined,
        'idempotent',
      )
      if (status === 404) return null
      if (status >= 400) {
        throw new FiscalRequestRefusedError(
          status,
          json.codigo ?? 'erro',
          messageOf(json) ?? `HTTP ${status}`,
        )
      }
      const noteStatus = STATUS[json.status ?? ''] ?? 'processing'
      const verification = json.codigo_verificacao ? String(json.codigo_verificacao) : null
      const fromUrl = json.url ? /[?&]chave=(\d{50})/.exec(json.url)?.[1] : undefined
      const accessKey =
        json.chave_nfse ?? (verification && /^\d{50}$/.test(verification) ? verification : (fromUrl ?? null))
      return {
        ref,
        status: noteStatus,
        number: json.numero === null || json.numero === undefined ? null : String(json.numero),
        accessKey,
        verificationCode: verification,
        pdfUrl: absolute(json.url_danfse),
        xmlUrl: absolute(json.caminho_xml_nota_fiscal),
        message: noteStatus === 'rejected' ? messageOf(json) : null,
      }
    },

    async cancel(ref, reason): Promise<CancelOutcome> {
      const { status, json } = await call(
        'DELETE',
        `/v2/nfsen/${encodeURIComponent(ref)}`,
        { justificativa: reason },
        'idempotent',
      )
      if (status >= 200 && status < 300) {
        if (json.status === 'cancelado') return { kind: 'cancelled' }
        const message = messageOf(json) ?? 'Cancelamento recusado.'
        return { kind: 'refused', message, outOfTime: /prazo|E523/i.test(message) }
      }
      if (json.codigo === 'nfe_cancelada') return { kind: 'already_cancelled' }
      if (json.codigo === 'nfe_nao_autorizada') {
        return { kind: 'not_authorized', message: messageOf(json) ?? 'Nota não autorizada.' }
      }
      throw new FiscalRequestRefusedError(status, json.codigo ?? 'erro', messageOf(json) ?? `HTTP ${status}`)
    },
  }
}
