import { UserRound } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { useCurrentUser } from './use-current-user.ts'

// Radix Dialog stays out of the first load: it is fetched on the first click.
const LoginDialog = lazy(() => import('./login-dialog.tsx'))

export function UserArea() {
  const { user, isLoading } = useCurrentUser()
  const [open, setOpen] = useState(false)
  const [requested, setRequested] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  // The logged-in floating menu ('Seja bem-vindo', photo, role items, 'Sair') comes in the auth issue.
  if (user) return null

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-primary px-3 sm:px-4"
        disabled={isLoading}
        onClick={() => {
          setRequested(true)
          setOpen(true)
        }}
      >
        <UserRound aria-hidden="true" className="size-5" />
        <span className="sr-only sm:not-sr-only">{isLoading ? 'Carregando' : 'Acesse sua conta'}</span>
      </button>
      {requested && !isLoading ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  )
}
