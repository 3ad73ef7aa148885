import { UserRound } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { firstName, useCurrentUser } from './use-current-user.ts'
import { UserAvatar } from './user-avatar.tsx'

// Radix Dialog and DropdownMenu stay out of the first load: fetched on the first click / once logged in.
const loadLoginDialog = () => import('./login-dialog.tsx')
const loadUserMenu = () => import('./user-menu.tsx')
const LoginDialog = lazy(loadLoginDialog)
const UserMenu = lazy(loadUserMenu)

/** SPEC section 2: 'Carregando' while the user loads, 'Acesse sua conta' when anonymous, the user menu when logged in. */
export function UserArea() {
  const { user, isLoading } = useCurrentUser()
  const [open, setOpen] = useState(false)
  const [requested, setRequested] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  // A login closes the modal for good: after a later logout it must not pop up again.
  useEffect(() => {
    if (user) setOpen(false)
  }, [user])

  return (
    <>
      {user ? (
        <Suspense
          fallback={
            <span className="inline-flex items-center gap-2 px-1">
              <UserAvatar photo={user.photo} size={36} />
              <span className="sr-only sm:not-sr-only text-sm">Seja bem-vindo {firstName(user.name)}</span>
            </span>
          }
        >
          <UserMenu user={user} />
        </Suspense>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-primary px-3 sm:px-4"
          disabled={isLoading}
          aria-haspopup="dialog"
          onPointerEnter={() => void loadLoginDialog()}
          onClick={() => {
            setRequested(true)
            setOpen(true)
            void loadUserMenu()
          }}
        >
          <UserRound aria-hidden="true" className="size-5" />
          <span className="sr-only sm:not-sr-only">{isLoading ? 'Carregando' : 'Acesse sua conta'}</span>
        </button>
      )}
      {requested ? (
        <Suspense fallback={null}>
          {/* SPEC section 2: the modal is hidden while the user loads or once logged in. */}
          <LoginDialog open={open && !isLoading && !user} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  )
}
