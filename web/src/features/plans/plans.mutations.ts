import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Application, PlanPaymentResult, PlanPurchaseInput } from '../../../../worker/contract/plans.ts'
import { api } from '../../lib/api.ts'
import { planKeys } from './plans.queries.ts'

/** POST /usuario/editais/mensalidade: a fee plan's payment (or the issuer's 3-D Secure address to visit first). */
export const payPlan = (body: PlanPurchaseInput) =>
  api<PlanPaymentResult>('/usuario/editais/mensalidade', { method: 'POST', json: body })

/** POST /api/usuario/editais/{id}/inscricao: the student applies to an open edital. */
export function useApplyToEdital() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (editalId: number) =>
      api<Application>(`/api/usuario/editais/${editalId}/inscricao`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.applications() }),
  })
}
