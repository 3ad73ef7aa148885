import { Pencil } from 'lucide'
import { Icon } from '../../components/icons.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { SecuritySection } from '../account/security-section.tsx'
import { useCurrentUser } from '../auth/use-current-user.ts'
import { PROFILE_MODAL_ID } from './modal-ids.ts'
import { PasswordForm, passwordFormLabel } from './password-form.tsx'
import { PhotoForm } from './photo-form.tsx'
import { PrivacySection } from './privacy-section.tsx'
import { ProfileModal } from './profile-modal.tsx'

/**
 * /usuario/perfil: the user's data (edited in the shared form modal), photo, the account's security
 * (e-mail proof, linked logins, sessions), password and privacy.
 */
export function ProfilePage() {
  const { user } = useCurrentUser()
  if (!user) return null

  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">Meu perfil</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <PhotoForm user={user} />
        <div className="space-y-8">
          <section aria-labelledby="perfil-dados" className="rounded-2xl border border-slate-200 p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="perfil-dados" className="font-semibold text-lg text-slate-900">
                Meus dados
              </h2>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => openModal(PROFILE_MODAL_ID, 'update')}
              >
                <Icon drawing={Pencil} className="size-4" />
                Editar dados
              </button>
            </div>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-slate-600 text-sm">Nome</dt>
                <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{user.name}</dd>
              </div>
              <div>
                <dt className="text-slate-600 text-sm">E-mail</dt>
                <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{user.email}</dd>
              </div>
              <div>
                <dt className="text-slate-600 text-sm">Telefone</dt>
                <dd className="font-medium text-slate-900">{user.phone || 'Não informado'}</dd>
              </div>
            </dl>
          </section>
          <SecuritySection email={user.email} />
          <section aria-labelledby="perfil-senha" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="perfil-senha" className="font-semibold text-lg text-slate-900">
              {passwordFormLabel(user.new_user)}
            </h2>
            {user.new_user ? (
              <p className="mt-2 text-slate-700">
                Sua conta ainda não tem senha: crie uma para entrar também com seu e-mail.
              </p>
            ) : null}
            <div className="mt-4 max-w-md">
              <PasswordForm
                isNewUser={user.new_user}
                username={user.email}
                codeTo={user.new_user && !user.email_verified ? user.email : undefined}
              />
            </div>
          </section>
          <PrivacySection />
        </div>
      </div>
      <ProfileModal user={user} />
    </div>
  )
}
