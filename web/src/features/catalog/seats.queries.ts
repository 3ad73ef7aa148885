import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'
import { catalogKeys } from './catalog.queries.ts'

// Its own module, loaded with the course page only: the route table (in the first load) imports
// catalog.queries.ts for its loaders.
const contract = () => import('../../../../worker/contract/catalog.ts')

/**
 * GET /api/cursos/{url}/vagas: seats left of the course's limited classes. Read live, after the
 * page is drawn: never part of the shared render or the catalogue snapshot (decision 011).
 */
export function courseSeatsQuery(url: string) {
  return queryOptions({
    queryKey: [...catalogKeys.course(url), 'seats'],
    queryFn: ({ signal }) =>
      apiParsed(`/api/cursos/${encodeURIComponent(url)}/vagas`, () => contract().then((m) => m.CourseSeats), {
        signal,
      }),
    select: (rows) => new Map(rows.map((row) => [row.id, row.seats_left])),
    staleTime: 0,
    retry: retryServerErrors,
  })
}
