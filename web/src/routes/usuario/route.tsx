import { createFileRoute } from '@tanstack/react-router'
import { RequireUser } from '../../features/auth/require-user.tsx'

/** Every /usuario page needs a session (SPEC section 6). */
export const Route = createFileRoute('/usuario')({
  component: () => <RequireUser requires="N" />,
})
