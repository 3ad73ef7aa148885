import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TalkSpeaker } from '../../../../../worker/contract/live-questions.ts'
import { api } from '../../../lib/api.ts'
import { toastSuccess } from '../../../lib/toast.ts'
import { talkSpeakersQuery } from './live.queries.ts'

/**
 * For administrators: PUT /api/admin/conference/talks/{key}/speaker names the account that speaks
 * talk `key` by its e-mail (null: none). The list is updated from the answer.
 */
export function useNameTalkSpeaker({ onSaved }: { onSaved: (saved: TalkSpeaker) => void }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ key, email }: { key: number; email: string | null }) =>
      api<TalkSpeaker>(`/api/admin/conference/talks/${key}/speaker`, { method: 'PUT', json: { email } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TalkSpeaker[]>(talkSpeakersQuery().queryKey, (list) =>
        list?.map((item) => (item.key === saved.key ? saved : item)),
      )
      void toastSuccess(saved.account ? `${saved.account.name} fala nesta palestra.` : 'Indicação removida.')
      onSaved(saved)
    },
  })
}
