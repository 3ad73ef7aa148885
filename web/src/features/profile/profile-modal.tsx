import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { ProfileInput, type User } from '../../../../worker/contract/auth.ts'
import { EmailField, NameField } from '../../lib/form-field.tsx'
import { closeModal, FormModal, openModal } from '../../lib/form-modal.tsx'
import { PhoneField } from '../../lib/masked-input.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { fieldErrors } from '../auth/auth.errors.ts'
import { PROFILE_MODAL_ID } from './modal-ids.ts'
import { useUpdateProfile } from './profile.mutations.ts'

type ProfileValues = { name: string; email: string; phone: string }
const FIELDS = ['name', 'email', 'phone'] as const
export const PROFILE_UPDATED = 'Dados atualizados com sucesso!'
const PROFILE_UPDATE_FAILED = 'Erro ao atualizar os dados.'

const valuesOf = (user: User): ProfileValues => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
})

/** The shared form modal in update mode: 'Atualizar' saves, 'load' disables it with a spinner. */
export function ProfileModal({ user }: { user: User }) {
  const updateProfile = useUpdateProfile()
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileValues, unknown, ProfileInput>({
    resolver: zodResolver(ProfileInput),
    defaultValues: valuesOf(user),
  })

  // The form starts from the saved data each time the user changes (after a save, a refetch).
  useEffect(() => reset(valuesOf(user)), [user, reset])

  const save = handleSubmit((values) => {
    openModal(PROFILE_MODAL_ID, 'load')
    updateProfile.mutate(values, {
      // A new e-mail changes only once its link is opened: the answer's `msg` says where it went.
      onSuccess: ({ msg }) => {
        closeModal(PROFILE_MODAL_ID)
        void toastSuccess(msg || PROFILE_UPDATED)
      },
      onError: (error) => {
        openModal(PROFILE_MODAL_ID, 'update')
        const messages = fieldErrors(error)
        for (const field of FIELDS) {
          const message = messages[field]
          if (message) setError(field, { type: 'server', message })
        }
        void toastError(error, PROFILE_UPDATE_FAILED)
      },
    })
  })

  return (
    <FormModal
      id={PROFILE_MODAL_ID}
      title="Meus dados"
      onUpdate={() => void save()}
      onStore={() => void save()}
    >
      <div className="space-y-4">
        <NameField error={errors.name?.message} {...register('name')} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <PhoneField control={control} name="phone" error={errors.phone?.message} />
      </div>
    </FormModal>
  )
}
