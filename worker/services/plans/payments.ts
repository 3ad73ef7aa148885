import type { planPayments } from '../../../db/schema.ts'
import type { PlanPaymentResult } from '../../contract/plans.ts'
import { AppError } from '../../errors.ts'
import type { ErrorStatus } from '../payments/ledger.ts'

// An edital fee plan's payment as the student's purchase writes and answers it; its ledger (what
// the payments' pipeline does with it) is ./payment-ledger.ts.

export type PlanPaymentRow = typeof planPayments.$inferSelect

/**
 * SPEC section 8 on the plan purchase: code 1 a generic server error, code 2 the provider's (or
 * our) messages joined, code 3 the provider's validation errors translated.
 */
export const planError = (status: ErrorStatus, code: 1 | 2 | 3, msg: string, errors: string[] = [msg]) =>
  new AppError(status, msg, undefined, { code, errors })

export function planPaymentResult(row: PlanPaymentRow, emailFailed = false): PlanPaymentResult {
  return {
    payment_id: row.id,
    plan_id: row.planId,
    inscricao_id: row.applicationId,
    status: row.status,
    payment_method: row.paymentMethod,
    error: emailFailed,
    ccj_boleto_link: row.boletoUrl,
    ccj_pay_number: row.payNumber,
    boleto_due_at: row.boletoDueAt?.toISOString() ?? null,
    authentication_url: row.status === 'pending' ? row.authenticationUrl : null,
    refusal: row.status === 'failed' ? row.refusalReason : null,
    amount: row.amountCents,
    instalments: row.instalments,
    instalment_value: Math.round(row.amountCents / row.instalments),
    needs_update: row.payer.id === undefined,
    paid_at: row.paidAt?.toISOString() ?? null,
  }
}
