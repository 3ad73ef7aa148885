import { Send } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import type { OpenAttempt, SubmittedAttempt } from '../../../../worker/contract/assessment.ts'
import { Icon } from '../../components/icons.tsx'
import { confirm } from '../../lib/confirm.tsx'
import { errorMessage, toastError } from '../../lib/toast.ts'
import { useSaveAnswer, useSubmitAttempt } from './assessment.mutations.ts'
import { ExamTimer } from './exam-timer.tsx'

const questionsText = (n: number) => (n === 1 ? '1 questão' : `${n} questões`)

/**
 * Saves each question's answers one after another, the latest choice last (arrow keys move a radio
 * group's choice at every press: two saves of one question must not land out of order).
 */
function useAnswerSaver(url: string, attempt: OpenAttempt, announce: (text: string) => void) {
  const save = useSaveAnswer(url)
  const wanted = useRef<(number | null)[]>([...attempt.answers])
  const saved = useRef<(number | null)[]>([...attempt.answers])
  const chains = useRef(new Map<number, Promise<void>>())
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set())

  function choose(question: number, option: number) {
    wanted.current[question] = option
    const previous = chains.current.get(question) ?? Promise.resolve()
    const next = previous.then(async () => {
      const choice = wanted.current[question]
      if (choice === null || choice === undefined || choice === saved.current[question]) return
      try {
        await save.mutateAsync({ number: attempt.number, question, option: choice })
        saved.current[question] = choice
        setFailed((current) => withoutItem(current, question))
        announce(
          `Resposta da questão ${question + 1} salva: ${attempt.questions[question]?.options[choice]}.`,
        )
      } catch (error) {
        setFailed((current) => new Set(current).add(question))
        void toastError(error, `Não foi possível salvar a resposta da questão ${question + 1}.`)
      }
    })
    chains.current.set(question, next)
  }

  /** Every save under way, finished (a submission scores what the server saved). */
  const settled = () => Promise.all(chains.current.values())
  return { choose, settled, failed }
}

function withoutItem(set: ReadonlySet<number>, item: number): ReadonlySet<number> {
  if (!set.has(item)) return set
  const next = new Set(set)
  next.delete(item)
  return next
}

/** The open attempt: one fieldset per question, each answer saved as chosen, the timer, the submission. */
export function ExamForm({
  url,
  attempt,
  onSubmitted,
}: {
  url: string
  attempt: OpenAttempt
  onSubmitted: (submitted: SubmittedAttempt) => void
}) {
  const [answers, setAnswers] = useState<(number | null)[]>(() => [...attempt.answers])
  const [saveNotice, setSaveNotice] = useState('')
  const saver = useAnswerSaver(url, attempt, setSaveNotice)
  const submit = useSubmitAttempt(url)
  const sending = useRef(false)
  const [error, setError] = useState<string | null>(null)
  const unanswered = answers.filter((answer) => answer === null).length

  async function send({ ask }: { ask: boolean }) {
    if (sending.current) return
    if (ask) {
      const agreed = await confirm({
        title: 'Enviar a avaliação',
        text: unanswered
          ? `Você deixou ${questionsText(unanswered)} sem resposta, que contam como erradas. Depois de enviar, as respostas não podem mais mudar.`
          : 'Depois de enviar, as respostas não podem mais mudar.',
        confirmLabel: 'Enviar respostas',
        cancelLabel: 'Continuar respondendo',
      })
      if (!agreed) return
    }
    sending.current = true
    setError(null)
    try {
      await saver.settled()
      onSubmitted(await submit.mutateAsync(attempt.number))
    } catch (failure) {
      setError(errorMessage(failure, 'Não foi possível enviar a avaliação. Tente de novo.'))
    } finally {
      sending.current = false
    }
  }

  // The time ran out: what was saved is sent as it is.
  const [expired, setExpired] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, when the time runs out
  useEffect(() => {
    if (expired) void send({ ask: false })
  }, [expired])

  return (
    <form
      aria-labelledby="avaliacao-tentativa"
      className="mt-6"
      onSubmit={(event) => {
        event.preventDefault()
        void send({ ask: true })
      }}
    >
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-slate-200 border-b bg-white/95 px-4 py-3 backdrop-blur">
        <h2 id="avaliacao-tentativa" tabIndex={-1} className="font-bold text-lg text-slate-900">
          Tentativa {attempt.number}: {questionsText(attempt.questions.length)}
        </h2>
        {attempt.deadline_at ? (
          <ExamTimer
            deadline={attempt.deadline_at}
            serverNow={attempt.server_now}
            onExpire={() => setExpired(true)}
          />
        ) : null}
      </div>
      <p className="mt-3 text-slate-700 text-sm">
        Cada resposta é salva assim que você escolhe: se a página recarregar, elas continuam aqui.
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {saveNotice}
      </p>
      <ol className="mt-4 space-y-5">
        {attempt.questions.map((question, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an attempt's questions never move
          <li key={index}>
            <fieldset className="rounded-2xl border border-slate-200 bg-white p-4 md:p-5">
              {/* Floated, the legend stays inside the box instead of breaking its border. */}
              <legend className="float-left mb-3 w-full font-semibold text-slate-900">
                <span className="block text-slate-600 text-sm">
                  Questão {index + 1} de {attempt.questions.length}
                </span>
                {question.prompt}
              </legend>
              <div className="clear-both space-y-2">
                {question.options.map((text, option) => (
                  <label
                    key={text}
                    className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-teal-700 has-checked:bg-teal-50"
                  >
                    <input
                      type="radio"
                      name={`questao-${index}`}
                      value={option}
                      checked={answers[index] === option}
                      disabled={submit.isPending}
                      onChange={() => {
                        setAnswers((current) => current.map((value, i) => (i === index ? option : value)))
                        saver.choose(index, option)
                      }}
                      className="mt-1 size-4 shrink-0 accent-teal-700"
                    />
                    <span className="text-slate-800">{text}</span>
                  </label>
                ))}
              </div>
              {saver.failed.has(index) ? (
                <p className="mt-2 font-medium text-red-700 text-sm">
                  Esta resposta não foi salva. Escolha de novo para tentar outra vez.
                </p>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submit.isPending}
          aria-busy={submit.isPending}
        >
          <Icon drawing={Send} className="size-4" />
          Enviar respostas
        </button>
        <p className="text-slate-700 text-sm">
          {unanswered ? `${questionsText(unanswered)} sem resposta.` : 'Todas as questões respondidas.'}
        </p>
      </div>
      {error ? (
        <p className="mt-3 font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
