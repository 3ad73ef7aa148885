import type { CartResponse } from '../../../../worker/contract/cart.ts'
import type { PayResult } from '../../../../worker/contract/checkout.ts'
import type { AbandonedCheckoutInput, AbandonedCheckoutSaved } from '../../../../worker/contract/reminders.ts'
import { api } from '../../lib/api.ts'
import type { PayRequest } from './pay.ts'

// The checkout's writes, as plain functions its components' mutations call.

/** POST /checkout/pagar: the order, paid or waiting for its boleto or PIX. */
export const payCheckout = (input: PayRequest) =>
  api<PayResult>('/checkout/pagar', { method: 'POST', json: input })

/** POST /api/sandbox/pedidos/{id}/pagar: 'Simular pagamento' (local and sandbox environments only). */
export const simulatePayment = (orderId: string) =>
  api<{ status: string }>(`/api/sandbox/pedidos/${encodeURIComponent(orderId)}/pagar`, { method: 'POST' })

/** POST /api/carrinho/{hash}/documento-estudante (multipart, field `document`): answers the new cart. */
export function uploadStudentDocument(hash: string, document: File) {
  const formData = new FormData()
  formData.append('document', document)
  return api<CartResponse>(`/api/carrinho/${encodeURIComponent(hash)}/documento-estudante`, {
    method: 'POST',
    formData,
  })
}

export type CartFlagsChange = { has_passport?: boolean; has_student_doc?: false }

/** POST /api/carrinho/flags: 'Tenho passaporte' or giving the student price up; answers the new cart. */
export const setCartFlags = (hash: string, change: CartFlagsChange) =>
  api<CartResponse>('/api/carrinho/flags', { method: 'POST', json: { hash, ...change } })

/** POST /api/lembretes/checkout: the e-mail typed with the reminders' box ticked (or unticked: forgotten). */
export const saveAbandonedCheckout = (input: AbandonedCheckoutInput) =>
  api<AbandonedCheckoutSaved>('/api/lembretes/checkout', { method: 'POST', json: input })
