import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { CERTIFICATE_KINDS, type CertificateEvidence } from '../../worker/domain/certificates.ts'
import { users } from './accounts.ts'
import { classes, courses } from './catalog.ts'
import { serial } from './columns.ts'
import { conferenceTalks } from './conference.ts'

// The schema: Certificates.

/**
 * A certificate (issue 24), verified by anyone at /certificados/{code}. One per subject and
 * generation: `subject` names what it attests (`course:{user}:{course}`, `in_person:{user}:{class}`,
 * `conference:{user}`, `speaker:{talk}`), so ten requests at once insert one row; a reissue after a
 * name correction is the next generation, and the old one names its replacement.
 */
export const certificates = sqliteTable(
  'certificates',
  {
    id: serial(),
    /** Public, random, unguessable: what the QR code and the verification page carry. */
    code: text('code').notNull(),
    kind: text('kind', { enum: CERTIFICATE_KINDS }).notNull(),
    subject: text('subject').notNull(),
    generation: integer('generation').notNull().default(1),
    /** The holder's account; null for a speaker without one, or once the account is deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    talkId: integer('talk_id').references(() => conferenceTalks.id, { onDelete: 'set null' }),
    /** The name printed, as the holder confirmed it; null once the account is deleted (LGPD). */
    holderName: text('holder_name'),
    /** What was completed (the course's name, the talk's title, the conference). */
    title: text('title').notNull(),
    /** The hours attested, in minutes (a conference's hours watched are not whole hours). */
    minutes: integer('minutes').notNull(),
    /** First and last day (YYYY-MM-DD in Curitiba) of what it attests. */
    startedOn: text('started_on'),
    completedOn: text('completed_on').notNull(),
    /** The text printed, the template's placeholders already filled in. */
    body: text('body').notNull(),
    signatory: text('signatory', { mode: 'json' }).$type<{
      name: string
      role: string
      signatureKey: string | null
    }>(),
    /** The Open Badges 3.0 credential, signed when issued (JWT); null once the holder's name is erased. */
    credential: text('credential'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    revokedReason: text('revoked_reason'),
    /** A chargeback of the purchase that paid for it is open: suspended until it is won or lost. */
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    suspendedReason: text('suspended_reason'),
    /** What earned it (share watched, assessment, attendance): told in the credential's evidence. */
    evidence: text('evidence', { mode: 'json' }).$type<CertificateEvidence>(),
    /** A reissue's code: this one was replaced by it. */
    replacedBy: text('replaced_by'),
    /** The credential's pseudonymous subject (`urn:uuid:…`, its `credentialSubject.id` and `sub`). */
    recipientId: text('recipient_id'),
    /** Its entry in the signed status lists (decision 020): the list's number and a random index. */
    statusList: integer('status_list'),
    statusIndex: integer('status_index'),
  },
  (t) => [
    uniqueIndex('certificates_code_unique').on(t.code),
    // One certificate per entry of a status list; also what a list's regeneration reads, by list.
    uniqueIndex('certificates_status_entry').on(t.statusList, t.statusIndex),
    // Issuing twice at once inserts one row; a reissue is the next generation.
    uniqueIndex('certificates_subject_generation').on(t.subject, t.generation),
    // Meus cursos lists the holder's certificates.
    index('certificates_user').on(t.userId),
    // The admin's list, newest first.
    index('certificates_issued').on(t.issuedAt),
  ],
)
