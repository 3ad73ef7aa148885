import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { AccountSecurity, type LinkedProvider } from '../../../../worker/contract/account.ts'
import { User } from '../../../../worker/contract/auth.ts'
import type { SocialProvider } from '../../../../worker/domain/social.ts'
import { api } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'
import { authKeys } from '../auth/auth.queries.ts'
import { setSignedInUser } from '../auth/session.mutations.ts'

// Who owns the account (issue 28): the proof of the e-mail, its change, the linked providers and
// the sessions. Every mutation here refreshes the account domain; those that change the user
// (its e-mail, its proof) the auth domain's user too.

export const accountKeys = {
  all: ['account'] as const,
  security: () => [...accountKeys.all, 'security'] as const,
  reset: (token: string) => [...accountKeys.all, 'reset', token] as const,
}

type Message = { msg: string }

/** GET /api/usuario/conta: the account's security state shown in Meu perfil. */
export function accountSecurityQuery() {
  return queryOptions({
    queryKey: accountKeys.security(),
    queryFn: ({ signal }) => api('/api/usuario/conta', { signal, schema: AccountSecurity }),
    retry: retryServerErrors,
  })
}

/**
 * POST /api/auth/reset-password/conta: whose account a reset link is for and the providers
 * linked to it, so the reset page can offer to unlink them. A read, though sent as a POST: the
 * token stays out of the URL.
 */
export function resetAccountQuery(token: string) {
  return queryOptions({
    queryKey: accountKeys.reset(token),
    queryFn: ({ signal }) =>
      api<{ email: string; providers: LinkedProvider[] }>('/api/auth/reset-password/conta', {
        method: 'POST',
        json: { token },
        signal,
      }),
    retry: retryServerErrors,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

function useRefreshAccount() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all })
}

/** POST /api/usuario/conta/confirmacao: the sign-up confirmation link, e-mailed again. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api<Message>('/api/usuario/conta/confirmacao', { method: 'POST' }),
  })
}

/** POST /api/usuario/conta/codigo: a 6-digit code to the account's e-mail (its first password). */
export function useSendCode() {
  return useMutation({
    mutationFn: () => api<Message>('/api/usuario/conta/codigo', { method: 'POST' }),
  })
}

/** DELETE /api/usuario/conta/email-pendente: gives up an e-mail change not yet confirmed. */
export function useCancelEmailChange() {
  const refresh = useRefreshAccount()
  return useMutation({
    mutationFn: () => api<Message>('/api/usuario/conta/email-pendente', { method: 'DELETE' }),
    onSuccess: () => refresh(),
  })
}

/** DELETE /api/usuario/conta/vinculos/{provider}: answers the account's new security state. */
export function useUnlinkProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (provider: SocialProvider) =>
      api<Message & { data: AccountSecurity }>(`/api/usuario/conta/vinculos/${provider}`, {
        method: 'DELETE',
      }),
    onSuccess: ({ data }) => queryClient.setQueryData(accountKeys.security(), AccountSecurity.parse(data)),
  })
}

/** The session is gone (every session ended): the page goes on as a visitor's. */
function forgetSession(queryClient: ReturnType<typeof useQueryClient>) {
  setSignedInUser(queryClient, null)
  for (const domain of [accountKeys.all, ['student'], ['plans']])
    queryClient.removeQueries({ queryKey: domain })
}

/** POST /api/usuario/conta/sair-de-todos: ends every session of the account, this one included. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<Message>('/api/usuario/conta/sair-de-todos', { method: 'POST' }),
    onSuccess: () => forgetSession(queryClient),
  })
}

/** POST /api/conta/confirmar-email: the e-mailed link, opened signed in as its account. */
export function useConfirmEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      api<Message & { data: User }>('/api/conta/confirmar-email', { method: 'POST', json: { token } }),
    onSuccess: ({ data }) => {
      setSignedInUser(queryClient, User.parse(data))
      void queryClient.invalidateQueries({ queryKey: accountKeys.all })
      // Purchases made with the e-mail elsewhere now belong to the account.
      void queryClient.invalidateQueries({ queryKey: ['student'] })
    },
  })
}

/** POST /api/conta/nao-fui-eu: the old address's link ends every session and the e-mail change. */
export function useNotMe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      api<Message>('/api/conta/nao-fui-eu', { method: 'POST', json: { token }, globalErrors: false }),
    // Whoever holds the account in this browser is signed out too, if it is this account.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user() }),
  })
}
