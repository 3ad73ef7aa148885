import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, enrollments } from '../../db/schema.ts'
import { AdminOrder } from '../../worker/contract/admin-sales.ts'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import {
  endDifferenceDeadlines,
  openDocument,
  STUDENT_DOCUMENTS,
  sweepStudentDocuments,
} from '../../worker/services/checkout/student-documents.ts'
import { billingAddress } from '../support/buyer.ts'
import { adminCall, newAdmin } from '../support/worker/admin.ts'
import {
  askDifference,
  call,
  cartWith,
  myPurchase,
  newPayer,
  orderRow,
  payDifference,
  sessionCookieOf,
} from '../support/worker/checkout.ts'
import { createClass, testContext, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { cardToken, payAtProviderAndTell, refundAtProvider, sendWebhook } from '../support/worker/pagarme.ts'

// Issue 29, item 3: the student document reviewed by the institute, from the upload to the
// rejection's e-mail, the difference paid or the order refunded, and the documents deleted.

const db = testDb()
const DAY = 86_400_000
const PDF = '%PDF-1.7 carteirinha de estudante'

async function uploadDocument(hash: string, body = PDF) {
  const form = new FormData()
  form.set('document', new File([body], 'carteirinha.pdf', { type: 'application/pdf' }))
  const response = await workerFetch(`http://localhost/api/carrinho/${hash}/documento-estudante`, {
    method: 'POST',
    body: form,
  })
  expect(response.status).toBe(200)
  return CartResponse.parse(await response.json())
}

/** A new student buys a class at the student price, by card or PIX, with a document. */
async function buyAsStudent(payment: 'CREDIT_CARD' | 'PIX' = 'CREDIT_CARD') {
  const turma = await createClass(db, { priceCents: 100000, studentPriceCents: 70000, studentDiscount: 'A' })
  const cart = await uploadDocument((await cartWith(['turma', turma.id])).hash)
  const view = CheckoutView.parse((await call(`/checkout/get?cart=${cart.hash}`)).body)
  expect(view.totals.net_value).toBe(70000)
  const payer = newPayer()
  const { status, body, response } = await call('/checkout/pagar', {
    hash: view.hash,
    idempotency_key: `pedido-${crypto.randomUUID()}`,
    payer,
    billingAddress,
    total: 70000,
    payment_type: payment,
    ...(payment === 'CREDIT_CARD' ? { cardhash: await cardToken() } : {}),
  })
  expect(status, JSON.stringify(body)).toBe(200)
  const orderId = PayResult.parse(body).order_id
  return { orderId, payer, cookie: sessionCookieOf(response), order: await orderRow(orderId) }
}

const decide = (cookie: string, orderId: string, body: unknown) =>
  adminCall(cookie, 'POST', `/api/admin/pedidos/${orderId}/documento-estudante`, body)

/** A student's order whose document the institute rejected for `reason`: the difference is due. */
async function rejectedAsStudent(reason: string) {
  const bought = await buyAsStudent()
  const admin = await newAdmin()
  expect((await decide(admin.cookie, bought.orderId, { decision: 'reject', reason })).status).toBe(200)
  return bought
}

describe('the student document reviewed', () => {
  it('is seen by the admin through a short signed link, then rejected: the student is e-mailed and pays the difference', async () => {
    const { orderId, payer, cookie, order } = await buyAsStudent()
    expect(order).toMatchObject({ status: 'paid', studentDocStatus: 'pending', studentDiscountCents: 30000 })
    const admin = await newAdmin()

    // The admin opens the document from the order, by a link signed for them.
    const link = await adminCall(
      admin.cookie,
      'POST',
      `/api/admin/pedidos/${orderId}/documento-estudante/link`,
    )
    expect(link.status).toBe(200)
    const opened = await adminCall(admin.cookie, 'GET', link.body.url)
    expect(opened.status).toBe(200)
    expect(opened.body).toBe(PDF)
    expect(opened.response.headers.get('content-type')).toBe('application/pdf')
    expect(opened.response.headers.get('cache-control')).toBe('private, no-store')
    // Not for another admin, nor for a student, nor once expired.
    expect((await adminCall((await newAdmin()).cookie, 'GET', link.body.url)).status).toBe(403)
    expect((await adminCall(cookie, 'GET', link.body.url)).status).toBe(403)
    const token = link.body.url.split('/').at(-1)
    const later = testContext({ now: new Date(Date.now() + (STUDENT_DOCUMENTS.linkSeconds + 60) * 1000) })
    await expect(openDocument(later, token, admin.user.id)).rejects.toThrow('expirou')

    // A rejection needs its reason; the student reads it.
    const noReason = await decide(admin.cookie, orderId, { decision: 'reject' })
    expect(noReason.status).toBe(422)
    expect(noReason.body.errors.reason).toEqual(['Diga ao aluno por que o documento foi recusado.'])
    const reason = 'A carteirinha enviada venceu em 2024.'
    const rejected = await decide(admin.cookie, orderId, { decision: 'reject', reason })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    expect((await decide(admin.cookie, orderId, { decision: 'approve' })).status).toBe(409)

    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Documento de estudante recusado — pedido ${orderId}`))
    expect(mail!.to).toBe(payer.email)
    expect(mail!.text).toContain(reason)
    expect(mail!.text).toMatch(/R\$\s300,00/)
    expect(mail!.text).toContain('/usuario/compras')

    const detail = await adminCall(admin.cookie, 'GET', `/api/admin/pedidos/${orderId}`)
    expect(AdminOrder.parse(detail.body).student_document).toMatchObject({
      status: 'rejected',
      reason,
      difference: 30000,
      difference_paid: false,
      has_file: true,
    })
    const mine = await myPurchase(cookie, orderId)
    expect(mine.student_document).toMatchObject({ status: 'rejected', reason, difference: 30000 })

    // The difference by PIX: an order of its own; a second click answers the same one.
    const pix = await askDifference(orderId, 'PIX', cookie)
    expect(pix.status, JSON.stringify(pix.body)).toBe(200)
    const difference = PayResult.parse(pix.body)
    expect(difference.ccj_pix_code).toBeTruthy()
    const again = await askDifference(orderId, 'PIX', cookie)
    expect(PayResult.parse(again.body).order_id).toBe(difference.order_id)
    const differenceRow = await orderRow(difference.order_id)
    expect(differenceRow).toMatchObject({ totalCents: 30000, differenceOf: orderId, userId: order.userId })
    // Nobody else pays it for them.
    const stranger = await askDifference(orderId, 'PIX', (await buyAsStudent()).cookie)
    expect(stranger.status).toBe(404)

    await payAtProviderAndTell(differenceRow.gatewayChargeId!)
    expect((await myPurchase(cookie, orderId)).student_document).toMatchObject({ difference_paid: true })
    expect((await askDifference(orderId, 'BOLETO', cookie)).status).toBe(409)

    // Paid in time: the deadline refunds nothing, the enrollment stays.
    await endDifferenceDeadlines(testContext({ now: new Date(Date.now() + 8 * DAY) }))
    expect((await orderRow(orderId)).status).toBe('paid')
  })

  it('a difference not paid in time cancels and refunds the order, and ends its enrollment', async () => {
    const { orderId, cookie } = await rejectedAsStudent('Documento ilegível.')
    const deadline = (await orderRow(orderId)).studentDocDeadline!
    expect(deadline.getTime()).toBeGreaterThan(Date.now() + 6 * DAY)

    await endDifferenceDeadlines(testContext({ now: new Date(deadline.getTime() - 60_000) }))
    expect((await orderRow(orderId)).status).toBe('paid')
    await endDifferenceDeadlines(testContext({ now: new Date(deadline.getTime() + 60_000) }))
    expect((await orderRow(orderId)).status).toBe('refunded')
    const [enrollment] = await db.select().from(enrollments).where(eq(enrollments.orderId, orderId))
    expect(enrollment!.status).toBe('cancelled')
    // Past the deadline, the difference is no longer offered.
    const late = await askDifference(orderId, 'PIX', cookie)
    expect(late.status).toBe(409)
  })

  it('a difference refunded at the provider is due again: past the deadline, the order is refunded (decision 028)', async () => {
    const { orderId, cookie } = await rejectedAsStudent('Documento vencido.')
    const difference = await payDifference(orderId, cookie)
    expect((await myPurchase(cookie, orderId)).student_document).toMatchObject({ difference_paid: true })

    // Refunded from Pagar.me's dashboard: the difference no longer stands.
    await refundAtProvider(difference.gatewayChargeId!)
    expect((await sendWebhook('charge.refunded', difference.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(difference.id)).status).toBe('refunded')
    expect((await myPurchase(cookie, orderId)).student_document).toMatchObject({ difference_paid: false })
    const deadline = (await orderRow(orderId)).studentDocDeadline!
    await endDifferenceDeadlines(testContext({ now: new Date(deadline.getTime() + 60_000) }))
    expect((await orderRow(orderId)).status).toBe('refunded')
    const [enrollment] = await db.select().from(enrollments).where(eq(enrollments.orderId, orderId))
    expect(enrollment!.status).toBe('cancelled')
  })

  it('an approved document changes nothing; a pending order cannot be rejected', async () => {
    const paid = await buyAsStudent()
    const admin = await newAdmin()
    expect((await decide(admin.cookie, paid.orderId, { decision: 'approve' })).status).toBe(200)
    expect(await orderRow(paid.orderId)).toMatchObject({ status: 'paid', studentDocStatus: 'approved' })
    expect((await myPurchase(paid.cookie, paid.orderId)).student_document?.status).toBe('approved')

    const pending = await buyAsStudent('PIX')
    const refused = await decide(admin.cookie, pending.orderId, {
      decision: 'reject',
      reason: 'Documento ilegível.',
    })
    expect(refused.status).toBe(409)
    expect((await orderRow(pending.orderId)).studentDocStatus).toBe('pending')
  })

  it('deletes a document no order used after a day, and a reviewed one 30 days after its review', async () => {
    const unused = await uploadDocument((await cartWith(['turma', (await createClass(db)).id])).hash)
    const unusedKey = (await env.FILES.list({ prefix: 'student-docs/' })).objects
      .sort((a, b) => b.uploaded.getTime() - a.uploaded.getTime())
      .map((object) => object.key)[0]!
    expect(unused.data.data.itens.length).toBe(1)
    const reviewed = await buyAsStudent()
    const waiting = await buyAsStudent()
    const admin = await newAdmin()
    expect((await decide(admin.cookie, reviewed.orderId, { decision: 'approve' })).status).toBe(200)
    const reviewedKey = reviewed.order.studentDocKey!

    // Within the day, nothing goes.
    await sweepStudentDocuments(testContext({ now: new Date(Date.now() + 3600_000) }))
    expect(await env.FILES.head(unusedKey)).not.toBeNull()
    await sweepStudentDocuments(testContext({ now: new Date(Date.now() + 25 * 3600_000) }))
    expect(await env.FILES.head(unusedKey)).toBeNull()
    // That cart's checkout asks for the document again rather than keep a price it cannot show.
    const stale = await call('/checkout/pagar', {
      hash: unused.hash,
      idempotency_key: `pedido-${crypto.randomUUID()}`,
      payer: newPayer(),
      billingAddress,
      total: unused.data.data.net_value,
      payment_type: 'PIX',
    })
    expect(stale.body).toEqual({
      code: 2,
      msg: 'O documento de estudante enviado com este carrinho não está mais guardado (ele fica um dia). Envie-o de novo no carrinho para manter o preço de estudante.',
    })
    expect(await env.FILES.head(reviewedKey)).not.toBeNull()
    expect(await env.FILES.head(waiting.order.studentDocKey!)).not.toBeNull()

    await sweepStudentDocuments(testContext({ now: new Date(Date.now() + 31 * DAY) }))
    expect(await env.FILES.head(reviewedKey)).toBeNull()
    expect(await orderRow(reviewed.orderId)).toMatchObject({
      studentDocKey: null,
      studentDocStatus: 'approved',
    })
    // Not reviewed yet: kept for the review.
    expect(await env.FILES.head(waiting.order.studentDocKey!)).not.toBeNull()
    const link = await adminCall(
      admin.cookie,
      'POST',
      `/api/admin/pedidos/${reviewed.orderId}/documento-estudante/link`,
    )
    expect(link.status).toBe(422)
  })
})
