import { type CepLookup, localCep, viaCep } from '../../adapters/cep.ts'
import { deadlineOf } from '../../adapters/deadline.ts'
import { isLocalEnv } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { CepAddress } from '../../contract/address.ts'
import { notFound } from '../../errors.ts'

export const CEP_MESSAGES = {
  notFound: 'CEP não encontrado. Confira os números ou preencha o endereço.',
} as const

/** ViaCEP outside local development (or CEP_API_URL's service); locally, the Curitiba stand-in. */
export function cepLookup(ctx: AppContext): CepLookup {
  const { CEP_API_URL } = ctx.env
  if (!CEP_API_URL && isLocalEnv(ctx.env)) return localCep
  return viaCep({ baseUrl: CEP_API_URL, timeoutMs: deadlineOf(ctx.env, 'cep') })
}

/**
 * GET /api/cep/{cep}: the street, neighbourhood, city and state of a CEP, to fill a billing address
 * (issue 30, item 1). Unknown: 404; the service failing or late: 503 (the person types it).
 */
export async function findAddress(ctx: AppContext, cep: string): Promise<CepAddress> {
  const digits = cep.replace(/\D/g, '')
  const found = await cepLookup(ctx).lookup(digits)
  if (!found) throw notFound(CEP_MESSAGES.notFound)
  return { cep: `${digits.slice(0, 5)}-${digits.slice(5)}`, ...found }
}

/**
 * The IBGE code of a CEP's city (the NFS-e names the taker's city by it, issue 43); null when no
 * street has the CEP. The service failing throws (the job tries again later).
 */
export async function findIbge(ctx: AppContext, cep: string): Promise<string | null> {
  const found = await cepLookup(ctx).lookup(cep.replace(/\D/g, ''))
  return found?.ibge && /^\d{7}$/.test(found.ibge) ? found.ibge : null
}
