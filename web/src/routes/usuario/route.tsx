import { createFileRoute } from '@tanstack/react-router'
import { EmailProofBanner } from '../../features/account/email-proof-banner.tsx'
import { RequireUser } from '../../features/auth/require-user.tsx'

/** Every /usuario page needs a session (SPEC section 6); an unproved e-mail is recalled above each. */
export const Route = createFileRoute('/usuario')({
  component: () => (
    <>
      <EmailProofBanner />
      <RequireUser requires="N" />
    </>
  ),
})
