import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import type { CourseCertificateProgress, HeldCertificate } from '../../../../worker/contract/certificates.ts'
import { DialogCloseButton, DialogShell } from '../../components/dialog-shell.tsx'
import { Link } from '../../components/link.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatDateLong, formatInstantDate } from '../../lib/date.ts'
import { NameField, SubmitButton } from '../../lib/form-field.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { lessonEvidenceText } from '../student/study-text.ts'
import { myCertificatesQuery, useIssueCourseCertificate } from './certificates.queries.ts'

/**
 * A certificate's links: PDF, credential, verification page, LinkedIn. A revoked or suspended one
 * (issue 39) says so, with the reason, and keeps only its verification page.
 */
export function CertificateLinks({ certificate }: { certificate: HeldCertificate }) {
  const standing = certificate.status === 'revoked' || certificate.status === 'suspended'
  return (
    <>
      {certificate.status === 'revoked' ? (
        <p className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900 text-sm">
          <strong>Revogado</strong>
          {certificate.revoked_at ? ` em ${formatInstantDate(certificate.revoked_at)}` : ''}
          {certificate.revoked_reason ? `: ${certificate.revoked_reason}` : ''}. O PDF e a credencial digital
          não estão mais disponíveis.
        </p>
      ) : certificate.status === 'suspended' ? (
        <p className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm">
          <strong>Suspenso</strong>
          {certificate.suspended_at ? ` desde ${formatInstantDate(certificate.suspended_at)}` : ''}
          {certificate.suspended_reason ? `: ${certificate.suspended_reason}` : ''}. O PDF e a credencial
          digital voltam a ficar disponíveis se a contestação terminar a favor do instituto.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {certificate.links.pdf ? (
          <a className="btn btn-primary" href={certificate.links.pdf} download>
            Baixar PDF<span className="sr-only"> do certificado {certificate.title}</span>
          </a>
        ) : null}
        {certificate.links.credential ? (
          <a className="btn btn-outline" href={certificate.links.credential} download>
            Credencial digital
          </a>
        ) : null}
        <a className="btn btn-outline" href={certificate.links.verification}>
          Página de verificação<span className="sr-only"> do certificado {certificate.title}</span>
        </a>
        {standing ? null : (
          <a
            className="btn btn-outline"
            href={certificate.links.linkedin}
            target="_blank"
            rel="noopener noreferrer"
          >
            Adicionar ao LinkedIn<span className="sr-only"> (abre em nova aba)</span>
          </a>
        )}
      </div>
    </>
  )
}

/** The dialog where the student confirms the name printed, once (Meus cursos, the course page, the assessment's pass). */
export function IssueDialog({
  course,
  profileName,
  onClose,
}: {
  course: Pick<CourseCertificateProgress, 'course_url' | 'course_name'>
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

/** A course's evidence on its card: lessons done, videos played, and each lesson on demand. */
function CourseStudy({ course }: { course: CourseCertificateProgress }) {
  const { study } = course
  return (
    <>
      <p className="mt-1 text-slate-700 text-sm">
        {study.lessons_done} de {study.lessons_total} aulas concluídas
        {study.watched_percent === null ? '' : ` · vídeos reproduzidos: ${study.watched_percent}%`} (o
        certificado pede {study.certificate_share}% das aulas)
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-teal-800">
          Ver as aulas<span className="sr-only"> de {course.course_name}</span>
        </summary>
        <ul className="mt-2 space-y-1 text-slate-700">
          {study.lessons.map((lesson) => (
            <li key={lesson.lesson_id}>
              <span className="font-medium text-slate-900">{lesson.title}</span>:{' '}
              {lessonEvidenceText(lesson, study.watch_share)}
            </li>
          ))}
        </ul>
      </details>
    </>
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
            <CourseStudy course={course} />
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
