export type CurrentUser = { name: string; photo: string | null; type: 'N' | 'A' }

/**
 * The signed-in user. GET /admin/user/get arrives with the auth issue; until then every
 * visitor is anonymous and nothing is fetched.
 */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  return { user: null, isLoading: false }
}
