import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CheckoutView } from '../../../../worker/contract/cart.ts'
import type { PaymentsConfig, PayResult } from '../../../../worker/contract/checkout.ts'
import { api, apiParsed } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'

export const checkoutKeys = {
  all: ['checkout'] as const,
  view: (hash: string) => [...checkoutKeys.all, 'view', hash] as const,
  config: () => [...checkoutKeys.all, 'payments-config'] as const,
  order: (orderId: string) => [...checkoutKeys.all, 'order', orderId] as const,
}

export type OrderStatus = PayResult & { items: { name: string; net_value: number }[] }

const loadCheckoutViewSchema = () => import('../../../../worker/contract/cart.ts').then((m) => m.CheckoutView)

/** GET /checkout/get?cart={hash}: the cart priced by the server, with the instalment table. */
export function checkoutQuery(hash: string) {
  return queryOptions({
    queryKey: checkoutKeys.view(hash),
    queryFn: ({ signal }): Promise<CheckoutView> =>
      apiParsed(`/checkout/get?cart=${encodeURIComponent(hash)}`, loadCheckoutViewSchema, { signal }),
    retry: retryServerErrors,
    // Prices are the server's: a checkout shows them fresh every time it opens.
    staleTime: 0,
  })
}

/** GET /api/payments/config: the gateway, its public key and where the browser tokenizes cards. */
export function paymentsConfigQuery() {
  return queryOptions({
    queryKey: checkoutKeys.config(),
    queryFn: ({ signal }) => api<z.infer<typeof PaymentsConfig>>('/api/payments/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryServerErrors,
  })
}

export const ORDER_POLL_MS = 3000

/** A boleto or PIX waiting for its payment: the result screen polls it. */
export const awaitsPayment = (order: PayResult | undefined) =>
  order?.status === 'pending' && (order.ccj_pix_code !== null || order.ccj_pay_number !== null)

/** GET /api/pedidos/{id}: the order's live status, polled every 3 s while a boleto or PIX is pending. */
export function orderQuery(orderId: string) {
  return queryOptions({
    queryKey: checkoutKeys.order(orderId),
    queryFn: ({ signal }) => api<OrderStatus>(`/api/pedidos/${encodeURIComponent(orderId)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 0,
    refetchInterval: (query) => (awaitsPayment(query.state.data) ? ORDER_POLL_MS : false),
    refetchIntervalInBackground: false,
  })
}
