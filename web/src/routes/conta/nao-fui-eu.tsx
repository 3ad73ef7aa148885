import { createFileRoute } from '@tanstack/react-router'
import { NotMePage } from '../../features/account/not-me-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

// The e-mailed link carries its token in the fragment (#token=…), never sent to a server.
export const Route = createFileRoute('/conta/nao-fui-eu')({
  head: () => pageHead('Não reconhece a troca de e-mail?', { noindex: true }),
  component: NotMePage,
})
