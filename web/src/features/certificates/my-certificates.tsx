import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import type { CourseCertificateProgress, HeldCertificate } from '../../../../worker/contract/certificates.ts'
import { DialogCloseButton, DialogShell } from '../../components/dialog-shell.tsx'
import { Link } from '../../components/link.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatDateLong } from '../../lib/date.ts'
import { NameField, SubmitButton } from '../../lib/form-field.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { myCertificatesQuery, useIssueCourseCertificate } from './certificates.queries.ts'

/** A certificate's links: PDF, credential, verification page, LinkedIn. */
function CertificateLinks({ certificate }: { certificate: HeldCertificate }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <a className="btn btn-primary" href={certificate.links.pdf} download>
        Baixar PDF<span className="sr-only"> do certificado {certificate.title}</span>
      </a>
      {certificate.links.credential ? (
        <a className="btn btn-outline" href={certificate.links.credential} download>
          Credencial digital
        </a>
      ) : null}
      <a className="btn btn-outline" href={certificate.links.verification}>
        Página de verificação
      </a>
      <a
        className="btn btn-outline"
        href={certificate.links.linkedin}
        target="_blank"
        rel="noopener noreferrer"
      >
        Adicionar ao LinkedIn<span className="sr-only"> (abre em nova aba)</span>
      </a>
    </div>
  )
}

/** The dialog where the student confirms the name printed, once (Meus cursos, the assessment's pass). */
export function IssueDialog({
  course,
  profileName,
  onClose,
}: {
  course: CourseCertificateProgress
  profileName: string
  onClose: () => void
}) {
  const [nome, setNome] = useState(profileName)
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [opener] = useState(() => document.activeElement)
  const issue = useIssueCourseCertificate()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (issue.isPending) return
    setError(null)
    try {
      await issue.mutateAsync({ url: course.course_url, nome })
      onClose()
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as { errors?: { nome?: string[] } }) : null
      setError(body?.errors?.nome?.[0] ?? errorMessage(failure, 'Não foi possível emitir o certificado.'))
      requestAnimationFrame(() => inputRef.current?.focus())
    }
  }

  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      onClosed={() => {
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
      }}
      className="fixed top-1/2 left-1/2 z-[1061] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-xl focus:outline-none"
    >
      <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-6 py-4">
        <Dialog.Title className="font-semibold text-lg text-slate-900">Emitir certificado</Dialog.Title>
        <DialogCloseButton className="icon-btn -mr-2" />
      </div>
      <form noValidate onSubmit={submit} className="space-y-4 px-6 py-4">
        <Dialog.Description className="text-slate-700">
          Confira o nome que será impresso no certificado de <strong>{course.course_name}</strong>: o nome
          completo, como nos seus documentos. Depois de emitido, só o instituto pode corrigi-lo.
        </Dialog.Description>
        <NameField
          ref={inputRef}
          label="Nome no certificado"
          value={nome}
          onChange={(event) => setNome(event.target.value)}
          error={error ?? undefined}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Dialog.Close className="btn btn-outline">Cancelar</Dialog.Close>
          <SubmitButton pending={issue.isPending} className="btn btn-primary">
            Confirmar e emitir
          </SubmitButton>
        </div>
      </form>
    </DialogShell>
  )
}

/** Meus cursos' certificates: each online course's progress, 'Emitir certificado', and what is held. */
export function MyCertificates() {
  const mine = useQuery(myCertificatesQuery())
  const [issuing, setIssuing] = useState<CourseCertificateProgress | null>(null)
  const data = mine.data
  const courseCodes = new Set(
    data?.courses.flatMap((course) => (course.certificate ? [course.certificate.code] : [])),
  )
  const others = data?.certificates.filter((certificate) => !courseCodes.has(certificate.code)) ?? []
  return (
    <section aria-labelledby="certificados" className="mt-12">
      <h2 id="certificados" className="font-bold text-2xl text-slate-900">
        Certificados
      </h2>
      <QueryStatus
        query={mine}
        loading="Carregando seus certificados..."
        failed="Erro ao buscar certificados"
      />
      {data && data.courses.length === 0 && others.length === 0 ? (
        <p className="mt-4 text-slate-700">Seus certificados aparecem aqui quando você concluir um curso.</p>
      ) : null}
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {data?.courses.map((course) => (
          <li key={course.course_id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="font-bold text-lg text-slate-900">{course.course_name}</h3>
            <p className="mt-1 text-slate-700 text-sm">
              {course.watched} de {course.lessons} aulas assistidas (o certificado pede{' '}
              {course.required_share}%)
            </p>
            {course.certificate ? (
              <>
                <p className="mt-2 text-slate-700">
                  Certificado <span className="font-mono">{course.certificate.code}</span>, concluído em{' '}
                  {formatDateLong(course.certificate.completed_on)}
                </p>
                <CertificateLinks certificate={course.certificate} />
              </>
            ) : course.eligible ? (
              <button type="button" className="btn btn-primary mt-3" onClick={() => setIssuing(course)}>
                Emitir certificado<span className="sr-only">: {course.course_name}</span>
              </button>
            ) : course.assessment_pending ? (
              <p className="mt-2 text-slate-700">
                O certificado pede aprovação na{' '}
                <Link
                  to="/usuario/cursos/$url/avaliacao"
                  params={{ url: course.course_url }}
                  className="link"
                >
                  avaliação final<span className="sr-only"> de {course.course_name}</span>
                </Link>
                .
              </p>
            ) : null}
          </li>
        ))}
        {others.map((certificate) => (
          <li key={certificate.code} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="font-bold text-lg text-slate-900">{certificate.title}</h3>
            <p className="mt-1 text-slate-700 text-sm">
              {certificate.kind_label} · {certificate.hours} · {formatDateLong(certificate.completed_on)}
            </p>
            <p className="mt-2 text-slate-700">
              Certificado <span className="font-mono">{certificate.code}</span>
              {certificate.status === 'revoked' ? ' (revogado)' : ''}
            </p>
            <CertificateLinks certificate={certificate} />
          </li>
        ))}
      </ul>
      {issuing && data ? (
        <IssueDialog course={issuing} profileName={data.profile_name} onClose={() => setIssuing(null)} />
      ) : null}
    </section>
  )
}
