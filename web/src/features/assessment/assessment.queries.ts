import { queryOptions } from '@tanstack/react-query'
import type { AssessmentStanding } from '../../../../worker/contract/assessment.ts'
import { apiParsed } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'

const contract = () => import('../../../../worker/contract/assessment.ts')

export const assessmentKeys = {
  all: ['assessment'] as const,
  standing: (url: string) => [...assessmentKeys.all, 'standing', url] as const,
}

/** GET /api/usuario/cursos/{url}/avaliacao: where the student stands, the open attempt with its saved answers. */
export function assessmentStandingQuery(url: string) {
  return queryOptions({
    queryKey: assessmentKeys.standing(url),
    queryFn: ({ signal }): Promise<AssessmentStanding> =>
      apiParsed(
        `/api/usuario/cursos/${encodeURIComponent(url)}/avaliacao`,
        () => contract().then((m) => m.AssessmentStanding),
        { signal },
      ),
    retry: retryServerErrors,
  })
}
