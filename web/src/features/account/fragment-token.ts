import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useHydrated } from '../../lib/use-hydrated.ts'

/** A link's token: its length is all the browser can check; the server says whether it holds. */
export const looksLikeToken = (token: string | null | undefined): token is string =>
  typeof token === 'string' && token.length >= 20 && token.length <= 200

/**
 * The token of an e-mailed link (`#token=…`): the fragment never reaches a server, a log or a
 * `Referer`. Read once in the browser, then taken off the address bar, so it is not left in the
 * history or shared with the address. `ready` is false until the page has hydrated (the shared
 * render never sees a fragment).
 */
export function useFragmentToken(): { ready: boolean; token: string | null } {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [token] = useState(() =>
    typeof window === 'undefined'
      ? null
      : new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token'),
  )
  useEffect(() => {
    if (window.location.hash) void navigate({ to: '.', hash: '', replace: true, resetScroll: false })
  }, [navigate])
  return { ready: hydrated, token: hydrated ? token : null }
}
