import { useQueryClient } from '@tanstack/react-query'
import { LogIn } from 'lucide'
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { ACCOUNT_MESSAGES } from '../../../../worker/contract/account.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { LoadingState } from '../../components/page-status.tsx'
import { ApiError } from '../../lib/api.ts'
import { ActionButton } from '../../lib/form-field.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { fieldMessages } from '../auth/auth.errors.ts'
import { setSignedInUser, useLogout } from '../auth/session.mutations.ts'
import { useCurrentUser } from '../auth/use-current-user.ts'
import { useConfirmEmail } from './account.queries.ts'
import { looksLikeToken, useFragmentToken } from './fragment-token.ts'
import { EmailLinkPage, Notice } from './notice.tsx'

const LoginDialog = lazy(() => import('../auth/login-dialog.tsx'))

const CONFIRM_EMAIL_TITLE = 'Confirmar e-mail'

/** Why the link was refused, as the server says it (another account's link, an expired one). */
function refusal(error: unknown): string {
  const body = error instanceof ApiError ? error.body : null
  return fieldMessages(body, 'token')[0] ?? errorMessage(error, ACCOUNT_MESSAGES.linkInvalid)
}

/**
 * /conta/confirmar-email#token=…: the link of a sign-up's confirmation or of an e-mail change. It
 * proves the e-mail only when opened signed in as the account it was sent to: signed in, it is
 * confirmed at once; signed out, the login modal comes first and the confirmation follows it.
 */
export function ConfirmEmailPage() {
  const { ready, token } = useFragmentToken()
  const { user, known } = useCurrentUser()
  const queryClient = useQueryClient()
  const confirm = useConfirmEmail()
  const logout = useLogout()
  const sent = useRef(false)
  const [loginOpen, setLoginOpen] = useState(false)
  // Mounted from the first press on, so it closes (and hands focus back) like the header's.
  const [loginRequested, setLoginRequested] = useState(false)
  const entrarRef = useRef<HTMLButtonElement>(null)
  const valid = looksLikeToken(token)

  useEffect(() => {
    if (user) setLoginOpen(false)
    if (!valid || !user || sent.current) return
    sent.current = true
    confirm.mutate(token, {
      onError: (error) => {
        // The session ended meanwhile: the page asks for a login again, then confirms.
        if (error instanceof ApiError && error.status === 401) {
          sent.current = false
          confirm.reset()
          setSignedInUser(queryClient, null)
        }
      },
    })
  }, [valid, token, user, confirm, queryClient])

  let body: ReactNode
  if (!ready || !known) body = <LoadingState />
  else if (!valid) {
    body = <Notice tone="error" message={ACCOUNT_MESSAGES.linkInvalid} />
  } else if (confirm.isSuccess) {
    body = (
      <Notice tone="ok" message={confirm.data.msg || ACCOUNT_MESSAGES.confirmed}>
        <div className="flex flex-wrap gap-3">
          <Link to="/usuario/cursos" className="btn btn-primary">
            Meus cursos
          </Link>
          <Link to="/usuario/perfil" className="btn btn-outline">
            Meu perfil
          </Link>
        </div>
      </Notice>
    )
  } else if (confirm.isError) {
    const message = refusal(confirm.error)
    const tokenRefused =
      message === ACCOUNT_MESSAGES.linkInvalid || message === ACCOUNT_MESSAGES.linkOtherAccount
    body = (
      <Notice tone="error" message={message}>
        {message === ACCOUNT_MESSAGES.linkOtherAccount ? (
          <ActionButton
            pending={logout.isPending}
            onClick={() =>
              logout.mutate(
                { redirect: false },
                {
                  onSuccess: () => {
                    sent.current = false
                    confirm.reset()
                  },
                },
              )
            }
          >
            Sair desta conta
          </ActionButton>
        ) : tokenRefused ? (
          <Link to="/usuario/perfil" className="btn btn-outline">
            Meu perfil
          </Link>
        ) : (
          <ActionButton onClick={() => confirm.mutate(token)}>Tentar novamente</ActionButton>
        )}
      </Notice>
    )
  } else if (!user) {
    body = (
      <Notice tone="info" message={ACCOUNT_MESSAGES.linkNeedsLogin}>
        <button
          ref={entrarRef}
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setLoginRequested(true)
            setLoginOpen(true)
          }}
        >
          <Icon drawing={LogIn} className="size-4" />
          Entrar
        </button>
      </Notice>
    )
  } else body = <LoadingState label="Confirmando seu e-mail..." />

  return (
    <EmailLinkPage title={CONFIRM_EMAIL_TITLE} body={body}>
      {loginRequested ? (
        <Suspense fallback={null}>
          <LoginDialog open={loginOpen && !user} onOpenChange={setLoginOpen} returnFocusTo={entrarRef} />
        </Suspense>
      ) : null}
    </EmailLinkPage>
  )
}
