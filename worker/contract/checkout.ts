import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import { z } from 'zod'
import { ORDER_STATES, PAYMENT_TYPES } from '../domain/payments.ts'
import { PAGARME_ACCOUNT_TYPES } from '../domain/three-ds.ts'
import { emailAddress, PHONE_PATTERN, personName } from './auth.ts'
import { CartHash } from './cart.ts'
import { Company, ForeignBuyer } from './fiscal.ts'
import { Cents } from './money.ts'

export { CHECKOUT_MESSAGES } from './checkout-messages.ts'

/** SPEC section 5: the card check before tokenisation, messages joined by ', '. */
export const CARD_MESSAGES = {
  number: 'número do cartão inválido',
  holder: 'nome do portador inválido',
  expiry: 'data de expiração inválido',
  cvv: 'código de segurança inválido',
} as const

export const Payer = z
  .object({
    id: z.number().int().positive().optional(),
    name: personName('Informe o nome do pagador.', 'Informe o nome completo do pagador.'),
    email: emailAddress({}),
    cpf: z
      .string({ error: 'Informe o CPF.' })
      .refine((value) => isValidCpf(value), { error: 'CPF inválido' })
      .transform((value) => value.replace(/\D/g, '')),
    phone: z.string().trim().regex(PHONE_PATTERN, { error: 'Informe um telefone válido.' }),
  })
  .strict()
export type Payer = z.infer<typeof Payer>

/**
 * A purchase given to someone else ('Presentear'): one recipient, who gets the access (an account
 * found or made by this e-mail when it is paid) and an e-mail that says who sent it (issue 22,
 * item 7). One, because the cart holds one seat of each class.
 */
export const MAX_GIFTS = 1
export const GIFT_MESSAGES = {
  one: 'Uma compra pode ser presente para uma pessoa só.',
  name: 'Informe o nome de quem vai receber.',
  email: 'Informe um e-mail válido.',
  notYourself: 'O presente é para outra pessoa: informe um e-mail diferente do seu.',
} as const
export const Gift = z
  .object({
    name: personName(GIFT_MESSAGES.name),
    email: emailAddress({ missing: GIFT_MESSAGES.email, invalid: GIFT_MESSAGES.email, max: 254 }),
  })
  .strict()
export type Gift = z.infer<typeof Gift>

export const BillingAddress = z
  .object({
    zip_code: z.string().regex(/^\d{5}-?\d{3}$/, { error: 'CEP inválido' }),
    street: z.string().trim().min(2, { error: 'Informe a rua.' }).max(120),
    number: z.string().trim().min(1, { error: 'Número da rua incorreto' }).max(10),
    complement: z.string().trim().max(60).optional(),
    neighborhood: z.string().trim().min(2, { error: 'Informe o bairro.' }).max(60),
    city: z.string().trim().min(2, { error: 'Informe a cidade.' }).max(60),
    state: z.string().regex(/^[A-Z]{2}$/, { error: 'Informe a UF com duas letras.' }),
  })
  .strict()
export type BillingAddress = z.infer<typeof BillingAddress>

/** The ids triple of SPEC section 7: course id, class id, coupon id (one per turma). */
const IdTriple = z.tuple([
  z.number().int().nullable(),
  z.number().int().nullable(),
  z.number().int().nullable(),
])

/** POST /checkout/pagar. The server recomputes every amount; `total` is checked, never trusted. */
export const PayInput = z
  .object({
    hash: CartHash,
    idempotency_key: z
      .string()
      .min(16)
      .max(100)
      .regex(/^[\w-]+$/, { error: 'Chave de idempotência inválida.' }),
    ids: z
      .object({
        turmas: z.array(IdTriple).optional(),
        produtos: z.array(z.number().int()).optional(),
        pacotes: z.array(z.number().int()).optional(),
        cupons: z.array(z.number().int()).optional(),
      })
      .strict()
      .optional(),
    payment_type: z.enum(PAYMENT_TYPES, { error: 'Escolha a forma de pagamento.' }).nullish(),
    cardhash: z.string().max(200).nullish(),
    holderName: z.string().max(120).nullish(),
    total: Cents,
    doacao: Cents.max(10_000_000).default(0),
    parcela: z.number().int().min(1).max(12).default(1),
    gifts: z.array(Gift).max(MAX_GIFTS, { error: GIFT_MESSAGES.one }).default([]),
    billingAddress: BillingAddress.nullish(),
    payer: Payer,
    /** 'Quero receber lembretes sobre esta compra por e-mail' (issue 25): unticked unless sent. */
    reminders_consent: z.boolean().default(false),
    /** 'Comprar como empresa' (issue 43): the NFS-e goes to this CNPJ and razão social. */
    empresa: Company.optional(),
    /** A buyer abroad (issue 43): the NFS-e's foreign taker, with this address. */
    estrangeiro: ForeignBuyer.optional(),
  })
  .strict()
export type PayInput = z.infer<typeof PayInput>

export const PayResult = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATES),
  /** Purchase done, but the confirmation e-mail could not be sent (SPEC section 8). */
  error: z.boolean(),
  ccj_boleto_link: z.string().nullable(),
  ccj_pay_number: z.string().nullable(),
  ccj_pix_code: z.string().nullable(),
  boleto_due_at: z.string().nullable(),
  pix_expires_at: z.string().nullable(),
  total: Cents,
  instalments: z.number().int(),
  instalment_value: Cents,
  /** What the provider confirmed as refunded (a partial refund keeps the enrollments). */
  refunded_cents: Cents,
  message: z.string().nullable(),
})
export type PayResult = z.infer<typeof PayResult>

export const PaymentsConfig = z.object({
  /** 'sandbox': the local stand-in of Pagar.me (the order screen offers 'Simular pagamento'). */
  gateway: z.enum(['sandbox', 'pagarme']),
  public_key: z.string(),
  /** Where the browser tokenizes the card: {PAGARME_API_URL}/tokens. */
  tokenize_url: z.string(),
  /**
   * The Pagar.me account's contract (worker/domain/three-ds.ts): 'psp' authenticates a debit card
   * in the browser before paying; 'gateway' sends the payer to the issuer's challenge after.
   */
  account_type: z.enum(PAGARME_ACCOUNT_TYPES),
})
export type PaymentsConfig = z.infer<typeof PaymentsConfig>

/** An order's id in a path (`/api/pedidos/{id}`): random, so impossible to guess. */
export const OrderId = z.string().regex(/^ped_[0-9a-f]{32}$/, { error: 'Pedido inválido.' })
/** No order has that id (the 404 of the order's verbs, the buyer's and the admin's). */
export const ORDER_NOT_FOUND = 'Pedido não encontrado.'
