import { SIGNED_IN_HINT_COOKIE } from '../../../worker/contract/session-hint.ts'

// The Worker sets the hint beside the HttpOnly session cookie and clears it with it (it holds no
// data). The browser keeps it true to what the current-user call answered, both ways: a session
// that expired, or one from before the hint existed.

const PATTERN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`)
/** As long as the session cookie lives (worker/services/auth/sessions.ts, 30 days). */
const MAX_AGE_SECONDS = 30 * 24 * 3600

export function hasSignedInHint(): boolean {
  return typeof document !== 'undefined' && PATTERN.test(document.cookie)
}

/**
 * `<html data-session="user">`: the stylesheet shows the user area's placeholder, not the login
 * button. Touched only when it changes: any write to <html>'s attributes makes the browser
 * restyle the whole page (a long task on a phone).
 */
export function markSession(signedIn: boolean) {
  const { dataset } = document.documentElement
  if (signedIn && dataset.session !== 'user') dataset.session = 'user'
  else if (!signedIn && dataset.session !== undefined) delete dataset.session
}

/** Called once the current-user call has answered. */
export function syncSignedInHint(signedIn: boolean) {
  if (typeof document === 'undefined') return
  markSession(signedIn)
  if (hasSignedInHint() === signedIn) return
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is not in every browser we serve
  document.cookie = signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
    : `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
}
