import { z } from 'zod'
import { STUDENT_DOC_STATES } from '../domain/catalog.ts'
import {
  APPLICATION_DECISIONS,
  APPLICATION_STATES,
  EDITAL_STATES,
  FEE_KINDS,
  FEE_STATES,
} from '../domain/editais.ts'
import { ORDER_STATES, PLAN_PAYMENT_METHODS } from '../domain/payments.ts'
import {
  CalendarDay,
  exportQueryOf,
  Id,
  LongText,
  MoneyInput,
  Name,
  paginated,
  SearchedPageQuery,
  SearchedPeriodPageQuery,
  Slug,
  Version,
} from './admin.ts'
import { Cents } from './money.ts'
import { RefundOutcome } from './refunds.ts'

// The calls for applications (editais) as /admin/editais runs them: the call and its fee plan,
// its applications and their decisions, and what each fee brings in.

export const ADMIN_EDITAL_MESSAGES = {
  notFound: 'Edital não encontrado.',
  applicationNotFound: 'Inscrição não encontrada.',
  paymentNotFound: 'Pagamento não encontrado.',
  slugTaken: 'Este endereço já é de outro edital. Escolha outro.',
  placesFull: 'As vagas deste edital já estão preenchidas: recuse ou ponha a inscrição na lista de espera.',
  placesBelowApproved: 'Já há mais inscrições aprovadas do que esse número de vagas.',
  reasonRequired: 'Diga o motivo: o candidato lê esta mensagem.',
  decisionClosed: 'Esta inscrição foi cancelada: não há o que decidir.',
  planPaid:
    'Esta taxa já tem pagamentos: ela não pode ser excluída, e seu valor e suas formas de pagamento não mudam.',
  planUnknown: 'Esta taxa não é deste edital.',
  monthlyDue: 'Informe o vencimento da mensalidade.',
  cardInstalments: 'Parcelas só valem com cartão de crédito.',
} as const

/** The call's address: lowercase words joined by hyphens. */
export const EditalSlug = Slug('o endereço do edital', 'residencia-em-nefrologia-2028')

/** A fee of the call's plan. `id`: an existing fee kept (an edit); none: a new one. */
export const FeePlanInput = z
  .object({
    id: Id.optional(),
    kind: z.enum(FEE_KINDS, { error: 'Escolha o tipo da taxa.' }),
    name: Name('o nome da taxa', 120),
    amount_cents: MoneyInput.min(100, { error: 'O valor mínimo é R$ 1,00.' }),
    /** The due day; a monthly fee needs one. */
    due_on: CalendarDay.nullable().default(null),
    payment_methods: z
      .array(z.enum(PLAN_PAYMENT_METHODS, { error: 'Forma de pagamento inválida.' }), {
        error: 'Escolha as formas de pagamento.',
      })
      .min(1, { error: 'Escolha ao menos uma forma de pagamento.' })
      .max(PLAN_PAYMENT_METHODS.length)
      .refine((methods) => new Set(methods).size === methods.length, {
        error: 'Forma de pagamento repetida.',
      }),
    /** Up to how many card instalments (1: in full). */
    instalment_times: z
      .number({ error: 'Informe o número de parcelas.' })
      .int({ error: 'Número de parcelas inválido.' })
      .min(1, { error: 'No mínimo 1 parcela.' })
      .max(12, { error: 'No máximo 12 parcelas.' })
      .default(1),
  })
  .strict()
  .refine((plan) => plan.kind !== 'monthly' || plan.due_on !== null, {
    error: ADMIN_EDITAL_MESSAGES.monthlyDue,
    path: ['due_on'],
  })
  .refine((plan) => plan.instalment_times === 1 || plan.payment_methods.includes('credit_card'), {
    error: ADMIN_EDITAL_MESSAGES.cardInstalments,
    path: ['instalment_times'],
  })
export type FeePlanInput = z.input<typeof FeePlanInput>

const EditalFields = z
  .object({
    title: Name('o título do edital', 200),
    slug: EditalSlug,
    /** The short text under the title in lists and at the top of the page. */
    summary: LongText(400),
    /** The call's text (simple markdown: ## headings, lists, links). */
    body: LongText(20_000),
    /** The application period, Curitiba days, both ends included. */
    opens_on: CalendarDay.nullable().default(null),
    closes_on: CalendarDay.nullable().default(null),
    /** How many applications may be approved; null: no limit. */
    places: z
      .number({ error: 'Informe o número de vagas.' })
      .int({ error: 'Número de vagas inválido.' })
      .min(1, { error: 'No mínimo 1 vaga.' })
      .max(100_000, { error: 'Número de vagas alto demais.' })
      .nullable()
      .default(null),
    plans: z
      .array(FeePlanInput, { error: 'Informe as taxas.' })
      .max(60, { error: 'No máximo 60 taxas.' })
      .default([]),
  })
  .strict()

const periodInOrder = (edital: { opens_on: string | null; closes_on: string | null }) =>
  !edital.opens_on || !edital.closes_on || edital.opens_on <= edital.closes_on
const PERIOD_ORDER = {
  error: 'O fim das inscrições deve ser no mesmo dia do início ou depois.',
  path: ['closes_on'],
}

/** A call as its form sends it. */
export const EditalInput = EditalFields.refine(periodInOrder, PERIOD_ORDER)
export type EditalInput = z.input<typeof EditalInput>

export const EditalUpdateInput = EditalFields.extend({ version: Version })
  .strict()
  .refine(periodInOrder, PERIOD_ORDER)
export type EditalUpdateInput = z.input<typeof EditalUpdateInput>

/** Publish (open), close, reopen or take back to draft. */
export const EditalStateInput = z
  .object({ state: z.enum(EDITAL_STATES, { error: 'Situação inválida.' }), version: Version })
  .strict()

export const AdminEditalsQuery = z
  .object({ ...SearchedPageQuery, state: z.enum(EDITAL_STATES, { error: 'Situação inválida.' }).optional() })
  .strict()
export type AdminEditalsQuery = z.output<typeof AdminEditalsQuery>

/** How many applications are in each state, and the places. */
const Counts = z.object({
  places: z.number().int().nullable(),
  submitted: z.number().int(),
  approved: z.number().int(),
  waitlisted: z.number().int(),
  rejected: z.number().int(),
})

export const AdminEditalRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  state: z.enum(EDITAL_STATES),
  opens_on: z.string().nullable(),
  closes_on: z.string().nullable(),
  applications: Counts,
  version: z.number().int(),
})
export type AdminEditalRow = z.infer<typeof AdminEditalRow>
export const AdminEditalPage = paginated(AdminEditalRow)
export type AdminEditalPage = z.infer<typeof AdminEditalPage>

/** What one fee brings in, over the call's applications it applies to. */
export const FeeMoney = z.object({
  /** Applications the fee applies to (approved ones for a monthly fee). */
  applications: z.number().int(),
  paid: z.object({ count: z.number().int(), cents: Cents }),
  pending: z.object({ count: z.number().int(), cents: Cents }),
  due: z.object({ count: z.number().int(), cents: Cents }),
  late: z.object({ count: z.number().int(), cents: Cents }),
  refunded: z.object({ count: z.number().int(), cents: Cents }),
})
export type FeeMoney = z.infer<typeof FeeMoney>

export const AdminFeePlan = z.object({
  id: z.number().int(),
  kind: z.enum(FEE_KINDS),
  name: z.string(),
  amount_cents: Cents,
  due_on: z.string().nullable(),
  payment_methods: z.array(z.enum(PLAN_PAYMENT_METHODS)),
  instalment_times: z.number().int(),
  /** Whether it has payments (then it cannot be removed, nor its amount or methods change). */
  has_payments: z.boolean(),
  money: FeeMoney,
})
export type AdminFeePlan = z.infer<typeof AdminFeePlan>

export const AdminEdital = AdminEditalRow.extend({
  summary: z.string(),
  body: z.string(),
  /** Where the call's PDF is served, when it has one. */
  pdf_url: z.string().nullable(),
  plans: z.array(AdminFeePlan),
})
export type AdminEdital = z.infer<typeof AdminEdital>

export const ApplicationsQuery = z
  .object({
    ...SearchedPeriodPageQuery,
    status: z.enum(APPLICATION_STATES, { error: 'Situação inválida.' }).optional(),
    /** Only applications with a late fee. */
    late: z.enum(['1'], { error: 'Filtro inválido.' }).optional(),
  })
  .strict()
export type ApplicationsQuery = z.output<typeof ApplicationsQuery>
export const ApplicationsExportQuery = exportQueryOf(ApplicationsQuery)

export const AdminApplicationRow = z.object({
  id: z.number().int(),
  edital_id: z.number().int(),
  edital_title: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(APPLICATION_STATES),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** Its fees: paid, waiting (boleto, debit challenge), still to pay, late, refunded. */
  paid_cents: Cents,
  pending_cents: Cents,
  due_cents: Cents,
  late_cents: Cents,
  refunded_cents: Cents,
})
export type AdminApplicationRow = z.infer<typeof AdminApplicationRow>
export const AdminApplicationPage = paginated(AdminApplicationRow)
export type AdminApplicationPage = z.infer<typeof AdminApplicationPage>

export const AdminPlanPayment = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATES),
  payment_method: z.enum(PLAN_PAYMENT_METHODS),
  instalments: z.number().int(),
  amount_cents: Cents,
  refunded_cents: Cents,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Whether it can be refunded through the payment provider now. */
  refundable: z.boolean(),
  /** A refund asked of the provider and not confirmed yet. */
  refund_requested: z.boolean(),
})

export const AdminApplicationFee = z.object({
  plan_id: z.number().int(),
  kind: z.enum(FEE_KINDS),
  name: z.string(),
  amount_cents: Cents,
  due_on: z.string().nullable(),
  state: z.enum(FEE_STATES),
  payments: z.array(AdminPlanPayment),
})

export const AdminApplication = AdminApplicationRow.extend({
  applicant: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    cpf: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** The student documents the applicant sent with orders (seen on each order's page), newest first. */
  documents: z.array(
    z.object({ order_id: z.string(), status: z.enum(STUDENT_DOC_STATES).nullable(), created_at: z.string() }),
  ),
  fees: z.array(AdminApplicationFee),
})
export type AdminApplication = z.infer<typeof AdminApplication>

export const DecisionInput = z
  .object({
    decision: z.enum(APPLICATION_DECISIONS, { error: 'Escolha: aprovar, lista de espera ou recusar.' }),
    /** Why not approved: the applicant reads it (required to refuse). */
    reason: z.string().trim().max(1000, { error: 'No máximo 1000 caracteres.' }).default(''),
  })
  .strict()
  .refine((input) => input.decision !== 'rejected' || input.reason.length >= 3, {
    error: ADMIN_EDITAL_MESSAGES.reasonRequired,
    path: ['reason'],
  })
export type DecisionInput = z.input<typeof DecisionInput>

/** A plan payment's refund through the provider, as the order's refund answers. */
export const PlanRefundResult = z.object({ payment_id: z.string(), ...RefundOutcome })
export type PlanRefundResult = z.infer<typeof PlanRefundResult>
