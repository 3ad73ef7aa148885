// The sandbox's state and the shapes it stores: read by the API (api.ts) and drawn by its pages
// (pages.ts), so neither imports the other's module for them.
import type { JWK } from 'jose'
import type { TdsState } from './tds.ts'

/** Where the sandbox publishes its webhook keys: Pagar.me's path (https://hubapi.pagar.me/.well-known/jwks.json). */
export const JWKS_PATH = '/.well-known/jwks.json'
/** The /_sandbox/outage target that takes the key set down (the API stays up). */
export const JWKS_OUTAGE_TARGET = 'jwks'
export type Json = Record<string, unknown>
export type Card = { number: string; holder_name: string; exp_month: number; exp_year: number; cvv: string }
export type StoredToken = { card: Card; createdAt: number; used: boolean }

export type Transaction = Json & { id: string; status: string; transaction_type: string }
export type Charge = Json & {
  id: string
  code: string
  amount: number
  status: string
  payment_method: string
  paid_amount?: number
  canceled_amount?: number
  last_transaction: Transaction
  created_at: string
  updated_at: string
}
export type Order = Json & {
  id: string
  code: string
  amount: number
  status: string
  created_at: string
  updated_at: string
  charges: Charge[]
}

export type WebhookDelivery = {
  id: string
  type: string
  createdAt: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatus: number | null
  body: Json
}

export type SandboxState = TdsState & {
  tokens: Record<string, StoredToken>
  orders: Record<string, Order>
  /** Card numbers behind charges still 'processing' (they settle a moment later). */
  processing: Record<string, { number: string; cvv: string }>
  idempotency: Record<string, { at: number; status: number; body: unknown }>
  requests: Array<{ at: string; method: string; path: string; idempotencyKey: string | null; status: number }>
  outages: Array<{ target: string | null; status: number }>
  webhooks: WebhookDelivery[]
  /** Debit charges waiting for the payer at the issuer's challenge page (3-D Secure). */
  challenges: Record<string, { number: string; cvv: string; successUrl: string | null }>
  /**
   * Charged-back charges whose dispute (reapresentação) the institute won, and when: the charge
   * stays `chargedback`, as at Pagar.me; the win shows as a `chargeback_refund` payable.
   */
  disputesWon: Record<string, string>
  sequence: number
}
/** A webhook signing key of the sandbox: generated at start and at each rotation, never saved. */
export type SigningKey = {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
  createdAt: string
  /** When a rotation replaced it; null for the key that signs now. */
  retiredAt: string | null
}

export function emptyState(): SandboxState {
  return {
    tokens: {},
    orders: {},
    processing: {},
    idempotency: {},
    requests: [],
    outages: [],
    webhooks: [],
    challenges: {},
    disputesWon: {},
    tdsTokens: {},
    authentications: {},
    sequence: 0,
  }
}
