import { closeModal, FormModal } from '../../lib/form-modal.tsx'
import { NEW_PASSWORD_MODAL_ID } from './modal-ids.ts'
import { PasswordFields, usePasswordChange } from './password-form.tsx'

/**
 * SPEC section 2: 'Adicionar nova senha', offered to a user who came in through a social login
 * (no current password asked). No footer; it closes on success.
 */
export default function NewPasswordModal({ username }: { username?: string }) {
  const state = usePasswordChange({ isNewUser: true, onSuccess: () => closeModal(NEW_PASSWORD_MODAL_ID) })

  function submit() {
    void state.submit()
  }

  return (
    <FormModal
      id={NEW_PASSWORD_MODAL_ID}
      title="Adicionar nova senha"
      description="Você entrou com uma rede social. Crie uma senha para entrar também com seu e-mail."
      hideFooter
      onStore={submit}
      onUpdate={submit}
    >
      <PasswordFields isNewUser state={state} username={username} />
    </FormModal>
  )
}
