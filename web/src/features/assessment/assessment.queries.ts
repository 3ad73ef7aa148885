import { retryServerErrors } from '../../lib/load.ts'
import { parsedQuery } from '../../lib/parsed-query.ts'

const contract = () => import('../../../../worker/contract/assessment.ts')

export const assessmentKeys = {
  all: ['assessment'] as const,
  standing: (url: string) => [...assessmentKeys.all, 'standing', url] as const,
}

/** GET /api/usuario/cursos/{url}/avaliacao: where the student stands, the open attempt with its saved answers. */
export const assessmentStandingQuery = (url: string) =>
  parsedQuery(
    assessmentKeys.standing(url),
    `/api/usuario/cursos/${encodeURIComponent(url)}/avaliacao`,
    () => contract().then((m) => m.AssessmentStanding),
    { retry: retryServerErrors },
  )
