import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AUTH_MESSAGES, type LoginInput, type RegisterInput, User } from '../../../../worker/contract/auth.ts'
import type { SocialProvider } from '../../../../worker/domain/social.ts'
import { api } from '../../lib/api.ts'
import { errorMessage, showToast, toastSuccess, unavailableMessage } from '../../lib/toast.ts'
import { loginErrorMessage } from './auth.errors.ts'
import { LOGIN_MESSAGES } from './auth.messages.ts'
import { setSignedInUser } from './session.mutations.ts'

/** POST /login. Errors are toasted with the SPEC's login messages. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Omit<LoginInput, 'json'>) =>
      api('/login', { method: 'POST', json: { ...input, json: true }, schema: User }),
    onSuccess: (user) => {
      setSignedInUser(queryClient, user)
      void toastSuccess(LOGIN_MESSAGES.loggedIn)
    },
    onError: (error) => void showToast('error', loginErrorMessage(error)),
  })
}

/** POST /user/create_user: the new account is logged in at once. A failure toasts 'Erro ao cadastarar'. */
export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api<{ msg: string; data: User }>('/user/create_user', { method: 'POST', json: input }),
    onSuccess: ({ msg, data }) => {
      setSignedInUser(queryClient, User.parse(data))
      void toastSuccess(msg || AUTH_MESSAGES.registered)
    },
    onError: (error) => void showToast('error', unavailableMessage(error) ?? LOGIN_MESSAGES.registerFailed),
  })
}

/** POST /password/email: toasts the server's answer (found or not found). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ msg: string }>('/password/email', { method: 'POST', json: { email } }),
    onSuccess: ({ msg }) => void toastSuccess(msg || AUTH_MESSAGES.resetSent),
    onError: (error) => void showToast('error', errorMessage(error, AUTH_MESSAGES.resetNotFound)),
  })
}

/** POST /api/auth/reset-password with the e-mailed token; the page shows the outcome itself. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: {
      token: string
      password: string
      password_confirmation: string
      /** Linked providers to unlink with the reset. */
      desvincular?: SocialProvider[]
    }) => api<{ msg: string }>('/api/auth/reset-password', { method: 'POST', json: input }),
  })
}

/**
 * POST /api/usuario/conta/vincular: where the popup goes to link Google or Facebook to the
 * signed-in account; the password goes with it unless the login was recent or the account has none.
 */
export const requestSocialLink = (provider: SocialProvider, senha?: string) =>
  api<{ url: string }>('/api/usuario/conta/vincular', {
    method: 'POST',
    json: senha === undefined ? { provider } : { provider, senha },
  })
