import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Download, Trash2 } from 'lucide'
import { confirm } from '../../lib/confirm.tsx'
import { ActionButton } from '../../lib/form-field.tsx'
import { saveFile } from '../../lib/save-file.ts'
import { showToast, toastError } from '../../lib/toast.ts'
import { setSignedInUser } from '../auth/session.mutations.ts'
import { deleteMyAccount, exportMyData } from './profile.mutations.ts'

export const EXPORT_FILE_NAME = 'meus-dados-instituto-renalis.json'

export const DELETE_CONFIRMATION =
  'Excluir sua conta apaga agora seus dados pessoais (nome, e-mail, telefone, foto e senha), encerra todas as sessões e tira o acesso aos cursos e e-books. Os pedidos ficam guardados, sem os seus dados, pelo prazo da legislação fiscal. Esta ação não pode ser desfeita.'

/**
 * LGPD art. 18 in Meu perfil: a copy of every record that names the student (a JSON file), the
 * correction of the data (the 'Editar dados' form above), and the account's deletion, confirmed
 * through the SPEC's confirm dialog.
 */
export function PrivacySection() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const exportData = useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => {
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), EXPORT_FILE_NAME)
      void showToast('success', 'Seus dados foram baixados.')
    },
    onError: (error) => void toastError(error, 'Não foi possível baixar seus dados.'),
  })
  const remove = useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: ({ msg }) => {
      void showToast('success', msg)
      setSignedInUser(queryClient, null)
      queryClient.removeQueries({ queryKey: ['student'] })
      queryClient.removeQueries({ queryKey: ['plans'] })
      void navigate({ to: '/' })
    },
    onError: (error) => void toastError(error, 'Não foi possível excluir a conta.'),
  })

  return (
    <section aria-labelledby="perfil-privacidade" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="perfil-privacidade" className="font-semibold text-lg text-slate-900">
        Privacidade e dados pessoais
      </h2>
      <p className="mt-2 text-slate-700">
        Pela Lei Geral de Proteção de Dados (art. 18), você pode baixar uma cópia de todos os seus dados
        (perfil, pedidos, matrículas, inscrições em editais, mensagens de contato e consentimentos),
        corrigi-los em “Editar dados” e excluir a sua conta.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ActionButton pending={exportData.isPending} icon={Download} onClick={() => exportData.mutate()}>
          Baixar meus dados
        </ActionButton>
        <ActionButton
          className="btn btn-outline border-red-700 text-red-800"
          pending={remove.isPending}
          icon={Trash2}
          onClick={async () => {
            if (await confirm({ text: DELETE_CONFIRMATION, confirmLabel: 'Excluir minha conta' }))
              remove.mutate()
          }}
        >
          Excluir minha conta
        </ActionButton>
      </div>
    </section>
  )
}
