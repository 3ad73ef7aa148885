import { asc, eq, or } from 'drizzle-orm'
import { invoices } from '../../../db/schema.ts'
import type { InvoiceState } from '../../../worker/domain/fiscal.ts'
import { issueInvoices } from '../../../worker/services/fiscal/job.ts'
import { testContext, testDb } from './db.ts'

// A sale's NFS-e as the worker tests read it (issue 43): its notes, the scheduled job run over them
// (the shared database holds every file's notes), and the wait for a note the payment's own
// settlement is still sending (it starts issuing at once, after the answer).

/** The notes of a sale (an order, or an edital fee's payment), by sequence. */
export const notesOf = (saleId: string) =>
  testDb()
    .select()
    .from(invoices)
    .where(or(eq(invoices.orderId, saleId), eq(invoices.planPaymentId, saleId)))
    .orderBy(asc(invoices.sequence))

/** The sale's current note (not the products' 'sem NFS-e' row). */
export const noteOf = async (saleId: string) => (await notesOf(saleId)).find((note) => note.sequence >= 1)!

/** The job's runs over the notes of a sale, `runs` of them at once (a short deadline: 2 s). */
export async function runJob(saleId: string, { runs = 1, at = new Date(), env = testContext().env } = {}) {
  const ids = (await notesOf(saleId)).map((note) => note.id)
  const ctx = () => testContext({ now: at, env: { ...env, DEADLINES_MS: JSON.stringify({ fiscal: 2000 }) } })
  return Promise.all(Array.from({ length: runs }, () => issueInvoices(ctx(), { ids })))
}

/** Runs the job until nothing of the sale is due (the claim of the run before has lapsed). */
export async function settleNotes(saleId: string, { at = Date.now(), rounds = 4 } = {}) {
  for (let round = 0; round < rounds; round++)
    await runJob(saleId, { at: new Date(at + round * 3 * 3600_000) })
}

/**
 * The sale's notes once `done` holds of them (10 s at most): read again every 100 ms, the job run
 * in between unless `job` is false (while the settlement's own run holds a note, the job claims
 * nothing).
 */
export async function notesWhen(
  saleId: string,
  done: (notes: Awaited<ReturnType<typeof notesOf>>) => boolean,
  { job = true } = {},
) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (job) await runJob(saleId)
    const notes = await notesOf(saleId)
    if (done(notes)) return notes
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return notesOf(saleId)
}

/** The sale's note once it is `state` (see notesWhen). */
export async function noteIn(
  saleId: string,
  state: InvoiceState = 'authorized',
  options?: { job?: boolean },
) {
  const current = (notes: Awaited<ReturnType<typeof notesOf>>) => notes.find((note) => note.sequence >= 1)
  return current(await notesWhen(saleId, (notes) => current(notes)?.state === state, options))!
}

/**
 * Not a note's e-mail: a paid sale's NFS-e is sent at once and its e-mail to the buyer queued once
 * authorised, a moment after the payment's own; tests of the payment's e-mails leave it out.
 */
export const notInvoiceMail = (mail: { subject: string }) => !mail.subject.startsWith('Nota fiscal do seu')
