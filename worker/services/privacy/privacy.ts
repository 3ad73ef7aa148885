import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { html } from 'hono/html'
import {
  abandonedCheckouts,
  applications,
  assessmentAttempts,
  assessmentExtraAttempts,
  auditLog,
  certificates,
  classes,
  conferenceAttendance,
  conferenceTalks,
  courses,
  ebookLibrary,
  editais,
  emailOutbox,
  enrollments,
  feePlans,
  leads,
  lessonOpenings,
  lessonPlaybacks,
  lessonProgress,
  lessonSegments,
  liveQuestions,
  oauthAccounts,
  orderItems,
  orders,
  planPayments,
  reminders,
  sessions,
  users,
} from '../../../db/schema.ts'
import type { UserCall } from '../../context.ts'
import { PRIVACY_MESSAGES } from '../../contract/student.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { ANONYMOUS_NAME } from '../../domain/live-questions.ts'
import { notFound } from '../../errors.ts'
import { verificationUrl } from '../certificates/credential.ts'
import { verificationOf } from '../certificates/student.ts'
import { forgetInLiveRooms } from '../conference/live.ts'
import { deliverLater } from '../email/outbox.ts'
import { emailMessage, firstName } from '../email/templates.ts'
import { accountFileKeys, deleteFiles } from '../files/files.ts'

// LGPD art. 18 for the student themself: a copy of every record that names them (access and
// portability), and the account's deletion: personal data anonymised at once, sessions ended,
// orders kept for the fiscal retention period without personal data (the privacy policy says so).

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null

/** GET /api/usuario/privacidade/exportar: every record that names the student, as JSON. */
export async function exportMyData({ ctx, userId }: UserCall) {
  const { db } = ctx
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw notFound('Conta não encontrada.')
  const myOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))
  const [
    linked,
    signIns,
    orderRows,
    items,
    enrolled,
    applied,
    payments,
    contactMessages,
    watched,
    segments,
    openings,
    library,
    mails,
    actions,
    watchedTalks,
    checkouts,
    remindersSent,
    held,
    attempts,
    asked,
  ] = await db.batch([
    db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)),
    db.select().from(orderItems).where(inArray(orderItems.orderId, myOrders)).orderBy(asc(orderItems.id)),
    db
      .select({ enrollment: enrollments, className: classes.name, courseName: courses.name })
      .from(enrollments)
      .innerJoin(classes, eq(classes.id, enrollments.classId))
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .where(eq(enrollments.userId, userId)),
    db
      .select({ application: applications, edital: editais.title })
      .from(applications)
      .innerJoin(editais, eq(editais.id, applications.editalId))
      .where(eq(applications.userId, userId)),
    db
      .select({ payment: planPayments, plan: feePlans.name })
      .from(planPayments)
      .innerJoin(feePlans, eq(feePlans.id, planPayments.planId))
      .where(eq(planPayments.userId, userId))
      .orderBy(desc(planPayments.createdAt)),
    db.select().from(leads).where(eq(leads.email, user.email)).orderBy(desc(leads.createdAt)),
    db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)),
    db
      .select()
      .from(lessonSegments)
      .where(eq(lessonSegments.userId, userId))
      .orderBy(asc(lessonSegments.lessonId), asc(lessonSegments.fromMs)),
    db.select().from(lessonOpenings).where(eq(lessonOpenings.userId, userId)),
    db.select().from(ebookLibrary).where(eq(ebookLibrary.userId, userId)),
    db
      .select({
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, user.email))
      .orderBy(desc(emailOutbox.createdAt)),
    db.select().from(auditLog).where(eq(auditLog.actorUserId, userId)).orderBy(desc(auditLog.createdAt)),
    db
      .select({
        talk: conferenceTalks.title,
        seconds: conferenceAttendance.seconds,
        lastSeenAt: conferenceAttendance.lastSeenAt,
      })
      .from(conferenceAttendance)
      .innerJoin(conferenceTalks, eq(conferenceTalks.id, conferenceAttendance.talkId))
      .where(eq(conferenceAttendance.userId, userId))
      .orderBy(asc(conferenceTalks.initAt)),
    db
      .select({
        items: abandonedCheckouts.items,
        totalCents: abandonedCheckouts.totalCents,
        createdAt: abandonedCheckouts.createdAt,
        seenAt: abandonedCheckouts.seenAt,
        orderId: abandonedCheckouts.orderId,
      })
      .from(abandonedCheckouts)
      .where(eq(abandonedCheckouts.email, user.email))
      .orderBy(desc(abandonedCheckouts.seenAt)),
    db
      .select({ kind: reminders.kind, createdAt: reminders.createdAt })
      .from(reminders)
      .where(eq(reminders.email, user.email))
      .orderBy(desc(reminders.createdAt)),
    db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, userId))
      .orderBy(desc(certificates.issuedAt)),
    db
      .select({ attempt: assessmentAttempts, course: courses.name })
      .from(assessmentAttempts)
      .innerJoin(courses, eq(courses.id, assessmentAttempts.courseId))
      .where(eq(assessmentAttempts.userId, userId))
      .orderBy(asc(assessmentAttempts.startedAt)),
    // The conference's live questions the database kept (approved or answered; issue 44).
    db
      .select({ question: liveQuestions, talk: conferenceTalks.title })
      .from(liveQuestions)
      .innerJoin(conferenceTalks, eq(conferenceTalks.id, liveQuestions.talkId))
      .where(eq(liveQuestions.userId, userId))
      .orderBy(asc(liveQuestions.askedAt)),
  ])
  return {
    certificates: held.map((row) => ({
      ...verificationOf(row, ctx.now),
      verification_url: verificationUrl(ctx.env, row.code),
    })),
    exported_at: ctx.now.toISOString(),
    controller: { name: INSTITUTE.fullName, contact: INSTITUTE.emails.contact },
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      type: user.type,
      photo: user.photoKey ? `/files/${encodeURIComponent(user.photoKey)}` : null,
      has_password: user.passwordHash !== null,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
      linked_accounts: linked.map((row) => ({
        provider: row.provider,
        email: row.email,
        linked_at: iso(row.createdAt),
      })),
      sessions: signIns.map((row) => ({
        started_at: iso(row.createdAt),
        expires_at: iso(row.expiresAt),
        device: row.userAgent,
      })),
    },
    orders: orderRows.map((order) => ({
      id: order.id,
      created_at: iso(order.createdAt),
      status: order.status,
      payment_type: order.paymentType,
      instalments: order.instalments,
      total_cents: order.totalCents,
      donation_cents: order.donationCents,
      refunded_cents: order.refundedCents,
      paid_at: iso(order.paidAt),
      payer: order.payer,
      billing_address: order.billingAddress,
      gifts: order.gifts,
      is_student: order.isStudent,
      has_passport: order.hasPassport,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({ name: item.name, net_cents: item.netCents })),
    })),
    enrollments: enrolled.map(({ enrollment, className, courseName }) => ({
      course: courseName,
      class: className,
      status: enrollment.status,
      order_id: enrollment.orderId,
      created_at: iso(enrollment.createdAt),
    })),
    applications: applied.map(({ application, edital }) => ({
      id: application.id,
      edital,
      status: application.status,
      created_at: iso(application.createdAt),
    })),
    plan_payments: payments.map(({ payment, plan }) => ({
      id: payment.id,
      plan,
      application_id: payment.applicationId,
      status: payment.status,
      payment_method: payment.paymentMethod,
      instalments: payment.instalments,
      amount_cents: payment.amountCents,
      paid_at: iso(payment.paidAt),
      created_at: iso(payment.createdAt),
      payer: payment.payer,
      billing_address: payment.billingAddress,
    })),
    leads: contactMessages.map((lead) => ({
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      message: lead.description,
      channel: lead.target,
      created_at: iso(lead.createdAt),
    })),
    consents: [
      {
        purpose: 'Cadastro e área do aluno (execução de contrato: cursos, compras e inscrições)',
        given_at: iso(user.createdAt),
        source: 'cadastro no site',
      },
      ...contactMessages.map((lead) => ({
        purpose: 'Retorno à mensagem enviada pelo formulário de contato',
        given_at: iso(lead.createdAt),
        source: lead.target === 'chat' ? 'chat do site' : 'formulário de contato',
      })),
      ...linked.map((row) => ({
        purpose: `Entrar com a conta ${row.provider === 'google' ? 'Google' : row.provider === 'facebook' ? 'Facebook' : row.provider} (nome e e-mail compartilhados pelo provedor)`,
        given_at: iso(row.createdAt),
        source: 'login social',
      })),
    ],
    lesson_progress: watched.map((row) => ({ lesson_id: row.lessonId, watched_at: iso(row.watchedAt) })),
    // The evidence of study (issue 39): what the player counted, and the readings opened.
    lessons_played: segments.map((row) => ({
      lesson_id: row.lessonId,
      from_seconds: row.fromMs / 1000,
      to_seconds: row.toMs / 1000,
      first_played_at: iso(row.createdAt),
      last_played_at: iso(row.updatedAt),
    })),
    readings_opened: openings.map((row) => ({ lesson_id: row.lessonId, opened_at: iso(row.openedAt) })),
    ebook_library: library.map((row) => ({ ebook_id: row.ebookId, added_at: iso(row.addedAt) })),
    assessment_attempts: attempts.map(({ attempt, course }) => ({
      course,
      number: attempt.number,
      started_at: iso(attempt.startedAt),
      ended_at: iso(attempt.submittedAt),
      score_percent: attempt.scorePercent,
      passed: attempt.isPassed,
    })),
    conference_attendance: watchedTalks.map((row) => ({
      talk: row.talk,
      seconds_watched: row.seconds,
      last_seen_at: iso(row.lastSeenAt),
    })),
    conference_questions: asked.map(({ question, talk }) => ({
      talk,
      text: question.text,
      shown_as: question.anonymous ? ANONYMOUS_NAME : question.authorName,
      status: question.status,
      votes: question.votes,
      asked_at: iso(question.askedAt),
    })),
    reminder_checkouts: checkouts.map((row) => ({
      items: row.items,
      total_cents: row.totalCents,
      created_at: iso(row.createdAt),
      seen_at: iso(row.seenAt),
      order_id: row.orderId,
    })),
    reminders_sent: remindersSent.map((row) => ({ kind: row.kind, sent_at: iso(row.createdAt) })),
    emails: mails.map((mail) => ({
      subject: mail.subject,
      status: mail.status,
      created_at: iso(mail.createdAt),
      sent_at: iso(mail.sentAt),
    })),
    admin_actions: actions.map((row) => ({
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      created_at: iso(row.createdAt),
    })),
  }
}

/** What an order or a plan payment keeps of its payer after the account is deleted. */
export const ANONYMOUS_PAYER = { name: 'Titular removido (LGPD)', email: '', cpf: '', phone: '' }

function deletionEmail(to: string, name: string) {
  const first = firstName(name)
  return emailMessage({
    to,
    subject: `Sua conta foi excluída — ${INSTITUTE.name}`,
    text: `Olá, ${first}!\n\nComo você pediu, excluímos sua conta no site do ${INSTITUTE.name}: seus dados pessoais foram apagados e todas as sessões foram encerradas. Os registros das compras ficam guardados sem seus dados pessoais pelo prazo da legislação fiscal.\n\nSe não foi você, fale conosco: ${INSTITUTE.emails.contact}.\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Como você pediu, excluímos sua conta no site do ${INSTITUTE.name}: seus dados pessoais foram apagados e todas as sessões foram encerradas.</p>
<p>Os registros das compras ficam guardados sem seus dados pessoais pelo prazo da legislação fiscal.</p>
<p>Se não foi você, fale conosco: ${INSTITUTE.emails.contact}.</p>`,
  })
}

/**
 * POST /api/usuario/privacidade/excluir: in one transaction the account's personal data are
 * anonymised (name, e-mail, phone, photo, password), every session and linked login ends, the
 * orders and plan payments keep their amounts without the payer's data, contact messages and
 * e-mails sent to the address go, and the confirmation is queued to the old address. The
 * conference's live rooms then forget the name (issue 44), and the account's files (every object
 * under its prefix, student documents) are removed from R2.
 */
export async function deleteMyAccount({ ctx, userId }: UserCall) {
  const { db } = ctx
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user || user.deletedAt) throw notFound('Conta não encontrada.')
  const documents = await db
    .select({ key: orders.studentDocKey })
    .from(orders)
    .where(eq(orders.userId, userId))
  const notice = await deletionEmail(user.email, user.name)
  const anonymousEmail = `conta-excluida-${userId}-${crypto.randomUUID().slice(0, 8)}@excluida.invalid`
  const payer = JSON.stringify(ANONYMOUS_PAYER)
  const [, , , , , , , , , , , , queued] = await db.batch([
    // Certificates keep verifying as issued, without the person's name (the policy says why).
    db
      .update(certificates)
      .set({ holderName: null, credential: null })
      .where(eq(certificates.userId, userId)),
    db
      .update(users)
      .set({
        name: 'Conta excluída',
        email: anonymousEmail,
        phone: null,
        photoKey: null,
        passwordHash: null,
        isNewUser: false,
        deletedAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(users.id, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
    db.run(sql`DELETE FROM password_resets WHERE user_id = ${userId}`),
    db.delete(lessonProgress).where(eq(lessonProgress.userId, userId)),
    db.delete(ebookLibrary).where(eq(ebookLibrary.userId, userId)),
    db.run(sql`UPDATE orders SET payer = ${payer}, billing_address = NULL, gifts = NULL, student_doc_key = NULL
      WHERE user_id = ${userId}`),
    db.run(sql`UPDATE plan_payments SET payer = ${payer}, billing_address = NULL WHERE user_id = ${userId}`),
    db.delete(leads).where(eq(leads.email, user.email)),
    db.delete(emailOutbox).where(eq(emailOutbox.to, user.email)),
    db
      .insert(auditLog)
      .values({ actorUserId: userId, action: 'account.deleted', entity: 'user', entityId: String(userId) }),
    db
      .insert(emailOutbox)
      .values({ ...notice, status: 'pending' })
      .returning({ id: emailOutbox.id }),
    // The conference's attendance, the carts kept for reminders; the reminders sent keep no address.
    db.delete(conferenceAttendance).where(eq(conferenceAttendance.userId, userId)),
    db.delete(abandonedCheckouts).where(eq(abandonedCheckouts.email, user.email)),
    db.update(reminders).set({ email: anonymousEmail }).where(eq(reminders.email, user.email)),
    // The evidence of study goes with the progress (issue 39).
    db.delete(lessonSegments).where(eq(lessonSegments.userId, userId)),
    db.delete(lessonOpenings).where(eq(lessonOpenings.userId, userId)),
    db.delete(lessonPlaybacks).where(eq(lessonPlaybacks.userId, userId)),
    // The final assessments' attempts go with the progress (the certificates keep what they attest).
    db.delete(assessmentAttempts).where(eq(assessmentAttempts.userId, userId)),
    db.delete(assessmentExtraAttempts).where(eq(assessmentExtraAttempts.userId, userId)),
    // The live questions stay in the talk's record without who asked (issue 44).
    db.update(liveQuestions).set({ userId: null, authorName: null }).where(eq(liveQuestions.userId, userId)),
    // Nor does it speak a talk any more (its speaker view goes with it).
    db.update(conferenceTalks).set({ speakerUserId: null }).where(eq(conferenceTalks.speakerUserId, userId)),
  ])
  // The talks' live rooms forget the name now, not at their wipe 30 days after the talk.
  await forgetInLiveRooms(ctx, userId).catch((error: unknown) =>
    console.error(JSON.stringify({ level: 'error', kind: 'live_room_forget_failed', error: String(error) })),
  )
  // Every file of the account: whatever is under its own prefix (photos, past ones included), and
  // its student documents.
  const stored = await accountFileKeys(ctx, userId).catch(() => [])
  const keys = [user.photoKey, ...stored, ...documents.map((row) => row.key)].filter((key): key is string =>
    Boolean(key),
  )
  await deleteFiles(ctx, [...new Set(keys)])
  const noticeId = queued[0]?.id
  if (noticeId) deliverLater(ctx, noticeId)
  return { msg: PRIVACY_MESSAGES.deleted }
}
