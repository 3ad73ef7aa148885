import { queryOptions } from '@tanstack/react-query'
import type { Application, Plan, PlanPaymentResult, TdsToken } from '../../../../worker/contract/plans.ts'
import { api, apiParsed } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'

const contract = () => import('../../../../worker/contract/plans.ts')

export const planKeys = {
  all: ['plans'] as const,
  plan: (id: string) => [...planKeys.all, 'plan', id] as const,
  applications: () => [...planKeys.all, 'applications'] as const,
  payment: (id: string) => [...planKeys.all, 'payment', id] as const,
}

/** GET /search/planos?id={id} (SPEC section 7): the plan, its methods as a JSON string. */
export function planQuery(id: string) {
  return queryOptions({
    queryKey: planKeys.plan(id),
    queryFn: ({ signal }): Promise<Plan> =>
      apiParsed(`/search/planos?id=${encodeURIComponent(id)}`, () => contract().then((m) => m.Plan), {
        signal,
      }),
    retry: retryServerErrors,
  })
}

/** GET /api/usuario/editais: the student's applications with their plans paid, pending and due. */
export function myApplicationsQuery() {
  return queryOptions({
    queryKey: planKeys.applications(),
    queryFn: ({ signal }): Promise<Application[]> =>
      apiParsed('/api/usuario/editais', () => contract().then((m) => m.ApplicationList), { signal }),
    retry: retryServerErrors,
  })
}

/** GET /api/usuario/editais/pagamentos/{id}: re-read at the provider while a debit card waits. */
export function planPaymentQuery(id: string) {
  return queryOptions({
    queryKey: planKeys.payment(id),
    queryFn: ({ signal }): Promise<PlanPaymentResult> =>
      apiParsed(
        `/api/usuario/editais/pagamentos/${encodeURIComponent(id)}`,
        () => contract().then((m) => m.PlanPaymentResult),
        {
          signal,
        },
      ),
    retry: retryServerErrors,
    staleTime: 0,
  })
}

/**
 * GET /api/usuario/editais/3ds-token: the token and script address of the provider's 3DS library,
 * for a PSP account's debit card. Errors (503, 409) keep their pt-BR words: the payment shows them.
 */
export const threeDsToken = () => api<TdsToken>('/api/usuario/editais/3ds-token')
