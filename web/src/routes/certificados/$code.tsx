import { createFileRoute } from '@tanstack/react-router'
import { VerificationPage } from '../../features/certificates/verification-page.tsx'

// The page sets its own title and noindex (a verification is nobody's search result).
export const Route = createFileRoute('/certificados/$code')({ component: CertificateRoute })

function CertificateRoute() {
  const { code } = Route.useParams()
  return <VerificationPage code={code} />
}
