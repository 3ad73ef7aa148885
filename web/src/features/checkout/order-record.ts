/**
 * What only the checkout's answer knows, kept for the result screen (which may be reloaded):
 * whether the confirmation e-mail failed (SPEC section 8). GET /api/pedidos does not say it.
 */
type OrderRecord = { emailFailed: boolean }

const keyOf = (orderId: string) => `pedido:${orderId}`

export function rememberOrder(orderId: string, record: OrderRecord) {
  try {
    window.sessionStorage.setItem(keyOf(orderId), JSON.stringify(record))
  } catch {
    // Private mode: the result screen just cannot repeat the e-mail warning after a reload.
  }
}

export function recalledOrder(orderId: string): OrderRecord | null {
  try {
    const raw = window.sessionStorage.getItem(keyOf(orderId))
    const parsed = raw ? (JSON.parse(raw) as Partial<OrderRecord>) : null
    return parsed ? { emailFailed: parsed.emailFailed === true } : null
  } catch {
    return null
  }
}
