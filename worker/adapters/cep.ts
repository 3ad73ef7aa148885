/**
 * The CEP port (issue 30, item 1; DESIGN 8): a CEP's street, neighbourhood, city and state, to
 * fill a billing address. ViaCEP in production, under the deadline helper; locally, a stand-in
 * that knows a few real CEPs of Curitiba, so the whole path runs without the network. A person
 * can always type the address: a lookup that fails fills nothing.
 */
import { DependencyUnavailableError } from '../errors.ts'
import { fetchWithDeadline } from './deadline.ts'

export type AddressByCep = {
  street: string
  neighborhood: string
  city: string
  state: string
  /** The city's IBGE code (7 digits; ViaCEP's `ibge`): the NFS-e's taker municipality (issue 43). */
  ibge: string
}

export type CepLookup = {
  name: 'viacep' | 'local'
  /** The address of an 8-digit CEP, or null when no street has it; throws when the service fails. */
  lookup(cep: string): Promise<AddressByCep | null>
}

export const VIACEP_URL = 'https://viacep.com.br/ws'

type ViaCepAnswer = {
  logradouro?: unknown
  bairro?: unknown
  localidade?: unknown
  uf?: unknown
  ibge?: unknown
  erro?: unknown
}
const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function viaCep(
  config: { baseUrl?: string | undefined; timeoutMs: number },
  fetcher?: typeof fetch,
): CepLookup {
  const base = (config.baseUrl || VIACEP_URL).replace(/\/+$/, '')
  return {
    name: 'viacep',
    async lookup(cep) {
      const response = await fetchWithDeadline(
        'cep',
        `${base}/${cep}/json/`,
        { method: 'GET', headers: { Accept: 'application/json' } },
        { timeoutMs: config.timeoutMs, retry: 'idempotent', ...(fetcher ? { fetcher } : {}) },
      )
      // ViaCEP answers 400 for a malformed CEP and `{ "erro": true }` for one no street has.
      if (response.status === 400) return null
      if (!response.ok) throw new DependencyUnavailableError('cep', 'error_status', `HTTP ${response.status}`)
      const body = (await response.json().catch(() => null)) as ViaCepAnswer | null
      if (!body || typeof body !== 'object') {
        throw new DependencyUnavailableError('cep', 'error_status', 'answer out of format')
      }
      if (body.erro) return null
      return {
        street: text(body.logradouro),
        neighborhood: text(body.bairro),
        city: text(body.localidade),
        state: text(body.uf),
        ibge: text(body.ibge),
      }
    },
  }
}

/** Real CEPs of Curitiba, for the local stand-in (the institute's own first). */
export const LOCAL_CEPS: Readonly<Record<string, AddressByCep>> = {
  '80730000': {
    street: 'Rua Padre Anchieta',
    neighborhood: 'Bigorrilho',
    city: 'Curitiba',
    state: 'PR',
    ibge: '4106902',
  },
  '80060000': {
    street: 'Rua XV de Novembro',
    neighborhood: 'Centro',
    city: 'Curitiba',
    state: 'PR',
    ibge: '4106902',
  },
  '80530000': {
    street: 'Avenida Cândido de Abreu',
    neighborhood: 'Centro Cívico',
    city: 'Curitiba',
    state: 'PR',
    ibge: '4106902',
  },
  '80250030': {
    street: 'Rua Brigadeiro Franco',
    neighborhood: 'Centro',
    city: 'Curitiba',
    state: 'PR',
    ibge: '4106902',
  },
  '80210390': {
    street: 'Rua Engenheiro Ostoja Roguski',
    neighborhood: 'Jardim Botânico',
    city: 'Curitiba',
    state: 'PR',
    ibge: '4106902',
  },
}

export const localCep: CepLookup = {
  name: 'local',
  async lookup(cep) {
    return LOCAL_CEPS[cep] ?? null
  },
}
