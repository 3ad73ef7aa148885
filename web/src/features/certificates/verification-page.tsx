import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { CertificateVerification } from '../../../../worker/contract/certificates.ts'
import { CERTIFICATE_STATUS } from '../../../../worker/domain/certificates.ts'
import { INSTITUTE } from '../../../../worker/domain/institute.ts'
import { curitibaDateTime } from '../../../../worker/domain/time-zone.ts'
import { NotFound } from '../../components/not-found.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatDateLong, formatInstantDate } from '../../lib/date.ts'
import { verificationQuery } from './certificates.queries.ts'

/** /certificados/{code}: a certificate's verification, for anyone who has its code or QR code. */
export function VerificationPage({ code }: { code: string }) {
  const verification = useQuery(verificationQuery(code))
  if (verification.error instanceof ApiError && verification.error.status === 404) {
    return <NotFound message="Certificado não encontrado" />
  }
  const data = verification.data
  return (
    <div className="container-page max-w-3xl py-12 md:py-16">
      <title>{`Verificação de certificado | ${INSTITUTE.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
        Verificação de certificado
      </h1>
      <QueryStatus
        query={verification}
        loading="Verificando o certificado..."
        failed="Erro ao verificar o certificado"
      />
      {data ? (
        <section
          aria-labelledby="situacao"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <CertificateState data={data} />
          <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold text-slate-600">Titular</dt>
            <dd className="text-slate-900">{data.holder_name ?? 'Titular removido a pedido'}</dd>
            <dt className="font-semibold text-slate-600">{data.kind_label}</dt>
            <dd className="text-slate-900">{data.title}</dd>
            <dt className="font-semibold text-slate-600">Carga horária</dt>
            <dd className="text-slate-900">{data.hours}</dd>
            <dt className="font-semibold text-slate-600">Conclusão</dt>
            <dd className="text-slate-900">{formatDateLong(data.completed_on)}</dd>
            <dt className="font-semibold text-slate-600">Código</dt>
            <dd className="font-mono text-slate-900">{data.code}</dd>
            <dt className="font-semibold text-slate-600">Emitido por</dt>
            <dd className="text-slate-900">{data.issuer}</dd>
          </dl>
          <p className="mt-6 text-slate-600 text-sm">
            Situação consultada em {curitibaDateTime(new Date(data.checked_at))} (horário de Brasília).
          </p>
          {data.holder_removed ? (
            <p className="mt-4 text-slate-700 text-sm">
              O titular excluiu a conta e pediu a remoção dos seus dados: o certificado continua verificável,
              sem o nome.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

/** A state's heading in its colour, and what it means for the certificate below it. */
function StateNote({ tone, heading, children }: { tone: string; heading: ReactNode; children?: ReactNode }) {
  return (
    <div role="status">
      <p id="situacao" className={`font-bold text-2xl ${tone}`}>
        {heading}
      </p>
      {children}
    </div>
  )
}

/** The certificate's state as of the check: valid, suspended or revoked (since when, why), or replaced. */
function CertificateState({ data }: { data: CertificateVerification }) {
  switch (data.status) {
    case 'valid':
      return <StateNote tone="text-teal-800" heading="Certificado válido" />
    case 'suspended':
      return (
        <StateNote
          tone="text-amber-800"
          heading={`Certificado ${CERTIFICATE_STATUS.labels.suspended}${data.suspended_reason ? `: ${data.suspended_reason}` : ''}`}
        >
          <p className="mt-1 text-slate-700">
            {data.suspended_at ? `Suspenso desde ${formatInstantDate(data.suspended_at)}. ` : ''}
            Enquanto estiver suspenso, não vale como comprovante: volta a valer se a contestação do pagamento
            terminar a favor do instituto, e é revogado se não terminar.
          </p>
        </StateNote>
      )
    case 'revoked':
      return (
        <StateNote
          tone="text-red-800"
          heading={`Certificado ${CERTIFICATE_STATUS.labels.revoked}${data.revoked_reason ? `: ${data.revoked_reason}` : ''}`}
        >
          {data.revoked_at ? (
            <p className="mt-1 text-slate-700">
              Revogado em {formatInstantDate(data.revoked_at)}: não vale mais como comprovante.
            </p>
          ) : null}
        </StateNote>
      )
    case 'replaced':
      return (
        <StateNote tone="text-amber-800" heading="Certificado substituído">
          <p className="mt-1 text-slate-700">
            Este certificado foi reemitido com o código{' '}
            <a className="font-semibold text-teal-800 underline" href={`/certificados/${data.replaced_by}`}>
              {data.replaced_by}
            </a>
            .
          </p>
        </StateNote>
      )
  }
}
