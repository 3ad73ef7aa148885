import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { QueryStatus } from '../../components/query-status.tsx'
import { formatDateLong } from '../../lib/date.ts'
import { myCertificatesQuery } from './certificates.queries.ts'
import { CertificateLinks, IssueDialog } from './my-certificates.tsx'

/**
 * The course page's certificate (issue 39, item 8): offered the moment the course is earned (the
 * same confirmation of the name as in Meus cursos), its links once issued, else what it asks.
 */
export function CourseCertificateOffer({ courseUrl }: { courseUrl: string }) {
  const mine = useQuery(myCertificatesQuery())
  const [issuing, setIssuing] = useState(false)
  const course = mine.data?.courses.find((row) => row.course_url === courseUrl)
  if (mine.data && !course) return null
  return (
    <section
      aria-labelledby="certificado-do-curso"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="certificado-do-curso" className="font-bold text-slate-900 text-xl">
        Certificado
      </h2>
      <QueryStatus query={mine} loading="Carregando o certificado..." failed="Erro ao buscar certificados" />
      {course?.certificate ? (
        <>
          <p className="mt-2 text-slate-700">
            Certificado <span className="font-mono">{course.certificate.code}</span>, concluído em{' '}
            {formatDateLong(course.certificate.completed_on)}
            {course.certificate.status === 'valid'
              ? ''
              : ` (${course.certificate.status === 'revoked' ? 'revogado' : 'suspenso'})`}
            .
          </p>
          <CertificateLinks certificate={course.certificate} />
        </>
      ) : course?.eligible ? (
        <>
          <p className="mt-2 text-slate-700" role="status">
            Você concluiu o curso: o certificado já pode ser emitido.
          </p>
          <button type="button" className="btn btn-primary mt-3" onClick={() => setIssuing(true)}>
            Emitir certificado<span className="sr-only">: {course.course_name}</span>
          </button>
        </>
      ) : course ? (
        <p className="mt-2 text-slate-700">
          O certificado fica disponível quando você concluir {course.study.certificate_share}% das aulas (você
          concluiu {course.study.lessons_done} de {course.study.lessons_total}).
        </p>
      ) : null}
      {issuing && course && mine.data ? (
        <IssueDialog course={course} profileName={mine.data.profile_name} onClose={() => setIssuing(false)} />
      ) : null}
    </section>
  )
}
