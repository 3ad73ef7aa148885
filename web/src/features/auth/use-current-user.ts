import { useQuery } from '@tanstack/react-query'
import type { User } from '../../../../worker/contract/auth.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { currentUserQuery } from './auth.queries.ts'

export type CurrentUser = User

/**
 * The signed-in user: null for an anonymous visitor, and also when the check itself failed
 * (the visitor can still log in). `isLoading` lasts until the first answer; `known` says the
 * answer is in. A page the Worker rendered is the same for every visitor, so it knows nobody:
 * until the browser has hydrated it, the user is unknown here too (and the markup matches).
 */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean; known: boolean } {
  const hydrated = useHydrated()
  const query = useQuery(currentUserQuery())
  if (!hydrated) return { user: null, isLoading: false, known: false }
  return {
    user: query.data ?? null,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    known: !query.isPending,
  }
}

/** SPEC section 2: 'Seja bem-vindo' plus the first name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}
