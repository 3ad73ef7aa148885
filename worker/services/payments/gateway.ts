import { deadlineOf } from '../../adapters/deadline.ts'
import { pagarmeGateway } from '../../adapters/payments/pagarme.ts'
import type { PaymentGateway } from '../../adapters/payments/types.ts'
import { ConfigurationError, type PaymentsSettings, paymentsSettings } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout-messages.ts'
import { AppError } from '../../errors.ts'

/** The payments' settings; a configuration that cannot take money answers 503 and is logged. */
export function settingsOf(ctx: AppContext): PaymentsSettings {
  try {
    return paymentsSettings(ctx.env)
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        kind: 'payments_misconfigured',
        problems: error.problems,
      }),
    )
    throw new AppError('UNAVAILABLE', CHECKOUT_MESSAGES.paymentsUnavailable)
  }
}

/** The one adapter (Pagar.me Core API v5) at the configured PAGARME_API_URL. */
export function paymentGateway(ctx: AppContext): PaymentGateway {
  const settings = settingsOf(ctx)
  return pagarmeGateway({
    secretKey: settings.secretKey,
    apiUrl: settings.apiUrl,
    timeoutMs: deadlineOf(ctx.env, 'payments'),
  })
}
