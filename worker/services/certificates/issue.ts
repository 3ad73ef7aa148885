import { and, eq, isNull, sql } from 'drizzle-orm'
import { certificates } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { fillTemplate } from '../../domain/certificate-template.ts'
import { conflict, notFound } from '../../errors.ts'

// PLACEHOLDER of wt-certs' issuing service (its API as the brief states it), so the admin can be
// built and tested before that branch lands: merging wt-certs replaces this file whole.

type Subject =
  | { kind: 'course'; userId: number; courseId: number }
  | { kind: 'in_person'; userId: number; classId: number }
  | { kind: 'conference'; userId: number }
  | { kind: 'speaker'; talkId: number; userId?: number }

export type IssueInput = Subject & {
  holderName: string
  title: string
  minutes: number
  startedOn: string | null
  completedOn: string
  template: string
  signatory: { name: string; role: string; signatureKey: string | null } | null
}

type Row = typeof certificates.$inferSelect

export function subjectOf(input: Subject): string {
  switch (input.kind) {
    case 'course':
      return `course:${input.userId}:${input.courseId}`
    case 'in_person':
      return `in_person:${input.userId}:${input.classId}`
    case 'conference':
      return `conference:${input.userId}`
    case 'speaker':
      return `speaker:${input.talkId}`
  }
}

const newCode = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()

export async function issueCertificate(
  ctx: AppContext,
  input: IssueInput,
): Promise<{ certificate: Row; created: boolean }> {
  const subject = subjectOf(input)
  const hours = String(Math.round(input.minutes / 60))
  const body = fillTemplate(input.template || '{nome} concluiu {curso} ({horas} horas).', {
    nome: input.holderName,
    curso: input.title,
    horas: hours,
    inicio: input.startedOn ?? input.completedOn,
    conclusao: input.completedOn,
  })
  const inserted = await ctx.db
    .insert(certificates)
    .values({
      code: newCode(),
      kind: input.kind,
      subject,
      generation: 1,
      userId: input.userId ?? null,
      courseId: input.kind === 'course' ? input.courseId : null,
      classId: input.kind === 'in_person' ? input.classId : null,
      talkId: input.kind === 'speaker' ? input.talkId : null,
      holderName: input.holderName,
      title: input.title,
      minutes: input.minutes,
      startedOn: input.startedOn,
      completedOn: input.completedOn,
      body,
      signatory: input.signatory,
      issuedAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning()
  if (inserted[0]) return { certificate: inserted[0], created: true }
  const [current] = await ctx.db
    .select()
    .from(certificates)
    .where(and(eq(certificates.subject, subject), isNull(certificates.replacedBy)))
  return { certificate: current!, created: false }
}

export async function reissueCertificate(ctx: AppContext, code: string, holderName: string): Promise<Row> {
  const [old] = await ctx.db.select().from(certificates).where(eq(certificates.code, code))
  if (!old) throw notFound('Certificado não encontrado.')
  if (old.replacedBy || old.revokedAt) throw conflict('Este certificado não pode ser reemitido.')
  const next = newCode()
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(certificates)
      .values({
        ...old,
        id: undefined,
        code: next,
        generation: old.generation + 1,
        holderName,
        issuedAt: ctx.now,
      })
      .returning(),
    ctx.db
      .update(certificates)
      .set({ replacedBy: next })
      .where(and(eq(certificates.id, old.id), isNull(certificates.replacedBy))),
  ])
  return inserted[0]!
}

export async function revokeCertificate(ctx: AppContext, code: string, reason: string): Promise<Row> {
  const [row] = await ctx.db
    .update(certificates)
    .set({ revokedAt: sql`coalesce(${certificates.revokedAt}, ${ctx.now.getTime()})`, revokedReason: reason })
    .where(eq(certificates.code, code))
    .returning()
  if (!row) throw notFound('Certificado não encontrado.')
  return row
}
