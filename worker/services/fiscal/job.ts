import { and, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { invoices } from '../../../db/schema.ts'
import { deadlineOf } from '../../adapters/deadline.ts'
import { focusNfeProvider } from '../../adapters/fiscal/focus-nfe.ts'
import {
  type FiscalProvider,
  FiscalRequestRefusedError,
  type ProviderNote,
} from '../../adapters/fiscal/types.ts'
import { fiscalSettings } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import {
  CANCEL_REASON,
  INVOICE_CLAIM_MS,
  type InvoiceSource,
  type InvoiceState,
  MAX_INVOICE_ATTEMPTS,
  NOT_ISSUED_MESSAGE,
  retryDelayMs,
} from '../../domain/fiscal.ts'
import { dependencyFailure } from '../../errors.ts'
import { findIbge } from '../address/cep.ts'
import { queueEmailWhere } from '../email/outbox.ts'
import { invoiceEmail } from './emails.ts'

// The NFS-e job (issue 43, decision 026): runs with the scheduled handler, and for one note when
// the provider's gatilho arrives. Each note is claimed atomically before any call (ten runs at
// once: one sends); a note sent once is looked up by its ref before it is ever sent again (a
// timeout never issues twice); every write after a call holds only while the claim is this run's.

export type InvoiceRow = typeof invoices.$inferSelect

/** The provider configured (Focus NFe at FOCUS_NFE_API_URL). */
function fiscalProvider(ctx: AppContext): FiscalProvider {
  const settings = fiscalSettings(ctx.env)
  return focusNfeProvider({
    apiUrl: settings.apiUrl,
    token: settings.token,
    timeoutMs: deadlineOf(ctx.env, 'fiscal'),
  })
}

/** The states the job works on. */
const WORKED: InvoiceState[] = ['queued', 'processing', 'cancelling']

function due(now: Date, ignoreBackoff = false): SQL {
  const at = now.getTime()
  return and(
    inArray(invoices.state, WORKED),
    ignoreBackoff ? undefined : or(isNull(invoices.nextAttemptAt), lte(invoices.nextAttemptAt, new Date(at))),
    or(isNull(invoices.issueAfter), lte(invoices.issueAfter, new Date(at))),
    or(isNull(invoices.claimedUntil), lte(invoices.claimedUntil, new Date(at))),
  ) as SQL
}

/** Claims a note for this run, or null when another holds it (or it is not due). */
async function claim(ctx: AppContext, id: number, now = false): Promise<Claimed | null> {
  const token = crypto.randomUUID()
  const [row] = await ctx.db
    .update(invoices)
    .set({ claimToken: token, claimedUntil: new Date(ctx.now.getTime() + INVOICE_CLAIM_MS) })
    .where(and(eq(invoices.id, id), due(ctx.now, now)))
    .returning()
  return row ? { row, token } : null
}

type Claimed = { row: InvoiceRow; token: string }

/**
 * Whether this run may still write the note: it holds the claim and the note is in the state it
 * claimed. Money going back meanwhile (a refund's step moves the note to `cancelling` or
 * `cancelled` while a call is out) wins: what the call found is not written over it, and the next
 * run cancels the note at the provider.
 */
const held = ({ row, token }: Claimed) =>
  sql`EXISTS (SELECT 1 FROM invoices WHERE id = ${row.id} AND claim_token = ${token} AND state = ${row.state})`

/** Writes what a call found while this run may (`held`); releases the claim either way. */
async function finish(ctx: AppContext, claimed: Claimed, values: Partial<InvoiceRow>, extra: SQL[] = []) {
  const { row, token } = claimed
  const mine = and(eq(invoices.id, row.id), eq(invoices.claimToken, token))
  await ctx.db.batch([
    ...extra.map((statement) => ctx.db.run(statement)),
    ctx.db
      .update(invoices)
      .set({ ...values, updatedAt: ctx.now })
      .where(and(mine, eq(invoices.state, row.state))),
    ctx.db.update(invoices).set({ claimToken: null, claimedUntil: null }).where(mine),
  ] as never)
}

/** A failure that may pass (the provider down or late): tried again later, nothing else changes. */
async function later(ctx: AppContext, claimed: Claimed, detail: string) {
  const attempts = claimed.row.attempts + 1
  await finish(ctx, claimed, {
    attempts,
    nextAttemptAt: new Date(ctx.now.getTime() + retryDelayMs(attempts)),
    providerMessage:
      attempts >= MAX_INVOICE_ATTEMPTS
        ? `A Focus NFe não respondeu depois de ${attempts} tentativas (${detail}); o envio continua.`
        : claimed.row.providerMessage,
  })
}

/** The buyer's e-mail with the PDF link, queued once per note (with the write that authorises it). */
async function authorisedEmail(ctx: AppContext, claimed: Claimed, note: ProviderNote) {
  const { row } = claimed
  const mail = await invoiceEmail(ctx, { ...row, number: note.number, pdfUrl: note.pdfUrl })
  return queueEmailWhere(
    mail,
    sql`${held(claimed)} AND EXISTS (SELECT 1 FROM invoices WHERE id = ${row.id} AND emailed_at IS NULL)`,
  )
}

/** What the provider says of a note, written: authorised (and the e-mail), refused, processing. */
async function record(ctx: AppContext, claimed: Claimed, note: ProviderNote): Promise<InvoiceState> {
  const { row } = claimed
  if (note.status === 'authorized') {
    const extra: SQL[] = []
    if (!row.emailedAt) extra.push(await authorisedEmail(ctx, claimed, note))
    // A substitution authorised: the note it replaces ends `replaced`.
    if (row.replacesId) {
      extra.push(sql`UPDATE invoices SET state = 'replaced', updated_at = ${ctx.now.getTime()}
        WHERE id = ${row.replacesId} AND state IN ('authorized', 'queued', 'processing', 'cancelling')
          AND ${held(claimed)}`)
    }
    await finish(
      ctx,
      claimed,
      {
        state: 'authorized',
        number: note.number,
        accessKey: note.accessKey,
        verificationCode: note.verificationCode,
        pdfUrl: note.pdfUrl,
        xmlUrl: note.xmlUrl,
        providerMessage: null,
        authorizedAt: row.authorizedAt ?? ctx.now,
        emailedAt: row.emailedAt ?? ctx.now,
        nextAttemptAt: null,
      },
      extra,
    )
    return 'authorized'
  }
  if (note.status === 'rejected') {
    await finish(ctx, claimed, { state: 'rejected', providerMessage: note.message, nextAttemptAt: null })
    return 'rejected'
  }
  if (note.status === 'cancelled') {
    await finish(ctx, claimed, {
      state: 'cancelled',
      cancelledAt: row.cancelledAt ?? ctx.now,
      nextAttemptAt: null,
    })
    return 'cancelled'
  }
  // Still with the city: read again a little later (or when the gatilho comes).
  await finish(ctx, claimed, {
    state: 'processing',
    nextAttemptAt: new Date(ctx.now.getTime() + 30_000),
  })
  return 'processing'
}

/** The taker's city's IBGE code, from the CEP, when the snapshot lacks it (looked up once, kept). */
async function withIbge(ctx: AppContext, row: InvoiceRow): Promise<InvoiceRow> {
  const address = row.snapshot.taker.address
  if (!address || !('neighborhood' in address) || address.cityIbge) return row
  const ibge = await findIbge(ctx, address.zipCode)
  const snapshot = {
    ...row.snapshot,
    taker: { ...row.snapshot.taker, address: { ...address, cityIbge: ibge } },
  }
  await ctx.db.update(invoices).set({ snapshot }).where(eq(invoices.id, row.id))
  return { ...row, snapshot }
}

/** Sends a queued note (a substitution when it replaces an authorised one), after a look-up if it was sent before. */
async function issue(ctx: AppContext, provider: FiscalProvider, claimed: Claimed): Promise<InvoiceState> {
  let { row } = claimed
  if (row.sentAt) {
    // Sent before and the answer lost (a timeout): the ref is looked up, never sent blind again.
    const known = await provider.get(row.ref)
    if (known && known.status !== 'rejected') return record(ctx, claimed, known)
  }
  let replaced: InvoiceRow | undefined
  if (row.replacesId) {
    ;[replaced] = await ctx.db.select().from(invoices).where(eq(invoices.id, row.replacesId))
    if (replaced && (replaced.state === 'processing' || (replaced.state === 'queued' && replaced.sentAt))) {
      // The replaced note is still with the city: this one waits for its answer.
      await finish(ctx, claimed, { nextAttemptAt: new Date(ctx.now.getTime() + 60_000) })
      return row.state
    }
  }
  row = await withIbge(ctx, row)
  // Marked sent before the call: if its answer is lost, the next attempt looks the ref up first.
  // Money gone back since the claim: nothing is sent (the note is the cancellation's now).
  const [marked] = await ctx.db
    .update(invoices)
    .set({ sentAt: ctx.now })
    .where(
      and(eq(invoices.id, row.id), eq(invoices.claimToken, claimed.token), eq(invoices.state, row.state)),
    )
    .returning({ id: invoices.id })
  if (!marked) {
    await finish(ctx, claimed, {})
    return row.state
  }
  const request = {
    ref: row.ref,
    snapshot: row.snapshot,
    valueCents: row.valueCents,
    competence: row.competence,
    issuedAt: ctx.now,
  }
  const outcome =
    replaced?.state === 'authorized' && replaced.accessKey
      ? await provider.substitute({
          ...request,
          replacedAccessKey: replaced.accessKey,
          reason: 'Devolução parcial do valor ao tomador: nota substituída pelo valor líquido.',
        })
      : await provider.issue(request)
  void outcome
  const note = await provider.get(row.ref)
  return note ? record(ctx, { ...claimed, row: { ...row, sentAt: ctx.now } }, note) : row.state
}

/** Asks the provider to cancel a note: cancelled, or refused out of time (the admin's case). */
async function cancel(ctx: AppContext, provider: FiscalProvider, claimed: Claimed): Promise<InvoiceState> {
  const { row } = claimed
  const known = await provider.get(row.ref)
  if (!known || known.status === 'rejected') {
    await finish(ctx, claimed, {
      state: 'cancelled',
      cancelledAt: ctx.now,
      providerMessage: NOT_ISSUED_MESSAGE,
      nextAttemptAt: null,
    })
    return 'cancelled'
  }
  if (known.status === 'cancelled') {
    await finish(ctx, claimed, { state: 'cancelled', cancelledAt: ctx.now, nextAttemptAt: null })
    return 'cancelled'
  }
  if (known.status === 'processing') {
    await finish(ctx, claimed, { nextAttemptAt: new Date(ctx.now.getTime() + 30_000) })
    return 'cancelling'
  }
  const details = {
    number: known.number,
    accessKey: known.accessKey,
    verificationCode: known.verificationCode,
    pdfUrl: known.pdfUrl,
    xmlUrl: known.xmlUrl,
    authorizedAt: row.authorizedAt ?? ctx.now,
  }
  const outcome = await provider.cancel(row.ref, row.cancelReason ?? CANCEL_REASON)
  if (outcome.kind === 'cancelled' || outcome.kind === 'already_cancelled') {
    await finish(ctx, claimed, { ...details, state: 'cancelled', cancelledAt: ctx.now, nextAttemptAt: null })
    return 'cancelled'
  }
  // The city no longer accepts it (out of time) or refuses it: a case the admin sees and closes.
  await finish(ctx, claimed, {
    ...details,
    state: 'needs_admin',
    providerMessage: outcome.message,
    nextAttemptAt: null,
  })
  return 'needs_admin'
}

/** One step of a claimed note, by its state; a passing failure leaves it for later. */
async function advance(ctx: AppContext, provider: FiscalProvider, claimed: Claimed): Promise<InvoiceState> {
  try {
    if (claimed.row.state === 'cancelling') return await cancel(ctx, provider, claimed)
    if (claimed.row.state === 'processing') {
      const note = await provider.get(claimed.row.ref)
      if (note) return await record(ctx, claimed, note)
      // Unknown at the provider: it never arrived; sent again (the same ref).
      return await issue(ctx, provider, { ...claimed, row: { ...claimed.row, sentAt: null } })
    }
    return await issue(ctx, provider, claimed)
  } catch (error) {
    if (error instanceof FiscalRequestRefusedError) {
      const state = claimed.row.state === 'cancelling' ? 'needs_admin' : 'rejected'
      await finish(ctx, claimed, {
        state,
        providerMessage: `${error.code}: ${error.message}`,
        attempts: claimed.row.attempts + 1,
        nextAttemptAt: null,
      })
      return state
    }
    const failure = dependencyFailure(error)
    if (failure) {
      await later(ctx, claimed, failure.detail)
      return claimed.row.state
    }
    throw error
  }
}

type InvoiceRun = { claimed: number; results: Partial<Record<InvoiceState, number>> }

/**
 * The scheduled run: the notes due, each claimed and advanced one step (at most `limit`); `ids`
 * narrows it to some notes (an admin's retry, a test's).
 */
export async function issueInvoices(
  ctx: AppContext,
  { limit = 20, ids }: { limit?: number; ids?: number[] } = {},
): Promise<InvoiceRun> {
  const run: InvoiceRun = { claimed: 0, results: {} }
  if (fiscalSettings(ctx.env).issuance !== 'on') return run
  const candidates = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(due(ctx.now), ids ? inArray(invoices.id, ids) : undefined))
    .orderBy(invoices.id)
    .limit(limit)
  const provider = fiscalProvider(ctx)
  for (const { id } of candidates) {
    const claimed = await claim(ctx, id)
    if (!claimed) continue
    run.claimed += 1
    const state = await advance(ctx, provider, claimed)
    run.results[state] = (run.results[state] ?? 0) + 1
  }
  return run
}

/**
 * A sale's notes advanced at once (issue 43), from the settlement whose step queued, cancelled or
 * replaced one (a webhook, a card's answer, a refund, a lost chargeback, the sandbox), after the
 * answer (`waitUntil`), instead of minutes later. The job's own run over those notes: only what is
 * due (a note waiting out the withdrawal window is not), each claimed by the same atomic claim (the
 * job and this never send one twice), under the same `fiscal` deadline; a failure leaves the note
 * where it was, with its backoff, for the scheduled job.
 */
export async function advanceSaleInvoices(
  ctx: AppContext,
  source: InvoiceSource,
  id: string,
): Promise<InvoiceRun> {
  if (fiscalSettings(ctx.env).issuance !== 'on') return { claimed: 0, results: {} }
  const rows = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(source === 'order' ? invoices.orderId : invoices.planPaymentId, id))
  if (!rows.length) return { claimed: 0, results: {} }
  return issueInvoices(ctx, { ids: rows.map((row) => row.id) })
}

/** A note named by its ref, advanced now (the provider's gatilho): its word is confirmed by a look-up. */
export async function syncInvoice(ctx: AppContext, ref: string): Promise<InvoiceState | null> {
  const [row] = await ctx.db
    .select({ id: invoices.id, state: invoices.state, sentAt: invoices.sentAt })
    .from(invoices)
    .where(eq(invoices.ref, ref))
  // Unknown, or never sent: the provider cannot be telling about it (the job sends it in its time).
  if (!row || (row.state === 'queued' && !row.sentAt)) return null
  // Not waiting for its next attempt: the gatilho says the city answered.
  const claimed = await claim(ctx, row.id, true)
  if (!claimed) return null
  return advance(ctx, fiscalProvider(ctx), claimed)
}
