import { createFileRoute } from '@tanstack/react-router'
import { RequireUser } from '../../features/auth/require-user.tsx'

/** Every /admin page needs an administrator's session (SPEC section 6). */
export const Route = createFileRoute('/admin')({
  component: () => <RequireUser requires="A" />,
})
