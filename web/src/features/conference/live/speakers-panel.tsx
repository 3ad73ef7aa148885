import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { TalkSpeaker } from '../../../../../worker/contract/live-questions.ts'
import { ErrorState, LoadingState } from '../../../components/page-status.tsx'
import { EmailField, SubmitButton } from '../../../lib/form-field.tsx'
import { errorMessage } from '../../../lib/toast.ts'
import { ConferenceAdminPanel, NumberSelect, talkName } from '../admin-panel.tsx'
import { useNameTalkSpeaker } from './live.mutations.ts'
import { talkSpeakersQuery } from './live.queries.ts'

/**
 * For administrators (issue 44): which account speaks each talk. That account, signed in, opens
 * the speaker view of its own talk's live questions while the talk is live (and no other view).
 */
export default function SpeakersPanel() {
  const speakers = useQuery(talkSpeakersQuery())
  return (
    <ConferenceAdminPanel
      title="Contas de quem fala (administração)"
      intro="A conta indicada abre a visão de palestrante das perguntas ao vivo da sua palestra, e só dela. A pessoa precisa ter uma conta no site."
    >
      {speakers.isPending ? (
        <LoadingState label="Carregando as palestras..." />
      ) : speakers.isError ? (
        <ErrorState title="Não foi possível carregar as palestras." onRetry={() => void speakers.refetch()} />
      ) : (
        <SpeakerForm talks={speakers.data} />
      )}
    </ConferenceAdminPanel>
  )
}

function SpeakerForm({ talks }: { talks: TalkSpeaker[] }) {
  const [key, setKey] = useState(talks[0]?.key ?? 0)
  const talk = talks.find((item) => item.key === key)
  const [email, setEmail] = useState(talk?.account?.email ?? '')
  const save = useNameTalkSpeaker({ onSaved: (saved) => setEmail(saved.account?.email ?? '') })
  const choose = (next: number) => {
    setKey(next)
    setEmail(talks.find((item) => item.key === next)?.account?.email ?? '')
    save.reset()
  }
  return (
    <>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate({ key, email: email.trim() || null })
        }}
      >
        <NumberSelect label="Palestra" value={key} onChange={choose}>
          {talks.map((item) => (
            <option key={item.key} value={item.key}>
              {talkName(item, 50)}
            </option>
          ))}
        </NumberSelect>
        <EmailField
          label="E-mail da conta de quem fala"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint="Vazio: nenhuma conta."
          error={save.isError ? errorMessage(save.error) : undefined}
        />
        <SubmitButton
          pending={save.isPending}
          className="btn btn-primary sm:col-span-2 sm:justify-self-start"
        >
          Salvar
        </SubmitButton>
      </form>
      <h3 className="mt-6 font-semibold text-slate-900">Indicadas</h3>
      <ul className="mt-2 grid gap-1 text-slate-800">
        {talks.filter((item) => item.account).length === 0 ? (
          <li className="text-slate-600">Nenhuma conta indicada ainda.</li>
        ) : null}
        {talks
          .filter((item) => item.account)
          .map((item) => (
            <li key={item.key} data-speaker-talk={item.key}>
              [{item.session[0]},{item.session[1]}] {item.title}: {item.account?.name} ({item.account?.email})
            </li>
          ))}
      </ul>
    </>
  )
}
