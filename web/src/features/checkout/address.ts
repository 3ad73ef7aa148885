import type { BillingAddress } from '../../../../worker/contract/checkout.ts'

/** What a CEP lookup may fill in; the buyer types the rest (number, complement). */
export type AddressFound = Partial<Pick<BillingAddress, 'street' | 'neighborhood' | 'city' | 'state'>>

/**
 * The port for CEP lookups. The default adapter answers null without any network call: the
 * site works offline and sends the buyer's CEP nowhere. A provider (ViaCEP, BrasilAPI) can be
 * plugged in here later without touching the form.
 */
export interface AddressLookup {
  lookup(cep: string): Promise<AddressFound | null>
}

export const offlineAddressLookup: AddressLookup = {
  lookup: async () => null,
}

export const addressLookup: AddressLookup = offlineAddressLookup

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
