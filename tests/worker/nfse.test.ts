import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { invoices } from '../../db/schema.ts'
import { issueInvoices } from '../../worker/services/fiscal/job.ts'
import { buyClass, call } from '../support/worker/checkout.ts'
import { testContext, testDb } from '../support/worker/db.ts'
import { sentDps } from '../support/worker/focus-nfe.ts'

// Issue 43: the NFS-e of every sale, issued against the Focus NFe stand-in over HTTP.

const notesOf = (orderId: string) =>
  testDb().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.sequence))

/** The job's runs over the notes of an order (the scheduled handler's, narrowed to them). */
async function runJob(orderId: string, { runs = 1, at = new Date() } = {}) {
  const ids = (await notesOf(orderId)).map((note) => note.id)
  return Promise.all(Array.from({ length: runs }, () => issueInvoices(testContext({ now: at }), { ids })))
}

describe('NFS-e of a paid sale', () => {
  it('a paid card order queues its note with the payment; ten concurrent runs issue one', async () => {
    const { order, cookie } = await buyClass('CREDIT_CARD')
    const [queued] = await notesOf(order.id)
    expect(queued).toMatchObject({
      state: 'queued',
      valueCents: order.totalCents,
      ref: `pedido-${order.id}-1`,
    })
    await runJob(order.id, { runs: 10 })
    const [note] = await notesOf(order.id)
    expect(note, note?.providerMessage ?? '').toMatchObject({ state: 'authorized' })
    expect(note!.number).toBeTruthy()
    expect(note!.pdfUrl).toMatch(/^http/)
    expect(await sentDps(note!.ref)).toHaveLength(1)
    const { body } = await call('/api/usuario/compras', undefined, { cookie })
    const purchase = (body as Array<{ order_id: string; invoice: unknown }>).find(
      (p) => p.order_id === order.id,
    )
    expect(purchase?.invoice).toMatchObject({ state: 'authorized', pdf_url: note!.pdfUrl })
  })
})
