import { z } from 'zod'
import { GRANULARITIES } from '../domain/dashboard.ts'
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES } from '../domain/enrollments.ts'
import { DISPUTE_STATES } from '../domain/orders.ts'
import { ORDER_STATES, PAYMENT_TYPES } from '../domain/payments.ts'
import {
  CalendarDay,
  exportQueryOf,
  Id,
  IdFilter,
  NamedRow,
  paginated,
  SearchedPeriodPageQuery,
} from './admin.ts'
import { RecoveryFigures } from './admin-recovery.ts'
import { emailAddress, PHONE_PATTERN, personName } from './auth.ts'
import { ORDER_NOT_FOUND } from './checkout.ts'
import { InvoiceCounts } from './fiscal.ts'
import { Cents } from './money.ts'
import { GiftRecipient, Withdrawal } from './student.ts'
import { StudentDocumentState } from './student-documents.ts'

// The dashboard (/admin) and the enrollments (/admin/matriculas) with the orders behind them.

// ── Dashboard ─────────────────────────────────────────────────────────────────

export const DashboardQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    granularity: z
      .enum(GRANULARITIES, { error: 'Agrupamento inválido (dia, semana ou mês).' })
      .default('day'),
  })
  .strict()

const SourceMoney = z.object({ paid: Cents, refunded: Cents })
const BySource = z.object({ orders: SourceMoney, plans: SourceMoney })

/** Money paid (by payment date), less what was refunded or charged back since, in a bucket or in all. */
const Revenue = z.object({
  paid: Cents,
  refunded: Cents,
  net: z.number().int(),
  orders: z.number().int(),
  /** Edital fees paid. */
  plan_payments: z.number().int(),
  /** Which is which: the orders' money and the edital fees' (paid and refunded). */
  by_source: BySource,
})

export const Dashboard = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(GRANULARITIES),
  /** Paid revenue per bucket (by payment date), less what was refunded or charged back since. */
  revenue: z.array(
    Revenue.extend({
      /** The bucket's first day (YYYY-MM-DD). */
      start: z.string(),
    }),
  ),
  totals: Revenue,
  /** Orders created in the period, by state. */
  orders_by_state: z.array(z.object({ state: z.enum(ORDER_STATES), count: z.number().int(), total: Cents })),
  /** Boletos and PIX waiting for payment now (whatever the period). */
  pending: z.array(z.object({ payment_type: z.enum(PAYMENT_TYPES), count: z.number().int(), total: Cents })),
  /** Enrollments made in the period, per course (the most first). */
  enrollments_by_course: z.array(
    z.object({
      course_id: z.number().int(),
      name: z.string(),
      active: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
  /** Leads received per week (weeks from Monday). */
  leads_by_week: z.array(z.object({ start: z.string(), count: z.number().int() })),
  /** Courses by net revenue of the orders paid in the period. */
  top_courses: z.array(
    z.object({ course_id: z.number().int(), name: z.string(), revenue: Cents, sold: z.number().int() }),
  ),
  /** Edital fees unpaid after their due day, now (the oldest first, at most 20). */
  late_fees: z.array(
    z.object({
      application_id: z.number().int(),
      edital_id: z.number().int(),
      edital_title: z.string(),
      name: z.string(),
      email: z.string(),
      fee: z.string(),
      amount_cents: Cents,
      due_on: z.string(),
    }),
  ),
  /** What the reminders brought in the period (issue 25): abandoned checkouts, reminders, recovered sales. */
  recovery: RecoveryFigures,
  /** The NFS-e (issue 43): notes pending or in trouble now (whatever the period). */
  invoices: InvoiceCounts,
})
export type Dashboard = z.infer<typeof Dashboard>

// ── Enrollments ────────────────────────────────────────────────────────────────

export const EnrollmentsQuery = z
  .object({
    /** q: the name, e-mail or CPF (digits or formatted) of the student or the payer. */
    ...SearchedPeriodPageQuery,
    course_id: IdFilter,
    class_id: IdFilter,
    status: z.enum(ENROLLMENT_STATUSES, { error: 'Situação inválida.' }).optional(),
    payment: z.enum([...ORDER_STATES, 'manual'], { error: 'Pagamento inválido.' }).optional(),
  })
  .strict()
export type EnrollmentsQuery = z.output<typeof EnrollmentsQuery>
/** The same filters, for the CSV of everything they match (no pages). */
export const EnrollmentsExportQuery = exportQueryOf(EnrollmentsQuery)

export const AdminEnrollment = z.object({
  id: z.number().int(),
  status: z.enum(ENROLLMENT_STATUSES),
  source: z.enum(ENROLLMENT_SOURCES),
  note: z.string(),
  created_at: z.string(),
  student: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  course: NamedRow,
  class: NamedRow,
  order: z
    .object({
      id: z.string(),
      status: z.enum(ORDER_STATES),
      payment_type: z.enum(PAYMENT_TYPES).nullable(),
      total: Cents,
      refunded: Cents,
      /** What this class cost in the order (its line's net value). */
      amount: Cents.nullable(),
      paid_at: z.string().nullable(),
      cpf: z.string().nullable(),
      /** A refund asked of the provider and not yet confirmed. */
      refund_pending: z.boolean(),
      /** A gift: the buyer who gave it (the student is its recipient). */
      gift_from: GiftRecipient.nullable(),
      /** The buyer asked to give the purchase up and waits for the institute's answer. */
      withdrawal_requested: z.boolean(),
    })
    .nullable(),
})
export type AdminEnrollment = z.infer<typeof AdminEnrollment>
export const AdminEnrollmentPage = paginated(AdminEnrollment)
export type AdminEnrollmentPage = z.infer<typeof AdminEnrollmentPage>

export const ENROLLMENT_MESSAGES = {
  alreadyEnrolled: 'Este aluno já está matriculado nesta turma.',
  noSeats: 'Esta turma não tem mais vagas.',
  notManual: 'Esta matrícula veio de um pedido pago no site: cancele pelo estorno do pedido.',
  alreadyCancelled: 'Esta matrícula já está cancelada.',
  notFound: 'Matrícula não encontrada.',
  orderNotFound: ORDER_NOT_FOUND,
} as const

/** A student enrolled by hand (paid outside the site): the account is found by e-mail, or created. */
export const ManualEnrollmentInput = z
  .object({
    class_id: Id,
    name: personName('Informe o nome do aluno.', 'Informe o nome completo do aluno.'),
    email: emailAddress({ missing: 'Informe o e-mail do aluno.' }),
    phone: z
      .string()
      .trim()
      .regex(PHONE_PATTERN, { error: 'Informe um telefone válido: (##) ####-#### ou (##) #####-####.' })
      .nullable()
      .default(null),
    note: z
      .string()
      .trim()
      .min(3, { error: 'Diga como foi pago (ex.: transferência em 10/11, recibo 123).' })
      .max(500),
  })
  .strict()
export type ManualEnrollmentInput = z.input<typeof ManualEnrollmentInput>

/** The order behind an enrollment, with what the provider knows of it. */
export const AdminOrder = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATES),
  payment_type: z.enum(PAYMENT_TYPES).nullable(),
  instalments: z.number().int(),
  gross: Cents,
  discount: Cents,
  interest: Cents,
  donation: Cents,
  total: Cents,
  refunded: Cents,
  /** What the provider says arrived; below `total` for a boleto paid short (issue 30, item 4). */
  received: Cents.nullable(),
  /**
   * A boleto paid short (`underpaid`, issue 40 item 5): what is missing, paid by the student as a
   * difference order, or settled by the institute (accept what came, or refund it); null otherwise.
   */
  missing: Cents.nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  charged_back_at: z.string().nullable(),
  payer: z.object({ name: z.string(), email: z.string(), cpf: z.string(), phone: z.string() }),
  billing_address: z.record(z.string(), z.string()).nullable(),
  is_student: z.boolean(),
  /** The student document's review (issue 29, item 3); null without one. */
  student_document: StudentDocumentState.nullable(),
  provider: z.object({
    gateway: z.string(),
    order_id: z.string().nullable(),
    charge_id: z.string().nullable(),
    boleto_url: z.string().nullable(),
    boleto_line: z.string().nullable(),
    boleto_due_at: z.string().nullable(),
    pix_code: z.string().nullable(),
    pix_expires_at: z.string().nullable(),
    refund_requested_at: z.string().nullable(),
    refund_requested: Cents.nullable(),
    reconciled_at: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      type: z.string(),
      name: z.string(),
      gross: Cents,
      net: Cents,
      class_id: z.number().int().nullable(),
    }),
  ),
  enrollments: z.array(
    z.object({ id: z.number().int(), class_id: z.number().int(), status: z.enum(ENROLLMENT_STATUSES) }),
  ),
  /** A gift: who received it (the enrollments are theirs; issue 22, item 7). */
  gift: GiftRecipient.nullable(),
  /** The buyer's request to give it up within 7 days, when one was made (issue 22, item 8). */
  withdrawal: Withdrawal.nullable(),
  /**
   * Its chargeback's dispute, when it had one (decision 023): open (its certificates suspended),
   * won (paid again) or lost; `lost_after`: when an open one is recorded lost by the reconciliation.
   */
  dispute: z
    .object({ state: z.enum(DISPUTE_STATES), since: z.string(), lost_after: z.string().nullable() })
    .nullable(),
  /** A gift waiting for its recipient to prove the address (decision 010). */
  gift_waits_for_proof: z.boolean(),
})
export type AdminOrder = z.infer<typeof AdminOrder>

/**
 * GET /api/admin/pedidos-pagos-a-menor: the boletos paid short waiting for the difference or the
 * institute's decision (issue 40, item 5), oldest first: they hold no enrollment to list them by.
 */
export const UnderpaidOrder = z.object({
  order_id: z.string(),
  payer: z.object({ name: z.string(), email: z.string() }),
  total: Cents,
  received: Cents,
  missing: Cents,
  /** A difference order is issued and waits for its payment. */
  difference_pending: z.boolean(),
  since: z.string(),
})
export const UnderpaidOrders = z.array(UnderpaidOrder)
export type UnderpaidOrders = z.infer<typeof UnderpaidOrders>
