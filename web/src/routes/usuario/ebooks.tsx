import { createFileRoute } from '@tanstack/react-router'
import { MyEbooksPage } from '../../features/student/my-ebooks-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/ebooks')({
  head: () => pageHead('Meus e-books'),
  component: MyEbooksPage,
})
