import { useQuery } from '@tanstack/react-query'
import type { User } from '../../../../worker/contract/auth.ts'
import { currentUserQuery } from './auth.queries.ts'

export type CurrentUser = User

/**
 * The signed-in user: null for an anonymous visitor, and also when the check itself failed
 * (the visitor can still log in). `isLoading` lasts until the first answer.
 */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const query = useQuery(currentUserQuery())
  return { user: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== 'idle' }
}

/** SPEC section 2: 'Seja bem-vindo' plus the first name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}
