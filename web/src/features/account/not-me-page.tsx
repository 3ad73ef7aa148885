import { ShieldAlert } from 'lucide'
import type { ReactNode } from 'react'
import { ACCOUNT_MESSAGES } from '../../../../worker/contract/account.ts'
import { Link } from '../../components/link.tsx'
import { LoadingState } from '../../components/page-status.tsx'
import { ApiError } from '../../lib/api.ts'
import { ActionButton } from '../../lib/form-field.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { fieldMessages } from '../auth/auth.errors.ts'
import { useNotMe } from './account.queries.ts'
import { looksLikeToken, useFragmentToken } from './fragment-token.ts'
import { EmailLinkPage, Notice } from './notice.tsx'

const NOT_ME_TITLE = 'Não reconhece a troca de e-mail?'

/**
 * /conta/nao-fui-eu#token=…: the link of the notice sent to the old address when someone asks to
 * change the account's e-mail. No session needed: one press ends every session of the account and
 * cancels the change.
 */
export function NotMePage() {
  const { ready, token } = useFragmentToken()
  const notMe = useNotMe()
  const valid = looksLikeToken(token)

  let body: ReactNode
  if (!ready) body = <LoadingState />
  else if (!valid) {
    body = <Notice tone="error" message={ACCOUNT_MESSAGES.linkInvalid} />
  } else if (notMe.isSuccess) {
    body = (
      <Notice tone="ok" message={notMe.data.msg || ACCOUNT_MESSAGES.notMeDone}>
        <p>
          Para redefinir a senha, use 'Esqueceu sua senha?' em{' '}
          <Link to="/login" className="link">
            Acesse sua conta
          </Link>
          .
        </p>
      </Notice>
    )
  } else {
    const body422 = notMe.error instanceof ApiError ? notMe.error.body : null
    const failure = notMe.isError
      ? (fieldMessages(body422, 'token')[0] ?? errorMessage(notMe.error, ACCOUNT_MESSAGES.linkInvalid))
      : null
    body = (
      <div className="space-y-4">
        <p className="text-slate-700">
          Se você não pediu para trocar o e-mail da sua conta, encerre todas as sessões agora: a troca é
          cancelada e quem estiver com a sua conta aberta, em qualquer dispositivo, sai dela.
        </p>
        {failure ? <Notice tone="error" message={failure} /> : null}
        <ActionButton
          pending={notMe.isPending}
          icon={ShieldAlert}
          className="btn btn-primary"
          onClick={() => notMe.mutate(token)}
        >
          Encerrar todas as sessões
        </ActionButton>
      </div>
    )
  }

  return <EmailLinkPage title={NOT_ME_TITLE} body={body} />
}
