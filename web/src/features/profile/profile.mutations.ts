import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type PasswordChangeInput, type ProfileInput, User } from '../../../../worker/contract/auth.ts'
import { api } from '../../lib/api.ts'
import { accountKeys } from '../account/account.queries.ts'
import { authKeys } from '../auth/auth.queries.ts'

// The profile edits the logged-in user: every mutation here refreshes the auth domain's user.

/**
 * PUT /usuario/perfil/updateUser: name, e-mail and phone. A new e-mail waits for the link sent to
 * it (`msg` says so) and shows as pending in the account's security state.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      api<{ data: User; msg?: string }>('/usuario/perfil/updateUser', { method: 'PUT', json: input }),
    onSuccess: ({ data, msg }) => {
      queryClient.setQueryData(authKeys.user(), User.parse(data))
      if (msg) void queryClient.invalidateQueries({ queryKey: accountKeys.all })
    },
  })
}

/** POST /usuario/perfil/updatePassword/ (the trailing slash is part of the contract); answers the message in `data`. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      api<{ data: string }>('/usuario/perfil/updatePassword/', { method: 'POST', json: input }),
    // A social account that sets a password stops being a new user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user() }),
  })
}

/** POST /api/usuario/foto (multipart, field `photo`). */
export function useUploadPhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (photo: File) => {
      const formData = new FormData()
      formData.append('photo', photo)
      return api<{ data: User }>('/api/usuario/foto', { method: 'POST', formData })
    },
    onSuccess: ({ data }) => queryClient.setQueryData(authKeys.user(), User.parse(data)),
  })
}

/** GET /api/usuario/privacidade/exportar (LGPD art. 18): every record that names the student, as JSON. */
export const exportMyData = () => api<unknown>('/api/usuario/privacidade/exportar')

/** POST /api/usuario/privacidade/excluir: the account's deletion, once the student confirmed it. */
export const deleteMyAccount = () =>
  api<{ msg: string }>('/api/usuario/privacidade/excluir', { method: 'POST', json: { confirmar: true } })
