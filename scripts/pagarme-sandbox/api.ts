// A stand-in for Pagar.me's Core API v5 (stripe-mock is the model, DESIGN 6): the Worker's one
// `pagarme` adapter talks to it over HTTP exactly as it talks to api.pagar.me, so the code that
// takes real money is the code the tests and `npm start` run. Shapes, statuses, 422 bodies,
// Idempotency-Key and the documented test cards follow Pagar.me; what only a test or a person
// trying the store needs (pay a boleto, refund or charge back "at the provider", an outage) lives
// under /_sandbox, which Pagar.me does not have. See README "Pagamentos".
import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import { base64url, exportJWK, generateKeyPair } from 'jose'
import {
  WEBHOOK_SIGNATURE_ALG,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../worker/adapters/payments/webhook-keys.ts'
import { boletoLine } from '../../worker/domain/boleto.ts'
import { pixCopyPaste } from '../../worker/domain/pix.ts'
import type { PagarmeAccountType } from '../../worker/domain/three-ds.ts'
import { createTimers, deliverWithRetries } from '../lib/webhook-delivery.ts'
import { DEBIT_TEST_CARDS, TEST_CARDS } from './cards.ts'
import { boletoPage, boletoPdf, challengeDonePage, challengePage, dashboardPage } from './pages.ts'
import {
  type Charge,
  emptyState,
  type Json,
  JWKS_OUTAGE_TARGET,
  JWKS_PATH,
  type Order,
  type SandboxState,
  type SigningKey,
  type StoredToken,
  type Transaction,
  type WebhookDelivery,
} from './state.ts'
import { createTds } from './tds.ts'

export const API_PREFIX = '/core/v5'
/** How long a key stays published after a rotation replaced it (webhooks it signed may be retried). */
export const RETIRED_KEY_KEPT_MS = 24 * 3600_000
export const SANDBOX_SECRET_KEY = 'sk_test_sandbox'
export const SANDBOX_PUBLIC_KEY = 'pk_test_sandbox'

/** Cards the issuer approves once authenticated (the refused debit card never gets that far). */
const APPROVING = new Set<string>([
  TEST_CARDS.approved,
  DEBIT_TEST_CARDS.frictionless,
  DEBIT_TEST_CARDS.challenge,
])

/** How the issuer's 3-D Secure refusal reads (the adapter maps it to the refusal code 'authentication'). */
export const AUTHENTICATION_REFUSAL = 'Autenticação 3-D Secure recusada pelo emissor'

type Refusal = { code: string; message: string }
const REFUSALS: Record<string, Refusal> = {
  [TEST_CARDS.declined]: { code: '1000', message: 'Transação não autorizada' },
  [TEST_CARDS.processingThenFailed]: { code: '1000', message: 'Transação não autorizada' },
  [TEST_CARDS.insufficientFunds]: { code: '1016', message: 'Saldo insuficiente' },
  [TEST_CARDS.expired]: { code: '1001', message: 'Cartão vencido' },
  [TEST_CARDS.blocked]: { code: '1025', message: 'Cartão bloqueado' },
  [TEST_CARDS.suspectedFraud]: { code: '1002', message: 'Suspeita de fraude' },
  [TEST_CARDS.wrongCvv]: { code: '1045', message: 'Código de segurança inválido' },
}
const CVV_REFUSAL: Refusal = { code: '1045', message: 'Código de segurança inválido' }

const TOKEN_TTL_MS = 60_000
const IDEMPOTENCY_TTL_MS = 24 * 3600_000
const PROCESSING_MS = 1_500
const REQUEST_LOG_LIMIT = 5_000

/** What the sandbox answers for a status set on /outage that is a documented refusal, not an outage. */
const OUTAGE_WORDS: Record<number, string> = {
  403: 'Forbidden: this operation is not allowed for this account.',
  412: 'The request parameters are valid but the request failed.',
}

export type SandboxOptions = {
  /** Where events go (the Worker's /webhooks/pagarme); none: nothing is sent. */
  webhookUrl?: string | undefined
  /** `user:password`, sent as HTTP basic auth with each event. */
  webhookAuth?: string | undefined
  /** Delays between delivery attempts of one event (Pagar.me retries a refused webhook). */
  webhookRetryDelaysMs?: number[]
  now?: () => number
  /** Called after every change (persistence). */
  onChange?: (state: SandboxState) => void
  /** The account's contract the stack runs the store with (its dashboard says which). */
  accountType?: PagarmeAccountType
  state?: SandboxState
}

/** An API answer, built without awaiting anything: requests never interleave inside one. */
type Reply = { status: number; body: unknown }
const ok = (body: unknown): Reply => ({ status: 200, body })
const invalid = (errors: Record<string, string[]>): Reply => ({
  status: 422,
  body: { message: 'The request is invalid.', errors },
})
const notFound = (what: string): Reply => ({ status: 404, body: { message: `${what} not found` } })
const unauthorized: Reply = {
  status: 401,
  body: { message: 'Authorization has been denied for this request.' },
}
const invalidJson: Reply = { status: 400, body: { message: 'The request body is not valid JSON.' } }
/** A status set on /outage: a documented refusal's words, or an outage's. */
const outageReply = (status: number): Reply => ({
  status,
  body: { message: OUTAGE_WORDS[status] ?? 'Service unavailable (sandbox outage).' },
})
/** A control's JSON body (`{}` when it sent none); undefined when it is not JSON. */
function controlBody(bodyText: string): Json | undefined {
  try {
    return bodyText ? (JSON.parse(bodyText) as Json) : {}
  } catch {
    return undefined
  }
}
const toResponse = (reply: Reply) => Response.json(reply.body, { status: reply.status })

function luhn(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return number.length >= 13 && number.length <= 19 && sum % 10 === 0
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function createPagarmeSandbox(options: SandboxOptions = {}) {
  const state = options.state ?? emptyState()
  const now = options.now ?? Date.now
  const retryDelays = options.webhookRetryDelaysMs ?? [0, 1_000, 3_000, 10_000, 30_000]
  const timers = createTimers()
  const iso = (ms = now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
  const id = (prefix: string) => {
    state.sequence += 1
    const random = crypto.randomUUID().replace(/-/g, '')
    return `${prefix}_${(state.sequence.toString(36) + random).slice(0, 16)}`
  }
  const changed = () => options.onChange?.(state)
  // A PSP account's debit: the tds_token, the browser's 3DS library and its authentications.
  const tds = createTds({ state, now, id, changed })

  // ── Webhook signing keys (Pagar.me's X-Webhook-Asymmetric-Signature) ──────────────────────

  async function newKey(): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair(WEBHOOK_SIGNATURE_ALG, { extractable: true })
    return {
      kid: id('chave'),
      privateKey,
      publicJwk: await exportJWK(publicKey),
      createdAt: iso(),
      retiredAt: null,
    }
  }
  let signingKeys: Promise<SigningKey[]> = newKey().then((key) => [key])

  /** A new key signs from now on; the one it replaces stays published for RETIRED_KEY_KEPT_MS. */
  function rotateKeys(): Promise<SigningKey[]> {
    signingKeys = signingKeys.then(async (keys) => {
      const fresh = await newKey()
      const kept = keys
        .map((key) => (key.retiredAt ? key : { ...key, retiredAt: fresh.createdAt }))
        .filter((key) => now() - Date.parse(key.retiredAt ?? fresh.createdAt) < RETIRED_KEY_KEPT_MS)
      return [fresh, ...kept]
    })
    return signingKeys
  }

  /** The key set as Pagar.me publishes it at hubapi.pagar.me/.well-known/jwks.json. */
  async function keySet() {
    const keys = await signingKeys
    return {
      keys: keys.map((key) => ({ ...key.publicJwk, kid: key.kid, use: 'sig', alg: WEBHOOK_SIGNATURE_ALG })),
    }
  }

  /**
   * The X-Webhook-Asymmetric-Signature of a body, as Pagar.me's plugin reads it: RS256
   * (RSASSA-PKCS1-v1_5, SHA-256) over the body's exact bytes, base64url, with the key's kid.
   */
  async function signBody(body: string, kid?: string): Promise<string | null> {
    const keys = await signingKeys
    const key = kid ? keys.find((k) => k.kid === kid) : keys[0]
    if (!key) return null
    const signature = await crypto.subtle.sign(
      'RSASSA-PKCS1-v1_5',
      key.privateKey,
      new TextEncoder().encode(body),
    )
    return `alg=${WEBHOOK_SIGNATURE_ALG}; kid=${key.kid}; signature=${base64url.encode(new Uint8Array(signature))}`
  }

  // ── Finding things ──────────────────────────────────────────────────────────────────────

  function orderOfCharge(chargeId: string): Order | undefined {
    return Object.values(state.orders).find((order) => order.charges.some((c) => c.id === chargeId))
  }
  /** The charge and the order that holds it (neither when no order has it). */
  function chargeWithOrder(chargeId: string): { order: Order | undefined; charge: Charge | undefined } {
    const order = orderOfCharge(chargeId)
    return { order, charge: order?.charges.find((c) => c.id === chargeId) }
  }
  function chargeById(chargeId: string): Charge | undefined {
    return chargeWithOrder(chargeId).charge
  }

  /** A charge still 'processing' settles once its moment has passed, as the acquirer answers. */
  function settleProcessing(order: Order) {
    for (const charge of order.charges) {
      const card = state.processing[charge.id]
      if (charge.status !== 'processing' || !card) continue
      if (now() - Date.parse(charge.created_at) < PROCESSING_MS) continue
      delete state.processing[charge.id]
      const refusal = card.number === TEST_CARDS.processingThenPaid ? null : REFUSALS[card.number]
      applyCardOutcome(charge, refusal ?? null)
      cardSettled(order, charge)
    }
  }

  /** A card charge decided after its order was answered: the order's state, and its webhooks. */
  function cardSettled(order: Order, charge: Charge) {
    order.status = orderStatus(order)
    order.updated_at = iso()
    const paid = (charge.status as string) === 'paid'
    emit(paid ? 'charge.paid' : 'charge.payment_failed', chargeView(order, charge))
    emit(paid ? 'order.paid' : 'order.payment_failed', order)
    changed()
  }

  function orderStatus(order: Order): string {
    const charge = order.charges[0]
    if (!charge) return 'pending'
    if (charge.status === 'paid' || charge.status === 'overpaid' || charge.status === 'chargedback')
      return 'paid'
    if (charge.status === 'failed') return 'failed'
    if (charge.status === 'canceled') return 'canceled'
    return 'pending'
  }

  /** GET /charges/{id} carries the charge with a summary of its order. */
  function chargeView(order: Order, charge: Charge) {
    return {
      ...charge,
      order: {
        id: order.id,
        code: order.code,
        amount: order.amount,
        status: order.status,
        created_at: order.created_at,
        updated_at: order.updated_at,
      },
    }
  }

  // ── Webhooks ────────────────────────────────────────────────────────────────────────────

  function emit(type: string, data: Json) {
    if (!options.webhookUrl) return
    const delivery: WebhookDelivery = {
      id: id('hook'),
      type,
      createdAt: iso(),
      status: 'pending',
      attempts: 0,
      lastStatus: null,
      body: {
        id: '',
        account: { id: 'acc_sandbox', name: 'Sandbox Pagar.me' },
        type,
        created_at: iso(),
        data: structuredClone(data),
      },
    }
    delivery.body.id = delivery.id
    state.webhooks.unshift(delivery)
    state.webhooks.length = Math.min(state.webhooks.length, 500)
    deliver(delivery)
  }

  function deliver(delivery: WebhookDelivery) {
    deliverWithRetries(delivery, { delays: retryDelays, later: timers.later, changed }, async () => {
      const body = JSON.stringify(delivery.body)
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        // Each attempt is signed with the key that signs now (a retry after a rotation, too).
        [WEBHOOK_SIGNATURE_HEADER]: (await signBody(body))!,
      }
      if (options.webhookAuth) headers.Authorization = `Basic ${btoa(options.webhookAuth)}`
      return { url: options.webhookUrl!, headers, body }
    })
  }

  // ── Tokens ──────────────────────────────────────────────────────────────────────────────

  function createToken(body: unknown): Reply {
    const card = isObject(body) && isObject(body.card) ? body.card : {}
    const errors: Record<string, string[]> = {}
    const number = String(card.number ?? '').replace(/\D/g, '')
    const cvv = String(card.cvv ?? '')
    const month = Number(card.exp_month)
    const rawYear = Number(card.exp_year)
    const year = rawYear < 100 ? 2000 + rawYear : rawYear
    const holder = String(card.holder_name ?? '').trim()
    if (!isObject(body) || body.type !== 'card') errors['request.type'] = ['The type field is invalid.']
    if (!luhn(number)) errors['request.card.number'] = ['The number field is not a valid card number.']
    if (!/^\d{3,4}$/.test(cvv)) errors['request.card.cvv'] = ['The cvv field is invalid.']
    if (!(month >= 1 && month <= 12) || !Number.isInteger(year) || Date.UTC(year, month, 1) <= now()) {
      errors['request.card.exp_month'] = ['The card is expired.']
    }
    if (holder.length < 2) errors['request.card.holder_name'] = ['The holder_name field is required.']
    if (Object.keys(errors).length) return invalid(errors)
    const token = id('token')
    state.tokens[token] = {
      card: { number, holder_name: holder, exp_month: month, exp_year: year, cvv },
      createdAt: now(),
      used: false,
    }
    changed()
    return ok({
      id: token,
      type: 'card',
      created_at: iso(),
      expires_at: iso(now() + TOKEN_TTL_MS),
      card: {
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        holder_name: holder,
        exp_month: month,
        exp_year: year,
        brand: number.startsWith('4') ? 'Visa' : 'Mastercard',
      },
    })
  }

  // ── Orders ──────────────────────────────────────────────────────────────────────────────

  function applyCardOutcome(charge: Charge, refusal: Refusal | null) {
    const tx = charge.last_transaction
    tx.updated_at = iso()
    if (refusal) {
      charge.status = 'failed'
      Object.assign(tx, {
        status: 'not_authorized',
        success: false,
        acquirer_return_code: refusal.code,
        acquirer_message: refusal.message,
        gateway_response: { code: '200', errors: [] },
      })
    } else {
      charge.status = 'paid'
      charge.paid_amount = charge.amount
      charge.paid_at = iso()
      Object.assign(tx, {
        status: 'captured',
        success: true,
        acquirer_return_code: '0000',
        acquirer_message: 'Transação capturada com sucesso',
        acquirer_auth_code: String(100000 + (state.sequence % 900000)),
        gateway_response: { code: '200', errors: [] },
      })
    }
    charge.updated_at = iso()
  }

  /** The issuer's 3-D Secure decision for a debit card (mpi 'acquirer'), by test card. */
  function authenticate(number: string): 'authenticated' | 'challenge' | 'refused' {
    if (number === DEBIT_TEST_CARDS.challenge) return 'challenge'
    if (number === DEBIT_TEST_CARDS.refused) return 'refused'
    return 'authenticated'
  }

  function refuseAuthentication(charge: Charge) {
    const tx = charge.last_transaction
    charge.status = 'failed'
    Object.assign(tx, {
      status: 'not_authorized',
      success: false,
      // GetDebitCardTransactionResponse has no authentication status: the ECI says "not authenticated".
      eci: '07',
      acquirer_return_code: null,
      acquirer_message: AUTHENTICATION_REFUSAL,
      gateway_response: { code: '200', errors: [] },
      updated_at: iso(),
    })
    delete tx.threed_authentication_url
    charge.updated_at = iso()
  }

  /** The payer answered the issuer's challenge: authorised as the card would be, or refused. */
  function answerChallenge(chargeId: string, approve: boolean): string | null {
    const { order, charge } = chargeWithOrder(chargeId)
    const challenge = state.challenges[chargeId]
    if (!order || !charge) return null
    if (!challenge || charge.status !== 'pending') return challenge?.successUrl ?? null
    delete state.challenges[chargeId]
    if (approve) {
      const refusal = challenge.cvv.startsWith('6')
        ? CVV_REFUSAL
        : APPROVING.has(challenge.number)
          ? null
          : (REFUSALS[challenge.number] ?? REFUSALS[TEST_CARDS.declined]!)
      charge.last_transaction.eci = '05'
      delete charge.last_transaction.threed_authentication_url
      applyCardOutcome(charge, refusal)
    } else {
      refuseAuthentication(charge)
    }
    cardSettled(order, charge)
    return challenge.successUrl
  }

  function createOrder(body: unknown, base: string): Reply {
    if (!isObject(body)) return invalid({ order: ['The request body is invalid.'] })
    const errors: Record<string, string[]> = {}
    const add = (path: string, message: string) => {
      errors[path] ??= []
      errors[path].push(message)
    }
    const items = Array.isArray(body.items) ? body.items.filter(isObject) : []
    if (items.length === 0) add('order.items', 'The items field is required.')
    items.forEach((item, index) => {
      if (!Number.isInteger(item.amount) || (item.amount as number) < 0)
        add(`order.items[${index}].amount`, 'The amount field is invalid.')
      if (typeof item.description !== 'string' || item.description === '')
        add(`order.items[${index}].description`, 'The description field is required.')
    })
    const itemsTotal = items.reduce((sum, item) => sum + Number(item.amount) * Number(item.quantity ?? 1), 0)
    const customer = isObject(body.customer) ? body.customer : null
    if (!customer) add('order.customer', 'The customer field is required.')
    else {
      if (typeof customer.name !== 'string' || customer.name.trim() === '')
        add('order.customer.name', 'The name field is required.')
      if (typeof customer.email !== 'string' || !customer.email.includes('@'))
        add('order.customer.email', 'The email field is not a valid e-mail address.')
      if (!isValidCpf(String(customer.document ?? ''))) add('order.customer.document', 'Invalid CPF')
      const address = isObject(customer.address) ? customer.address : null
      if (
        address &&
        !/^\d+[A-Za-z]?$/.test(
          String(address.line_1 ?? '')
            .split(',')[0]
            ?.trim() ?? '',
        )
      ) {
        add('order.customer.address.number', 'The number field must be a string.')
      }
    }
    const payments = Array.isArray(body.payments) ? body.payments.filter(isObject) : []
    const payment = payments[0]
    if (payments.length !== 1 || !payment) add('order.payments', 'Exactly one payment is supported.')
    const method = String(payment?.payment_method ?? '')
    if (payment && !['credit_card', 'debit_card', 'boleto', 'pix'].includes(method)) {
      add('order.payments[0].payment_method', 'The payment_method field is invalid.')
    }
    const amount = Number(payment?.amount ?? itemsTotal)
    if (payment && amount !== itemsTotal)
      add('order.payments[0].amount', 'The amount must match the items total.')

    let token: StoredToken | undefined
    let threeDs: Json | null = null
    let pspAuthentication: { authenticated: boolean; transactionId: string } | null = null
    const card = isObject(payment?.[method]) ? (payment[method] as Json) : {}
    if (method === 'credit_card' || method === 'debit_card') {
      const tokenId = String(card.card_token ?? '')
      token = state.tokens[tokenId]
      if (!token || token.used || now() - token.createdAt > TOKEN_TTL_MS) {
        add(`order.payments[0].${method}.card_token`, 'The card_token is invalid or expired.')
      }
      const instalments = Number(card.installments ?? 1)
      if (
        method === 'credit_card' &&
        !(Number.isInteger(instalments) && instalments >= 1 && instalments <= 12)
      ) {
        add('order.payments[0].credit_card.installments', 'The installments field is invalid.')
      }
      // Card networks require 3-D Secure for e-commerce debit: the result rides in `authentication`.
      const authentication = isObject(card.authentication) ? card.authentication : null
      threeDs = authentication && isObject(authentication.threed_secure) ? authentication.threed_secure : null
      if (method === 'debit_card' && (authentication?.type !== 'threed_secure' || !threeDs?.mpi)) {
        add('order.payments[0].debit_card.authentication', 'The authentication field is required.')
      } else if (method === 'debit_card' && threeDs?.mpi === 'pagarme') {
        // A PSP account: the authentication the browser ran with Pagar.me's 3DS library.
        const number = token?.card.number
        const checked = tds.checkOrder(threeDs, number ? number.slice(-4) : undefined)
        if ('error' in checked)
          add('order.payments[0].debit_card.authentication.threed_secure.transaction_id', checked.error)
        else pspAuthentication = checked
      } else if (method === 'debit_card' && threeDs?.mpi !== 'acquirer' && !threeDs?.cavv) {
        // A third-party MPI sends the authentication's result: without it nothing was authenticated.
        add('order.payments[0].debit_card.authentication.threed_secure.cavv', 'The cavv field is required.')
      }
    }
    if (method === 'boleto') {
      // The SDK's boleto request requires the payer's address, and the reference bounds the fields.
      if (!isObject(card.billing_address) || !card.billing_address.zip_code) {
        add('order.payments[0].boleto.billing_address', 'The billing_address field is required.')
      }
      if (typeof card.instructions === 'string' && card.instructions.length > 256) {
        add('order.payments[0].boleto.instructions', 'The instructions field must be at most 256 characters.')
      }
      if (typeof card.document_number === 'string' && card.document_number.length > 16) {
        add(
          'order.payments[0].boleto.document_number',
          'The document_number field must be at most 16 characters.',
        )
      }
    }
    if (Object.keys(errors).length) return invalid(errors)

    const created = iso()
    const orderId = id('or')
    const chargeId = id('ch')
    const customerView = {
      id: id('cus'),
      name: customer!.name,
      email: customer!.email,
      document: customer!.document,
      document_type: 'cpf',
      type: 'individual',
      phones: customer!.phones ?? {},
      ...(isObject(customer!.address) ? { address: customer!.address } : {}),
    }
    const tx: Transaction = {
      id: id('tran'),
      transaction_type: method,
      gateway_id: String(100000000 + state.sequence),
      amount,
      status: 'pending',
      success: true,
      created_at: created,
      updated_at: created,
    }
    const charge: Charge = {
      id: chargeId,
      code: String(body.code ?? orderId),
      gateway_id: tx.gateway_id,
      amount,
      status: 'pending',
      currency: 'BRL',
      payment_method: method,
      created_at: created,
      updated_at: created,
      customer: customerView,
      last_transaction: tx,
    }

    if (token) {
      token.used = true
      const { number, cvv, holder_name, exp_month, exp_year } = token.card
      Object.assign(tx, {
        installments: method === 'credit_card' ? Number(card.installments ?? 1) : 1,
        statement_descriptor: card.statement_descriptor ?? null,
        acquirer_name: 'simulator',
        acquirer_tid: tx.gateway_id,
        acquirer_nsu: tx.gateway_id,
        operation_type: 'auth_and_capture',
        card: {
          id: id('card'),
          first_six_digits: number.slice(0, 6),
          last_four_digits: number.slice(-4),
          brand: number.startsWith('4') ? 'Visa' : 'Mastercard',
          holder_name,
          exp_month,
          exp_year,
          ...(isObject(card.card) && isObject(card.card.billing_address)
            ? { billing_address: card.card.billing_address }
            : {}),
        },
      })
      const issuer =
        method === 'debit_card' && threeDs?.mpi === 'acquirer'
          ? authenticate(number)
          : pspAuthentication && !pspAuthentication.authenticated
            ? 'refused'
            : 'authenticated'
      if (pspAuthentication) {
        tds.markUsed(pspAuthentication.transactionId)
        Object.assign(tx, { mpi: 'pagarme', authentication_type: 'threed_secure', eci: '05' })
      }
      if (issuer === 'refused') {
        refuseAuthentication(charge)
      } else if (issuer === 'challenge') {
        // Pending until the payer answers the issuer's challenge page, which returns to success_url.
        tx.threed_authentication_url = `${base}/sandbox/3ds/${chargeId}`
        tx.mpi = 'acquirer'
        tx.authentication_type = 'threed_secure'
        state.challenges[chargeId] = {
          number,
          cvv,
          successUrl: typeof threeDs?.success_url === 'string' ? threeDs.success_url : null,
        }
      } else if (number === TEST_CARDS.processingThenPaid || number === TEST_CARDS.processingThenFailed) {
        charge.status = 'processing'
        tx.status = 'processing'
        state.processing[chargeId] = { number, cvv }
      } else {
        const refusal = cvv.startsWith('6')
          ? CVV_REFUSAL
          : APPROVING.has(number)
            ? null
            : (REFUSALS[number] ?? REFUSALS[TEST_CARDS.declined]!)
        applyCardOutcome(charge, refusal)
      }
    } else if (method === 'boleto') {
      const boleto = isObject(payment!.boleto) ? payment!.boleto : {}
      const due =
        typeof boleto.due_at === 'string' ? new Date(boleto.due_at) : new Date(now() + 3 * 86_400_000)
      const { line, barcode } = boletoLine({
        bank: '237',
        amountCents: amount,
        due,
        freeField: String(now()).slice(-13) + String(state.sequence).padStart(12, '0'),
      })
      Object.assign(tx, {
        status: 'generated',
        url: `${base}/sandbox/boletos/${chargeId}`,
        pdf: `${base}/sandbox/boletos/${chargeId}.pdf`,
        line,
        barcode,
        nosso_numero: String(state.sequence).padStart(11, '0'),
        bank: '237',
        document_number: boleto.document_number ?? null,
        instructions: boleto.instructions ?? null,
        due_at: iso(due.getTime()),
        type: 'DM',
      })
    } else if (method === 'pix') {
      const pix = isObject(payment!.pix) ? payment!.pix : {}
      const expiresIn = Number(pix.expires_in ?? 3600)
      Object.assign(tx, {
        status: 'waiting_payment',
        qr_code: pixCopyPaste({
          key: 'pix@institutorenalis.com.br',
          amountCents: amount,
          merchantName: 'Instituto Renalis',
          merchantCity: 'Curitiba',
          txid: chargeId,
        }),
        qr_code_url: `${base}/sandbox/pix/${chargeId}`,
        expires_at: iso(now() + expiresIn * 1000),
      })
    }

    const order: Order = {
      id: orderId,
      code: String(body.code ?? orderId),
      amount,
      currency: 'BRL',
      closed: true,
      items: items.map((item) => ({
        id: id('oi'),
        type: 'product',
        description: item.description,
        amount: item.amount,
        quantity: item.quantity ?? 1,
        status: 'active',
        code: item.code ?? null,
        created_at: created,
        updated_at: created,
      })),
      customer: customerView,
      status: 'pending',
      created_at: created,
      updated_at: created,
      closed_at: created,
      charges: [charge],
    }
    order.status = orderStatus(order)
    state.orders[orderId] = order
    emit('order.created', order)
    if (charge.status === 'paid') {
      emit('charge.paid', chargeView(order, charge))
      emit('order.paid', order)
    } else if (charge.status === 'failed') {
      emit('charge.payment_failed', chargeView(order, charge))
      emit('order.payment_failed', order)
    }
    changed()
    return ok(order)
  }

  // ── After the sale ──────────────────────────────────────────────────────────────────────

  /** DELETE /charges/{id}: cancels a pending charge, refunds a paid one (in part with `amount`). */
  function cancelCharge(chargeId: string, body: unknown): Reply {
    const { order, charge } = chargeWithOrder(chargeId)
    if (!order || !charge) return notFound('Charge')
    settleProcessing(order)
    const request = isObject(body) ? body : {}
    const tx = charge.last_transaction
    const card = charge.payment_method === 'credit_card' || charge.payment_method === 'debit_card'
    const wasPending = charge.status === 'pending' || charge.status === 'processing'
    if (wasPending) {
      // Nothing was paid: a card's authorization is voided, a boleto or PIX cancelled.
      charge.status = 'canceled'
      charge.canceled_amount = charge.amount
      charge.canceled_at = iso()
      tx.status = card ? 'voided' : 'canceled'
      delete state.processing[chargeId]
      delete state.challenges[chargeId]
      delete tx.threed_authentication_url
    } else if (charge.status === 'paid' || charge.status === 'overpaid' || charge.status === 'underpaid') {
      const paid = charge.paid_amount ?? charge.amount
      const refundable = paid - (charge.canceled_amount ?? 0)
      const amount = request.amount === undefined ? refundable : Number(request.amount)
      if (!Number.isInteger(amount) || amount <= 0 || amount > refundable) {
        return invalid({ amount: [`The amount must be between 1 and ${refundable}.`] })
      }
      // A paid boleto goes back by bank transfer: Pagar.me needs the account to send it to.
      if (charge.payment_method === 'boleto' && !isObject(request.bank_account)) {
        return invalid({ bank_account: ['The bank_account field is required to refund a boleto.'] })
      }
      charge.canceled_amount = (charge.canceled_amount ?? 0) + amount
      // A card refunded on the day of its capture is voided (the documentation's charge.refunded
      // example: `canceled`, last transaction `voided`, no paid_at nor paid_amount); on a later
      // day, or any other method, refunded.
      const sameDay =
        card && typeof charge.paid_at === 'string' && charge.paid_at.slice(0, 10) === iso().slice(0, 10)
      if (charge.canceled_amount >= paid) {
        charge.status = 'canceled'
        charge.canceled_at = iso()
        tx.status = sameDay ? 'voided' : 'refunded'
        if (sameDay) {
          delete charge.paid_at
          delete charge.paid_amount
        }
      } else {
        tx.status = sameDay ? 'partial_void' : 'partial_refunded'
      }
    } else {
      return invalid({ charge: [`The charge cannot be canceled in status ${charge.status}.`] })
    }
    tx.updated_at = iso()
    charge.updated_at = iso()
    order.status = orderStatus(order)
    order.updated_at = iso()
    if (charge.status === 'canceled') {
      emit(wasPending ? 'charge.canceled' : 'charge.refunded', chargeView(order, charge))
      emit('order.canceled', order)
    } else {
      emit('charge.partial_canceled', chargeView(order, charge))
    }
    changed()
    return ok(chargeView(order, charge))
  }

  /** The buyer pays a boleto or a PIX (an expired PIX can no longer be paid). */
  /**
   * The payer pays the boleto or PIX: the amount asked, or (a boleto) another one: short is
   * `underpaid`, over is `overpaid`, each with its own event, as the provider documents them.
   */
  function payCharge(chargeId: string, amount?: number): Reply {
    const { order, charge } = chargeWithOrder(chargeId)
    if (!order || !charge) return notFound('Charge')
    if (charge.status !== 'pending') return ok(chargeView(order, charge))
    if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0)) {
      return invalid({ amount: ['The amount must be a positive integer.'] })
    }
    const tx = charge.last_transaction
    const expired = typeof tx.expires_at === 'string' && Date.parse(tx.expires_at) < now()
    const received = amount ?? charge.amount
    if (expired) {
      charge.status = 'failed'
      tx.status = 'expired'
    } else {
      charge.status = received < charge.amount ? 'underpaid' : received > charge.amount ? 'overpaid' : 'paid'
      charge.paid_amount = received
      charge.paid_at = iso()
      tx.status = charge.status
      tx.paid_at = iso()
      tx.paid_amount = received
    }
    tx.updated_at = iso()
    charge.updated_at = iso()
    order.status = orderStatus(order)
    order.updated_at = iso()
    emit(
      charge.status === 'failed' ? 'charge.payment_failed' : `charge.${charge.status}`,
      chargeView(order, charge),
    )
    emit(charge.status === 'failed' ? 'order.payment_failed' : 'order.paid', order)
    changed()
    return ok(chargeView(order, charge))
  }

  /** Moves a paid charge's capture `days` back: its refund is then a later day's, not a void. */
  function ageCharge(chargeId: string, days: number): Reply {
    const { order, charge } = chargeWithOrder(chargeId)
    if (!order || !charge || typeof charge.paid_at !== 'string') return notFound('Charge')
    charge.paid_at = iso(Date.parse(charge.paid_at) - days * 86_400_000)
    changed()
    return ok(chargeView(order, charge))
  }

  /** The cardholder disputes a paid charge with the issuer. */
  function chargeBack(chargeId: string): Reply {
    const { order, charge } = chargeWithOrder(chargeId)
    if (!order || !charge) return notFound('Charge')
    if (charge.status !== 'paid' && charge.status !== 'overpaid') {
      return invalid({ charge: [`Only a paid charge can be charged back (status ${charge.status}).`] })
    }
    charge.status = 'chargedback'
    charge.last_transaction.status = 'chargedback'
    charge.last_transaction.updated_at = iso()
    charge.updated_at = iso()
    order.updated_at = iso()
    emit('charge.chargedback', chargeView(order, charge))
    changed()
    return ok(chargeView(order, charge))
  }

  /**
   * The institute wins the dispute (Pagar.me's reapresentação): the charge stays `chargedback`
   * (final, as Pagar.me documents it) and a `chargeback_refund` payable returns the money. Pagar.me
   * sends no event for it: the store finds it when it reads the charge (decision 023).
   */
  function winDispute(chargeId: string): Reply {
    const { order, charge } = chargeWithOrder(chargeId)
    if (!order || !charge) return notFound('Charge')
    if (charge.status !== 'chargedback') {
      return invalid({ charge: [`Only a charged-back charge has a dispute (status ${charge.status}).`] })
    }
    state.disputesWon[chargeId] ??= iso()
    changed()
    return ok(chargeView(order, charge))
  }

  /**
   * The charge's payables (recebíveis), as v5 lists them: a credit when it was paid, a refund for
   * what went back, a chargeback, and a chargeback_refund once its dispute was won.
   */
  function payablesOf(charge: Charge): Json[] {
    const paidAmount = charge.paid_amount ?? charge.amount
    const paid = typeof charge.paid_at === 'string' || charge.status === 'chargedback'
    const payable = (type: string, amount: number, at: string) => ({
      id: `${charge.id}-${type}`,
      type,
      status: 'waiting_funds',
      amount,
      fee: 0,
      anticipation_fee: 0,
      fraud_coverage_fee: 0,
      installment: 1,
      charge_id: charge.id,
      recipient_id: 'rp_sandbox',
      payment_method: charge.payment_method,
      payment_date: at,
      created_at: at,
    })
    const at = String(charge.paid_at ?? charge.updated_at)
    const won = state.disputesWon[charge.id]
    return [
      ...(paid ? [payable('credit', paidAmount, at)] : []),
      ...(paid && (charge.canceled_amount ?? 0) > 0
        ? [payable('refund', -(charge.canceled_amount ?? 0), charge.updated_at)]
        : []),
      ...(charge.status === 'chargedback' ? [payable('chargeback', -paidAmount, charge.updated_at)] : []),
      ...(won ? [payable('chargeback_refund', paidAmount, won)] : []),
    ]
  }

  // ── HTTP ────────────────────────────────────────────────────────────────────────────────

  function authorized(request: Request): boolean {
    const header = request.headers.get('authorization') ?? ''
    if (!header.startsWith('Basic ')) return false
    const [user] = atob(header.slice(6)).split(':')
    return Boolean(user?.startsWith('sk_test_'))
  }

  function outageFor(request: Request, bodyText: string): number | null {
    const url = new URL(request.url)
    for (const outage of state.outages) {
      if (outage.target === null) return outage.status
      if (url.pathname.includes(outage.target) || url.search.includes(outage.target)) return outage.status
      if (bodyText.includes(outage.target)) return outage.status
    }
    return null
  }

  function cors(request: Request, response: Response): Response {
    const origin = request.headers.get('origin')
    if (!origin) return response
    const headers = new Headers(response.headers)
    headers.set('Access-Control-Allow-Origin', origin)
    headers.set('Vary', 'Origin')
    return new Response(response.body, { status: response.status, headers })
  }

  /** One API request, answered synchronously (no await): concurrent requests cannot interleave. */
  function api(request: Request, path: string, bodyText: string): Reply {
    const url = new URL(request.url)
    const method = request.method
    let body: unknown
    if (bodyText) {
      try {
        body = JSON.parse(bodyText)
      } catch {
        return invalidJson
      }
    }
    if (path === '/tokens' && method === 'POST') {
      if (!url.searchParams.get('appId')?.startsWith('pk_test_')) return unauthorized
      return createToken(body)
    }
    if (!authorized(request)) return unauthorized

    // The same Idempotency-Key within 24 hours answers what the first request got.
    const key = request.headers.get('idempotency-key')
    const keyId = key && (method === 'POST' || method === 'DELETE') ? `${method} ${path} ${key}` : null
    const earlier = keyId ? state.idempotency[keyId] : undefined
    if (earlier && now() - earlier.at < IDEMPOTENCY_TTL_MS)
      return { status: earlier.status, body: earlier.body }
    const reply = route(method, path, url, body)
    if (keyId) {
      state.idempotency[keyId] = { at: now(), status: reply.status, body: structuredClone(reply.body) }
      changed()
    }
    return reply
  }

  function route(method: string, path: string, url: URL, body: unknown): Reply {
    if (path === '/orders' && method === 'POST') return createOrder(body, url.origin)
    if (path === '/orders' && method === 'GET') {
      const code = url.searchParams.get('code')
      const status = url.searchParams.get('status')
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
      const size = Math.min(100, Math.max(1, Number(url.searchParams.get('size') ?? 10) || 10))
      const all = Object.values(state.orders)
        .filter(
          (order) => (code === null || order.code === code) && (status === null || order.status === status),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
      for (const order of all) settleProcessing(order)
      return ok({ data: all.slice((page - 1) * size, page * size), paging: { total: all.length } })
    }
    const orderMatch = /^\/orders\/([\w-]+)$/.exec(path)
    if (orderMatch && method === 'GET') {
      const order = state.orders[orderMatch[1]!]
      if (!order) return notFound('Order')
      settleProcessing(order)
      return ok(order)
    }
    const chargeMatch = /^\/charges\/([\w-]+)$/.exec(path)
    if (chargeMatch && method === 'GET') {
      const order = orderOfCharge(chargeMatch[1]!)
      if (!order) return notFound('Charge')
      settleProcessing(order)
      return ok(chargeView(order, chargeById(chargeMatch[1]!)!))
    }
    if (chargeMatch && method === 'DELETE') return cancelCharge(chargeMatch[1]!, body)
    if (path === '/payables' && method === 'GET') {
      const chargeId = url.searchParams.get('charge_id')
      const type = url.searchParams.get('type')
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
      const size = Math.min(100, Math.max(1, Number(url.searchParams.get('size') ?? 10) || 10))
      const charges = Object.values(state.orders).flatMap((order) => order.charges)
      const all = charges
        .filter((charge) => chargeId === null || charge.id === chargeId)
        .flatMap(payablesOf)
        .filter((payable) => type === null || payable.type === type)
      return ok({ data: all.slice((page - 1) * size, page * size), paging: { total: all.length } })
    }
    return { status: 404, body: { message: 'No HTTP resource was found that matches the request URI.' } }
  }

  /** What tests and the dashboard use to play the provider after the sale. */
  function control(request: Request, path: string, bodyText: string): Reply {
    const body = controlBody(bodyText)
    if (body === undefined) return invalidJson
    const chargeAction = /^\/charges\/([\w-]+)\/(pay|refund|chargeback|dispute-won|age)$/.exec(path)
    if (chargeAction && request.method === 'POST') {
      const [, chargeId, action] = chargeAction
      if (action === 'pay')
        return payCharge(chargeId!, body.amount === undefined ? undefined : Number(body.amount))
      if (action === 'age') return ageCharge(chargeId!, Number(body.days ?? 1))
      if (action === 'chargeback') return chargeBack(chargeId!)
      if (action === 'dispute-won') return winDispute(chargeId!)
      return cancelCharge(chargeId!, body)
    }
    if (path === '/outage' && request.method === 'POST') {
      const target = typeof body.target === 'string' ? body.target : null
      state.outages = state.outages.filter((outage) => outage.target !== target)
      if (body.enabled !== false) state.outages.push({ target, status: Number(body.status ?? 503) })
      changed()
      return ok({ outages: state.outages })
    }
    if (path === '/requests' && request.method === 'GET') {
      const url = new URL(request.url)
      const prefix = url.searchParams.get('path') ?? ''
      const method = url.searchParams.get('method')
      return ok(
        state.requests.filter((r) => r.path.startsWith(prefix) && (method === null || r.method === method)),
      )
    }
    if (path === '/webhooks' && request.method === 'GET') return ok(state.webhooks)
    const resend = /^\/webhooks\/([\w-]+)\/resend$/.exec(path)
    if (resend && request.method === 'POST') {
      const delivery = state.webhooks.find((w) => w.id === resend[1])
      if (!delivery) return notFound('Webhook')
      delivery.status = 'pending'
      deliver(delivery)
      return ok({ id: delivery.id })
    }
    return { status: 404, body: { message: 'Unknown sandbox control.' } }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const bodyText = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    if (url.pathname.startsWith(`${API_PREFIX}/`)) {
      const path = url.pathname.slice(API_PREFIX.length)
      if (request.method === 'OPTIONS') {
        return new Response(null, {
          status: 204,
          headers: {
            'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
            'Access-Control-Allow-Methods': 'POST, OPTIONS',
            'Access-Control-Allow-Headers': 'content-type, accept',
            'Access-Control-Max-Age': '600',
            Vary: 'Origin',
          },
        })
      }
      const outage = outageFor(request, bodyText)
      const reply = outage !== null ? outageReply(outage) : api(request, path, bodyText)
      state.requests.push({
        at: iso(),
        method: request.method,
        path: path + url.search,
        idempotencyKey: request.headers.get('idempotency-key'),
        status: reply.status,
      })
      if (state.requests.length > REQUEST_LOG_LIMIT)
        state.requests.splice(0, state.requests.length - REQUEST_LOG_LIMIT)
      return path === '/tokens' ? cors(request, toResponse(reply)) : toResponse(reply)
    }
    if (url.pathname === JWKS_PATH && request.method === 'GET') {
      const down = state.outages.find((outage) => outage.target === JWKS_OUTAGE_TARGET)
      state.requests.push({
        at: iso(),
        method: 'GET',
        path: JWKS_PATH,
        idempotencyKey: null,
        status: down?.status ?? 200,
      })
      if (down)
        return Response.json({ message: 'Service unavailable (sandbox outage).' }, { status: down.status })
      return Response.json(await keySet())
    }
    if (url.pathname.startsWith('/_sandbox/')) {
      const path = url.pathname.slice('/_sandbox'.length)
      return toResponse((await keyControl(request, path, bodyText)) ?? control(request, path, bodyText))
    }
    if (/^\/(test|live)\/3ds2\/tds-token$/.test(url.pathname) && request.method === 'GET') {
      // Pagar.me's 3DS guide: the backend asks with its secret key (Basic auth); outages apply.
      const outage = outageFor(request, '')
      const reply: Reply =
        outage !== null ? outageReply(outage) : authorized(request) ? tds.tdsToken() : unauthorized
      state.requests.push({
        at: iso(),
        method: 'GET',
        path: url.pathname,
        idempotencyKey: null,
        status: reply.status,
      })
      return toResponse(reply)
    }
    const fromLibrary = tds.browser(request, url, bodyText)
    if (fromLibrary) return fromLibrary
    return pages(request, url, bodyText)
  }

  /** The signing keys' controls: the list, a rotation, and the signature of a body a test sends itself. */
  async function keyControl(request: Request, path: string, bodyText: string): Promise<Reply | null> {
    const listed = (keys: SigningKey[]) =>
      keys.map(({ kid, createdAt, retiredAt }) => ({ kid, created_at: createdAt, retired_at: retiredAt }))
    if (path === '/keys' && request.method === 'GET') return ok({ keys: listed(await signingKeys) })
    if (path === '/keys/rotate' && request.method === 'POST') {
      const keys = await rotateKeys()
      return ok({ kid: keys[0]!.kid, keys: listed(keys) })
    }
    if (path === '/webhooks/sign' && request.method === 'POST') {
      const body = controlBody(bodyText)
      if (body === undefined) return invalidJson
      if (typeof body.body !== 'string') return invalid({ body: ['The body field is required.'] })
      const signature = await signBody(body.body, typeof body.kid === 'string' ? body.kid : undefined)
      if (!signature) return notFound('Key')
      return ok({ header: WEBHOOK_SIGNATURE_HEADER, signature })
    }
    return null
  }

  // ── Pages a person uses: the dashboard, a printable boleto, its PDF ────────────────────

  async function pages(request: Request, url: URL, bodyText: string): Promise<Response> {
    const html = (text: string, status = 200) =>
      new Response(text, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
    if (url.pathname === '/' && request.method === 'GET') {
      return html(
        dashboardPage(
          Object.values(state.orders),
          state.disputesWon,
          state.webhooks,
          state.outages,
          await signingKeys,
          options.accountType,
        ),
      )
    }
    const action =
      /^\/sandbox\/actions\/(pay|refund|chargeback|dispute-won|outage-on|outage-off|refuse-on|rotate-keys|keys-outage-on|keys-outage-off)(?:\/([\w-]+))?$/.exec(
        url.pathname,
      )
    if (action && request.method === 'POST') {
      const [, name, chargeId] = action
      if (name === 'rotate-keys' || name === 'keys-outage-on' || name === 'keys-outage-off') {
        if (name === 'rotate-keys') await rotateKeys()
        else {
          state.outages = state.outages.filter((outage) => outage.target !== JWKS_OUTAGE_TARGET)
          if (name === 'keys-outage-on') state.outages.push({ target: JWKS_OUTAGE_TARGET, status: 503 })
          changed()
        }
        return new Response(null, { status: 303, headers: { Location: '/' } })
      }
      const form = new URLSearchParams(bodyText)
      const cents = (field: string) =>
        form.get(field) ? Math.round(Number(form.get(field)!.replace(',', '.')) * 100) : undefined
      if (name === 'pay') payCharge(chargeId!, cents('amount'))
      else if (name === 'chargeback') chargeBack(chargeId!)
      else if (name === 'dispute-won') winDispute(chargeId!)
      else if (name === 'refund') {
        const amount = form.get('amount')
          ? Math.round(Number(form.get('amount')!.replace(',', '.')) * 100)
          : undefined
        cancelCharge(chargeId!, {
          ...(amount ? { amount } : {}),
          bank_account: { holder_name: 'Sandbox', bank: '001', account_number: '1', type: 'checking' },
        })
      } else {
        state.outages =
          name === 'outage-on'
            ? [{ target: null, status: 503 }]
            : name === 'refuse-on'
              ? [{ target: null, status: 412 }]
              : []
        changed()
      }
      return new Response(null, { status: 303, headers: { Location: '/' } })
    }
    const boleto = /^\/sandbox\/boletos\/([\w-]+?)(\.pdf)?$/.exec(url.pathname)
    if (boleto && request.method === 'GET') {
      const { order, charge } = chargeWithOrder(boleto[1]!)
      if (!order || !charge || charge.payment_method !== 'boleto')
        return html('<p>Boleto não encontrado.</p>', 404)
      // The retired v4 API's '?format=pdf' (the plan payment's boleto link, SPEC 9) gets the PDF too.
      if (boleto[2] || url.searchParams.get('format') === 'pdf') {
        return new Response(boletoPdf(order, charge), { headers: { 'Content-Type': 'application/pdf' } })
      }
      return html(boletoPage(order, charge))
    }
    const challenge = /^\/sandbox\/3ds\/([\w-]+)$/.exec(url.pathname)
    if (challenge && request.method === 'GET') {
      const { order, charge } = chargeWithOrder(challenge[1]!)
      if (!order || !charge || charge.payment_method !== 'debit_card')
        return html('<p>Autenticação não encontrada.</p>', 404)
      return html(challengePage(order, charge, Boolean(state.challenges[charge.id])))
    }
    if (challenge && request.method === 'POST') {
      const decision = new URLSearchParams(bodyText).get('decisao')
      const back = answerChallenge(challenge[1]!, decision === 'aprovar')
      if (back) return new Response(null, { status: 303, headers: { Location: back } })
      return html(challengeDonePage())
    }
    const pix = /^\/sandbox\/pix\/([\w-]+)$/.exec(url.pathname)
    if (pix && request.method === 'GET') {
      const charge = chargeById(pix[1]!)
      if (!charge) return html('<p>PIX não encontrado.</p>', 404)
      return Response.json({ qr_code: charge.last_transaction.qr_code })
    }
    return html('<p>Endereço não encontrado no sandbox.</p>', 404)
  }

  return {
    handle,
    state,
    /** Stops pending webhook retries (the server closes). */
    stop() {
      timers.clear()
    },
  }
}

export type PagarmeSandbox = ReturnType<typeof createPagarmeSandbox>
