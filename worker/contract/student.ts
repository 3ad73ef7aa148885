import { z } from 'zod'
import { CLASS_TYPES } from '../domain/catalog.ts'
import { WITHDRAWAL_DAYS, WITHDRAWAL_VIEWS } from '../domain/orders.ts'
import { ORDER_STATES, PAYMENT_TYPES } from '../domain/payments.ts'
import { ValidationErrorBody } from './errors.ts'
import { PurchaseInvoice } from './fiscal.ts'
import { Cents } from './money.ts'
import { StudentDocumentState } from './student-documents.ts'
import { StudyStanding } from './study.ts'

/** GET /api/usuario/cursos: a class the student is enrolled in. */
export const EnrolledCourse = z.object({
  class_id: z.number().int(),
  class_name: z.string(),
  course_name: z.string(),
  course_url: z.string(),
  type: z.enum(CLASS_TYPES),
  course_init: z.string().nullable(),
  enrolled_at: z.string(),
})
export type EnrolledCourse = z.infer<typeof EnrolledCourse>
export const EnrolledCourses = z.array(EnrolledCourse)

// ── Minhas compras ──────────────────────────────────────────────────────────

/**
 * The buyer's right of withdrawal (CDC art. 49; issue 22, item 8): whether 'Solicitar reembolso'
 * is offered (`available`, until `ends_at`), or what became of the request.
 */
export const Withdrawal = z.object({
  state: z.enum(WITHDRAWAL_VIEWS),
  /** The last moment a request may be made (7 days after the payment). */
  ends_at: z.string(),
  /** An online course paid by card or PIX: refunded at once; otherwise the institute answers. */
  at_once: z.boolean(),
  reason: z.string().nullable(),
  requested_at: z.string().nullable(),
  /** The institute's answer to a refused request. */
  answer: z.string().nullable(),
  decided_at: z.string().nullable(),
})
export type Withdrawal = z.infer<typeof Withdrawal>

/** Who received a gift, or who gave it. */
export const GiftRecipient = z.object({ name: z.string(), email: z.string() })

export const WITHDRAWAL_MESSAGES = {
  reason: 'Conte em poucas palavras por que desiste da compra (de 3 a 1.000 caracteres).',
  notAllowed:
    'Esta compra não pode ser cancelada por aqui: só um pedido pago, por inteiro, dentro de 7 dias.',
  expired: `O prazo de ${WITHDRAWAL_DAYS} dias para desistir desta compra terminou. Se precisar, fale com o Centro de Ensino.`,
  refused: 'O pedido de reembolso desta compra já foi respondido pelo instituto.',
  requested: 'Pedido de reembolso enviado. O instituto vai responder por e-mail e aqui, em Minhas compras.',
  alreadyRequested: 'O reembolso desta compra já foi solicitado e aguarda a resposta do instituto.',
  notRequested: 'Não há pedido de reembolso aguardando resposta nesta compra.',
  answer: 'Escreva a resposta que o comprador vai ler (de 3 a 1.000 caracteres).',
  approved: 'Reembolso aprovado: o estorno foi pedido à operadora.',
  refusedDone: 'Pedido de reembolso recusado: o comprador recebeu a resposta por e-mail.',
} as const

/** POST /api/usuario/compras/{id}/reembolso: why the buyer gives the purchase up. */
export const WithdrawalInput = z
  .object({
    motivo: z
      .string({ error: WITHDRAWAL_MESSAGES.reason })
      .trim()
      .min(3, { error: WITHDRAWAL_MESSAGES.reason })
      .max(1000, { error: WITHDRAWAL_MESSAGES.reason }),
  })
  .strict()
export type WithdrawalInput = z.infer<typeof WithdrawalInput>

export const WithdrawalResult = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATES),
  withdrawal: Withdrawal,
  /** The refund still waits for the provider's confirmation (a PIX refund; an outage retried). */
  awaiting_provider: z.boolean(),
  message: z.string(),
})
export type WithdrawalResult = z.infer<typeof WithdrawalResult>

/** GET /api/usuario/compras: one of the student's orders, as the list shows it. */
export const Purchase = z.object({
  order_id: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATES),
  payment_type: z.enum(PAYMENT_TYPES).nullable(),
  instalments: z.number().int(),
  instalment_value: Cents,
  total: Cents,
  refunded_cents: Cents,
  items: z.array(z.object({ name: z.string(), net_value: Cents })),
  /** A pending boleto: its page (PDF), digitable line and due date. */
  boleto: z
    .object({ link: z.string().nullable(), line: z.string().nullable(), due_at: z.string().nullable() })
    .nullable(),
  /** A pending PIX: the "copia e cola" code (the QR code is drawn from it) and when it expires. */
  pix: z.object({ code: z.string(), expires_at: z.string().nullable() }).nullable(),
  /** An expired boleto or PIX may be issued again for the same order. */
  can_reissue: z.boolean(),
  /** The student document's review, when the order had one (issue 29, item 3). */
  student_document: StudentDocumentState.nullable(),
  /**
   * A boleto paid short (issue 40, item 5): what arrived and what is missing. Nothing is given until
   * the difference is paid (`can_pay_difference`: 'Pagar a diferença', POST …/diferenca, whose order
   * then shows apart with its PIX or boleto) or the institute accepts what came.
   */
  underpaid: z.object({ received: Cents, missing: Cents, can_pay_difference: z.boolean() }).nullable(),
  /** A gift: who received the access (issue 22, item 7). */
  gift: GiftRecipient.nullable(),
  /** The right of withdrawal; null when it does not arise (unpaid, free, already refunded). */
  withdrawal: Withdrawal.nullable(),
  /** Its NFS-e (issue 43): the current note's state and PDF; null while none is queued. */
  invoice: PurchaseInvoice.nullable(),
})
export type Purchase = z.infer<typeof Purchase>
export const PurchaseList = z.array(Purchase)

/** The provider's receipt of the payment (how and when it was paid). */
export const Receipt = z.object({
  charge_id: z.string(),
  transaction_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  card: z
    .object({
      brand: z.string().nullable(),
      last_four: z.string().nullable(),
      holder_name: z.string().nullable(),
    })
    .nullable(),
  instalments: z.number().int().nullable(),
  authorization_code: z.string().nullable(),
  nsu: z.string().nullable(),
  tid: z.string().nullable(),
  acquirer_message: z.string().nullable(),
  boleto: z.object({ nosso_numero: z.string().nullable(), bank: z.string().nullable() }).nullable(),
  pix_end_to_end_id: z.string().nullable(),
})
export type Receipt = z.infer<typeof Receipt>

/** GET /api/usuario/compras/{id}: the order in full, with the provider's receipt. */
export const PurchaseDetail = Purchase.extend({
  paid_at: z.string().nullable(),
  gross: Cents,
  discount: Cents,
  interest: Cents,
  donation: Cents,
  payer: z.object({ name: z.string(), email: z.string() }),
  receipt: Receipt.nullable(),
  /** The provider could not be asked just now: the receipt is missing, the rest stands. */
  receipt_unavailable: z.boolean(),
})
export type PurchaseDetail = z.infer<typeof PurchaseDetail>

/**
 * 422 of POST /api/usuario/compras/{id}/novo-pagamento: the order is no longer sold as it was
 * (a price, a coupon, an item off sale). `cart` is a new cart with its items still for sale, to
 * review and buy at today's prices (null when none is for sale any more).
 */
export const ReissueRefused = ValidationErrorBody.extend({ cart: z.string().nullable() })
export type ReissueRefused = z.infer<typeof ReissueRefused>

// ── A course for its student ────────────────────────────────────────────────

export const CONTENT_MESSAGES = {
  courseNotFound: 'Curso não encontrado.',
  notEnrolled:
    'Você não tem matrícula ativa neste curso. Confira em Minhas compras ou fale com o Centro de Ensino.',
  lessonNotFound: 'Aula não encontrada.',
} as const

export const Lesson = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Played through the privacy-friendly embed (youtube-nocookie.com), only on press. */
  youtube_id: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  body: z.string(),
  watched: z.boolean(),
})
export type Lesson = z.infer<typeof Lesson>

export const Progress = z.object({
  watched: z.number().int(),
  total: z.number().int(),
  /** 0–100, rounded down. */
  percent: z.number().int(),
})
export type Progress = z.infer<typeof Progress>

export const Material = z.object({
  id: z.number().int(),
  title: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().nullable(),
  /** A short-lived link bound to this student (README: downloads). */
  download_url: z.string(),
})

/**
 * Which player plays the lessons (issue 39), as the Worker's configuration decides: YouTube's
 * (IFrame API on `host`, each lesson's `youtube_id`), or the local stand-in playing `src`.
 */
export const VideoPlayer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('youtube'), host: z.string() }),
  z.object({ kind: z.literal('local'), src: z.string() }),
])
export type VideoPlayer = z.infer<typeof VideoPlayer>

/** GET /api/usuario/cursos/{url}: what the enrolled student studies. */
export const StudentCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  section: z.string(),
  /** The student's classes of this course: an in-person one says when, where and what to bring. */
  classes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.enum(CLASS_TYPES),
      course_init: z.string().nullable(),
      location: z.string().nullable(),
      details: z.string(),
    }),
  ),
  modules: z.array(z.object({ id: z.number().int(), title: z.string(), lessons: z.array(Lesson) })),
  materials: z.array(Material),
  /** The lessons the student marked 'Aula assistida' (their own mark, never evidence). */
  progress: Progress,
  /** The course from evidence (issue 39): each lesson played or opened, and the certificate's share. */
  study: StudyStanding,
  player: VideoPlayer,
  /** When the download links stop working (the page fetches new ones after that). */
  links_expire_at: z.string(),
})
export type StudentCourse = z.infer<typeof StudentCourse>

export const LessonProgress = z.object({
  lesson_id: z.number().int(),
  watched: z.boolean(),
  progress: Progress,
})
export type LessonProgress = z.infer<typeof LessonProgress>

// ── Meus e-books ────────────────────────────────────────────────────────────

export const OwnedEbook = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  pages: z.number().int().nullable(),
  /** Why it is the student's: with a course, or a free one added to the library. */
  source: z.enum(['curso', 'biblioteca']),
  course: z.object({ name: z.string(), url: z.string() }).nullable(),
  download_url: z.string(),
})
export const EbookLibrary = z.object({
  owned: z.array(OwnedEbook),
  /** Free e-books not yet in the library: one click adds them. */
  free: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      description: z.string(),
      cover: z.string().nullable(),
    }),
  ),
  links_expire_at: z.string(),
})
export type EbookLibrary = z.infer<typeof EbookLibrary>

// ── Privacy (LGPD art. 18) ──────────────────────────────────────────────────

export const DeleteAccountInput = z
  .object({ confirmar: z.literal(true, { error: 'Confirme a exclusão da conta.' }) })
  .strict()

export const PRIVACY_MESSAGES = {
  deleted:
    'Sua conta foi excluída: seus dados pessoais foram apagados e você saiu de todos os aparelhos. Enviamos a confirmação por e-mail.',
} as const

/** The export: every record that names the student, as JSON (its schema is open by design). */
export const DataExport = z
  .object({
    exported_at: z.string(),
    profile: z.record(z.string(), z.unknown()),
    orders: z.array(z.record(z.string(), z.unknown())),
    enrollments: z.array(z.record(z.string(), z.unknown())),
    applications: z.array(z.record(z.string(), z.unknown())),
    plan_payments: z.array(z.record(z.string(), z.unknown())),
    leads: z.array(z.record(z.string(), z.unknown())),
    consents: z.array(z.record(z.string(), z.unknown())),
    /** The certificates held: after the account's deletion they verify without the name. */
    certificates: z.array(z.record(z.string(), z.unknown())),
    /** The final assessments' attempts: when, and the score (deleted with the account, as the progress). */
    assessment_attempts: z.array(z.record(z.string(), z.unknown())),
    /** The conference's talks watched signed in, and for how long (the attendance certificate's basis). */
    conference_attendance: z.array(z.record(z.string(), z.unknown())),
    /** The live questions the database kept (approved or answered), with the talk (issue 44). */
    conference_questions: z.array(z.record(z.string(), z.unknown())),
    /** Carts kept for reminders (only with the checkout's consent), and the reminders sent. */
    reminder_checkouts: z.array(z.record(z.string(), z.unknown())),
    reminders_sent: z.array(z.record(z.string(), z.unknown())),
  })
  .passthrough()
