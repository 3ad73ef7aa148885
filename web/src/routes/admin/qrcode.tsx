import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/admin/qrcode')({
  head: () => pageHead('Qrcode/Link – Administração'),
  component: AdminQrcodePage,
})

function AdminQrcodePage() {
  return (
    <PlaceholderPage title="Qrcode/Link">
      <p>Em breve, a geração de QR codes e links para divulgação.</p>
    </PlaceholderPage>
  )
}
