import { z } from 'zod'
import { CERTIFICATE_KINDS, CERTIFICATE_STATUSES } from '../domain/certificates.ts'
import { StudyStanding } from './study.ts'

export { CERTIFICATE_STATUSES }

/**
 * What took a certificate out of 'valid': revoked (when, why), suspended (a chargeback of the
 * purchase open: since when, why), replaced (by which code).
 */
export const CertificateStandingFields = {
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  replaced_by: z.string().nullable(),
}

/** GET /api/certificados/{code}: what anyone may read of a certificate (no e-mail, no account). */
export const CertificateVerification = z.object({
  code: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  kind: z.enum(CERTIFICATE_KINDS),
  kind_label: z.string(),
  /** Null once the holder's account was deleted at their request (LGPD). */
  holder_name: z.string().nullable(),
  holder_removed: z.boolean(),
  title: z.string(),
  minutes: z.number().int(),
  hours: z.string(),
  started_on: z.string().nullable(),
  completed_on: z.string(),
  issued_at: z.string(),
  issuer: z.string(),
  ...CertificateStandingFields,
  /** When this state was read: the verification says the state as of then. */
  checked_at: z.string(),
})
export type CertificateVerification = z.infer<typeof CertificateVerification>

/** A certificate the signed-in person holds, with its links. */
export const HeldCertificate = CertificateVerification.extend({
  links: z.object({
    /** Null while the certificate is revoked or suspended: not offered for download (issue 39). */
    pdf: z.string().nullable(),
    /** Null then too, and once the credential was erased with the holder's name. */
    credential: z.string().nullable(),
    verification: z.string(),
    linkedin: z.string(),
  }),
})
export type HeldCertificate = z.infer<typeof HeldCertificate>

/** An online course's progress towards its certificate. */
export const CourseCertificateProgress = z.object({
  course_id: z.number().int(),
  course_name: z.string(),
  course_url: z.string(),
  /** The course from evidence (issue 39): each lesson played or opened, and the share asked. */
  study: StudyStanding,
  /** The course's final assessment is on and not yet passed: the certificate waits for it. */
  assessment_pending: z.boolean(),
  /** The certificate may be issued now. */
  eligible: z.boolean(),
  certificate: HeldCertificate.nullable(),
})
export type CourseCertificateProgress = z.infer<typeof CourseCertificateProgress>

/** GET /api/usuario/certificados: the courses' progress and every certificate held. */
export const MyCertificates = z.object({
  /** The name to prefill (the profile's). */
  profile_name: z.string(),
  courses: z.array(CourseCertificateProgress),
  certificates: z.array(HeldCertificate),
})
export type MyCertificates = z.infer<typeof MyCertificates>

/** POST /api/usuario/cursos/{url}/certificado: the name to print, as the student confirmed it. */
export const IssueCourseCertificateInput = z
  .object({ nome: z.string({ error: 'Informe o nome completo.' }).max(500, { error: 'Nome longo demais.' }) })
  .strict()
export type IssueCourseCertificateInput = z.infer<typeof IssueCourseCertificateInput>

/** A public key: alone at its `kid` address, or one of /.well-known/jwks.json (never a private part). */
export const PublicJwk = z
  .object({
    kty: z.string(),
    kid: z.string(),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    use: z.string().optional(),
    alg: z.string().optional(),
  })
  .strict()
export const PublicJwks = z.object({ keys: z.array(PublicJwk) })
