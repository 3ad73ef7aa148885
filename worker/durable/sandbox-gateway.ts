import { DurableObject } from 'cloudflare:workers'
import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import type { CreateOrderInput, GatewayOrder } from '../adapters/payments/types.ts'
import { boletoLine } from '../domain/boleto.ts'
import { pixCopyPaste } from '../domain/pix.ts'

// The local payment provider: Pagar.me's shapes and documented test cards, no outside service.
export const SANDBOX_CARDS = { approved: '4000000000000010', declined: '4000000000000028' } as const
const TOKEN_TTL_MS = 60_000
const PIX_TTL_MS = 30 * 60_000

type StoredToken = {
  number: string
  cvv: string
  expMonth: number
  expYear: number
  createdAt: number
  used: boolean
}
type TokenCard = { number: string; holder_name: string; exp_month: number; exp_year: number; cvv: string }
export type TokenResult =
  | {
      ok: true
      token: {
        id: string
        type: 'card'
        card: { first_six_digits: string; last_four_digits: string; brand: string }
      }
    }
  | { ok: false; errors: Record<string, string[]> }
export type CreateResult = { ok: true; order: GatewayOrder } | { ok: false; errors: Record<string, string[]> }

function luhn(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return number.length >= 13 && sum % 10 === 0
}

export class SandboxGateway extends DurableObject {
  /** POST /core/v5/tokens: a single-use token that lives 60 s. */
  async tokenize(card: TokenCard, now: number): Promise<TokenResult> {
    const errors: Record<string, string[]> = {}
    const number = card.number.replace(/\D/g, '')
    if (!luhn(number)) errors['card.number'] = ['The number field is not a valid card number']
    if (!/^\d{3,4}$/.test(card.cvv)) errors['card.cvv'] = ['The cvv field is invalid']
    const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year
    const expiry = Date.UTC(year, card.exp_month, 1)
    if (!(card.exp_month >= 1 && card.exp_month <= 12) || expiry <= now)
      errors['card.exp_month'] = ['Card expired']
    if (card.holder_name.trim().length < 2) errors['card.holder_name'] = ['The holder_name field is required']
    if (Object.keys(errors).length) return { ok: false, errors }

    const id = `token_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`
    const stored: StoredToken = {
      number,
      cvv: card.cvv,
      expMonth: card.exp_month,
      expYear: year,
      createdAt: now,
      used: false,
    }
    await this.ctx.storage.put(`token:${id}`, stored)
    return {
      ok: true,
      token: {
        id,
        type: 'card',
        card: {
          first_six_digits: number.slice(0, 6),
          last_four_digits: number.slice(-4),
          brand: number.startsWith('4') ? 'Visa' : 'Mastercard',
        },
      },
    }
  }

  /** POST /core/v5/orders with Idempotency-Key: the same key answers the same order, charged once. */
  async createOrder(input: CreateOrderInput, now: number): Promise<CreateResult> {
    const known = await this.ctx.storage.get<string>(`idem:${input.idempotencyKey}`)
    if (known) return { ok: true, order: (await this.ctx.storage.get<GatewayOrder>(`order:${known}`))! }

    const errors: Record<string, string[]> = {}
    if (!isValidCpf(input.customer.document)) errors['customer.document'] = ['Invalid CPF']
    if (input.billingAddress && !/^\d+[A-Za-z]?$/.test(input.billingAddress.number)) {
      errors['customer.address.number'] = ['The number field must be a string']
    }
    if (Object.keys(errors).length) return { ok: false, errors }

    const id = `or_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`
    const base = { gatewayOrderId: id, code: input.code, amountCents: input.amountCents }
    let order: GatewayOrder
    if (input.method === 'credit_card') {
      const token = input.cardToken
        ? await this.ctx.storage.get<StoredToken>(`token:${input.cardToken}`)
        : undefined
      if (!token || token.used || now - token.createdAt > TOKEN_TTL_MS) {
        return { ok: false, errors: { card_token: ['The card_token is invalid or expired'] } }
      }
      await this.ctx.storage.put(`token:${input.cardToken}`, { ...token, used: true })
      const approved = token.number === SANDBOX_CARDS.approved && !token.cvv.startsWith('6')
      order = approved
        ? { ...base, status: 'paid' }
        : {
            ...base,
            status: 'failed',
            failureMessage: token.cvv.startsWith('6')
              ? 'Código de segurança recusado'
              : 'Transação não autorizada',
          }
    } else if (input.method === 'boleto') {
      const due = new Date(now + 3 * 86_400_000)
      const { line } = boletoLine({
        bank: '237',
        amountCents: input.amountCents,
        due,
        freeField: String(now).slice(-13) + '0'.repeat(12),
      })
      order = {
        ...base,
        status: 'pending',
        boleto: { url: `/api/sandbox/boleto/${id}`, line, dueAt: due.toISOString() },
      }
    } else {
      const code = pixCopyPaste({
        key: 'pix@institutorenalis.com.br',
        amountCents: input.amountCents,
        merchantName: 'Instituto Renalis',
        merchantCity: 'Curitiba',
        txid: id,
      })
      order = {
        ...base,
        status: 'pending',
        pix: { code, expiresAt: new Date(now + PIX_TTL_MS).toISOString() },
      }
    }
    await this.ctx.storage.put(`order:${id}`, order)
    await this.ctx.storage.put(`idem:${input.idempotencyKey}`, id)
    await this.ctx.storage.put('charges', ((await this.ctx.storage.get<number>('charges')) ?? 0) + 1)
    return { ok: true, order }
  }

  async getOrder(id: string): Promise<GatewayOrder | null> {
    return (await this.ctx.storage.get<GatewayOrder>(`order:${id}`)) ?? null
  }

  /** Plays the buyer paying a boleto or PIX; an expired PIX cannot be paid. */
  async pay(id: string, now: number): Promise<GatewayOrder | null> {
    const order = await this.getOrder(id)
    if (order?.status !== 'pending') return order
    const expired = order.pix && Date.parse(order.pix.expiresAt) < now
    const next: GatewayOrder = { ...order, status: expired ? 'expired' : 'paid' }
    await this.ctx.storage.put(`order:${id}`, next)
    return next
  }

  /** How many orders were created (tests check that retries charge once). */
  async chargeCount(): Promise<number> {
    return (await this.ctx.storage.get<number>('charges')) ?? 0
  }
}
