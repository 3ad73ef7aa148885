import type { BillingAddress } from '../../../../worker/contract/checkout.ts'

/** What a CEP lookup may fill in; the buyer types the rest (number, complement). */
export type AddressFound = Partial<Pick<BillingAddress, 'street' | 'neighborhood' | 'city' | 'state'>>

/** The port for CEP lookups: the form fills what it finds, and the buyer can always type. */
export interface AddressLookup {
  lookup(cep: string): Promise<AddressFound | null>
}

/**
 * The Worker's `GET /api/cep/{cep}` (ViaCEP in production, a stand-in with CEPs of Curitiba
 * locally). Anything but an address (an unknown CEP, the service down or late) fills nothing.
 */
export const workerAddressLookup: AddressLookup = {
  async lookup(cep) {
    const digits = cep.replace(/\D/g, '')
    if (digits.length !== 8) return null
    const response = await fetch(`/api/cep/${digits}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(5_000),
    })
    if (!response.ok) return null
    const found = (await response.json()) as Record<string, unknown>
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
    const address: AddressFound = {}
    for (const key of ['street', 'neighborhood', 'city', 'state'] as const) {
      const value = text(found[key])
      if (value) address[key] = value
    }
    return address
  },
}

export const addressLookup: AddressLookup = workerAddressLookup

/** The 27 federative units, for the billing address's UF. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const
