import { useQuery } from '@tanstack/react-query'
import { UserRound } from 'lucide'
import { type ComponentType, lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react'
import type { User } from '../../../../worker/contract/auth.ts'
import { Icon } from '../../components/icons.tsx'
import { syncSignedInHint } from '../../lib/session-hint.ts'
import { accountMenuQuery } from '../menu/menu.queries.ts'
import { useCurrentUser } from './use-current-user.ts'
import { UserAvatar } from './user-avatar.tsx'
import type { UserMenuProps } from './user-menu.tsx'
import { UserMenuButton } from './user-menu-button.tsx'

// Radix Dialog and DropdownMenu stay out of the first load, a signed-in visitor's included:
// fetched when the visitor reaches for them (hover, focus, press).
const loadLoginDialog = () => import('./login-dialog.tsx')
const loadUserMenu = () => import('./user-menu.tsx')
const LoginDialog = lazy(loadLoginDialog)
const NewPasswordModal = lazy(() => import('../profile/new-password-modal.tsx'))

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

  // The user menu once its code has arrived (it then takes the header's button over).
  const [userMenu, setUserMenu] = useState<{ Menu: ComponentType<UserMenuProps>; open: boolean } | null>(null)
  const [menuFocus, setMenuFocus] = useState(false)
  const menuButtonRef = useRef<HTMLButtonElement>(null)

  function reachForMenu(open: boolean) {
    void loadUserMenu().then(({ default: Menu }) => {
      setMenuFocus(document.activeElement === menuButtonRef.current)
      setUserMenu((current) => ({ Menu, open: open || (current?.open ?? false) }))
    })
  }

  // A login closes the modal for good: after a later logout it must not pop up again. A logout
  // leaves the user menu closed for the next login.
  useEffect(() => {
    if (user) setOpen(false)
    else {
      setUserMenu((current) => (current ? { ...current, open: false } : current))
      setMenuFocus(false)
    }
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
        <SignedIn
          user={user}
          menu={userMenu}
          focus={menuFocus}
          buttonRef={menuButtonRef}
          onReach={reachForMenu}
        />
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
            <Icon drawing={UserRound} className="size-5" />
            <span className="sr-only sm:not-sr-only">{loading ? 'Carregando' : 'Acesse sua conta'}</span>
          </button>
          {known ? null : <UserMenuPlaceholder />}
        </>
      )}
      {user?.new_user ? (
        // Social login opens it for a new account (SPEC section 4), and so does the user menu.
        <Suspense fallback={null}>
          <NewPasswordModal username={user.email} />
        </Suspense>
      ) : null}
      {requested ? (
        <Suspense fallback={null}>
          {/* SPEC section 2: the modal is hidden while the user loads or once logged in. */}
          <LoginDialog open={open && !isLoading && !user} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </div>
  )
}

function SignedIn({
  user,
  menu,
  focus,
  buttonRef,
  onReach,
}: {
  user: User
  menu: { Menu: ComponentType<UserMenuProps>; open: boolean } | null
  focus: boolean
  buttonRef: RefObject<HTMLButtonElement | null>
  onReach: (open: boolean) => void
}) {
  // The menu's role items are asked as soon as the visitor is known, not when it opens.
  useQuery(accountMenuQuery())
  if (menu) return <menu.Menu user={user} defaultOpen={menu.open} focusTrigger={focus} />
  return (
    <UserMenuButton
      ref={buttonRef}
      user={user}
      aria-expanded={false}
      onPointerEnter={() => onReach(false)}
      onFocus={() => onReach(false)}
      // Radix's trigger opens on the press itself: a press whose release lands on it once it has
      // been swapped in (the code arrived in between) would otherwise open nothing.
      onPointerDown={(event) => {
        if (event.button === 0) onReach(true)
      }}
      onClick={() => onReach(true)}
    />
  )
}

/**
 * A signed-in visitor's user area before the browser knows them: the user menu's button with a
 * neutral bar for the name (shown by the stylesheet when the hint says signed in).
 */
function UserMenuPlaceholder() {
  return (
    <span className="session-user min-h-11 items-center gap-2 py-1 pr-2 pl-1" role="status">
      <UserAvatar photo={null} size={36} />
      <span className="sr-only sm:not-sr-only sm:flex sm:flex-col sm:leading-tight">
        <span className="text-slate-600 text-xs">Seja bem-vindo</span>{' '}
        <span aria-hidden="true" className="mt-1 block h-3.5 w-24 rounded bg-slate-200" />
        <span className="sr-only">Carregando</span>
      </span>
      <span aria-hidden="true" className="size-4" />
    </span>
  )
}
