import { PAGARME_TIMEOUT_MS } from '../../adapters/payments/pagarme.ts'
import {
  type GatewayPayment,
  GatewayUnavailableError,
  type PaymentRequest,
} from '../../adapters/payments/types.ts'

/**
 * One sender at a time: an attempt holds the payment (an order, a plan payment) from just before
 * it asks the provider, for the provider's deadline and a margin; a retry waits for it to end.
 */
export const CHARGE_LEASE_MS = PAGARME_TIMEOUT_MS + 1_000

export const leaseHeld = (row: { chargeAttemptAt: Date | null }, now = Date.now()) =>
  row.chargeAttemptAt !== null && now - row.chargeAttemptAt.getTime() < CHARGE_LEASE_MS

/** What sending one kind of payment to the provider needs (decision 004). */
export type ChargeAttempt<Row extends { chargeAttemptAt: Date | null }, Result> = {
  /** Settled, or already at the provider: nothing more to send. */
  done(row: Row): boolean
  result(row: Row): Result
  /** The provider order's code: a lookup by it finds one sent blind (an unknown outcome). */
  code(row: Row): string
  /** What to send; throws when this submit cannot send it (a card without a fresh token). */
  request(row: Row): PaymentRequest
  /** Takes the row for this attempt (the lease); undefined when another attempt holds it. */
  claim(row: Row): Promise<Row | undefined>
  reload(row: Row): Promise<Row | undefined>
  /** Sends it under its id as Idempotency-Key and applies the answer. */
  send(claimed: Row, request: PaymentRequest): Promise<Result>
  /** Applies what the provider already has (found by code). */
  finish(row: Row, found: GatewayPayment): Promise<Result>
  /** The provider cannot be asked now (the outcome is unknown: the same key retries safely). */
  unavailable(): Error
  /** Another attempt still holds it past the lease. */
  inProgress(): Error
  findByCode(code: string): Promise<GatewayPayment | null>
}

/**
 * The same payment submitted once or many times, at once or later: the attempt that claims it
 * sends it; any other waits for that outcome, up to the lease. Before sending again, the payment
 * is looked up at the provider by its code (Pagar.me keeps an Idempotency-Key 24 hours only), so a
 * retry after a network failure, an unknown outcome or a database that failed after the charge
 * never charges twice.
 */
export async function attemptCharge<Row extends { chargeAttemptAt: Date | null }, Result>(
  spec: ChargeAttempt<Row, Result>,
  row: Row,
  lookUpFirst: boolean,
): Promise<Result> {
  const deadline = Date.now() + CHARGE_LEASE_MS
  let current = row
  let lookUp = lookUpFirst
  for (;;) {
    if (spec.done(current)) return spec.result(current)
    if (!leaseHeld(current)) {
      if (lookUp) {
        let found: GatewayPayment | null
        try {
          found = await spec.findByCode(spec.code(current))
        } catch (error) {
          if (error instanceof GatewayUnavailableError) throw spec.unavailable()
          throw error
        }
        if (found) return spec.finish(current, found)
      }
      // Never reached the provider: a card goes only with this submit's fresh token.
      const request = spec.request(current)
      const claimed = await spec.claim(current)
      if (claimed) return spec.send(claimed, request)
    }
    if (Date.now() >= deadline) throw spec.inProgress()
    await new Promise((resolve) => setTimeout(resolve, 250))
    lookUp = true // another attempt was at the provider meanwhile
    current = (await spec.reload(current)) ?? current
  }
}
