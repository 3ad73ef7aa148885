import { useLocation } from '@tanstack/react-router'
import { MailWarning } from 'lucide'
import { useState } from 'react'
import { ACCOUNT_MESSAGES } from '../../../../worker/contract/account.ts'
import { Icon } from '../../components/icons.tsx'
import { ActionButton } from '../../lib/form-field.tsx'
import { toastError } from '../../lib/toast.ts'
import { useCurrentUser } from '../auth/use-current-user.ts'
import { useResendConfirmation } from './account.queries.ts'

/**
 * The student area's reminder while the account's e-mail is not proved: purchases made with it in
 * other browsers stay out of the account until then. Meu perfil says it in its own section.
 */
export function EmailProofBanner() {
  const { user } = useCurrentUser()
  const onProfile = useLocation({ select: (location) => location.pathname === '/usuario/perfil' })
  const resend = useResendConfirmation()
  const [sent, setSent] = useState<string | null>(null)
  if (!user || user.email_verified || onProfile) return null
  return (
    <div className="container-page pt-6">
      <div className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex gap-3">
          <Icon drawing={MailWarning} className="mt-0.5 size-5 shrink-0" />
          <span>{ACCOUNT_MESSAGES.unprovedNotice}</span>
        </p>
        <ActionButton
          pending={resend.isPending}
          className="btn btn-outline shrink-0"
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: ({ msg }) => setSent(msg || ACCOUNT_MESSAGES.confirmSent(user.email)),
              onError: (error) => void toastError(error, 'Não foi possível enviar o link.'),
            })
          }
        >
          Reenviar link
        </ActionButton>
      </div>
      <p role="status" className="mt-2 font-medium text-teal-900 empty:hidden">
        {sent}
      </p>
    </div>
  )
}
