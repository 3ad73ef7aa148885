import { fiscalSettings } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { AppError, dependencyFailure, unavailable } from '../../errors.ts'
import { secretEquals } from '../hash.ts'
import { syncInvoice } from './job.ts'

// POST /webhooks/focus-nfe: Focus NFe's gatilho (event "nfsen") with a note's JSON. Only a trigger:
// the note is looked up at the provider (GET /v2/nfsen/REF) before anything changes.

const FISCAL_WEBHOOK_MESSAGES = {
  credentials: 'Credencial do gatilho da Focus NFe inválida.',
  unavailable: 'Não foi possível confirmar a nota com a Focus NFe agora; envie de novo mais tarde.',
} as const

/** The Authorization header against FOCUS_NFE_WEBHOOK_SECRET, in constant time. */
const secretMatches = async (given: string | undefined, expected: string) =>
  Boolean(expected) && (await secretEquals(given, expected))

export async function receiveFocusNfeWebhook({
  ctx,
  authorization,
  ref,
}: {
  ctx: AppContext
  authorization: string | undefined
  ref: string
}): Promise<void> {
  const settings = fiscalSettings(ctx.env)
  if (!(await secretMatches(authorization, settings.webhookSecret))) {
    throw new AppError('UNAUTHENTICATED', FISCAL_WEBHOOK_MESSAGES.credentials)
  }
  // Issuance off, or a ref that is not ours: accepted and ignored.
  if (settings.issuance !== 'on' || !ref) return
  try {
    await syncInvoice(ctx, ref)
  } catch (error) {
    if (dependencyFailure(error)) throw unavailable(FISCAL_WEBHOOK_MESSAGES.unavailable)
    throw error
  }
}
