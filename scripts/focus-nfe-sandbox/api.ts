/**
 * A stand-in for Focus NFe's NFS-e Nacional API (https://focusnfe.com.br/doc/#nfse-nacional), the
 * way scripts/pagarme-sandbox stands in for Pagar.me: the Worker's Focus NFe adapter talks to it
 * over HTTP exactly as it talks to api.focusnfe.com.br, so the code that issues real notes is the
 * code the tests and `npm start` run. What only a test or a person trying the store needs
 * (authorise or reject a note now, a timeout, a cancellation the city no longer accepts, the
 * recorded requests, the pending gatilhos) lives under /_sandbox, which Focus NFe does not have.
 *
 * ── The protocol, as Focus NFe documents it ──────────────────────────────────────────────────
 * - Origins: production https://api.focusnfe.com.br, homologação https://homologacao.focusnfe.com.br
 *   (FOCUS_NFE_API_URL takes the origin; this stand-in's origin locally).
 * - Auth: HTTP Basic, the company's token as the user and an empty password, on every /v2 call.
 * - `POST /v2/nfsen?ref=REF`, JSON body of the DPS in Focus's flat fields (data_emissao,
 *   data_competencia, codigo_municipio_emissora, cnpj_prestador, inscricao_municipal_prestador,
 *   codigo_opcao_simples_nacional, regime_especial_tributacao, cpf_tomador | cnpj_tomador,
 *   razao_social_tomador, codigo_municipio_tomador, cep_tomador, logradouro_tomador, numero_tomador,
 *   complemento_tomador, bairro_tomador, email_tomador, codigo_municipio_prestacao,
 *   codigo_tributacao_nacional_iss, descricao_servico, valor_servico, tributacao_iss,
 *   tipo_retencao_iss, …): first validation at once — a bad DPS is refused with 400
 *   `{"codigo": "requisicao_invalida", "mensagem": "Parâmetro \"x\" não informado"}` and no note is
 *   created; a good one is accepted for processing: `{"cnpj_prestador", "ref", "status":
 *   "processando_autorizacao"}`. The note is then authorised or refused asynchronously.
 * - A repeated ref: 422 `nfe_autorizada` ("Nota fiscal já autorizada") once the note was authorised
 *   (even if later cancelled: a ref is never reused), 422 `em_processamento` while it is processing;
 *   after `erro_autorizacao` the same ref may be sent again (corrected) and is processed anew.
 * - `GET /v2/nfsen/REF`: `status` ∈ processando_autorizacao | autorizado | erro_autorizacao |
 *   cancelado, with cnpj_prestador, ref, numero_rps, serie_rps, tipo_rps; once authorised numero,
 *   codigo_verificacao, data_emissao, url (public consultation), url_danfse (the PDF),
 *   caminho_xml_nota_fiscal (a path on the API's origin); cancelled adds caminho_xml_cancelamento;
 *   erro_autorizacao carries `erros: [{codigo, mensagem, correcao}]`. Unknown ref: 404
 *   `nao_encontrado`.
 * - `DELETE /v2/nfsen/REF` with `{"justificativa": "…"}` (15 to 255 characters), synchronous: 200
 *   `{"status": "cancelado"}`, or 200 `{"status": "erro_cancelamento", "erros": [...]}` when the
 *   national system refuses (e.g. out of the cancellation window); already cancelled: 400
 *   `nfe_cancelada`; not authorised: 400 `nfe_nao_autorizada`.
 * - Errors: any 4xx body is `{"codigo", "mensagem"}`, optionally with `erros`.
 * - Gatilhos: `POST /v2/hooks` with `{cnpj | cpf, event: "nfsen", url, authorization,
 *   authorization_header}`; GET /v2/hooks, GET and DELETE /v2/hooks/ID; when a note is authorised
 *   or refused, Focus POSTs the note's JSON (the same fields as the GET) to `url` with the header
 *   `authorization_header` (default `Authorization`) set to `authorization`, retrying a failed POST
 *   (non-2xx) later; `POST /v2/nfsen/REF/hook` fires the note's gatilhos again.
 * - Substitution: the API has no substitution call. The replacing note is a new DPS (its own ref)
 *   carrying `chave_nfse_substituida` (the replaced note's 50-digit key), `codigo_justificativa_
 *   substituicao` and `motivo_substituicao`; the national system then cancels the replaced note by
 *   substitution.
 *
 * ── Where the docs are silent: this stand-in's choices (the adapter follows them) ──────────────
 * 1. Wrong or missing token: 401 with `WWW-Authenticate: Basic` and the documented body shape
 *    `{"codigo": "permissao_negada", "mensagem": …}` (the docs list `permissao_negada` for token
 *    problems, with 403; Focus's own 401 answer is plain text). An adapter keys on the status
 *    (401 or 403), never on this body.
 * 2. POST answers 202 Accepted. Invalid JSON: 415 `requisicao_invalida`. A ref is 1–50 letters,
 *    digits, `-` or `_` (the docs: alphanumeric, no special characters); another ref: 400.
 * 3. The taker: exactly one of cpf_tomador (valid CPF), cnpj_tomador (valid CNPJ) or, for a taker
 *    abroad, nif_tomador (or motivo_ausencia_nif_tomador 0|1|2 when there is none) with
 *    codigo_pais_ext_tomador (ISO 3166 alpha-2, not BR), cep_ext_tomador, nome_cidade_ext_tomador
 *    and regiao_ext_tomador instead of codigo_municipio_tomador and cep_tomador. The national
 *    layout makes the taker's address optional; this stand-in requires it (logradouro, numero,
 *    bairro, and the IBGE code and CEP for a Brazilian taker) because the store always sends the
 *    billing address: a missing one is an adapter bug.
 * 4. Checked formats: IBGE codes 7 digits, CEP 8 digits, codigo_tributacao_nacional_iss 6 digits,
 *    codigo_tributacao_municipal_iss 3 digits, valor_servico > 0 with at most 2 decimals (a JSON
 *    number or a decimal string, in reais), tributacao_iss 1–4, tipo_retencao_iss 1–3,
 *    percentual_aliquota_relativa_municipio (optional) above 0 and at most 5, serie_dps 1–49999 and
 *    numero_dps up to 15 digits (both optional: without numero_dps the stand-in numbers the DPS),
 *    data_emissao an ISO date-time, data_competencia YYYY-MM-DD. All problems are listed in
 *    `erros` ({codigo: "requisicao_invalida", mensagem}); `mensagem` is the first one.
 *    The codes follow the national layout: codigo_opcao_simples_nacional (opSimpNac) 1 não optante,
 *    2 MEI, 3 ME/EPP (then regime_tributario_simples_nacional 1–3); tributacao_iss (tribISSQN)
 *    1 operação tributável, 2 imunidade, 3 exportação de serviço, 4 não incidência;
 *    tipo_retencao_iss (tpRetISSQN) 1 não retido, 2 retido pelo tomador, 3 retido pelo
 *    intermediário; codigo_tributacao_municipal_iss (cTribMun) is the municipality's 3-digit
 *    subdivision of the national code, not a second national code.
 * 5. `cnpj_prestador` other than the company's (the `companyCnpj` option, when set): 400
 *    `empresa_nao_habilitada`.
 * 6. The same serie_dps + numero_dps as an authorised note of the same prestador: the new note ends
 *    `erro_autorizacao` with E0014 (the docs' example error).
 * 7. The access key (chave de acesso, 50 digits: municipality, environment, CNPJ, number, year and
 *    month, random code, check digit) is `codigo_verificacao`, as in the docs' example, and is in
 *    `url` (`chave=`). `url` and `url_danfse` are absolute links to this stand-in (so the links in
 *    the store work locally); `caminho_xml_nota_fiscal` and `caminho_xml_cancelamento` are paths on
 *    its origin. The files need no token.
 * 8. Cancellation out of the window: 200 `erro_cancelamento` with `erros: [{codigo: "E523",
 *    mensagem: "…fora do prazo permitido para cancelamento", correcao: null}]` (the docs' example);
 *    the note stays `autorizado`. Any erro_cancelamento means "not cancelled".
 * 9. Substitution: codigo_justificativa_substituicao ∈ 01–05, 99 (the national layout's motives;
 *    99 "outros" requires motivo_substituicao, 15–255 characters). When the substitute is
 *    authorised the replaced note reads `cancelado` (with caminho_xml_cancelamento); when the
 *    replaced note is unknown, not authorised, or out of the window, the substitute ends
 *    `erro_autorizacao` (E0840 / E523, this stand-in's codes) and the replaced note stays
 *    `autorizado`.
 * 10. Gatilhos fire for authorised and refused notes (the documented events), not for a
 *    cancellation (synchronous). Retries after 1 s, 5 s and 30 s (Focus: 1 min … 24 h). At most 5
 *    gatilhos per event and CNPJ (400 `requisicao_invalida` beyond). With no gatilho registered the
 *    firing is kept `pending` under /_sandbox/deliveries for the worker tests to hand over.
 * 11. A call with the header `x-stand-in-observer` (a test looking a note up) is answered as any
 *    other but not recorded under /_sandbox/requests, and no armed fault catches it.
 * 12. Authorisation comes `authorizeAfterMs` after the POST (2 s by default; 0 in the worker tests:
 *    the next read finds it decided).
 */
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import { CURITIBA_OFFSET_MS, curitibaIsoDateTime } from '../../worker/domain/time-zone.ts'
import { createTimers, deliverWithRetries } from '../lib/webhook-delivery.ts'
import { onePagePdf } from '../make-seed-files.ts'
import { consultationPage, dashboardPage, noteXml } from './pages.ts'
import {
  type Delivery,
  emptyState,
  type Fault,
  type Hook,
  type Json,
  type Note,
  OBSERVER_HEADER,
  type ProviderError,
  SANDBOX_TOKEN,
  type SandboxState,
} from './state.ts'

export { SANDBOX_TOKEN }

const NFSE_PATH = '/v2/nfsen'
/** The events POST /v2/hooks accepts (Focus NFe's list). */
const HOOK_EVENTS = new Set([
  'nfe',
  'nfse',
  'nfsen',
  'nfce_contingencia',
  'nfe_recebida',
  'nfe_recebida_falha_consulta',
  'nfse_recebida',
  'cte_recebida',
  'inutilizacao',
  'cte',
  'mdfe',
  'nfcom',
])
const HOOKS_PER_EVENT = 5
const REQUEST_LOG_LIMIT = 5_000
const DEFAULT_AUTHORIZE_AFTER_MS = 2_000
const DEFAULT_TIMEOUT_MS = 30_000
/** The motives of a substitution in the national layout (cMotivo of the e105102 event). */
const SUBSTITUTION_MOTIVES = new Set(['01', '02', '03', '04', '05', '99'])

const OUT_OF_TIME_ERROR: ProviderError = {
  codigo: 'E523',
  mensagem: 'A nota que você está tentando cancelar está fora do prazo permitido para cancelamento.',
  correcao: null,
}
const DEFAULT_REJECTION: ProviderError = {
  codigo: 'E0310',
  mensagem:
    'O código de tributação nacional informado não existe conforme a lista de serviços nacional do Sistema Nacional NFS-e.',
  correcao: null,
}

export type FocusSandboxOptions = {
  /** How long the "national system" takes to decide a note (ms); 0: decided by the next read. */
  authorizeAfterMs?: number
  /** The company's CNPJ: a DPS from another prestador is refused (empresa_nao_habilitada). */
  companyCnpj?: string | undefined
  /** Delays between the attempts of one gatilho firing. */
  webhookRetryDelaysMs?: number[]
  now?: () => number
  /** Called after every change (persistence). */
  onChange?: (state: SandboxState) => void
  state?: SandboxState
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> }
const reply = (status: number, body: unknown): Reply => ({ status, body })
const error = (status: number, codigo: string, mensagem: string, erros?: ProviderError[]): Reply => ({
  status,
  body: { codigo, mensagem, ...(erros ? { erros } : {}) },
})
const notFound = () => error(404, 'nao_encontrado', 'Nota fiscal não encontrada')
const unauthorized: Reply = {
  status: 401,
  body: { codigo: 'permissao_negada', mensagem: 'Token de acesso inválido ou não informado.' },
  headers: { 'WWW-Authenticate': 'Basic realm="Focus NFe"' },
}
const toResponse = (r: Reply) => Response.json(r.body, { status: r.status, headers: r.headers })

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const digits = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : ''
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Mod-11 check digit (weights 2..9 from the right), as the national keys use. */
function mod11(value: string): string {
  let sum = 0
  let weight = 2
  for (let i = value.length - 1; i >= 0; i--) {
    sum += Number(value[i]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const rest = sum % 11
  return rest < 2 ? '0' : String(11 - rest)
}

/**
 * The 50-digit access key of a NFS-e Nacional: municipality (7), issuing environment (1: 2 =
 * Sefin Nacional), registration type (1: 2 = CNPJ), CNPJ (14), number (13), year and month (4),
 * random code (9), check digit (1).
 */
export function accessKey(municipality: string, cnpj: string, numero: number, ms: number): string {
  const date = new Date(ms - CURITIBA_OFFSET_MS)
  const yymm = `${String(date.getUTCFullYear()).slice(2)}${String(date.getUTCMonth() + 1).padStart(2, '0')}`
  const random = String(Math.floor(Math.random() * 1e9)).padStart(9, '0')
  const body = `${municipality.padStart(7, '0')}22${cnpj}${String(numero).padStart(13, '0')}${yymm}${random}`
  return body + mod11(body)
}

type Problem = string
/** The DPS checks (what the docs require, and choices 3 to 5 above). */
function validateDps(dps: Json, companyCnpj?: string): { problems: Problem[]; enabled: boolean } {
  const problems: Problem[] = []
  const missing = (field: string) => problems.push(`Parâmetro "${field}" não informado`)
  const invalid = (field: string, why: string) => problems.push(`Parâmetro "${field}" inválido: ${why}`)
  const present = (field: string) => dps[field] !== undefined && dps[field] !== null && dps[field] !== ''
  const pattern = (field: string, re: RegExp, why: string, required = true) => {
    if (!present(field)) {
      if (required) missing(field)
      return
    }
    if (!re.test(digits(dps[field]))) invalid(field, why)
  }
  const textField = (field: string, min: number, max: number, required = true) => {
    if (!present(field)) {
      if (required) missing(field)
      return
    }
    const value = text(dps[field])
    if (typeof dps[field] !== 'string' || value.length < min || value.length > max)
      invalid(field, `texto de ${min} a ${max} caracteres`)
  }
  const oneOf = (field: string, values: number[], required = true) => {
    if (!present(field)) {
      if (required) missing(field)
      return
    }
    if (!values.includes(Number(digits(dps[field]))) || !/^\d+$/.test(digits(dps[field])))
      invalid(field, `valores aceitos: ${values.join(', ')}`)
  }

  if (!present('data_emissao')) missing('data_emissao')
  else if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.test(text(dps.data_emissao)) ||
    Number.isNaN(Date.parse(text(dps.data_emissao)))
  )
    invalid('data_emissao', 'data e hora no formato ISO 8601 (AAAA-MM-DDThh:mm:ss-03:00)')
  if (!present('data_competencia')) missing('data_competencia')
  else if (
    !/^\d{4}-\d{2}-\d{2}$/.test(text(dps.data_competencia)) ||
    Number.isNaN(Date.parse(text(dps.data_competencia)))
  )
    invalid('data_competencia', 'data no formato AAAA-MM-DD')
  pattern('codigo_municipio_emissora', /^\d{7}$/, 'código IBGE do município (7 dígitos)')

  let enabled = true
  if (!present('cnpj_prestador')) missing('cnpj_prestador')
  else if (!/^\d{14}$/.test(digits(dps.cnpj_prestador)) || !isValidCnpj(digits(dps.cnpj_prestador)))
    invalid('cnpj_prestador', 'CNPJ inválido (14 dígitos, sem pontuação)')
  else if (companyCnpj && digits(dps.cnpj_prestador) !== companyCnpj) enabled = false
  textField('inscricao_municipal_prestador', 1, 15, false)
  oneOf('codigo_opcao_simples_nacional', [1, 2, 3])
  if (digits(dps.codigo_opcao_simples_nacional) === '3')
    oneOf('regime_tributario_simples_nacional', [1, 2, 3])
  oneOf('regime_especial_tributacao', [0, 1, 2, 3, 4, 5, 6, 9])

  // The taker: a CPF, a CNPJ, or a taker abroad (NIF or the reason there is none).
  const kinds = ['cpf_tomador', 'cnpj_tomador', 'nif_tomador', 'motivo_ausencia_nif_tomador'].filter(present)
  const abroad = kinds.includes('nif_tomador') || kinds.includes('motivo_ausencia_nif_tomador')
  if (kinds.length === 0) missing('cpf_tomador" ou "cnpj_tomador" ou "nif_tomador')
  else if (kinds.length > 1 && !(kinds.length === 2 && kinds.every((k) => k.includes('nif'))))
    problems.push(`Informe só um entre CPF, CNPJ e NIF do tomador (recebidos: ${kinds.join(', ')})`)
  else if (kinds.length === 2) invalid('motivo_ausencia_nif_tomador', 'só quando o NIF não é informado')
  if (
    present('cpf_tomador') &&
    (!/^\d{11}$/.test(digits(dps.cpf_tomador)) || !isValidCpf(digits(dps.cpf_tomador)))
  )
    invalid('cpf_tomador', 'CPF inválido (11 dígitos, sem pontuação)')
  if (
    present('cnpj_tomador') &&
    (!/^\d{14}$/.test(digits(dps.cnpj_tomador)) || !isValidCnpj(digits(dps.cnpj_tomador)))
  )
    invalid('cnpj_tomador', 'CNPJ inválido (14 dígitos, sem pontuação)')
  textField('nif_tomador', 1, 40, false)
  if (present('motivo_ausencia_nif_tomador')) oneOf('motivo_ausencia_nif_tomador', [0, 1, 2])
  textField('razao_social_tomador', 1, 300)
  if (abroad) {
    if (!present('codigo_pais_ext_tomador')) missing('codigo_pais_ext_tomador')
    else if (
      !/^[A-Z]{2}$/.test(text(dps.codigo_pais_ext_tomador)) ||
      text(dps.codigo_pais_ext_tomador) === 'BR'
    )
      invalid('codigo_pais_ext_tomador', 'código ISO 3166-1 de duas letras de um país que não o Brasil')
    textField('cep_ext_tomador', 1, 11)
    textField('nome_cidade_ext_tomador', 1, 60)
    textField('regiao_ext_tomador', 1, 60)
    for (const field of ['codigo_municipio_tomador', 'cep_tomador'])
      if (present(field)) invalid(field, 'não se informa para um tomador no exterior')
  } else {
    pattern('codigo_municipio_tomador', /^\d{7}$/, 'código IBGE do município (7 dígitos)')
    pattern('cep_tomador', /^\d{8}$/, 'CEP com 8 dígitos, sem pontuação')
  }
  textField('logradouro_tomador', 1, 255)
  textField('numero_tomador', 1, 60)
  textField('bairro_tomador', 1, 60)
  textField('complemento_tomador', 1, 156, false)
  if (present('email_tomador') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text(dps.email_tomador)))
    invalid('email_tomador', 'endereço de e-mail')

  pattern('codigo_municipio_prestacao', /^\d{7}$/, 'código IBGE do município (7 dígitos)')
  pattern('codigo_tributacao_nacional_iss', /^\d{6}$/, 'código de tributação nacional com 6 dígitos')
  pattern('codigo_tributacao_municipal_iss', /^\d{3}$/, 'código de tributação municipal com 3 dígitos', false)
  textField('descricao_servico', 1, 2000)
  if (!present('valor_servico')) missing('valor_servico')
  else {
    const raw = dps.valor_servico
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN
    const decimals =
      typeof raw === 'number' || typeof raw === 'string' ? String(raw).split('.')[1] : undefined
    if (
      !(Number.isFinite(value) && value > 0) ||
      (decimals !== undefined && decimals.length > 2) ||
      (typeof raw === 'string' && !/^\d+(\.\d{1,2})?$/.test(raw))
    )
      invalid('valor_servico', 'valor em reais maior que zero, com até 2 casas decimais (ex.: 1234.56)')
  }
  oneOf('tributacao_iss', [1, 2, 3, 4])
  oneOf('tipo_retencao_iss', [1, 2, 3], false)
  if (present('percentual_aliquota_relativa_municipio')) {
    const rate = Number(dps.percentual_aliquota_relativa_municipio)
    if (!(Number.isFinite(rate) && rate > 0 && rate <= 5))
      invalid('percentual_aliquota_relativa_municipio', 'alíquota do ISS em percentual, acima de 0 e até 5')
  }
  if (present('serie_dps')) {
    const serie = Number(digits(dps.serie_dps))
    if (!/^\d{1,5}$/.test(digits(dps.serie_dps)) || serie < 1 || serie > 49_999)
      invalid('serie_dps', 'número de 1 a 49999')
  }
  pattern('numero_dps', /^[1-9]\d{0,14}$/, 'número de até 15 dígitos', false)

  if (present('chave_nfse_substituida')) {
    pattern('chave_nfse_substituida', /^\d{50}$/, 'chave de acesso com 50 dígitos')
    const motive = digits(dps.codigo_justificativa_substituicao)
    if (!present('codigo_justificativa_substituicao')) missing('codigo_justificativa_substituicao')
    else if (!SUBSTITUTION_MOTIVES.has(motive))
      invalid('codigo_justificativa_substituicao', 'valores aceitos: 01, 02, 03, 04, 05, 99')
    if (motive === '99' || present('motivo_substituicao')) textField('motivo_substituicao', 15, 255)
  }
  return { problems, enabled }
}

export function createFocusNfeSandbox(options: FocusSandboxOptions = {}) {
  const state = options.state ?? emptyState()
  const now = options.now ?? Date.now
  const authorizeAfterMs = options.authorizeAfterMs ?? DEFAULT_AUTHORIZE_AFTER_MS
  const retryDelays = options.webhookRetryDelaysMs ?? [0, 1_000, 5_000, 30_000]
  const timers = createTimers()
  const { later } = timers
  const holds = new Set<() => void>()
  let origin = 'http://127.0.0.1'
  const iso = (ms = now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
  const id = (prefix: string) => {
    state.sequence += 1
    return `${prefix}_${(state.sequence.toString(36) + crypto.randomUUID().replace(/-/g, '')).slice(0, 12)}`
  }
  const changed = () => options.onChange?.(state)

  // ── The note as Focus NFe shows it ──────────────────────────────────────────────────────

  const month = (note: Note) =>
    (note.dataEmissao ?? curitibaIsoDateTime(new Date(note.receivedAt))).slice(0, 7).replace('-', '')
  const folder = (note: Note) => `/arquivos/${note.cnpjPrestador}_1/${month(note)}`
  const paths = (note: Note) => ({
    xml: `${folder(note)}/XMLsNFSe/${note.chave}-nfse.xml`,
    pdf: `${folder(note)}/DANFSEs/NFSe${note.chave}.pdf`,
    cancellation: `${folder(note)}/XMLsNFSe/NFS${note.chave}-can.xml`,
  })

  /** GET /v2/nfsen/REF's body (and the gatilho's). */
  function view(note: Note): Json {
    const base: Json = {
      cnpj_prestador: note.cnpjPrestador,
      ref: note.ref,
      numero_rps: note.numeroRps,
      serie_rps: note.serieRps,
      tipo_rps: '1',
      status: note.status,
    }
    if (note.status === 'erro_autorizacao') return { ...base, erros: note.erros }
    if (note.status === 'processando_autorizacao') return base
    const files = paths(note)
    return {
      ...base,
      numero: note.numero,
      codigo_verificacao: note.chave,
      data_emissao: note.dataEmissao,
      url: `${origin}/consultapublica/?tpc=1&chave=${note.chave}`,
      caminho_xml_nota_fiscal: files.xml,
      url_danfse: `${origin}${files.pdf}`,
      ...(note.status === 'cancelado' ? { caminho_xml_cancelamento: files.cancellation } : {}),
    }
  }

  // ── The national system's decision ──────────────────────────────────────────────────────

  /** Notes whose moment has come are decided before any answer (reads see the decision). */
  function settleDue() {
    for (const note of Object.values(state.notes)) {
      if (note.status === 'processando_autorizacao' && note.decideAt !== null && now() >= note.decideAt)
        decide(note)
    }
  }

  function findByKey(cnpj: string, chave: string): Note | undefined {
    return Object.values(state.notes).find((n) => n.cnpjPrestador === cnpj && n.chave === chave)
  }

  function decide(note: Note) {
    if (note.status !== 'processando_autorizacao') return
    let erros = note.outcome.kind === 'reject' ? note.outcome.erros : null
    let replaced: Note | undefined
    if (!erros && note.replaces) {
      replaced = findByKey(note.cnpjPrestador, note.replaces)
      if (replaced?.status !== 'autorizado')
        erros = [
          {
            codigo: 'E0840',
            mensagem: 'A NFS-e indicada para substituição não existe ou não está autorizada.',
            correcao: null,
          },
        ]
      else if (replaced.cancellationOutOfTime) erros = [OUT_OF_TIME_ERROR]
    }
    if (!erros) {
      const serie = note.serieRps
      const duplicate = Object.values(state.notes).find(
        (n) =>
          n.ref !== note.ref &&
          n.cnpjPrestador === note.cnpjPrestador &&
          n.serieRps === serie &&
          n.numeroRps === note.numeroRps &&
          (n.status === 'autorizado' || n.status === 'cancelado'),
      )
      if (duplicate)
        erros = [
          {
            codigo: 'E0014',
            mensagem:
              'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
            correcao: null,
          },
        ]
    }
    if (erros) {
      note.status = 'erro_autorizacao'
      note.erros = erros
    } else {
      const number = (state.numbers[note.cnpjPrestador] ?? 0) + 1
      state.numbers[note.cnpjPrestador] = number
      note.status = 'autorizado'
      note.erros = []
      note.numero = String(number)
      note.dataEmissao = curitibaIsoDateTime(new Date(now()))
      note.chave = accessKey(digits(note.dps.codigo_municipio_emissora), note.cnpjPrestador, number, now())
      if (replaced) {
        replaced.status = 'cancelado'
        replaced.replacedBy = note.ref
        replaced.cancelledAt = iso()
        replaced.justificativa = text(note.dps.motivo_substituicao) || 'Cancelamento por substituição'
      }
    }
    note.decideAt = null
    fire(note)
    changed()
  }

  // ── Gatilhos ────────────────────────────────────────────────────────────────────────────

  function hooksFor(note: Note): Hook[] {
    return state.hooks.filter(
      (hook) => hook.event === 'nfsen' && (hook.cnpj === null || hook.cnpj === note.cnpjPrestador),
    )
  }

  /** One firing per registered gatilho; none registered: one pending firing for the tests. */
  function fire(note: Note): Hook[] {
    const hooks = hooksFor(note)
    const body = view(note)
    for (const hook of hooks.length ? hooks : [null]) {
      const delivery: Delivery = {
        id: id('entrega'),
        ref: note.ref,
        hookId: hook?.id ?? null,
        createdAt: iso(),
        status: 'pending',
        attempts: 0,
        lastStatus: null,
        body: structuredClone(body),
      }
      state.deliveries.unshift(delivery)
      if (hook) deliver(delivery, hook)
    }
    state.deliveries.length = Math.min(state.deliveries.length, 1_000)
    return hooks
  }

  function deliver(delivery: Delivery, hook: Hook) {
    deliverWithRetries(delivery, { delays: retryDelays, later, changed }, async () => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      if (hook.authorization !== null)
        headers[hook.authorization_header ?? 'Authorization'] = hook.authorization
      return { url: hook.url, headers, body: JSON.stringify(delivery.body) }
    })
  }

  // ── The API ─────────────────────────────────────────────────────────────────────────────

  function authorized(request: Request, url: URL): boolean {
    const header = request.headers.get('authorization') ?? ''
    if (header.startsWith('Basic ')) {
      try {
        const decoded = atob(header.slice(6))
        const colon = decoded.indexOf(':')
        return (colon === -1 ? decoded : decoded.slice(0, colon)) === SANDBOX_TOKEN
      } catch {
        return false
      }
    }
    // The docs' alternative: ?token=… (not recommended, still accepted).
    return url.searchParams.get('token') === SANDBOX_TOKEN
  }

  function issue(url: URL, body: unknown): Reply {
    const ref = url.searchParams.get('ref')
    if (!ref) return error(400, 'requisicao_invalida', 'Parâmetro "ref" não informado')
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(ref))
      return error(
        400,
        'requisicao_invalida',
        'Parâmetro "ref" inválido: use de 1 a 50 letras, dígitos, "-" ou "_", sem outros caracteres especiais',
      )
    if (!isObject(body))
      return error(400, 'requisicao_invalida', 'O corpo da requisição deve ser um objeto JSON')
    const existing = state.notes[ref]
    if (existing?.status === 'autorizado' || existing?.status === 'cancelado')
      return error(422, 'nfe_autorizada', 'Nota fiscal já autorizada')
    if (existing?.status === 'processando_autorizacao')
      return error(422, 'em_processamento', 'Nota fiscal em processamento')
    const { problems, enabled } = validateDps(body, options.companyCnpj)
    if (problems.length)
      return error(
        400,
        'requisicao_invalida',
        problems[0]!,
        problems.map((mensagem) => ({ codigo: 'requisicao_invalida', mensagem, correcao: null })),
      )
    if (!enabled)
      return error(
        400,
        'empresa_nao_habilitada',
        'Emitente ainda não habilitado para emissão de NFSe Nacional',
      )

    const cnpj = digits(body.cnpj_prestador)
    const planned = state.nextIssue.findIndex((next) => next.ref === ref)
    const pick = planned >= 0 ? planned : state.nextIssue.findIndex((next) => next.ref === null)
    const next = pick >= 0 ? state.nextIssue.splice(pick, 1)[0] : undefined
    const replaces = typeof body.chave_nfse_substituida === 'string' ? body.chave_nfse_substituida : null
    let outcome: Note['outcome'] =
      next?.outcome === 'reject' ? { kind: 'reject', erros: next.erros } : { kind: 'authorize' }
    if (replaces && outcome.kind === 'authorize' && state.nextCancellationOutOfTime > 0) {
      state.nextCancellationOutOfTime -= 1
      outcome = { kind: 'reject', erros: [OUT_OF_TIME_ERROR] }
    }
    let numero = digits(body.numero_dps)
    if (!numero) {
      state.numbers[`dps:${cnpj}`] = (state.numbers[`dps:${cnpj}`] ?? 0) + 1
      numero = String(state.numbers[`dps:${cnpj}`])
    }
    const note: Note = {
      ref,
      status: 'processando_autorizacao',
      dps: structuredClone(body),
      cnpjPrestador: cnpj,
      serieRps: digits(body.serie_dps) || '1',
      numeroRps: numero,
      receivedAt: now(),
      decideAt: next?.outcome === 'hold' ? null : now() + authorizeAfterMs,
      outcome,
      numero: null,
      chave: null,
      dataEmissao: null,
      erros: [],
      replaces,
      replacedBy: null,
      cancelledAt: null,
      justificativa: null,
      cancellationOutOfTime: false,
    }
    state.notes[ref] = note
    if (note.decideAt !== null) later(authorizeAfterMs, () => decide(note))
    changed()
    return reply(202, { cnpj_prestador: cnpj, ref, status: 'processando_autorizacao' })
  }

  function cancel(ref: string, body: unknown): Reply {
    const note = state.notes[ref]
    if (!note) return notFound()
    if (note.status === 'cancelado') return error(400, 'nfe_cancelada', 'Nota Fiscal já cancelada')
    if (note.status !== 'autorizado')
      return error(400, 'nfe_nao_autorizada', 'Nota fiscal não autorizada não pode ser cancelada')
    const justificativa = isObject(body) ? text(body.justificativa) : ''
    if (!justificativa) return error(400, 'requisicao_invalida', 'Parâmetro "justificativa" não informado')
    if (justificativa.length < 15 || justificativa.length > 255)
      return error(
        400,
        'requisicao_invalida',
        'Parâmetro "justificativa" inválido: deve conter de 15 a 255 caracteres',
      )
    if (note.cancellationOutOfTime || state.nextCancellationOutOfTime > 0) {
      if (!note.cancellationOutOfTime) state.nextCancellationOutOfTime -= 1
      changed()
      return reply(200, { status: 'erro_cancelamento', erros: [OUT_OF_TIME_ERROR] })
    }
    note.status = 'cancelado'
    note.cancelledAt = iso()
    note.justificativa = justificativa
    changed()
    return reply(200, { status: 'cancelado' })
  }

  function createHook(body: unknown): Reply {
    if (!isObject(body))
      return error(400, 'requisicao_invalida', 'O corpo da requisição deve ser um objeto JSON')
    const event = text(body.event)
    if (!HOOK_EVENTS.has(event))
      return error(400, 'requisicao_invalida', 'Parâmetro "event" deve ser um evento válido.')
    const url = text(body.url)
    let valid = false
    try {
      valid = /^https?:$/.test(new URL(url).protocol)
    } catch {}
    if (!valid) return error(400, 'requisicao_invalida', `URL inválida: ${url}`)
    const cnpj = digits(body.cnpj) || null
    const cpf = digits(body.cpf) || null
    if (cnpj && cpf)
      return error(400, 'requisicao_invalida', 'Os campos "cnpj" e "cpf" são mutuamente excludentes.')
    if (
      state.hooks.filter((h) => h.event === event && h.cnpj === cnpj && h.cpf === cpf).length >=
      HOOKS_PER_EVENT
    )
      return error(400, 'requisicao_invalida', 'Já existe um gatilho para este evento.')
    const hook: Hook = {
      id: id('gatilho'),
      url,
      authorization: typeof body.authorization === 'string' ? body.authorization : null,
      authorization_header: typeof body.authorization_header === 'string' ? body.authorization_header : null,
      event,
      cnpj,
      cpf,
      createdAt: iso(),
    }
    state.hooks.push(hook)
    changed()
    return reply(200, hookView(hook))
  }

  const hookView = (hook: Hook) => ({
    id: hook.id,
    url: hook.url,
    authorization: hook.authorization,
    authorization_header: hook.authorization_header,
    event: hook.event,
    ...(hook.cpf ? { cpf: hook.cpf } : { cnpj: hook.cnpj }),
  })

  /** One API call, answered synchronously (no await): concurrent calls cannot interleave. */
  function api(request: Request, url: URL, bodyText: string): Reply {
    if (!authorized(request, url)) return unauthorized
    let body: unknown
    if (bodyText.trim()) {
      try {
        body = JSON.parse(bodyText)
      } catch {
        return error(415, 'requisicao_invalida', 'O corpo da requisição não é um JSON válido')
      }
    }
    settleDue()
    const path = url.pathname.replace(/\/+$/, '')
    const method = request.method
    if (path === NFSE_PATH && method === 'POST') return issue(url, body)
    const noteMatch = /^\/v2\/nfsen\/([^/]+)$/.exec(path)
    if (noteMatch && method === 'GET') {
      const note = state.notes[decodeURIComponent(noteMatch[1]!)]
      return note ? reply(200, view(note)) : notFound()
    }
    if (noteMatch && method === 'DELETE') return cancel(decodeURIComponent(noteMatch[1]!), body)
    const resend = /^\/v2\/nfsen\/([^/]+)\/hook$/.exec(path)
    if (resend && method === 'POST') {
      const note = state.notes[decodeURIComponent(resend[1]!)]
      if (!note) return notFound()
      const hooks = fire(note)
      changed()
      return reply(200, hooks.map(hookView))
    }
    if (path === '/v2/hooks' && method === 'POST') return createHook(body)
    if (path === '/v2/hooks' && method === 'GET') return reply(200, state.hooks.map(hookView))
    const hookMatch = /^\/v2\/hooks\/([\w-]+)$/.exec(path)
    if (hookMatch) {
      const hook = state.hooks.find((h) => h.id === hookMatch[1])
      if (!hook) return error(404, 'nao_encontrado', 'Gatilho não encontrado')
      if (method === 'GET') return reply(200, hookView(hook))
      if (method === 'DELETE') {
        state.hooks = state.hooks.filter((h) => h !== hook)
        changed()
        return reply(200, { ...hookView(hook), deleted: true })
      }
    }
    return error(404, 'nao_encontrado', 'Recurso não encontrado')
  }

  function takeFault(method: string, path: string): Fault | undefined {
    const index = state.faults.findIndex(
      (fault) =>
        (fault.method === null || fault.method === method) &&
        (fault.path === null || path.startsWith(fault.path)),
    )
    return index >= 0 ? state.faults.splice(index, 1)[0] : undefined
  }

  /** Holds an answer past the client's deadline (the server's close releases it). */
  function hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        holds.delete(release)
        resolve()
      }
      holds.add(release)
      later(ms, release)
    })
  }

  async function apiCall(request: Request, url: URL, bodyText: string): Promise<Response> {
    if (request.headers.has(OBSERVER_HEADER)) {
      const answer = api(request, url, bodyText)
      changed()
      return toResponse(answer)
    }
    let parsed: unknown = null
    try {
      parsed = bodyText ? JSON.parse(bodyText) : null
    } catch {}
    const record = {
      at: iso(),
      method: request.method,
      path: url.pathname + url.search,
      body: parsed,
      status: 0,
    }
    state.requests.push(record)
    if (state.requests.length > REQUEST_LOG_LIMIT)
      state.requests.splice(0, state.requests.length - REQUEST_LOG_LIMIT)
    const fault = takeFault(request.method, url.pathname)
    let answer: Reply
    if (fault?.kind === 'error') {
      answer = error(fault.status, 'erro_interno', 'Erro interno do servidor (simulado pelo stand-in)')
    } else if (fault?.kind === 'timeout') {
      // Carried out (or not) now; the answer waits past the client's deadline.
      answer = fault.processed ? api(request, url, bodyText) : error(504, 'tempo_esgotado', 'Tempo esgotado')
      record.status = answer.status
      changed()
      await hold(fault.ms)
      return toResponse(answer)
    } else {
      answer = api(request, url, bodyText)
    }
    record.status = answer.status
    changed()
    return toResponse(answer)
  }

  // ── /_sandbox: what tests and the page use to play the national system ──────────────────

  function noteOr404(ref: string): Note | Reply {
    settleDue()
    return state.notes[ref] ?? reply(404, { message: `Nota ${ref} não encontrada no stand-in.` })
  }

  function rejection(body: Json): ProviderError[] {
    return [
      {
        codigo: text(body.codigo) || DEFAULT_REJECTION.codigo,
        mensagem: text(body.mensagem) || DEFAULT_REJECTION.mensagem,
        correcao: typeof body.correcao === 'string' ? body.correcao : null,
      },
    ]
  }

  /** The city decides now a note it is still processing; 409 once it is decided. */
  function decideNow(ref: string, outcome: Note['outcome']): Reply {
    const note = noteOr404(ref)
    if (!('ref' in note)) return note
    if (note.status !== 'processando_autorizacao')
      return reply(409, { message: `A nota ${ref} já foi decidida (${note.status}).` })
    note.outcome = outcome
    decide(note)
    return reply(200, view(note))
  }

  function authorizeNow(ref: string): Reply {
    return decideNow(ref, { kind: 'authorize' })
  }

  function rejectNow(ref: string, body: Json): Reply {
    return decideNow(ref, { kind: 'reject', erros: rejection(body) })
  }

  function refuseCancellation(ref: string, enabled: boolean): Reply {
    const note = noteOr404(ref)
    if (!('ref' in note)) return note
    note.cancellationOutOfTime = enabled
    changed()
    return reply(200, { ref, cancellationOutOfTime: enabled })
  }

  function control(request: Request, path: string, url: URL, bodyText: string): Reply {
    let body: Json = {}
    try {
      const parsed: unknown = bodyText ? JSON.parse(bodyText) : {}
      if (isObject(parsed)) body = parsed
    } catch {
      return reply(400, { message: 'O corpo não é um JSON válido.' })
    }
    const method = request.method
    if (path === '/next-issue' && method === 'POST') {
      const outcome = body.outcome === 'hold' ? 'hold' : 'reject'
      state.nextIssue.push({ ref: text(body.ref) || null, outcome, erros: rejection(body) })
      changed()
      return reply(200, { nextIssue: state.nextIssue })
    }
    if (path === '/next-call' && method === 'POST') {
      const fault: Fault = {
        kind: body.fault === 'error' ? 'error' : 'timeout',
        method: text(body.method).toUpperCase() || null,
        path: text(body.path) || null,
        ms: Number(body.ms ?? DEFAULT_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS,
        processed: body.processed !== false,
        status: Number(body.status ?? 500) || 500,
      }
      state.faults.push(fault)
      changed()
      return reply(200, { faults: state.faults })
    }
    if (path === '/next-cancellation-out-of-time' && method === 'POST') {
      state.nextCancellationOutOfTime += 1
      changed()
      return reply(200, { nextCancellationOutOfTime: state.nextCancellationOutOfTime })
    }
    if (path === '/reset-controls' && method === 'POST') {
      state.nextIssue = []
      state.faults = []
      state.nextCancellationOutOfTime = 0
      changed()
      return reply(200, { ok: true })
    }
    const action = /^\/notes\/([^/]+)\/(authorize|reject|cancellation-out-of-time)$/.exec(path)
    if (action && method === 'POST') {
      const ref = decodeURIComponent(action[1]!)
      if (action[2] === 'authorize') return authorizeNow(ref)
      if (action[2] === 'reject') return rejectNow(ref, body)
      return refuseCancellation(ref, body.enabled !== false)
    }
    if (path === '/notes' && method === 'GET') {
      settleDue()
      return reply(200, Object.values(state.notes))
    }
    const one = /^\/notes\/([^/]+)$/.exec(path)
    if (one && method === 'GET') {
      const note = noteOr404(decodeURIComponent(one[1]!))
      return 'ref' in note ? reply(200, note) : note
    }
    if (path === '/requests' && method === 'GET') {
      const prefix = url.searchParams.get('path') ?? ''
      const wanted = url.searchParams.get('method')?.toUpperCase() ?? null
      return reply(
        200,
        state.requests.filter((r) => r.path.startsWith(prefix) && (wanted === null || r.method === wanted)),
      )
    }
    if (path === '/deliveries' && method === 'GET') {
      settleDue()
      const ref = url.searchParams.get('ref')
      const status = url.searchParams.get('status')
      return reply(
        200,
        state.deliveries.filter(
          (d) => (ref === null || d.ref === ref) && (status === null || d.status === status),
        ),
      )
    }
    const ack = /^\/deliveries\/([\w-]+)\/delivered$/.exec(path)
    if (ack && method === 'POST') {
      const delivery = state.deliveries.find((d) => d.id === ack[1])
      if (!delivery) return reply(404, { message: 'Entrega não encontrada.' })
      delivery.status = 'delivered'
      delivery.attempts += 1
      delivery.lastStatus = Number(body.status ?? 200) || 200
      changed()
      return reply(200, delivery)
    }
    return reply(404, { message: 'Controle desconhecido do stand-in.' })
  }

  // Notes kept from an earlier run (npm start's state file) are decided when their moment comes.
  for (const note of Object.values(state.notes)) {
    if (note.status === 'processando_autorizacao' && note.decideAt !== null)
      later(note.decideAt - now(), () => decide(note))
  }

  // ── The files and pages ─────────────────────────────────────────────────────────────────

  function file(url: URL): Response | null {
    const match =
      /^\/arquivos\/(\d{14})_1\/\d{6}\/(?:DANFSEs\/NFSe(\d{50})\.pdf|XMLsNFSe\/(\d{50})-nfse\.xml|XMLsNFSe\/NFS(\d{50})-can\.xml)$/.exec(
        url.pathname,
      )
    if (!match) return null
    const [, cnpj, pdfKey, xmlKey, cancelKey] = match
    const note = findByKey(cnpj!, (pdfKey ?? xmlKey ?? cancelKey)!)
    if (!note || (cancelKey && note.status !== 'cancelado'))
      return new Response('Arquivo não encontrado.', { status: 404 })
    if (pdfKey) {
      const taker = text(note.dps.razao_social_tomador)
      const value = Number(note.dps.valor_servico).toLocaleString('pt-BR', {
        style: 'currency',
        currency: 'BRL',
      })
      const pdf = onePagePdf([
        `DANFSe - NFS-e n. ${note.numero}${note.status === 'cancelado' ? ' (CANCELADA)' : ''}`,
        'Documento de teste do stand-in da Focus NFe: sem valor fiscal.',
        `Prestador: CNPJ ${note.cnpjPrestador}`,
        `Tomador: ${taker}`,
        `Serviço: ${text(note.dps.descricao_servico).slice(0, 80)}`,
        `Valor: ${value}`,
        `Chave de acesso: ${note.chave}`,
      ])
      return new Response(new Uint8Array(pdf), { headers: { 'Content-Type': 'application/pdf' } })
    }
    return new Response(noteXml(note, Boolean(cancelKey)), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8' },
    })
  }

  function pages(request: Request, url: URL, bodyText: string): Response {
    const html = (body: string, status = 200) =>
      new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
    const back = () => new Response(null, { status: 303, headers: { Location: '/' } })
    if (url.pathname === '/' && request.method === 'GET') {
      settleDue()
      return html(
        String(
          dashboardPage({
            notes: Object.values(state.notes),
            hooks: state.hooks,
            deliveries: state.deliveries,
            nextCancellationOutOfTime: state.nextCancellationOutOfTime,
            pendingIssues: state.nextIssue.length,
            authorizeAfterMs,
          }),
        ),
      )
    }
    if (url.pathname === '/consultapublica/' || url.pathname === '/consultapublica') {
      settleDue()
      const chave = url.searchParams.get('chave') ?? ''
      const note = Object.values(state.notes).find((n) => n.chave === chave)
      return note ? html(String(consultationPage(note))) : html('<p>NFS-e não encontrada.</p>', 404)
    }
    const action = /^\/sandbox\/actions\/(authorize|reject|out-of-time|in-time)\/([^/]+)$/.exec(url.pathname)
    if (action && request.method === 'POST') {
      const ref = decodeURIComponent(action[2]!)
      const form = new URLSearchParams(bodyText)
      if (action[1] === 'authorize') authorizeNow(ref)
      else if (action[1] === 'reject') rejectNow(ref, { mensagem: form.get('mensagem') ?? '' })
      else refuseCancellation(ref, action[1] === 'out-of-time')
      return back()
    }
    return html('<p>Endereço não encontrado no stand-in da Focus NFe.</p>', 404)
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const bodyText = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    if (url.pathname.startsWith('/v2/')) return apiCall(request, url, bodyText)
    if (url.pathname.startsWith('/_sandbox/'))
      return toResponse(control(request, url.pathname.slice('/_sandbox'.length), url, bodyText))
    if (url.pathname.startsWith('/arquivos/') && request.method === 'GET') {
      settleDue()
      return file(url) ?? new Response('Arquivo não encontrado.', { status: 404 })
    }
    return pages(request, url, bodyText)
  }

  return {
    handle,
    state,
    /** The origin the links in the notes point at (the server's, once it listens). */
    setOrigin(value: string) {
      origin = value
    },
    /** Stops the pending decisions and gatilho retries and releases held answers (the server closes). */
    stop() {
      timers.clear()
      for (const release of [...holds]) release()
    },
  }
}
