import { useState } from 'react'
import { heldBackSummary } from '../../../../worker/domain/certificate-text.ts'
import { ActionButton } from '../../lib/form-field.tsx'
import { toastSuccess } from '../../lib/toast.ts'
import { ConferenceAdminPanel } from './admin-panel.tsx'
import { useIssueConferenceCertificates } from './conference.mutations.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * For administrators, after the conference: 'Emitir certificados da jornada' — attendance
 * certificates for those who watched the minimum share, and one per speaker. Repeatable.
 */
export function CertificatesPanel() {
  const [summary, setSummary] = useState<string | null>(null)
  const issue = useIssueConferenceCertificates({
    onIssued: (result) => {
      const text = `${plural(result.issued, 'certificado emitido', 'certificados emitidos')} agora. ${plural(result.eligible_viewers, 'pessoa assistiu', 'pessoas assistiram')} a pelo menos ${result.min_share} % dos ${result.programme_minutes} minutos de palestras (de ${result.viewers} com presença registrada); ${plural(result.talks, 'palestra', 'palestras')} com certificado de palestrante.`
      setSummary(result.held_back.length > 0 ? `${text} ${heldBackSummary(result.held_back)}` : text)
      void toastSuccess(plural(result.issued, 'certificado emitido', 'certificados emitidos'))
    },
  })
  return (
    <ConferenceAdminPanel
      title="Certificados da Jornada (administração)"
      intro="Depois da última palestra: certificado de participação para quem assistiu à parcela mínima da programação, com as horas assistidas, e certificado de palestrante para cada palestra. Pode repetir: ninguém recebe dois."
      amber
    >
      <ActionButton pending={issue.isPending} className="btn btn-primary mt-4" onClick={() => issue.mutate()}>
        Emitir certificados da jornada
      </ActionButton>
      <p className="mt-3 text-slate-800" aria-live="polite">
        {summary}
      </p>
    </ConferenceAdminPanel>
  )
}
