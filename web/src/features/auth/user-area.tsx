import { UserRound } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { syncSignedInHint } from '../../lib/session-hint.ts'
import { firstName, useCurrentUser } from './use-current-user.ts'
import { UserAvatar } from './user-avatar.tsx'

// Radix Dialog and DropdownMenu stay out of the first load: fetched on the first click / once logged in.
const loadLoginDialog = () => import('./login-dialog.tsx')
const loadUserMenu = () => import('./user-menu.tsx')
const LoginDialog = lazy(loadLoginDialog)
const UserMenu = lazy(loadUserMenu)

/** Is this page the Worker's shared render (rather than the SPA shell the browser renders itself)? */
const renderedByWorker = typeof document !== 'undefined' && document.getElementById('ssr-state') !== null

/**
 * SPEC section 2: 'Acesse sua conta' when anonymous ('Carregando' while the user loads), the user
 * menu when logged in. A page the Worker rendered is the same for everyone: until the browser
 * knows the visitor, it holds both the login button and a neutral placeholder of the user menu's
 * size, and <html data-session> (the signed-in hint, set before the first paint) shows one of
 * them: no flash of the login button for a signed-in visitor, and nothing moves when the name
 * arrives (the area is as wide as the user menu's button for a signed-in visitor, styles.css).
 */
export function UserArea() {
  const { user, isLoading, known } = useCurrentUser()
  const [open, setOpen] = useState(false)
  const [requested, setRequested] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  // A login closes the modal for good: after a later logout it must not pop up again.
  useEffect(() => {
    if (user) setOpen(false)
  }, [user])

  useEffect(() => {
    if (known) syncSignedInHint(user !== null)
  }, [known, user])

  // The shared page says 'Acesse sua conta' to whoever has no hint: 'Carregando' would stay
  // forever without JavaScript, and the answer is almost always the same.
  const loading = isLoading && !renderedByWorker

  return (
    <div className="user-area">
      {user ? (
        <Suspense fallback={<UserMenuPreview name={user.name} photo={user.photo} />}>
          <UserMenu user={user} />
        </Suspense>
      ) : (
        <>
          <button
            ref={buttonRef}
            type="button"
            className={`btn btn-primary px-3 sm:px-4 ${known ? '' : 'session-visitor'}`}
            disabled={loading}
            aria-haspopup="dialog"
            onPointerEnter={() => void loadLoginDialog()}
            onClick={() => {
              setRequested(true)
              setOpen(true)
              void loadUserMenu()
            }}
          >
            <UserRound aria-hidden="true" className="size-5" />
            <span className="sr-only sm:not-sr-only">{loading ? 'Carregando' : 'Acesse sua conta'}</span>
          </button>
          {known ? null : <UserMenuPreview />}
        </>
      )}
      {requested ? (
        <Suspense fallback={null}>
          {/* SPEC section 2: the modal is hidden while the user loads or once logged in. */}
          <LoginDialog open={open && !isLoading && !user} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </div>
  )
}

/**
 * The user menu's button as it looks before it works: the signed-in placeholder (name unknown:
 * a neutral bar) while the visitor is unknown, then the real name while the menu's code loads.
 */
function UserMenuPreview({ name, photo = null }: { name?: string; photo?: string | null }) {
  return (
    <span
      className={`inline-flex min-h-11 items-center gap-2 py-1 pr-2 pl-1 ${name ? '' : 'session-user'}`}
      role={name ? undefined : 'status'}
    >
      <UserAvatar photo={photo} size={36} />
      <span className="sr-only sm:not-sr-only sm:flex sm:flex-col sm:leading-tight">
        <span className="text-slate-600 text-xs">Seja bem-vindo</span>{' '}
        {name ? (
          <span className="max-w-32 truncate font-semibold text-sm">{firstName(name)}</span>
        ) : (
          <>
            <span aria-hidden="true" className="mt-1 block h-3.5 w-24 rounded bg-slate-200" />
            <span className="sr-only">Carregando</span>
          </>
        )}
      </span>
      <span aria-hidden="true" className="size-4" />
    </span>
  )
}
