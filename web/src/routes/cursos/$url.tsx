import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../../components/not-found.tsx'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { courseQuery } from '../../features/catalog/catalog.queries.ts'
import { CoursePage } from '../../features/catalog/course-page.tsx'
import { courseHead } from '../../features/seo/heads.ts'
import { loadOrNotFound } from '../../lib/load.ts'

export const Route = createFileRoute('/cursos/$url')({
  loader: ({ context, params }) =>
    loadOrNotFound(context.queryClient, courseQuery(params.url), 'Curso não encontrado.'),
  head: ({ loaderData, match }) => courseHead(loaderData, match.pathname),
  component: CourseRoute,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function CourseRoute() {
  const { url } = Route.useParams()
  return <CoursePage url={url} />
}
