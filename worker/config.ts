import type { JWK } from 'jose'
import { FOCUS_NFE_API_URL, FOCUS_NFE_HOMOLOGATION_URL } from './adapters/fiscal/focus-nfe.ts'
import { PAGARME_API_URL } from './adapters/payments/pagarme.ts'
import { PAGARME_WEBHOOK_JWKS_URL } from './adapters/payments/webhook-keys.ts'
import type { VideoPlayer } from './contract/student.ts'
import { FISCAL_ISSUE_AT, type FiscalDataSetting, type FiscalIssueAt } from './domain/fiscal.ts'
import {
  accountTypeOf,
  PAGARME_ACCOUNT_TYPES,
  type PagarmeAccountType,
  SANDBOX_3DS_SCRIPT_PATH,
} from './domain/three-ds.ts'
import { LOCAL_VIDEO_PATH, VIDEO_PLAYER_HOST } from './domain/video.ts'
import type { Env } from './env.ts'

/**
 * Configuration read from `env` (wrangler.toml vars, secrets, .dev.vars), in one module: the public
 * origin (links in e-mails, the sitemap, canonical URLs, the live payment key) and the payments'
 * settings. `configurationProblems` is the check a production deployment must pass;
 * `configurationVerdict` runs it once per isolate, and the Worker answers 503 while it fails.
 */

/**
 * The local-only tools (dev mailbox, the login provider stand-in, the payment simulator, the demo
 * files) run only when APP_ENV is exactly 'local' (`npm start`) or 'test' (the test suites). Any
 * other value — 'production', 'staging', '', 'Production' — gets production behaviour: fail closed.
 */
export function isLocalEnv(env: Pick<Env, 'APP_ENV'>): boolean {
  return env.APP_ENV === 'local' || env.APP_ENV === 'test'
}

/**
 * The lessons' video player (issue 39), which the course's answer tells the web: YouTube's
 * IFrame API in a deployment; locally and in the tests the stand-in over the demo video, unless
 * VIDEO_PLAYER=youtube asks for YouTube's (fail closed: a deployment never gets the stand-in).
 */
export function videoPlayerOf(env: Pick<Env, 'APP_ENV' | 'VIDEO_PLAYER'>): VideoPlayer {
  if (isLocalEnv(env) && env.VIDEO_PLAYER !== 'youtube') return { kind: 'local', src: LOCAL_VIDEO_PATH }
  return { kind: 'youtube', host: VIDEO_PLAYER_HOST }
}

/** The site's one public origin, from PUBLIC_ORIGIN, without a trailing slash. */
export function publicOrigin(env: Pick<Env, 'PUBLIC_ORIGIN'>): string {
  return env.PUBLIC_ORIGIN.replace(/\/+$/, '')
}

/** The configured origin's host with and without `www.` (SPEC 7: the live key's origins). */
function productionHosts(env: Pick<Env, 'PUBLIC_ORIGIN'>): string[] {
  const host = new URL(publicOrigin(env)).hostname.replace(/^www\./, '')
  return [host, `www.${host}`]
}

export type PaymentsSettings = {
  mode: 'sandbox' | 'pagarme'
  apiUrl: string
  secretKey: string
  /** user:password the provider sends with each webhook; null only off production. */
  webhookAuth: string | null
  /** The provider's webhook key set (JWKS): when set, each webhook's signature is checked too. */
  webhookKeysUrl: string | null
  /** The account's contract: the debit card's 3-D Secure flow (worker/domain/three-ds.ts). */
  accountType: PagarmeAccountType
  /**
   * Where the browser loads Pagar.me's 3DS library (PSP): PAGARME_3DS_SCRIPT_URL, or locally the
   * sandbox's stand-in; null when unknown (a PSP's debit card then answers 503).
   */
  threeDsScriptUrl: string | null
  /** The key the browser tokenizes with: live on the production origins, test elsewhere. */
  publicKeyFor(requestUrl: string): string
}

export class ConfigurationError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Configuração incompleta: ${problems.join('; ')}`)
    this.name = 'ConfigurationError'
    this.problems = problems
  }
}

const isUserPassword = (value: string | undefined) => Boolean(value && /^[^:]+:.+$/.test(value))

/** Every problem of the configuration, in words a person deploying can act on; [] when fine. */
export function configurationProblems(env: Env): string[] {
  const problems = paymentsProblems(env)
  if (!isLocalEnv(env)) {
    // Settings a deployment must not run with, though payments would work with them.
    if (!env.APP_SECRET || env.APP_SECRET.length < 32) {
      problems.push('APP_SECRET deve ter 32 caracteres ou mais')
    }
    if (env.PAGARME_SECRET_KEY?.startsWith('sk_test_')) {
      problems.push('PAGARME_SECRET_KEY é uma chave de teste (sk_test_…): produção usa a chave sk_… da conta')
    }
    if (env.PAGARME_PUBLIC_KEY_LIVE?.startsWith('pk_test_')) {
      problems.push('PAGARME_PUBLIC_KEY_LIVE é uma chave de teste (pk_test_…)')
    }
    const signing = signingKeysProblem(env)
    if (signing) problems.push(signing)
  }
  problems.push(...fiscalProblems(env))
  return problems
}

/**
 * Off the local tools a webhook must carry Pagar.me's signature (issue 40): the key set is required,
 * over https, on Pagar.me's host — or on the one host a test environment names for its stand-in
 * (PAGARME_WEBHOOK_JWKS_HOST), never an address slipped in unannounced.
 */
function webhookKeysProblems(env: Env): string[] {
  const address = env.PAGARME_WEBHOOK_JWKS_URL
  if (!address) {
    return [
      `falta PAGARME_WEBHOOK_JWKS_URL (${PAGARME_WEBHOOK_JWKS_URL}): sem ele, webhooks sem assinatura seriam aceitos`,
    ]
  }
  if (!URL.canParse(address)) return []
  const url = new URL(address)
  if (url.protocol !== 'https:') return ['PAGARME_WEBHOOK_JWKS_URL deve usar https em produção']
  const allowed = env.PAGARME_WEBHOOK_JWKS_HOST || new URL(PAGARME_WEBHOOK_JWKS_URL).hostname
  if (url.hostname !== allowed) {
    return [
      `PAGARME_WEBHOOK_JWKS_URL aponta para ${url.hostname}, não para o Pagar.me (${allowed}); um ambiente de teste declara o seu em PAGARME_WEBHOOK_JWKS_HOST`,
    ]
  }
  return []
}

/** What the payments need to take money (and, off the local tools, to take it for real). */
function paymentsProblems(env: Env): string[] {
  const problems: string[] = []
  let origin: URL | null = null
  try {
    origin = new URL(env.PUBLIC_ORIGIN)
  } catch {
    problems.push('PUBLIC_ORIGIN não é um endereço (ex.: https://www.institutorenalis.com.br)')
  }
  if (!isLocalEnv(env)) {
    if (origin && origin.protocol !== 'https:') problems.push('PUBLIC_ORIGIN deve usar https em produção')
    if (env.PAYMENT_GATEWAY !== 'pagarme') problems.push('PAYMENT_GATEWAY deve ser "pagarme" em produção')
    if (!env.PAGARME_SECRET_KEY) problems.push('falta o segredo PAGARME_SECRET_KEY')
    if (!env.PAGARME_PUBLIC_KEY_LIVE) problems.push('falta PAGARME_PUBLIC_KEY_LIVE')
    if (!env.PAGARME_PUBLIC_KEY_TEST) problems.push('falta PAGARME_PUBLIC_KEY_TEST')
    if (!isUserPassword(env.PAGARME_WEBHOOK_AUTH)) {
      problems.push('falta o segredo PAGARME_WEBHOOK_AUTH (usuario:senha do webhook do Pagar.me)')
    }
    if (env.PAGARME_API_URL && !env.PAGARME_API_URL.startsWith('https://')) {
      problems.push('PAGARME_API_URL deve usar https em produção')
    }
    problems.push(...webhookKeysProblems(env))
  } else if (env.PAYMENT_GATEWAY === 'sandbox' && !env.PAGARME_API_URL) {
    problems.push('PAYMENT_GATEWAY=sandbox precisa de PAGARME_API_URL (o sandbox iniciado por npm start)')
  }
  if (env.PAGARME_WEBHOOK_AUTH && !isUserPassword(env.PAGARME_WEBHOOK_AUTH)) {
    problems.push('PAGARME_WEBHOOK_AUTH deve ser usuario:senha')
  }
  if (env.PAGARME_WEBHOOK_JWKS_URL && !URL.canParse(env.PAGARME_WEBHOOK_JWKS_URL)) {
    problems.push(
      'PAGARME_WEBHOOK_JWKS_URL não é um endereço (ex.: https://hubapi.pagar.me/.well-known/jwks.json)',
    )
  }
  if (
    env.PAGARME_ACCOUNT_TYPE &&
    !(PAGARME_ACCOUNT_TYPES as readonly string[]).includes(env.PAGARME_ACCOUNT_TYPE)
  ) {
    problems.push('PAGARME_ACCOUNT_TYPE deve ser "psp" ou "gateway" (o contrato da conta no Pagar.me)')
  }
  if (!isLocalEnv(env) && env.PAGARME_3DS_SCRIPT_URL && !env.PAGARME_3DS_SCRIPT_URL.startsWith('https://')) {
    problems.push('PAGARME_3DS_SCRIPT_URL deve usar https em produção')
  }
  return problems
}

/**
 * The payments' settings, or a ConfigurationError naming what is missing. (A test key in a
 * deployment is the configuration check's to refuse: no request gets here while it fails.)
 */
export function paymentsSettings(env: Env): PaymentsSettings {
  const problems = paymentsProblems(env)
  const mode = env.PAYMENT_GATEWAY === 'pagarme' ? 'pagarme' : 'sandbox'
  if (mode === 'pagarme' && !env.PAGARME_SECRET_KEY) problems.push('falta o segredo PAGARME_SECRET_KEY')
  if (problems.length) throw new ConfigurationError([...new Set(problems)])
  const live = !isLocalEnv(env)
  const hosts = productionHosts(env)
  const apiUrl = (env.PAGARME_API_URL || PAGARME_API_URL).replace(/\/+$/, '')
  return {
    mode,
    apiUrl,
    secretKey: env.PAGARME_SECRET_KEY ?? '',
    webhookAuth: env.PAGARME_WEBHOOK_AUTH || null,
    webhookKeysUrl: env.PAGARME_WEBHOOK_JWKS_URL || null,
    accountType: accountTypeOf(env),
    threeDsScriptUrl:
      env.PAGARME_3DS_SCRIPT_URL ||
      (mode === 'sandbox' ? `${new URL(apiUrl).origin}${SANDBOX_3DS_SCRIPT_PATH}` : null),
    publicKeyFor(requestUrl) {
      const onProductionOrigin = live && hosts.includes(new URL(requestUrl).hostname)
      return (onProductionOrigin ? env.PAGARME_PUBLIC_KEY_LIVE : env.PAGARME_PUBLIC_KEY_TEST) ?? ''
    },
  }
}

/**
 * The configuration check of a deployment (any APP_ENV but 'local' and 'test'): the problems of
 * `configurationProblems`, [] when it may serve. Worked out once per isolate (per `env` object:
 * the runtime hands every request of an isolate the same one) and logged once, by name only:
 * the problems never quote a value, so no secret reaches the log.
 */
export function configurationVerdict(env: Env): readonly string[] {
  let problems = verdicts.get(env)
  if (!problems) {
    problems = isLocalEnv(env) ? [] : configurationProblems(env)
    verdicts.set(env, problems)
    if (problems.length) {
      console.error(
        JSON.stringify({ level: 'error', kind: 'configuration_invalid', appEnv: env.APP_ENV, problems }),
      )
    }
  }
  return problems
}

const verdicts = new WeakMap<Env, readonly string[]>()

/**
 * The reminders' clock (issue 25): an abandoned checkout's first e-mail comes this long after the
 * buyer was last seen at it, the second after `abandonedSecondMs`; a monthly fee is announced
 * `feeDueDays` days ahead; an abandoned checkout is kept `abandonedRetentionDays` after it was last
 * seen (the privacy policy says so), then deleted by the job. `batchSize`: candidates of each kind
 * one run handles (the rest wait for the next run, five minutes later). The per-address cap of the
 * abandoned-checkout e-mails is domain/reminders.ts's ABANDONED_SEQUENCES_PER_ADDRESS.
 */
export const REMINDER_SETTINGS = {
  abandonedFirstMs: 3_600_000,
  abandonedSecondMs: 24 * 3_600_000,
  feeDueDays: 3,
  abandonedRetentionDays: 30,
  batchSize: 50,
} as const

// ── Certificates' signing keys (issue 24) ───────────────────────────────────

export type SigningKey = JWK & { kid: string; d: string }

/** The configured private keys, first = the one that signs; [] when none is set. */
export function signingKeys(env: Pick<Env, 'CERTIFICATE_SIGNING_KEYS'>): SigningKey[] {
  if (!env.CERTIFICATE_SIGNING_KEYS) return []
  let keys: unknown
  try {
    keys = JSON.parse(env.CERTIFICATE_SIGNING_KEYS)
  } catch {
    return []
  }
  if (!Array.isArray(keys)) return []
  return keys.filter(
    (key): key is SigningKey =>
      typeof key === 'object' &&
      key !== null &&
      (key as JWK).kty === 'EC' &&
      (key as JWK).crv === 'P-256' &&
      typeof (key as JWK).kid === 'string' &&
      typeof (key as JWK).d === 'string',
  )
}

/** Why the keys cannot sign, for the deployment check; null when fine. */
export function signingKeysProblem(env: Pick<Env, 'CERTIFICATE_SIGNING_KEYS'>): string | null {
  if (signingKeys(env).length === 0) {
    return 'falta o segredo CERTIFICATE_SIGNING_KEYS (JSON com as chaves privadas JWK ES256 que assinam os certificados; a primeira assina)'
  }
  return null
}

// ── The NFS-e (issue 43, decision 026) ──────────────────────────────────────

/** The institute's data on every note, and the provider's. */
export type FiscalSettings = {
  /** 'off' (the default) issues nothing: a valid choice, stated on the admin screen. */
  issuance: 'on' | 'off'
  issueAt: FiscalIssueAt
  apiUrl: string
  token: string
  webhookSecret: string
  /** 'production', 'homologacao' or 'local' (a stand-in). */
  environment: string
  cnpj: string
  municipalRegistration: string
  municipalityIbge: string
  taxRegime: string
  nationalServiceCode: string
  municipalServiceCode: string
  issRate: string
  issRetained: boolean
  series: string
  /** What is missing or wrong ([] when it can issue). */
  problems: string[]
}

/**
 * Off production, a demo institute (Curitiba's codes): `npm start` and the tests issue against the
 * stand-in with only its address, token and webhook secret set.
 */
export const LOCAL_FISCAL_DEFAULTS = {
  FISCAL_CNPJ: '11222333000181',
  FISCAL_MUNICIPAL_REGISTRATION: '1234567',
  FISCAL_MUNICIPALITY_IBGE: '4106902',
  FISCAL_TAX_REGIME: '1',
  FISCAL_NATIONAL_SERVICE_CODE: '080201',
  FISCAL_MUNICIPAL_SERVICE_CODE: '001',
  FISCAL_ISS_RATE: '2.00',
  FISCAL_ISS_RETAINED: 'false',
  FISCAL_SERIES: '1',
} as const satisfies Record<FiscalDataSetting, string>

export function fiscalSettings(env: Env): FiscalSettings {
  const local = isLocalEnv(env)
  const read = (name: keyof typeof LOCAL_FISCAL_DEFAULTS) =>
    (env[name]?.trim() || (local ? LOCAL_FISCAL_DEFAULTS[name] : '')).trim()
  const apiUrl = (env.FOCUS_NFE_API_URL || FOCUS_NFE_API_URL).replace(/\/+$/, '')
  const environment =
    apiUrl === FOCUS_NFE_API_URL
      ? 'production'
      : apiUrl === FOCUS_NFE_HOMOLOGATION_URL
        ? 'homologacao'
        : 'local'
  const settings: FiscalSettings = {
    issuance: env.FISCAL_ISSUANCE === 'on' ? 'on' : 'off',
    issueAt: env.FISCAL_ISSUE_AT === 'after_withdrawal' ? 'after_withdrawal' : 'payment',
    apiUrl,
    token: env.FOCUS_NFE_TOKEN ?? '',
    webhookSecret: env.FOCUS_NFE_WEBHOOK_SECRET ?? '',
    environment,
    cnpj: read('FISCAL_CNPJ')
      .replace(/[^0-9A-Za-z]/g, '')
      .toUpperCase(),
    municipalRegistration: read('FISCAL_MUNICIPAL_REGISTRATION'),
    municipalityIbge: read('FISCAL_MUNICIPALITY_IBGE'),
    taxRegime: read('FISCAL_TAX_REGIME'),
    nationalServiceCode: read('FISCAL_NATIONAL_SERVICE_CODE').replace(/\D/g, ''),
    municipalServiceCode: read('FISCAL_MUNICIPAL_SERVICE_CODE'),
    issRate: read('FISCAL_ISS_RATE'),
    issRetained: read('FISCAL_ISS_RETAINED') === 'true',
    series: read('FISCAL_SERIES'),
    problems: [],
  }
  settings.problems = fiscalSettingsProblems(env, settings)
  return settings
}

function fiscalSettingsProblems(env: Env, s: FiscalSettings): string[] {
  const problems: string[] = []
  if (env.FISCAL_ISSUANCE && env.FISCAL_ISSUANCE !== 'on' && env.FISCAL_ISSUANCE !== 'off') {
    problems.push('FISCAL_ISSUANCE deve ser "on" ou "off"')
  }
  if (env.FISCAL_ISSUE_AT && !(FISCAL_ISSUE_AT as readonly string[]).includes(env.FISCAL_ISSUE_AT)) {
    problems.push('FISCAL_ISSUE_AT deve ser "payment" ou "after_withdrawal"')
  }
  if (!URL.canParse(s.apiUrl)) problems.push('FOCUS_NFE_API_URL não é um endereço')
  else if (!isLocalEnv(env) && !s.apiUrl.startsWith('https://')) {
    problems.push('FOCUS_NFE_API_URL deve usar https em produção')
  }
  if (!s.token) problems.push('falta o segredo FOCUS_NFE_TOKEN (o token da empresa na Focus NFe)')
  if (s.webhookSecret.length < 16) {
    problems.push(
      'falta o segredo FOCUS_NFE_WEBHOOK_SECRET (16 caracteres ou mais: o authorization do gatilho)',
    )
  }
  if (!/^[0-9A-Z]{14}$/.test(s.cnpj)) problems.push('falta FISCAL_CNPJ (o CNPJ do instituto, 14 caracteres)')
  if (!s.municipalRegistration) problems.push('falta FISCAL_MUNICIPAL_REGISTRATION (a inscrição municipal)')
  if (!/^\d{7}$/.test(s.municipalityIbge)) {
    problems.push(
      'falta FISCAL_MUNICIPALITY_IBGE (o código IBGE do município, 7 dígitos: 4106902 em Curitiba)',
    )
  }
  if (!/^[123]$/.test(s.taxRegime)) {
    problems.push('FISCAL_TAX_REGIME deve ser 1 (não optante do Simples), 2 (MEI) ou 3 (ME/EPP do Simples)')
  }
  if (!/^\d{6}$/.test(s.nationalServiceCode)) {
    problems.push('falta FISCAL_NATIONAL_SERVICE_CODE (o código de tributação nacional, 6 dígitos: 080201)')
  }
  if (!s.municipalServiceCode)
    problems.push('falta FISCAL_MUNICIPAL_SERVICE_CODE (o código de serviço do município)')
  const rate = Number(s.issRate)
  if (!s.issRate || !Number.isFinite(rate) || rate < 0 || rate > 5) {
    problems.push('FISCAL_ISS_RATE deve ser a alíquota do ISS em porcentagem, de 0 a 5 (ex.: 2.00)')
  }
  const retained = env.FISCAL_ISS_RETAINED
  if (retained && retained !== 'true' && retained !== 'false') {
    problems.push('FISCAL_ISS_RETAINED deve ser "true" ou "false"')
  }
  if (!/^\d{1,5}$/.test(s.series)) problems.push('falta FISCAL_SERIES (a série da DPS, até 5 dígitos)')
  return problems
}

/**
 * The configuration check's part (decision 010's rule: fail closed): with issuance on, a setting
 * missing answers 503 rather than sell without the note. Issuance off is a valid choice.
 */
function fiscalProblems(env: Env): string[] {
  if (!env.FISCAL_ISSUANCE || env.FISCAL_ISSUANCE === 'off') return []
  return fiscalSettings(env).problems
}
