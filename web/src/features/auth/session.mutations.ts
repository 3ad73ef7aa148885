import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { User } from '../../../../worker/contract/auth.ts'
import { api } from '../../lib/api.ts'
import { showToast, unavailableMessage } from '../../lib/toast.ts'
import { menuKeys } from '../menu/menu.queries.ts'
import { LOGIN_MESSAGES } from './auth.messages.ts'
import { authKeys } from './auth.queries.ts'

// Apart from the login and sign-up mutations (auth.mutations.ts), which parse with the contract's
// zod schemas: the user menu needs only these, and a signed-in visitor's first load stays
// without zod.

/** The session changed: the user is known at once, and the menu (filtered by role on the server) is refetched. */
export function setSignedInUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(authKeys.user(), user)
  void queryClient.invalidateQueries({ queryKey: menuKeys.all })
}

/**
 * POST /logout. SPEC section 4: clears the user and goes to /login unless told otherwise
 * (`redirect: false`); a failure toasts 'Erro ao deslogar.'.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (_options: { redirect?: boolean } = {}) =>
      api<{ success: boolean }>('/logout', { method: 'POST' }),
    onSuccess: (answer, options) => {
      if (answer?.success === false) {
        void showToast('error', LOGIN_MESSAGES.logoutFailed)
        return
      }
      setSignedInUser(queryClient, null)
      if (options.redirect !== false) void navigate({ to: '/login' })
    },
    onError: (error) => void showToast('error', unavailableMessage(error) ?? LOGIN_MESSAGES.logoutFailed),
  })
}
