import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import { orders } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { StudentDocumentDecision, StudentDocumentState } from '../../contract/student-documents.ts'
import { ACCESS_STATES, grantsAccess } from '../../domain/orders.ts'
import { curitibaDate } from '../../domain/time-zone.ts'
import { AppError, invalidField } from '../../errors.ts'
import { queueEmailWhere } from '../email/outbox.ts'
import { brl, firstName, message } from '../email/templates.ts'
import { deleteFiles } from '../files/files.ts'
import { signToken, unixSeconds, verifiedClaims } from '../signed-tokens.ts'
import { DIFFERENCE_MESSAGES, paidDifferences } from './differences.ts'
import { type OrderRow, orderOr404 } from './orders.ts'
import { type OnOrder, refundOrder } from './refund.ts'

/**
 * The student document's review (issue 29, item 3; README "Student documents"). The student price
 * is granted at the checkout for the document sent with the cart; the institute then looks at it:
 * approved, nothing changes; rejected, the student is e-mailed and asked for the difference (what
 * the student price took off the list prices) by a PIX or boleto of its own within
 * `differenceDays`, or the order is cancelled and refunded. Documents are personal data (LGPD):
 * one no order used is deleted within a day of its upload, one an order used `keepDays` after its
 * review.
 */
export const STUDENT_DOCUMENTS = {
  /** Days a rejected order has to pay the difference. */
  differenceDays: 7,
  /** Days a reviewed document is kept (a question about the decision), then deleted. */
  keepDays: 30,
  /** A document no order used is deleted this long after its upload. */
  unusedMs: 24 * 3600_000,
  /** How long the admin's link to a document opens it. */
  linkSeconds: 10 * 60,
} as const

export const STUDENT_DOC_MESSAGES = {
  noDocument: 'Este pedido não tem documento de estudante.',
  deleted: 'O documento deste pedido já foi apagado (prazo de guarda encerrado).',
  notPaid: 'O documento é recusado depois que o pedido é pago: aguarde o pagamento.',
  alreadyDecided: 'O documento deste pedido já foi analisado.',
  linkExpired: 'Este link do documento expirou. Abra o pedido de novo para gerar outro.',
  ...DIFFERENCE_MESSAGES,
  approved: 'Documento aprovado.',
  rejected: 'Documento recusado: o aluno foi avisado por e-mail.',
} as const

const DOCUMENT_AUDIENCE = 'student-document'

async function orderWithDocument(ctx: AppContext, orderId: string): Promise<OrderRow> {
  const order = await orderOr404(ctx, orderId)
  if (!order.studentDocStatus) throw invalidField('order', STUDENT_DOC_MESSAGES.noDocument)
  return order
}

/**
 * POST /api/admin/pedidos/{id}/documento-estudante/link: a link signed for this admin and the
 * document the order holds now, valid `linkSeconds` (a JWS, as the students' download links).
 */
export async function documentLink(ctx: AppContext, orderId: string, adminId: number) {
  const order = await orderWithDocument(ctx, orderId)
  if (!order.studentDocKey) throw invalidField('order', STUDENT_DOC_MESSAGES.deleted)
  const expires = unixSeconds(ctx.now) + STUDENT_DOCUMENTS.linkSeconds
  const token = await signToken(ctx, 'studentDocument', {
    claims: { order: order.id, doc: order.studentDocKey },
    subject: adminId,
    audience: DOCUMENT_AUDIENCE,
    expires,
  })
  return {
    url: `/api/admin/documentos-estudante/${token}`,
    expires_at: new Date(expires * 1000).toISOString(),
  }
}

/**
 * GET /api/admin/documentos-estudante/{token}: the document, for the admin the link was signed
 * for, while it is valid and the order still holds that document (never cached).
 */
export async function openDocument(ctx: AppContext, token: string, adminId: number) {
  let claims: { order?: unknown; doc?: unknown; sub?: string }
  try {
    claims = await verifiedClaims(ctx, 'studentDocument', token, DOCUMENT_AUDIENCE)
  } catch {
    throw new AppError('FORBIDDEN', STUDENT_DOC_MESSAGES.linkExpired)
  }
  if (claims.sub !== String(adminId) || typeof claims.order !== 'string') {
    throw new AppError('FORBIDDEN', STUDENT_DOC_MESSAGES.linkExpired)
  }
  const order = await orderWithDocument(ctx, claims.order)
  if (!order.studentDocKey || order.studentDocKey !== claims.doc) {
    throw invalidField('order', STUDENT_DOC_MESSAGES.deleted)
  }
  const object = await ctx.env.FILES.get(order.studentDocKey)
  if (!object) throw invalidField('order', STUDENT_DOC_MESSAGES.deleted)
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream' }
}

function rejectionEmail(ctx: AppContext, order: OrderRow, reason: string, deadline: Date | null) {
  const origin = publicOrigin(ctx.env)
  return message(
    order.payer.email,
    `Documento de estudante recusado — pedido ${order.id}`,
    [
      `Olá, ${firstName(order.payer.name)}!`,
      `Analisamos o documento de estudante enviado com o pedido ${order.id} e não pudemos aceitá-lo. Motivo: ${reason}`,
      ...(deadline
        ? [
            `O preço de estudante deu ${brl(order.studentDiscountCents)} de desconto neste pedido. Para manter sua inscrição, pague essa diferença por PIX ou boleto até ${curitibaDate(deadline)}, em Minhas compras. Sem o pagamento até lá, o pedido será cancelado e o valor pago, estornado.`,
          ]
        : []),
    ],
    { href: `${origin}/usuario/compras`, label: 'Minhas compras' },
  )
}

/**
 * POST /api/admin/pedidos/{id}/documento-estudante: approve or reject (with the reason the student
 * reads). Once per document; a rejection of a paid order asks for the difference by e-mail, in the
 * decision's own transaction.
 */
export async function decideDocument({
  ctx,
  orderId,
  input,
  actorUserId,
}: OnOrder & { input: StudentDocumentDecision }) {
  const order = await orderWithDocument(ctx, orderId)
  if (order.studentDocStatus !== 'pending')
    throw new AppError('CONFLICT', STUDENT_DOC_MESSAGES.alreadyDecided)
  const reject = input.decision === 'reject'
  if (reject && !grantsAccess(order.status)) throw new AppError('CONFLICT', STUDENT_DOC_MESSAGES.notPaid)
  const deadline =
    reject && order.studentDiscountCents > 0
      ? new Date(ctx.now.getTime() + STUDENT_DOCUMENTS.differenceDays * 86_400_000)
      : null
  const decided = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND student_doc_decided_at = ${ctx.now.getTime()})`
  const mail = reject ? await rejectionEmail(ctx, order, input.reason!, deadline) : null
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(orders)
      .set({
        studentDocStatus: reject ? 'rejected' : 'approved',
        studentDocDecidedAt: ctx.now,
        studentDocReason: reject ? input.reason! : null,
        studentDocDeadline: deadline,
      })
      .where(and(eq(orders.id, order.id), eq(orders.studentDocStatus, 'pending')))
      .returning(),
    ctx.db.run(sql`INSERT INTO audit_log (actor_user_id, action, entity, entity_id, data, ip)
      SELECT ${actorUserId}, ${reject ? 'order.student_doc_rejected' : 'order.student_doc_approved'}, 'order',
        ${order.id}, ${JSON.stringify(reject ? { reason: input.reason } : {})}, ${ctx.clientIp} WHERE ${decided}`),
    ...(mail ? [ctx.db.run(queueEmailWhere(mail, decided))] : []),
  ])
  if (!updated[0]) throw new AppError('CONFLICT', STUDENT_DOC_MESSAGES.alreadyDecided)
  return { message: reject ? STUDENT_DOC_MESSAGES.rejected : STUDENT_DOC_MESSAGES.approved }
}

/**
 * The scheduled end of the difference's deadline: a rejected order whose difference was not paid
 * in time is refunded in full (which ends its enrollments, as any refund does). A card or PIX is
 * refunded here; a boleto's refund needs the payer's bank account, so the admin makes it (the
 * order shows 'prazo da diferença vencido'). Returns the orders refunded.
 */
export async function endDifferenceDeadlines(ctx: AppContext): Promise<number> {
  const due = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.studentDocStatus, 'rejected'),
        lt(orders.studentDocDeadline, ctx.now),
        inArray(orders.status, [...ACCESS_STATES]),
        inArray(orders.paymentType, ['CREDIT_CARD', 'PIX']),
      ),
    )
    .limit(20)
  const paid = await paidDifferences(
    ctx,
    due.map((order) => order.id),
    'student_price',
  )
  let refunded = 0
  for (const order of due.filter((row) => !paid.has(row.id))) {
    const result = await refundOrder({ ctx, orderId: order.id, input: {}, actorUserId: null })
    if (result.status === 'refunded' || result.awaiting_provider) refunded += 1
  }
  return refunded
}

/**
 * Deletes the documents that are no longer needed (LGPD): one no order used, a day after its
 * upload; one an order used, `keepDays` after its review (the order keeps the decision, not the file).
 */
export async function sweepStudentDocuments(ctx: AppContext): Promise<number> {
  const { db } = ctx
  const now = ctx.now.getTime()
  const reviewed = await db
    .select({ id: orders.id, key: orders.studentDocKey })
    .from(orders)
    .where(
      and(
        isNotNull(orders.studentDocKey),
        lt(orders.studentDocDecidedAt, new Date(now - STUDENT_DOCUMENTS.keepDays * 86_400_000)),
      ),
    )
    .limit(100)
  const old: string[] = reviewed.map((row) => row.key!)
  const listed = await ctx.env.FILES.list({ prefix: 'student-docs/', limit: 500 })
  const stale = listed.objects.filter(
    (object) => object.uploaded.getTime() < now - STUDENT_DOCUMENTS.unusedMs,
  )
  if (stale.length) {
    const used = await db
      .select({ key: orders.studentDocKey })
      .from(orders)
      .where(
        inArray(
          orders.studentDocKey,
          stale.map((object) => object.key),
        ),
      )
    const usedKeys = new Set(used.map((row) => row.key))
    old.push(...stale.filter((object) => !usedKeys.has(object.key)).map((object) => object.key))
  }
  if (old.length === 0) return 0
  await deleteFiles(ctx, old)
  if (reviewed.length) {
    await db
      .update(orders)
      .set({ studentDocKey: null })
      .where(
        inArray(
          orders.id,
          reviewed.map((row) => row.id),
        ),
      )
  }
  return old.length
}

/** The review as an order shows it; null for an order without a student document. */
export function documentStateOf(order: OrderRow, differencePaid: boolean): StudentDocumentState | null {
  if (!order.studentDocStatus) return null
  return {
    status: order.studentDocStatus,
    decided_at: order.studentDocDecidedAt?.toISOString() ?? null,
    reason: order.studentDocReason,
    deadline: order.studentDocDeadline?.toISOString() ?? null,
    difference: order.studentDiscountCents,
    difference_paid: differencePaid,
    has_file: order.studentDocKey !== null,
  }
}
