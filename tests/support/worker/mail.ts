import { asc, desc, eq } from 'drizzle-orm'
import { emailOutbox } from '../../../db/schema.ts'
import { testDb } from './db.ts'
import { notInvoiceMail } from './invoices.ts'

// The e-mails the worker tests read from the outbox, by address (the shared database holds every
// file's e-mails: an address of the test's own picks its own).

/** The e-mails to `to`, in the order they were queued. */
export const mailsTo = (to: string) =>
  testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id))

/** The e-mails to `to`, the last first. */
export const latestMailsTo = (to: string) =>
  testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id))

/** The store's own e-mails to `to` (not a note's: see notInvoiceMail), in the order they were queued. */
export const storeMailsTo = async (to: string) => (await mailsTo(to)).filter(notInvoiceMail)
