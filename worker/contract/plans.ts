import { z } from 'zod'
import { APPLICATION_STATES, MONTHLY_FEES_AFTER_APPROVAL } from '../domain/editais.ts'
import { ORDER_STATES, PLAN_PAYMENT_METHODS } from '../domain/payments.ts'
import { FeePlan } from './catalog.ts'
import { BillingAddress, Payer } from './checkout.ts'
import { Company, ForeignBuyer } from './fiscal.ts'
import { Cents } from './money.ts'

/** The fee plans' pt-BR messages (SPEC section 8's plan purchase, and the server's refusals). */
export const PLAN_MESSAGES = {
  /** SPEC section 8: loading the plan failed. */
  loadFailed: 'Erro ao pegar plano',
  /** SPEC section 8, code 1 on the plan purchase: a generic server error. */
  serverError: 'Erro no servidor ao processar o pagamento. Tente novamente mais tarde.',
  planNotFound: 'Plano não encontrado.',
  applicationNotFound: 'Inscrição não encontrada entre as suas inscrições.',
  applicationClosed: 'Esta inscrição foi encerrada e não recebe mais pagamentos.',
  notApprovedYet: MONTHLY_FEES_AFTER_APPROVAL,
  planOfAnotherEdital: 'Este plano não pertence ao edital desta inscrição.',
  /** SPEC section 8: an invalid payment_method on the plan purchase. */
  invalidMethod: 'forma de pagamento inválida',
  totalChanged: 'O valor informado não confere com o valor do plano. Atualize a página e tente novamente.',
  tooManyInstalments: 'Parcelamento acima do permitido para este plano.',
  instalmentsOnlyByCredit: 'Só o cartão de crédito pode ser parcelado.',
  alreadyPaid: 'Este plano já foi pago.',
  boletoPending:
    'Este plano já tem um boleto aguardando pagamento. Pague esse boleto ou, depois do vencimento, escolha outra forma de pagamento.',
  attemptMismatch:
    'Esta tentativa de pagamento já foi usada com outro plano ou outra forma de pagamento. Recarregue a página e pague novamente.',
  editalClosed: 'As inscrições deste edital estão encerradas.',
  paymentNotFound: 'Pagamento não encontrado.',
  /** A PSP account's debit without the browser's 3-D Secure authentication. */
  debitAuthenticationRequired:
    'Autentique o cartão de débito com o seu banco antes de pagar: recarregue a página e tente novamente.',
  /** A gateway account has no browser authentication to start. */
  noBrowserAuthentication:
    'Nesta conta, o banco autentica o cartão de débito na página dele, depois do pedido.',
  /** The 3DS library's address is not configured: no debit card now. */
  debitUnavailable:
    'O pagamento com cartão de débito está indisponível no momento. Escolha outra forma de pagamento.',
} as const

const PositiveId = z.number({ error: 'Informe um número.' }).int().positive().max(2_147_483_647)
/** An id in a path or query string. */
export const IdParam = z.string().regex(/^[1-9]\d{0,9}$/, { error: 'Identificador inválido.' })
export const PlanPaymentId = z.string().regex(/^pla_[0-9a-f]{32}$/, { error: 'Pagamento inválido.' })

/** GET /search/planos?id={id} (SPEC section 7). */
export const PlanQuery = z.object({ id: IdParam }).strict()

/**
 * A fee plan as the payment screen reads it. SPEC section 3: `payment_methods` arrives as a JSON
 * string, which the client parses (values credit_card, boleto, debit_card).
 */
export const Plan = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: Cents,
  payment_methods: z.string(),
  /** The most instalments a credit card may split it into (1 to 12). */
  instalment_times: z.number().int(),
  edital: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), is_open: z.boolean() }),
})
export type Plan = z.infer<typeof Plan>

/** The methods of a plan, from SPEC section 3's JSON string; unknown values are dropped. */
export function parsePaymentMethods(text: string): Array<(typeof PLAN_PAYMENT_METHODS)[number]> {
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return PLAN_PAYMENT_METHODS.filter((method) => value.includes(method))
  } catch {
    return []
  }
}

/**
 * POST /usuario/editais/mensalidade: SPEC section 3's plan purchase payload — plan_id, the payer
 * form's fields (an `id` marks the student's own record), cardhash, total (the plan amount),
 * holderName and inscricao_id — with the method, the instalments, the billing address a card needs
 * and the attempt's idempotency key. The server recomputes the amount and checks the rest.
 */
export const PlanPurchaseInput = Payer.extend({
  plan_id: PositiveId,
  inscricao_id: PositiveId,
  idempotency_key: z
    .string()
    .min(16)
    .max(100)
    .regex(/^[\w-]+$/, { error: 'Chave de idempotência inválida.' }),
  payment_method: z.enum(PLAN_PAYMENT_METHODS, { error: PLAN_MESSAGES.invalidMethod }),
  parcela: z.number().int().min(1).max(12).default(1),
  cardhash: z.string().max(200).nullish(),
  holderName: z.string().max(120).nullish(),
  total: Cents,
  billingAddress: BillingAddress.nullish(),
  /**
   * A debit card on a PSP account: the `transaction_id` of the 3-D Secure authentication the
   * browser ran with Pagar.me's 3DS library (sent as `threed_secure.transaction_id`).
   */
  tds_transaction_id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/, { error: 'Autenticação do cartão inválida.' })
    .nullish(),
  /** 'Quero receber lembretes…' (issue 25): reminders of this application's fees; absent, unchanged. */
  reminders_consent: z.boolean().optional(),
  /** 'Comprar como empresa' (issue 43): the fee's NFS-e goes to this CNPJ and razão social (as the checkout's). */
  empresa: Company.optional(),
  /** 'Moro fora do Brasil' (issue 43): the fee's NFS-e has this foreign taker and address (as the checkout's). */
  estrangeiro: ForeignBuyer.optional(),
}).strict()
export type PlanPurchaseInput = z.infer<typeof PlanPurchaseInput>

export const PlanPaymentResult = z.object({
  payment_id: z.string(),
  plan_id: z.number().int(),
  inscricao_id: z.number().int(),
  status: z.enum(ORDER_STATES),
  payment_method: z.enum(PLAN_PAYMENT_METHODS),
  /** Paid, but the confirmation e-mail could not be sent (SPEC section 8). */
  error: z.boolean(),
  /** The boleto's page; the screen opens it with '?format=pdf' (SPEC section 9). */
  ccj_boleto_link: z.string().nullable(),
  /** The boleto's digitable line. */
  ccj_pay_number: z.string().nullable(),
  boleto_due_at: z.string().nullable(),
  /** A debit card waiting for the issuer's 3-D Secure challenge: the payer goes there. */
  authentication_url: z.string().nullable(),
  /** Why the provider refused it, in pt-BR. */
  refusal: z.string().nullable(),
  amount: Cents,
  instalments: z.number().int(),
  instalment_value: Cents,
  /** SPEC section 4: the user record needs completing (the payer carried no id). */
  needs_update: z.boolean(),
  paid_at: z.string().nullable(),
})
export type PlanPaymentResult = z.infer<typeof PlanPaymentResult>

/**
 * GET /api/usuario/editais/3ds-token: what the debit step of a PSP account needs to authenticate
 * the card in the browser: Pagar.me's short-lived token and where its 3DS library is loaded from.
 */
export const TdsToken = z.object({
  tds_token: z.string(),
  script_url: z.string(),
})
export type TdsToken = z.infer<typeof TdsToken>

/** Where a plan stands for one application. */
export const PLAN_STATES = ['paid', 'pending', 'due'] as const

/** A fee of the call (as its page shows it; a monthly fee is listed once approved) and where it stands. */
export const ApplicationPlan = FeePlan.extend({
  state: z.enum(PLAN_STATES),
  /** The payment that paid it or waits for it; else the last refused attempt, if any. */
  payment: PlanPaymentResult.nullable(),
})

export const Application = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATES),
  /** Why it was not approved (refused, or on the waiting list), as the institute wrote it. */
  decision_reason: z.string().nullable(),
  created_at: z.string(),
  edital: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), is_open: z.boolean() }),
  plans: z.array(ApplicationPlan),
  paid_cents: Cents,
  due_cents: Cents,
})
export type Application = z.infer<typeof Application>
export const ApplicationList = z.array(Application)
