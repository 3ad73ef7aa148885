import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Check, X } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import type { AssessmentStanding, SubmittedAttempt } from '../../../../worker/contract/assessment.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { ApiError } from '../../lib/api.ts'
import { errorMessage, toastError } from '../../lib/toast.ts'
import { myCertificatesQuery } from '../certificates/certificates.queries.ts'
import { IssueDialog } from '../certificates/my-certificates.tsx'
import { useStartAttempt } from './assessment.mutations.ts'
import { assessmentStandingQuery } from './assessment.queries.ts'
import { ExamForm } from './exam-form.tsx'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The rules of the course's assessment, as the student reads them before starting. */
function Rules({ standing }: { standing: AssessmentStanding }) {
  return (
    <ul className="mt-4 grid gap-2 text-slate-800 sm:grid-cols-2">
      <li>
        {plural(standing.questions, 'questão', 'questões')} de múltipla escolha, sorteadas a cada tentativa
      </li>
      <li>Nota mínima para aprovação: {standing.pass_percent}%</li>
      <li>
        {plural(standing.max_attempts, 'tentativa', 'tentativas')}
        {standing.attempts_used ? ` (${plural(standing.attempts_left, 'restante', 'restantes')})` : ''}
        {standing.wait_hours && standing.max_attempts > 2
          ? `; a partir da segunda reprovação, espera de ${plural(standing.wait_hours, 'hora', 'horas')} entre elas`
          : ''}
      </li>
      <li>
        {standing.time_limit_minutes
          ? `Tempo limite: ${plural(standing.time_limit_minutes, 'minuto', 'minutos')} (valem as respostas salvas até o fim)`
          : 'Sem tempo limite: as respostas ficam salvas até você enviar'}
      </li>
    </ul>
  )
}

/** The attempts so far: only their scores. */
function History({ standing }: { standing: AssessmentStanding }) {
  const ended = standing.attempts.filter((attempt) => attempt.score_percent !== null)
  if (ended.length === 0) return null
  return (
    <section aria-labelledby="tentativas-anteriores" className="mt-8">
      <h2 id="tentativas-anteriores" className="font-bold text-slate-900 text-xl">
        Suas tentativas
      </h2>
      <ul className="mt-3 space-y-2">
        {ended.map((attempt) => (
          <li
            key={attempt.number}
            className="flex flex-wrap items-center gap-x-3 rounded-lg bg-slate-50 px-3 py-2"
          >
            <span className="font-semibold">Tentativa {attempt.number}</span>
            <span>
              {attempt.correct} de {attempt.questions} ({attempt.score_percent}%)
            </span>
            <span className={attempt.passed ? 'font-semibold text-teal-800' : 'text-slate-700'}>
              {attempt.passed ? 'aprovado' : 'não aprovado'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The course's certificate once the assessment is passed: issue it here, or open it when issued. */
function CertificateStep({ url }: { url: string }) {
  const mine = useQuery(myCertificatesQuery())
  const [issuing, setIssuing] = useState(false)
  const course = mine.data?.courses.find((item) => item.course_url === url)
  if (mine.isPending) return <LoadingState label="Verificando o certificado..." />
  if (course?.certificate) {
    return (
      <p className="mt-4">
        <a className="btn btn-primary" href={course.certificate.links.verification}>
          Ver o certificado {course.certificate.code}
        </a>
      </p>
    )
  }
  if (!course?.eligible || !mine.data) {
    return (
      <p className="mt-4">
        <Link to="/usuario/cursos" className="btn btn-primary">
          Ir para Meus cursos
        </Link>
      </p>
    )
  }
  return (
    <>
      <button type="button" className="btn btn-primary mt-4" onClick={() => setIssuing(true)}>
        Emitir certificado
      </button>
      {issuing ? (
        <IssueDialog course={course} profileName={mine.data.profile_name} onClose={() => setIssuing(false)} />
      ) : null}
    </>
  )
}

/** The passing attempt, question by question: the student's choice, the right option, why. */
function Review({ standing }: { standing: AssessmentStanding }) {
  if (!standing.review) return null
  return (
    <section aria-labelledby="revisao" className="mt-8">
      <h2 id="revisao" className="font-bold text-slate-900 text-xl">
        Revisão da tentativa aprovada
      </h2>
      <ol className="mt-3 space-y-4">
        {standing.review.map((question, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the attempt's questions never move
          <li key={index} className="rounded-2xl border border-slate-200 p-4">
            <p className="font-semibold text-slate-900">
              <span className="block text-slate-600 text-sm">Questão {index + 1}</span>
              {question.prompt}
            </p>
            <ul className="mt-2 space-y-1">
              {question.options.map((text, option) => {
                const right = option === question.answer
                const chosen = option === question.chosen
                return (
                  <li
                    key={text}
                    className={`flex items-start gap-2 ${right ? 'font-semibold text-teal-900' : ''}`}
                  >
                    {right || chosen ? (
                      <Icon
                        drawing={right ? Check : X}
                        className={`mt-1 size-4 shrink-0 ${right ? 'text-teal-700' : 'text-red-700'}`}
                      />
                    ) : (
                      <span className="size-4 shrink-0" />
                    )}
                    <span>
                      {text}
                      {right ? <span className="sr-only"> (resposta certa)</span> : null}
                      {chosen ? <span className="text-slate-700 text-sm"> — sua resposta</span> : null}
                    </span>
                  </li>
                )
              })}
            </ul>
            {question.explanation ? <p className="mt-2 text-slate-700">{question.explanation}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** What the student may do now: start (or try again), wait, nothing more, or the certificate. */
function NextStep({ url, standing }: { url: string; standing: AssessmentStanding }) {
  const start = useStartAttempt(url)
  if (standing.state === 'passed') return <CertificateStep url={url} />
  if (standing.state === 'available') {
    return (
      <button
        type="button"
        className="btn btn-primary mt-4"
        disabled={start.isPending}
        aria-busy={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: () =>
              requestAnimationFrame(() => document.getElementById('avaliacao-tentativa')?.focus()),
            onError: (error) => void toastError(error, 'Não foi possível começar a avaliação.'),
          })
        }
      >
        {standing.attempts_used ? 'Tentar de novo' : 'Começar a avaliação'}
      </button>
    )
  }
  if (standing.state === 'locked') {
    return (
      <p className="mt-4">
        <Link to="/usuario/cursos/$url" params={{ url }} className="btn btn-outline">
          Voltar às aulas
        </Link>
      </p>
    )
  }
  return null
}

/** The score just received, told to screen readers as it appears. */
function Result({ submitted }: { submitted: SubmittedAttempt['result'] }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div
      className={`mt-6 rounded-2xl border p-5 ${submitted.passed ? 'border-teal-300 bg-teal-50' : 'border-amber-300 bg-amber-50'}`}
    >
      <h2 ref={heading} tabIndex={-1} className="font-bold text-slate-900 text-xl">
        {submitted.passed ? 'Aprovado!' : 'Não foi desta vez'}
      </h2>
      <p className="mt-1 text-slate-800">
        Tentativa {submitted.number}: você acertou {submitted.correct} de {submitted.questions} (
        {submitted.score_percent}%). A nota mínima é {submitted.pass_percent}%.
      </p>
    </div>
  )
}

/** /usuario/cursos/{url}/avaliacao: the course's final assessment for its student. */
export function ExamPage({ url }: { url: string }) {
  const query = useQuery(assessmentStandingQuery(url))
  const [submitted, setSubmitted] = useState<SubmittedAttempt['result'] | null>(null)
  const standing = query.data
  const refused = query.error instanceof ApiError && [403, 404].includes(query.error.status)
  const resultText = submitted
    ? `${submitted.passed ? 'Aprovado' : 'Não aprovado'}: ${submitted.correct} de ${submitted.questions} questões certas, ${submitted.score_percent}%. ${standing?.message ?? ''}`
    : ''
  return (
    <div className="container-page py-10 md:py-14">
      <Link
        to="/usuario/cursos/$url"
        params={{ url }}
        className="inline-flex items-center gap-1 font-semibold text-teal-800 underline"
      >
        <Icon drawing={ArrowLeft} className="size-4" />
        Voltar ao curso
      </Link>
      <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
        Avaliação final
      </h1>
      {standing ? <p className="mt-1 text-lg text-slate-700">{standing.course.name}</p> : null}
      {/* Present from the start, so screen readers read the score when it arrives. */}
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {resultText}
      </p>
      {query.isPending ? <LoadingState label="Carregando a avaliação..." /> : null}
      {refused ? (
        <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" role="alert">
          <p>{errorMessage(query.error)}</p>
        </div>
      ) : query.isError ? (
        <ErrorState
          detail={errorMessage(query.error, 'Erro ao buscar a avaliação.')}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {standing?.state === 'open' && standing.open_attempt ? (
        <ExamForm
          key={standing.open_attempt.number}
          url={url}
          attempt={standing.open_attempt}
          onSubmitted={(answer) => setSubmitted(answer.result)}
        />
      ) : standing ? (
        <>
          {submitted ? <Result submitted={submitted} /> : null}
          <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
            <p className={`font-medium ${standing.state === 'passed' ? 'text-teal-900' : 'text-slate-900'}`}>
              {standing.message}
            </p>
            {standing.best_score !== null && !submitted ? (
              <p className="mt-1 text-slate-700">Sua melhor nota: {standing.best_score}%.</p>
            ) : null}
            {standing.enabled && standing.state !== 'passed' ? <Rules standing={standing} /> : null}
            <NextStep url={url} standing={standing} />
          </div>
          <Review standing={standing} />
          <History standing={standing} />
        </>
      ) : null}
    </div>
  )
}
