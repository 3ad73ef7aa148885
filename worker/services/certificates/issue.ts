/**
 * The one way a certificate comes to be (issue 24): a course's completion, an in-person class's
 * attendance, the conference's and a speaker's certificates are all issued here. A subject
 * ('course:{user}:{course}', …) has one certificate per generation: issuing is generation 1,
 * inserted with ON CONFLICT DO NOTHING, so ten calls at once make one row; a reissue (a name
 * corrected) is the next generation and the old one points at it (replaced_by).
 */
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { certificates } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  CERTIFICATE_CODE_PATTERN,
  certificateCodeOf,
  certificateName,
  certificateNameProblem,
  fillCertificateTemplate,
  normalizeCertificateCode,
} from '../../domain/certificate-text.ts'
import type { CertificateEvidence } from '../../domain/certificates.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { deliverLater } from '../email/outbox.ts'
import { signCredential } from './credential.ts'
import { type CertificateFacts, certificateIssuedEmail } from './emails.ts'
import {
  currentStatusListQuery,
  isStatusEntryTaken,
  newCredentialSlot,
  STATUS_INDEX_DRAWS,
  statusListOfCount,
  statusListsChanged,
} from './status-list.ts'

export type CertificateRow = typeof certificates.$inferSelect

export type CertificateSubject =
  | { kind: 'course'; userId: number; courseId: number }
  | { kind: 'in_person'; userId: number; classId: number }
  | { kind: 'conference'; userId: number }
  | { kind: 'speaker'; talkId: number; userId?: number | null }

export type IssueInput = CertificateSubject & {
  holderName: string
  title: string
  minutes: number
  /** YYYY-MM-DD (Curitiba). */
  startedOn: string | null
  /** YYYY-MM-DD (Curitiba). */
  completedOn: string
  /** '' = the kind's default text; placeholders {nome} {curso} {horas} {inicio} {conclusao}. */
  template: string
  signatory: { name: string; role: string; signatureKey: string | null } | null
  /** What earned it (issue 39): kept with the row and told in the credential. */
  evidence: CertificateEvidence | null
}

/** The subject's key: one certificate per subject and generation. */
export function subjectOf(subject: CertificateSubject): string {
  switch (subject.kind) {
    case 'course':
      return `course:${subject.userId}:${subject.courseId}`
    case 'in_person':
      return `in_person:${subject.userId}:${subject.classId}`
    case 'conference':
      return `conference:${subject.userId}`
    case 'speaker':
      return `speaker:${subject.talkId}`
  }
}

function newCode(): string {
  return certificateCodeOf(crypto.getRandomValues(new Uint8Array(10)))
}

/** The subject's current certificate (its latest generation), if any. */
const currentCertificateQuery = (ctx: AppContext, subject: string) =>
  ctx.db
    .select()
    .from(certificates)
    .where(eq(certificates.subject, subject))
    .orderBy(desc(certificates.generation))
    .limit(1)

export async function currentCertificateOf(
  ctx: AppContext,
  subject: string,
): Promise<CertificateRow | undefined> {
  const [row] = await currentCertificateQuery(ctx, subject)
  return row
}

/** A certificate issued (or found), or held back because its name cannot be printed as it is. */
export type IssueOutcome =
  | { certificate: CertificateRow; created: boolean; heldBack?: undefined }
  | { heldBack: { name: string; reason: string } }

type SignedFacts = Parameters<typeof signCredential>[1] & typeof certificates.$inferInsert

/**
 * Inserts a certificate (ON CONFLICT (subject, generation) DO NOTHING) with its credential signed
 * on a new status entry of `statusList`; an index another certificate holds already (the unique
 * index refuses it) is drawn again. `also`: statements of the insert's own batch (its e-mail).
 * Answers the row inserted (none when the subject had one) and what `also` returned.
 */
async function insertSigned(
  ctx: AppContext,
  statusList: number,
  row: SignedFacts,
  also: SQL[] = [],
): Promise<{ inserted: CertificateRow | undefined; also: Array<Array<{ id: number }>> }> {
  for (let draw = 1; ; draw++) {
    const slot = newCredentialSlot(statusList)
    const credential = await signCredential(ctx.env, row, slot, row.issuedAt)
    const insert = ctx.db
      .insert(certificates)
      .values({ ...row, ...slot, credential })
      .onConflictDoNothing({ target: [certificates.subject, certificates.generation] })
      .returning()
    try {
      const [inserted, ...rest] = await ctx.db.batch([
        insert,
        ...also.map((statement) => ctx.db.all<{ id: number }>(statement)),
      ])
      return { inserted: inserted[0], also: rest as Array<Array<{ id: number }>> }
    } catch (error) {
      if (draw >= STATUS_INDEX_DRAWS || !isStatusEntryTaken(error)) throw error
    }
  }
}

/**
 * The holder's 'Seu certificado' e-mail, queued by the insert's batch only if that batch made the
 * certificate (its new code exists); the address is the holder account's, read there.
 */
async function issuedEmailStatement(ctx: AppContext, userId: number, facts: CertificateFacts): Promise<SQL> {
  const mail = await certificateIssuedEmail(ctx.env, '', facts)
  return sql`INSERT INTO email_outbox (${sql.identifier('to')}, subject, html, text)
    SELECT u.email, ${mail.subject}, ${mail.html}, ${mail.text} FROM users u
    WHERE u.id = ${userId} AND u.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM certificates WHERE code = ${facts.code}) RETURNING id`
}

/**
 * Generation 1 of the subject (INSERT … ON CONFLICT DO NOTHING on (subject, generation)): ten
 * calls at once → one row; `created` says whether this call made it. When the subject already has
 * a certificate, its current generation is answered. A 422 when the name breaks the name rule.
 */
export async function issueCertificate(
  ctx: AppContext,
  input: IssueInput,
): Promise<{ certificate: CertificateRow; created: boolean }> {
  const outcome = await issueOrHoldBack(ctx, input)
  if (outcome.heldBack) throw invalidField('nome', outcome.heldBack.reason)
  return outcome
}

/**
 * As issueCertificate, for the admin's bulk issuing (a class, the conference): a name the rule
 * refuses (a profile's, a speaker's) holds that certificate back, said in the answer, instead of
 * failing the others.
 */
export async function issueOrHoldBack(ctx: AppContext, input: IssueInput): Promise<IssueOutcome> {
  const subject = subjectOf(input)
  const [[existing], entries] = await ctx.db.batch([
    currentCertificateQuery(ctx, subject),
    currentStatusListQuery(ctx),
  ])
  if (existing) return { certificate: existing, created: false }
  // Every path (a course, a class, the conference, a talk) prints a name the holder could confirm.
  const nameProblem = certificateNameProblem(input.holderName)
  if (nameProblem) return { heldBack: { name: input.holderName, reason: nameProblem } }
  const body = fillCertificateTemplate(input.template, input.kind, {
    name: certificateName(input.holderName),
    title: input.title,
    minutes: input.minutes,
    startedOn: input.startedOn,
    completedOn: input.completedOn,
  })
  const facts = {
    code: newCode(),
    kind: input.kind,
    holderName: certificateName(input.holderName),
    title: input.title,
    minutes: input.minutes,
  }
  const { inserted: row, also } = await insertSigned(
    ctx,
    statusListOfCount(entries),
    {
      ...facts,
      startedOn: input.startedOn,
      completedOn: input.completedOn,
      body,
      issuedAt: ctx.now,
      evidence: input.evidence,
      subject,
      generation: 1,
      userId: input.userId ?? null,
      courseId: input.kind === 'course' ? input.courseId : null,
      classId: input.kind === 'in_person' ? input.classId : null,
      talkId: input.kind === 'speaker' ? input.talkId : null,
      signatory: input.signatory,
    },
    input.userId ? [await issuedEmailStatement(ctx, input.userId, facts)] : [],
  )
  const queued = also[0]?.[0]
  if (queued) deliverLater(ctx, queued.id)
  if (row) return { certificate: row, created: true }
  const winner = await currentCertificateOf(ctx, subject)
  if (!winner) throw new Error(`certificate of ${subject} neither inserted nor found`)
  return { certificate: winner, created: false }
}

/** A certificate by its public code (as typed: case and spaces forgiven); undefined when none. */
export async function certificateByCode(ctx: AppContext, code: string): Promise<CertificateRow | undefined> {
  const normalized = normalizeCertificateCode(code)
  if (!CERTIFICATE_CODE_PATTERN.test(normalized)) return undefined
  const [row] = await ctx.db.select().from(certificates).where(eq(certificates.code, normalized))
  return row
}

async function certificateOrNotFound(ctx: AppContext, code: string): Promise<CertificateRow> {
  const row = await certificateByCode(ctx, code)
  if (!row) throw notFound('Certificado não encontrado.')
  return row
}

/**
 * A corrected name: the subject's next generation, under a new code, its text and credential
 * made again; the old certificate says it was replaced, and by which code. The current
 * generation only (409 for one already replaced or revoked); two reissues at once make one.
 */
export async function reissueCertificate(
  ctx: AppContext,
  code: string,
  newName: string,
): Promise<CertificateRow> {
  const normalized = normalizeCertificateCode(code)
  if (!CERTIFICATE_CODE_PATTERN.test(normalized)) throw notFound('Certificado não encontrado.')
  const [[old], entries] = await ctx.db.batch([
    ctx.db.select().from(certificates).where(eq(certificates.code, normalized)),
    currentStatusListQuery(ctx),
  ])
  if (!old) throw notFound('Certificado não encontrado.')
  if (old.replacedBy) throw conflict(`Este certificado já foi substituído pelo ${old.replacedBy}.`)
  if (old.revokedAt) throw conflict('Este certificado foi revogado e não pode ser reemitido.')
  // A new generation would be valid while the purchase's chargeback is still disputed (decision 023).
  if (old.suspendedAt) {
    throw conflict(
      'Este certificado está suspenso enquanto a contestação do pagamento não termina: não pode ser reemitido agora.',
    )
  }
  if (old.holderName === null) throw conflict('O titular deste certificado foi removido a pedido.')
  const nameProblem = certificateNameProblem(newName)
  if (nameProblem) throw invalidField('nome', nameProblem)
  const holderName = certificateName(newName)
  const facts = {
    code: newCode(),
    kind: old.kind,
    holderName,
    title: old.title,
    minutes: old.minutes,
    startedOn: old.startedOn,
    completedOn: old.completedOn,
    // The template is not kept: the name printed is the one part a reissue changes.
    body: old.body.split(old.holderName).join(holderName),
    issuedAt: ctx.now,
    evidence: old.evidence,
  }
  const { inserted: row } = await insertSigned(ctx, statusListOfCount(entries), {
    ...facts,
    subject: old.subject,
    generation: old.generation + 1,
    userId: old.userId,
    courseId: old.courseId,
    classId: old.classId,
    talkId: old.talkId,
    signatory: old.signatory,
  })
  const next =
    row ??
    (
      await ctx.db
        .select()
        .from(certificates)
        .where(and(eq(certificates.subject, old.subject), eq(certificates.generation, old.generation + 1)))
    )[0]
  if (!next) throw new Error(`reissue of ${old.code} neither inserted nor found`)
  await ctx.db
    .update(certificates)
    .set({ replacedBy: next.code })
    .where(and(eq(certificates.id, old.id), isNull(certificates.replacedBy)))
  // The old credential's entry now reads 'replaced' (decision 020).
  await statusListsChanged(ctx)
  return next
}

/** Revokes a certificate with its reason; a second call changes nothing (the first date and reason stay). */
export async function revokeCertificate(
  ctx: AppContext,
  code: string,
  reason: string,
): Promise<CertificateRow> {
  const row = await certificateOrNotFound(ctx, code)
  if (row.revokedAt) return row
  const [updated] = await ctx.db
    .update(certificates)
    .set({ revokedAt: ctx.now, revokedReason: reason })
    .where(and(eq(certificates.id, row.id), isNull(certificates.revokedAt)))
    .returning()
  if (updated) await statusListsChanged(ctx)
  return updated ?? (await certificateOrNotFound(ctx, code))
}
