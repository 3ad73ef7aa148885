import { z } from 'zod'
import {
  CERTIFICATE_PLACEHOLDERS,
  certificateName,
  certificateNameProblem,
} from '../domain/certificate-text.ts'
import {
  ATTENDANCE_STATES,
  CERTIFICATE_KINDS,
  CERTIFICATE_STATUS,
  CERTIFICATE_STATUSES,
  DEFAULT_COURSE_SHARE,
} from '../domain/certificates.ts'
import { DEFAULT_WATCH_SHARE } from '../domain/study.ts'
import {
  exportQueryOf,
  Id,
  IdFilter,
  LongText,
  NamedRow,
  PersonRow,
  paginated,
  Reason,
  SearchedPageQuery,
  Version,
} from './admin.ts'
import { CertificateStandingFields } from './certificates.ts'
import { StudyStanding } from './study.ts'

// The certificates as the admin follows and issues them (issue 24, items 2 and 5): the course's
// and the conference's certificate settings, the students' progress, an in-person class's
// attendance, and the certificates issued (revoke, reissue).

export const ADMIN_CERTIFICATE_MESSAGES = {
  share: 'Informe um percentual de 1 a 100.',
  certificateNotFound: 'Certificado não encontrado.',
  enrollmentNotFound: 'Matrícula não encontrada.',
  classNotFound: 'Turma não encontrada.',
  notInPerson: 'Só turmas presenciais com data têm lista de presença.',
  notEnded: 'A presença só pode ser marcada a partir do dia da turma.',
  enrollmentNotInClass: 'Uma das matrículas não é desta turma (ou foi cancelada). Recarregue a página.',
  noWorkload: 'Informe a carga horária do curso (no cadastro do curso) antes de emitir os certificados.',
  nonePresent: 'Nenhum aluno está marcado como presente nesta turma.',
  reasonRequired: 'Informe o motivo da revogação.',
  alreadyRevoked: 'Este certificado já foi revogado.',
  replaced: 'Este certificado já foi substituído por outro: altere o mais recente.',
  revokedNoReissue: 'Um certificado revogado não pode ser reemitido.',
  sameName: 'O nome é o mesmo do certificado atual.',
  noHolder: 'Este certificado não tem mais titular (conta excluída): não pode ser reemitido.',
} as const

/** The `{word}`s of a template that are not placeholders, each once, in order of appearance. */
export function unknownPlaceholders(template: string): string[] {
  const found = [...template.matchAll(/\{([^{}\s]*)\}/g)].map((match) => match[1] ?? '')
  return [...new Set(found.filter((name) => !Object.hasOwn(CERTIFICATE_PLACEHOLDERS, name)))]
}

const placeholderList = Object.keys(CERTIFICATE_PLACEHOLDERS)
  .map((name) => `{${name}}`)
  .join(' ')

/** The share of lessons (or of the programme) required, in percent. */
export const SharePercent = z
  .number({ error: ADMIN_CERTIFICATE_MESSAGES.share })
  .int({ error: ADMIN_CERTIFICATE_MESSAGES.share })
  .min(1, { error: ADMIN_CERTIFICATE_MESSAGES.share })
  .max(100, { error: ADMIN_CERTIFICATE_MESSAGES.share })

/** A signatory's name or role: optional; '' or null for none (stored as null: a form may send either). */
const SignatoryText = (max: number) =>
  z
    .string({ error: 'Texto inválido.' })
    .trim()
    .max(max, { error: `No máximo ${max} caracteres.` })
    .nullable()
    .default(null)
    .transform((text) => text || null)

/** The certificate's text: free, but only our placeholders between braces. */
export const CertificateTemplate = LongText(2000).superRefine((template, context) => {
  const unknown = unknownPlaceholders(template)
  if (unknown.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `Marcador desconhecido: ${unknown.map((name) => `{${name}}`).join(', ')}. Use apenas ${placeholderList}.`,
    })
  }
})

/** The certificate fields of the course form (POST and PUT /api/admin/cursos). */
export const CourseCertificateFields = {
  certificate_share: SharePercent.default(DEFAULT_COURSE_SHARE),
  watch_share: SharePercent.default(DEFAULT_WATCH_SHARE),
  signatory_name: SignatoryText(120),
  signatory_role: SignatoryText(120),
  certificate_template: CertificateTemplate,
}

/** The signature picture: PNG or JPEG (what the PDF can embed), small. */
export const SignatureUploadForm = z.object({ image: z.unknown().optional() })

// ── Conference settings ─────────────────────────────────────────────────────────

export const ConferenceCertificateSettings = z.object({
  min_share: z.number().int(),
  signatory_name: z.string().nullable(),
  signatory_role: z.string().nullable(),
  /** A signature picture was uploaded. */
  has_signature: z.boolean(),
  version: z.number().int(),
})
export type ConferenceCertificateSettings = z.infer<typeof ConferenceCertificateSettings>

export const ConferenceSettingsInput = z
  .object({
    min_share: SharePercent,
    signatory_name: SignatoryText(120),
    signatory_role: SignatoryText(120),
    version: Version,
  })
  .strict()
export type ConferenceSettingsInput = z.input<typeof ConferenceSettingsInput>

// ── Progress of online classes ───────────────────────────────────────────────────

export const CERTIFICATE_FILTER = ['sim', 'nao'] as const

export const ProgressQuery = z
  .object({
    /** q: the student's name or e-mail. */
    ...SearchedPageQuery,
    course_id: IdFilter,
    class_id: IdFilter,
    /** Stopped: no certificate yet, and no lesson played or opened in more than this many days. */
    idle_days: z.coerce
      .number({ error: 'Informe um número de dias.' })
      .int({ error: 'Informe um número inteiro de dias.' })
      .min(1, { error: 'Informe ao menos 1 dia.' })
      .max(3650, { error: 'No máximo 3650 dias.' })
      .optional(),
    certificate: z.enum(CERTIFICATE_FILTER, { error: 'Filtro de certificado inválido.' }).optional(),
  })
  .strict()
export type ProgressQuery = z.output<typeof ProgressQuery>
export const ProgressExportQuery = exportQueryOf(ProgressQuery)

/** Whose enrollment, in which course and class, and since when (a progress row and its evidence). */
const EnrollmentOf = {
  enrollment_id: z.number().int(),
  student: PersonRow,
  course: NamedRow,
  class: NamedRow,
  enrolled_at: z.string(),
}

export const StudentProgress = z.object({
  ...EnrollmentOf,
  /** Lessons done by evidence (issue 39): a video played to the course's share, a reading opened. */
  lessons_done: z.number().int(),
  lessons_total: z.number().int(),
  /** Distinct seconds played over the videos' length, 0–100; null for a course without videos. */
  watched_percent: z.number().int().nullable(),
  /** The share of lessons the course asks for. */
  required_share: z.number().int(),
  /** Enough lessons done for the certificate. */
  eligible: z.boolean(),
  /** When a lesson was last played or opened (null: none yet). */
  last_activity_at: z.string().nullable(),
  /** The valid certificate's code, when one was issued. */
  certificate_code: z.string().nullable(),
})
export type StudentProgress = z.infer<typeof StudentProgress>
export const StudentProgressPage = paginated(StudentProgress)
export type StudentProgressPage = z.infer<typeof StudentProgressPage>

/**
 * GET /api/admin/certificados/progresso/{id}: one enrollment's evidence of study (issue 39, item
 * 9): each lesson's share played or its reading opened, and the lessons done.
 */
export const StudentEvidence = z.object({
  ...EnrollmentOf,
  first_activity_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  study: StudyStanding,
  certificate_code: z.string().nullable(),
  /** The final assessment's attempts and scores, where the course has one (filled by its part of issue 39). */
  assessment: z.null(),
})
export type StudentEvidence = z.infer<typeof StudentEvidence>

// ── In-person attendance ───────────────────────────────────────────────────────

export const InPersonClassesQuery = z.object({ ...SearchedPageQuery, course_id: IdFilter }).strict()

export const InPersonClass = z.object({
  id: z.number().int(),
  name: z.string(),
  course: NamedRow,
  /** The class's day (YYYY-MM-DD). */
  date: z.string(),
  /** Its day has come: attendance may be marked. */
  ended: z.boolean(),
  students: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  certificates: z.number().int(),
})
export type InPersonClass = z.infer<typeof InPersonClass>
export const InPersonClassPage = paginated(InPersonClass)

export const AttendanceRow = z.object({
  enrollment_id: z.number().int(),
  student: PersonRow,
  attendance: z.enum(ATTENDANCE_STATES).nullable(),
  attendance_at: z.string().nullable(),
  certificate_code: z.string().nullable(),
})
export type AttendanceRow = z.infer<typeof AttendanceRow>

export const ClassAttendance = z.object({
  class: InPersonClass,
  workload_hours: z.number().int().nullable(),
  students: z.array(AttendanceRow),
})
export type ClassAttendance = z.infer<typeof ClassAttendance>

export const AttendanceInput = z
  .object({
    marks: z
      .array(
        z
          .object({
            enrollment_id: Id,
            attendance: z.enum(ATTENDANCE_STATES, { error: 'Marque presente ou ausente.' }),
          })
          .strict(),
      )
      .min(1, { error: 'Marque a presença de ao menos um aluno.' })
      .max(1000, { error: 'No máximo 1000 alunos por vez.' }),
  })
  .strict()
export type AttendanceInput = z.infer<typeof AttendanceInput>

/** Someone whose certificate waits for a name it can print (their profile's name breaks the rule). */
export const HeldBackCertificate = z.object({ name: z.string(), reason: z.string() })
export type HeldBackCertificate = z.infer<typeof HeldBackCertificate>

export const BulkIssueResult = z.object({
  /** Certificates issued now (each e-mailed). */
  issued: z.number().int(),
  /** Present students who already had theirs. */
  already: z.number().int(),
  /** Present students not issued: their profile's name cannot be printed as it is. */
  held_back: z.array(HeldBackCertificate),
  attendance: ClassAttendance,
})
export type BulkIssueResult = z.infer<typeof BulkIssueResult>

// ── Certificates issued ─────────────────────────────────────────────────────────

export const CERTIFICATE_STATES = CERTIFICATE_STATUSES
export const CERTIFICATE_STATE_LABELS = CERTIFICATE_STATUS.labels

export const IssuedCertificatesQuery = z
  .object({
    /** q: the code, the holder's name or what was completed. */
    ...SearchedPageQuery,
    kind: z.enum(CERTIFICATE_KINDS, { error: 'Tipo de certificado inválido.' }).optional(),
    /** Valid, suspended (a chargeback open), revoked (a refund, a lost chargeback, the admin), replaced. */
    state: z.enum(CERTIFICATE_STATES, { error: 'Situação de certificado inválida.' }).optional(),
  })
  .strict()
export type IssuedCertificatesQuery = z.output<typeof IssuedCertificatesQuery>
export const IssuedCertificatesExportQuery = exportQueryOf(IssuedCertificatesQuery)

export const IssuedCertificate = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  holder_name: z.string().nullable(),
  email: z.string().nullable(),
  title: z.string(),
  minutes: z.number().int(),
  completed_on: z.string(),
  issued_at: z.string(),
  state: z.enum(CERTIFICATE_STATES),
  ...CertificateStandingFields,
})
export type IssuedCertificate = z.infer<typeof IssuedCertificate>
export const IssuedCertificatePage = paginated(IssuedCertificate)
export type IssuedCertificatePage = z.infer<typeof IssuedCertificatePage>

export const RevokeInput = z
  .object({
    reason: Reason(ADMIN_CERTIFICATE_MESSAGES.reasonRequired),
  })
  .strict()
export type RevokeInput = z.infer<typeof RevokeInput>

/** The corrected name, checked as the student's own confirmation checks it. */
export const ReissueInput = z
  .object({
    holder_name: z
      .string({ error: 'Informe o nome completo, como nos documentos.' })
      .superRefine((name, context) => {
        const problem = certificateNameProblem(name)
        if (problem) context.addIssue({ code: 'custom', message: problem })
      })
      .transform(certificateName),
  })
  .strict()
export type ReissueInput = z.infer<typeof ReissueInput>
