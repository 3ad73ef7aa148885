import { z } from 'zod'
import { STUDENT_DOC_STATES } from '../domain/catalog.ts'
import { Cents } from './money.ts'

// The student document's review (issue 29, item 3; services/checkout/student-documents.ts).

/** POST /api/admin/pedidos/{id}/documento-estudante. */
export const StudentDocumentDecision = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Escolha aprovar ou recusar.' }),
    /** Required to reject: the student reads it. */
    reason: z
      .string()
      .trim()
      .min(5, { error: 'Diga ao aluno por que o documento foi recusado.' })
      .max(500, { error: 'Use no máximo 500 caracteres.' })
      .optional(),
  })
  .strict()
  .refine((input) => input.decision === 'approve' || input.reason !== undefined, {
    path: ['reason'],
    error: 'Diga ao aluno por que o documento foi recusado.',
  })
export type StudentDocumentDecision = z.infer<typeof StudentDocumentDecision>

export const StudentDocumentDecided = z.object({ message: z.string() })

export const StudentDocumentLink = z.object({
  /** Opens the document for `expires_at` (a signed, short-lived link). */
  url: z.string(),
  expires_at: z.string(),
})

/** A signed link's token: a compact JWS. */
export const StudentDocumentToken = z
  .string()
  .max(2000)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, { error: 'Link do documento inválido.' })

/** A student document's review, as the order shows it (the admin's and the student's). */
export const StudentDocumentState = z.object({
  status: z.enum(STUDENT_DOC_STATES),
  decided_at: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** Rejected: the difference is paid by then, or the order is cancelled and refunded. */
  deadline: z.string().nullable(),
  /** What the student price took off the list prices. */
  difference: Cents,
  difference_paid: z.boolean(),
  /** The file is still kept (deleted 30 days after the review). */
  has_file: z.boolean(),
})
export type StudentDocumentState = z.infer<typeof StudentDocumentState>

/** POST /api/usuario/compras/{id}/diferenca. */
export const PayDifferenceInput = z
  .object({ payment_type: z.enum(['PIX', 'BOLETO'], { error: 'Escolha PIX ou boleto.' }) })
  .strict()
