import { createFileRoute } from '@tanstack/react-router'
import { ConfirmEmailPage } from '../../features/account/confirm-email-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

// The e-mailed link carries its token in the fragment (#token=…), never sent to a server.
export const Route = createFileRoute('/conta/confirmar-email')({
  head: () => pageHead('Confirmar e-mail', { noindex: true }),
  component: ConfirmEmailPage,
})
