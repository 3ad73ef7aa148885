import { newApp } from '../openapi.ts'
import { checkoutRoutes } from './checkout.ts'
import { webhookRoutes } from './webhooks.ts'

/**
 * Paying and hearing about payments (the checkout, an order's state, the providers' webhooks):
 * built on the first request under their paths (worker/app.ts, AREAS), not at startup.
 */
export const paymentAreaRoutes = newApp().route('/', checkoutRoutes).route('/', webhookRoutes)
