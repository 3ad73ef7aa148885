import type { AppContext } from '../../context.ts'
import type { PaymentsConfig } from '../../contract/checkout.ts'
import { settingsOf } from './gateway.ts'

/**
 * GET /api/payments/config: where the browser tokenizes ({PAGARME_API_URL}/tokens) and with which
 * public key: the live one only on the configured production origin, with or without www (SPEC 7).
 */
export function getPaymentsConfig({
  ctx,
  requestUrl,
}: {
  ctx: AppContext
  requestUrl: string
}): PaymentsConfig {
  const settings = settingsOf(ctx)
  return {
    gateway: settings.mode,
    public_key: settings.publicKeyFor(requestUrl),
    tokenize_url: `${settings.apiUrl}/tokens`,
    account_type: settings.accountType,
  }
}
