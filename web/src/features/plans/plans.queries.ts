import type { TdsToken } from '../../../../worker/contract/plans.ts'
import { api } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'
import { parsedQuery } from '../../lib/parsed-query.ts'

const contract = () => import('../../../../worker/contract/plans.ts')

export const planKeys = {
  all: ['plans'] as const,
  plan: (id: string) => [...planKeys.all, 'plan', id] as const,
  applications: () => [...planKeys.all, 'applications'] as const,
  payment: (id: string) => [...planKeys.all, 'payment', id] as const,
}

/** GET /search/planos?id={id} (SPEC section 7): the plan, its methods as a JSON string. */
export const planQuery = (id: string) =>
  parsedQuery(
    planKeys.plan(id),
    `/search/planos?id=${encodeURIComponent(id)}`,
    () => contract().then((m) => m.Plan),
    {
      retry: retryServerErrors,
    },
  )

/** GET /api/usuario/editais: the student's applications with their plans paid, pending and due. */
export const myApplicationsQuery = () =>
  parsedQuery(
    planKeys.applications(),
    '/api/usuario/editais',
    () => contract().then((m) => m.ApplicationList),
    {
      retry: retryServerErrors,
    },
  )

/** GET /api/usuario/editais/pagamentos/{id}: re-read at the provider while a debit card waits. */
export const planPaymentQuery = (id: string) =>
  parsedQuery(
    planKeys.payment(id),
    `/api/usuario/editais/pagamentos/${encodeURIComponent(id)}`,
    () => contract().then((m) => m.PlanPaymentResult),
    { retry: retryServerErrors, staleTime: 0 },
  )

/**
 * GET /api/usuario/editais/3ds-token: the token and script address of the provider's 3DS library,
 * for a PSP account's debit card. Errors (503, 409) keep their pt-BR words: the payment shows them.
 */
export const threeDsToken = () => api<TdsToken>('/api/usuario/editais/3ds-token')
