import { deadlineOf } from '../../adapters/deadline.ts'
import {
  GatewayNotFoundError,
  type GatewayPayment,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../adapters/payments/types.ts'
import {
  pagarmeWebhookKeys,
  parseSignatureHeader,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../adapters/payments/webhook-keys.ts'
import type { AppContext } from '../../context.ts'
import { AppError, DependencyUnavailableError, unavailable } from '../../errors.ts'
import { secretEquals } from '../hash.ts'
import { paymentGateway, settingsOf } from './gateway.ts'
import type { Ledger, Payment } from './ledger.ts'
import { deliverEmails, reportOf, rowForPayment } from './settle.ts'

export { WEBHOOK_SIGNATURE_HEADER }

export type WebhookEvent = { type: string; data: { id: string } & Record<string, unknown> }

export const WEBHOOK_MESSAGES = {
  unavailable: 'Não foi possível confirmar o evento com o Pagar.me agora; envie de novo mais tarde.',
  // A 401's body is always `{ message: 'Unauthenticated.' }` (DESIGN 3); these name the refusal in code.
  credentials: 'Credencial do webhook inválida.',
  signature: `Assinatura do webhook (${WEBHOOK_SIGNATURE_HEADER}) ausente ou inválida.`,
  keysUnavailable:
    'Não foi possível ler as chaves de assinatura do Pagar.me agora; envie de novo mais tarde.',
} as const

/** Compares the Authorization header with the configured credentials in constant time. */
const credentialsMatch = (authorization: string | undefined, expected: string) =>
  secretEquals(authorization, `Basic ${btoa(expected)}`)

function log(ctx: AppContext, kind: string, details: Record<string, unknown>) {
  console.warn(JSON.stringify({ level: 'warn', requestId: ctx.requestId, kind, ...details }))
}

/**
 * With PAGARME_WEBHOOK_JWKS_URL set, the body must be signed by one of the provider's published
 * keys (401 otherwise); keys that cannot be read answer 503, so the provider sends it again.
 * Checked after Basic auth: only a caller holding the webhook's credentials can make us fetch keys.
 */
async function checkSignature(
  ctx: AppContext,
  keysUrl: string,
  body: Uint8Array<ArrayBuffer>,
  signature: string | undefined,
) {
  const header = parseSignatureHeader(signature)
  if (!header) {
    log(ctx, 'webhook_unsigned', { present: Boolean(signature) })
    throw new AppError('UNAUTHENTICATED', WEBHOOK_MESSAGES.signature)
  }
  const keys = pagarmeWebhookKeys({ url: keysUrl, timeoutMs: deadlineOf(ctx.env, 'payments') })
  let verdict: Awaited<ReturnType<typeof keys.verify>>
  try {
    verdict = await keys.verify(body, header)
  } catch (error) {
    if (!(error instanceof DependencyUnavailableError)) throw error
    log(ctx, 'webhook_keys_unavailable', { kid: header.kid, error: error.message })
    throw unavailable(WEBHOOK_MESSAGES.keysUnavailable)
  }
  if (verdict !== 'valid') {
    log(ctx, 'webhook_signature_refused', { verdict, kid: header.kid, alg: header.alg })
    throw new AppError('UNAUTHENTICATED', WEBHOOK_MESSAGES.signature)
  }
}

/**
 * POST /webhooks/pagarme. The event is only a trigger (DESIGN 6): the charge or order it names is
 * re-read at the provider before anything changes, so a forged, replayed or out-of-order event
 * does nothing. An event the provider does not know is acknowledged and ignored; one that cannot
 * be confirmed (the provider unreachable or failing) answers 503, so Pagar.me sends it again.
 * Before any of that: Basic auth, and the signature over `body` (the raw request body) when the
 * provider's keys are configured. `ledgers`: where a payment may belong, asked in this order.
 */
export async function receivePagarmeWebhook({
  ctx,
  authorization,
  signature,
  body,
  event,
  ledgers,
}: {
  ctx: AppContext
  ledgers: readonly Ledger<Payment, unknown>[]
  authorization: string | undefined
  /** The X-Webhook-Asymmetric-Signature header. */
  signature: string | undefined
  /** The request body exactly as received: what the provider signed. */
  body: Uint8Array<ArrayBuffer>
  event: WebhookEvent
}): Promise<{ ok: true; order_status: string | null }> {
  const settings = settingsOf(ctx) // production without credentials fails here (configuration check)
  if (settings.webhookAuth && !(await credentialsMatch(authorization, settings.webhookAuth))) {
    throw new AppError('UNAUTHENTICATED', WEBHOOK_MESSAGES.credentials)
  }
  if (settings.webhookKeysUrl) await checkSignature(ctx, settings.webhookKeysUrl, body, signature)
  const [resource] = event.type.split('.')
  if (resource !== 'charge' && resource !== 'order') return { ok: true, order_status: null }

  let payment: GatewayPayment
  try {
    const gateway = paymentGateway(ctx)
    payment =
      resource === 'charge' ? await gateway.getCharge(event.data.id) : await gateway.getOrder(event.data.id)
  } catch (error) {
    if (error instanceof GatewayNotFoundError || error instanceof GatewayValidationError) {
      log(ctx, 'webhook_unknown_to_provider', { type: event.type, id: event.data.id })
      return { ok: true, order_status: null }
    }
    if (error instanceof GatewayUnavailableError) {
      log(ctx, 'webhook_provider_unavailable', { type: event.type, id: event.data.id, error: error.message })
      throw new AppError('UNAVAILABLE', WEBHOOK_MESSAGES.unavailable)
    }
    throw error
  }
  for (const ledger of ledgers) {
    const status = await settleFound(ctx, ledger, payment)
    if (status) return { ok: true, order_status: status }
  }
  log(ctx, 'webhook_unknown_order', { type: event.type, code: payment.code })
  return { ok: true, order_status: null }
}

/** Settles the ledger's row the payment belongs to, if any; its state then. */
async function settleFound<Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  payment: GatewayPayment,
) {
  const row = await rowForPayment(ledger, payment)
  if (!row) return null
  const settled = await ledger.settle(row, reportOf(payment))
  if (settled.emails.length) ctx.waitUntil(deliverEmails(ctx, settled.emails))
  return settled.row.status
}
