import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'

export const studentKeys = {
  all: ['student'] as const,
  courses: () => [...studentKeys.all, 'courses'] as const,
}

const loadSchema = () => import('../../../../worker/contract/student.ts').then((m) => m.EnrolledCourses)

/** GET /api/usuario/cursos: the classes the logged-in student is enrolled in. */
export function enrolledCoursesQuery() {
  return queryOptions({
    queryKey: studentKeys.courses(),
    queryFn: ({ signal }) => apiParsed('/api/usuario/cursos', loadSchema, { signal }),
  })
}
