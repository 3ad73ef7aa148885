import { createFileRoute, useLocation } from '@tanstack/react-router'
import { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

type ResetSearch = { token?: string }

export const Route = createFileRoute('/senha/redefinir')({
  validateSearch: (search: Record<string, unknown>): ResetSearch =>
    typeof search.token === 'string' ? { token: search.token } : {},
  // The URL carries a one-time token: never indexed.
  head: () => pageHead('Redefinir senha', { noindex: true }),
  component: ResetPasswordRoute,
})

// The e-mailed link carries the token in the fragment (#token=…), which the browser never sends
// to any server, log or Referer; ?token= is still read for links sent before that.
function ResetPasswordRoute() {
  const search = Route.useSearch()
  const hash = useLocation({ select: (location) => location.hash })
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const token = fragment.get('token') ?? search.token
  // A purchase that created the account sends this link to set the first password.
  return <ResetPasswordPage token={token ?? undefined} firstTime={fragment.get('primeira') === '1'} />
}
