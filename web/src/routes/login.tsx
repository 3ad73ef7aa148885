import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/auth/login-page.tsx'
import { pageHead } from '../lib/page-head.ts'

type LoginSearch = { redirect?: string }

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  head: () => pageHead('Acesse sua conta'),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirect={redirect} />
}
