import { PAGARME_API_URL } from './adapters/payments/pagarme.ts'
import type { Env } from './env.ts'

/**
 * Configuration read from `env` (wrangler.toml vars, secrets, .dev.vars), in one module: the public
 * origin (links in e-mails, the sitemap, canonical URLs, the live payment key) and the payments'
 * settings. `configurationProblems` is the check a production deployment must pass.
 */

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
  const problems: string[] = []
  const production = env.APP_ENV === 'production'
  let origin: URL | null = null
  try {
    origin = new URL(env.PUBLIC_ORIGIN)
  } catch {
    problems.push('PUBLIC_ORIGIN não é um endereço (ex.: https://www.institutorenalis.com.br)')
  }
  if (production) {
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
    if (!env.APP_SECRET || env.APP_SECRET.length < 32)
      problems.push('APP_SECRET deve ter 32 caracteres ou mais')
  } else if (env.PAYMENT_GATEWAY === 'sandbox' && !env.PAGARME_API_URL) {
    problems.push('PAYMENT_GATEWAY=sandbox precisa de PAGARME_API_URL (o sandbox iniciado por npm start)')
  }
  if (env.PAGARME_WEBHOOK_AUTH && !isUserPassword(env.PAGARME_WEBHOOK_AUTH)) {
    problems.push('PAGARME_WEBHOOK_AUTH deve ser usuario:senha')
  }
  return problems
}

/** The payments' settings, or a ConfigurationError naming what is missing. */
export function paymentsSettings(env: Env): PaymentsSettings {
  const problems = configurationProblems(env).filter((problem) =>
    /PAGARME|PAYMENT|PUBLIC_ORIGIN/.test(problem),
  )
  const mode = env.PAYMENT_GATEWAY === 'pagarme' ? 'pagarme' : 'sandbox'
  if (mode === 'pagarme' && !env.PAGARME_SECRET_KEY) problems.push('falta o segredo PAGARME_SECRET_KEY')
  if (problems.length) throw new ConfigurationError([...new Set(problems)])
  const live = env.APP_ENV === 'production'
  const hosts = productionHosts(env)
  return {
    mode,
    apiUrl: (env.PAGARME_API_URL || PAGARME_API_URL).replace(/\/+$/, ''),
    secretKey: env.PAGARME_SECRET_KEY ?? '',
    webhookAuth: env.PAGARME_WEBHOOK_AUTH || null,
    publicKeyFor(requestUrl) {
      const onProductionOrigin = live && hosts.includes(new URL(requestUrl).hostname)
      return (onProductionOrigin ? env.PAGARME_PUBLIC_KEY_LIVE : env.PAGARME_PUBLIC_KEY_TEST) ?? ''
    },
  }
}
