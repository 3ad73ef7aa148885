import { closeModal, FormModal } from '../../lib/form-modal.tsx'
import { useCurrentUser } from '../auth/use-current-user.ts'
import { NEW_PASSWORD_MODAL_ID } from './modal-ids.ts'
import { PasswordFields, usePasswordChange } from './password-form.tsx'

/**
 * SPEC section 2: 'Adicionar nova senha', offered to an account without a password (a social
 * login, a guest checkout): no current password asked, but a code e-mailed to an address the
 * account has not proved yet. No footer; it closes on success.
 */
export default function NewPasswordModal({ username }: { username?: string }) {
  const { user } = useCurrentUser()
  const state = usePasswordChange({
    isNewUser: true,
    codeTo: user && !user.email_verified ? user.email : undefined,
    onSuccess: () => closeModal(NEW_PASSWORD_MODAL_ID),
  })

  function submit() {
    void state.submit()
  }

  return (
    <FormModal
      id={NEW_PASSWORD_MODAL_ID}
      title="Adicionar nova senha"
      description="Sua conta ainda não tem senha. Crie uma para entrar também com seu e-mail."
      hideFooter
      onStore={submit}
      onUpdate={submit}
    >
      <PasswordFields isNewUser state={state} username={username} />
    </FormModal>
  )
}
