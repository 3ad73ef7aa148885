import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import type {
  BoardQuestion,
  OwnQuestion,
  QueueQuestion,
} from '../../../../../worker/contract/live-questions.ts'
import {
  boardOrder,
  LIVE_ROLES,
  type LiveRole,
  QUESTION_INTERVAL_MS,
  QUESTION_MAX_CHARS,
  QUESTIONS_PER_TALK,
  type QuestionStatus,
  REACTION_KINDS,
  REACTION_LABELS,
  type ReactionKind,
} from '../../../../../worker/domain/live-questions.ts'
import { INPUT_CLASS } from '../../../lib/form-field.tsx'
import { liveRolesQuery } from './live.queries.ts'
import { type LiveState, useLiveRoom } from './live-room.ts'
import { plural } from './plural.ts'

const REACTION_ICONS: Record<ReactionKind, string> = { aplauso: '👏', coracao: '❤️', boa_pergunta: '💡' }
const BUTTON =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-50'
const PRIMARY =
  'rounded-lg bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-50'

type Ordered = { status: QuestionStatus; pinned: boolean; votes: number; asked_at: number }
const byBoard = (a: Ordered, b: Ordered) =>
  boardOrder({ ...a, askedAt: a.asked_at }, { ...b, askedAt: b.asked_at })

/** Buttons of which one is pressed: the organisation's views, the moderators' filters. */
function PressedChoice<T extends string>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string
  choices: readonly (readonly [T, string])[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{legend}</legend>
      {choices.map(([choice, label]) => (
        <button
          key={choice}
          type="button"
          className={BUTTON}
          aria-pressed={value === choice}
          onClick={() => onChange(choice)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  )
}

const VIEWS: Record<LiveRole, string> = { viewer: 'Plateia', moderator: 'Moderação', speaker: 'Palestrante' }

/**
 * The live questions beside the player (issue 44). Viewers: the board, ask, vote, react. The
 * organisation (administrators) also switches to the moderators' queue and the speaker's view; the
 * account the admin named for this talk, to its speaker view (the Worker says which roles).
 */
export default function LiveQuestions({ talkKey, isAdmin }: { talkKey: number; isAdmin: boolean }) {
  const [role, setRole] = useState<LiveRole>('viewer')
  const id = useId()
  // Administrators may take every role; anyone else asks whether they speak this talk.
  const asked = useQuery({ ...liveRolesQuery(talkKey), enabled: !isAdmin })
  const roles: readonly LiveRole[] = isAdmin ? LIVE_ROLES : (asked.data?.roles ?? ['viewer'])
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 md:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-titulo`} className="font-bold text-slate-900 text-xl">
          Perguntas ao vivo
        </h2>
        {roles.length > 1 ? (
          <PressedChoice
            legend="Visão"
            choices={roles.map((item) => [item, VIEWS[item]] as const)}
            value={role}
            onChange={setRole}
          />
        ) : null}
      </div>
      {/* A new room (and socket) per role: each sees what its role may see. */}
      <Room key={role} talkKey={talkKey} role={role} />
    </section>
  )
}

function Room({ talkKey, role }: { talkKey: number; role: LiveRole }) {
  const room = useLiveRoom(talkKey, role)
  const { state } = room
  return (
    <div data-live-role={role} data-connection={state.connection}>
      <ConnectionLine state={state} />
      {state.notice ? (
        <div
          role="alert"
          className="mt-3 flex items-start justify-between gap-2 rounded-lg bg-amber-50 p-3 text-amber-950"
        >
          <span>{state.notice}</span>
          <button type="button" className="underline" onClick={room.dismissNotice}>
            Fechar
          </button>
        </div>
      ) : null}
      {role === 'moderator' ? (
        <ModeratorQueue state={state} moderate={room.moderate} />
      ) : role === 'speaker' ? (
        <SpeakerView state={state} />
      ) : (
        <Audience room={room} />
      )}
    </div>
  )
}

function ConnectionLine({ state }: { state: LiveState }) {
  if (state.closedMessage) return <p className="mt-2 text-slate-700">{state.closedMessage}</p>
  const text =
    state.connection === 'open'
      ? 'Conectado: as perguntas chegam sem recarregar a página.'
      : state.connection === 'fallback'
        ? 'Sem conexão em tempo real: o quadro é atualizado a cada poucos segundos.'
        : 'Conectando às perguntas ao vivo...'
  return <p className="mt-1 text-slate-600 text-sm">{text}</p>
}

type Room = ReturnType<typeof useLiveRoom>

function Audience({ room }: { room: Room }) {
  const { state } = room
  const mine = [...state.mine.values()].filter((q) => q.status === 'pending')
  const board = [...state.board.values()].sort(byBoard)
  const unseen = state.unseen.size
  return (
    <div className="mt-3 grid gap-4">
      <Reactions state={state} react={room.react} />
      {/* The status region summarises what arrived; the list itself is never a live region. */}
      <div className="flex min-h-10 flex-wrap items-center gap-3">
        <p role="status" aria-live="polite" className="text-slate-800">
          {unseen > 0 ? plural(unseen, 'nova pergunta', 'novas perguntas') : ''}
        </p>
        {unseen > 0 ? (
          <button type="button" className={BUTTON} onClick={room.showNew}>
            Mostrar novas
          </button>
        ) : null}
      </div>
      <h3 className="sr-only">Perguntas aprovadas</h3>
      {board.length === 0 && mine.length === 0 ? (
        <p className="text-slate-600">Nenhuma pergunta aprovada ainda. Faça a primeira!</p>
      ) : null}
      <ol className="grid gap-2" aria-label="Perguntas, pela ordem de votos">
        {mine.map((q) => (
          <QuestionItem key={q.id} question={q} pending />
        ))}
        {board.map((q) => (
          <QuestionItem
            key={q.id}
            question={q}
            voted={state.voted.has(q.id)}
            onVote={q.status === 'approved' ? () => room.vote(q.id) : undefined}
          />
        ))}
      </ol>
      {state.closedMessage ? null : <AskForm room={room} />}
    </div>
  )
}

function QuestionItem({
  question,
  pending = false,
  voted = false,
  onVote,
}: {
  question: BoardQuestion | OwnQuestion
  pending?: boolean
  voted?: boolean
  onVote?: (() => void) | undefined
}) {
  return (
    <li
      data-question={question.id}
      className={`flex items-start justify-between gap-3 rounded-xl border p-3 ${pending ? 'border-dashed border-slate-400 bg-slate-50' : 'border-slate-200'}`}
    >
      <div className="min-w-0">
        <p className="break-words text-slate-900">{question.text}</p>
        <p className="mt-1 text-slate-600 text-sm">
          {question.name}
          {pending ? ' · Sua pergunta aguarda a moderação' : null}
          {question.status === 'answered' ? ' · Respondida' : null}
          {question.pinned ? ' · Em destaque' : null}
        </p>
      </div>
      {pending ? null : (
        <button
          type="button"
          className={BUTTON}
          aria-pressed={voted}
          disabled={!onVote || voted}
          onClick={onVote}
          aria-label={`${voted ? 'Votado' : 'Votar'}: ${question.text.slice(0, 60)} (${plural(question.votes, 'voto', 'votos')})`}
        >
          ▲ <span className="tabular-nums">{question.votes}</span>
        </button>
      )}
    </li>
  )
}

function AskForm({ room }: { room: Room }) {
  const id = useId()
  const [text, setText] = useState('')
  const [anonymous, setAnonymous] = useState(false)
  const [lastAskedAt, setLastAskedAt] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const wait = Math.max(0, Math.ceil((lastAskedAt + QUESTION_INTERVAL_MS - now) / 1000))
  const tooMany = room.state.mine.size >= QUESTIONS_PER_TALK
  // The countdown ticks each second until the interval has passed (or the form goes away).
  useEffect(() => {
    if (!lastAskedAt) return
    const timer = setInterval(() => {
      setNow(Date.now())
      if (Date.now() - lastAskedAt > QUESTION_INTERVAL_MS) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [lastAskedAt])
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        const trimmed = text.trim()
        if (!trimmed || wait > 0 || tooMany) return
        room.ask(trimmed, anonymous)
        setText('')
        const at = Date.now()
        setLastAskedAt(at)
        setNow(at)
      }}
    >
      <label htmlFor={`${id}-pergunta`} className="font-semibold text-slate-900">
        Sua pergunta
      </label>
      <textarea
        id={`${id}-pergunta`}
        className={`${INPUT_CLASS} min-h-20`}
        maxLength={QUESTION_MAX_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-ajuda`}
      />
      <p id={`${id}-ajuda`} className="text-slate-600 text-sm">
        {text.length}/{QUESTION_MAX_CHARS} caracteres. A moderação aprova as perguntas antes de irem ao
        quadro.
      </p>
      <label className="flex items-start gap-2 text-slate-800">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={anonymous}
          onChange={(event) => setAnonymous(event.target.checked)}
        />
        <span>
          Perguntar como Anônimo
          <span className="block text-slate-600 text-sm">
            O público não verá seu nome, mas o Instituto continua sabendo quem perguntou.
          </span>
        </span>
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY} disabled={!text.trim() || wait > 0 || tooMany}>
          Enviar pergunta
        </button>
        <span className="text-slate-600 text-sm">
          {tooMany
            ? `Você já enviou ${QUESTIONS_PER_TALK} perguntas nesta palestra.`
            : wait > 0
              ? `Você poderá enviar outra pergunta em ${wait} s.`
              : null}
        </span>
      </div>
    </form>
  )
}

function Reactions({ state, react }: { state: LiveState; react: (kind: ReactionKind) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Reações</legend>
      {REACTION_KINDS.map((kind) => (
        <button key={kind} type="button" className={BUTTON} onClick={() => react(kind)} data-reaction={kind}>
          <span aria-hidden="true">{REACTION_ICONS[kind]}</span> {REACTION_LABELS[kind]}{' '}
          <span className="tabular-nums text-slate-600" data-reaction-total={kind}>
            {state.reactions[kind] ?? 0}
          </span>
        </button>
      ))}
    </fieldset>
  )
}

const STATUS_TEXT: Record<QueueQuestion['status'], string> = {
  pending: 'Aguardando',
  approved: 'Aprovada',
  answered: 'Respondida',
  hidden: 'Oculta',
}

function ModeratorQueue({ state, moderate }: { state: LiveState; moderate: Room['moderate'] }) {
  const [filter, setFilter] = useState<'pending' | 'approved' | 'all'>('pending')
  const questions = [...state.queue.values()]
    .filter((q) => filter === 'all' || q.status === filter)
    .sort((a, b) => (filter === 'approved' ? byBoard(a, b) : a.asked_at - b.asked_at))
  return (
    <div className="mt-3 grid gap-3">
      <PressedChoice
        legend="Filtrar a fila"
        choices={[
          ['pending', 'Aguardando'],
          ['approved', 'Aprovadas'],
          ['all', 'Todas'],
        ]}
        value={filter}
        onChange={setFilter}
      />
      {questions.length === 0 ? <p className="text-slate-600">Nenhuma pergunta aqui.</p> : null}
      <ol className="grid gap-2" aria-label="Fila da moderação">
        {questions.map((q) => (
          <li key={q.id} data-queue-question={q.id} className="rounded-xl border border-slate-200 p-3">
            <p className="break-words text-slate-900">{q.text}</p>
            <p className="mt-1 text-slate-600 text-sm">
              {q.author}
              {q.anonymous ? ' (anônima para o público)' : ''} · {STATUS_TEXT[q.status]} ·{' '}
              {plural(q.votes, 'voto', 'votos')}
              {q.pinned ? ' · Em destaque' : ''}
            </p>
            {q.words.length ? (
              <p className="mt-1 font-semibold text-red-800 text-sm">
                Palavras da lista: {q.words.join(', ')}
              </p>
            ) : null}
            {q.similar_to ? (
              <p className="mt-1 font-semibold text-amber-800 text-sm">
                Parecida com outra pergunta recente.
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              {q.status !== 'approved' && q.status !== 'answered' ? (
                <button type="button" className={BUTTON} onClick={() => moderate(q.id, 'approve')}>
                  Aprovar
                  <Which question={q} joint="a" />
                </button>
              ) : null}
              {q.status === 'approved' ? (
                <button
                  type="button"
                  className={BUTTON}
                  onClick={() => moderate(q.id, q.pinned ? 'unpin' : 'pin')}
                >
                  {q.pinned ? 'Tirar destaque' : 'Destacar'}
                  <Which question={q} joint={q.pinned ? 'da' : 'a'} />
                </button>
              ) : null}
              {q.status === 'approved' ? (
                <button type="button" className={BUTTON} onClick={() => moderate(q.id, 'answer')}>
                  Marcar como respondida
                  <Which question={q} joint="a" />
                </button>
              ) : null}
              {q.status !== 'hidden' ? (
                <button type="button" className={BUTTON} onClick={() => moderate(q.id, 'hide')}>
                  Ocultar
                  <Which question={q} joint="a" />
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  )
}

/**
 * Which question a moderator's button acts on, for a screen reader (the list has many 'Aprovar'
 * buttons): 'Aprovar a pergunta de Ana: Qual a dose…'. Hidden on the screen, where the card says it.
 */
function Which({ question, joint }: { question: QueueQuestion; joint: 'a' | 'da' }) {
  const text = question.text.length > 60 ? `${question.text.slice(0, 60)}…` : question.text
  return <span className="sr-only">{` ${joint} pergunta de ${question.author}: ${text}`}</span>
}

function SpeakerView({ state }: { state: LiveState }) {
  const open = [...state.board.values(), ...state.unseen.values()]
    .filter((q) => q.status === 'approved')
    .sort(byBoard)
  return (
    <ol className="mt-4 grid gap-4" aria-label="Perguntas aprovadas, pela ordem de votos">
      {open.length === 0 ? (
        <li className="text-2xl text-slate-600">Nenhuma pergunta aprovada ainda.</li>
      ) : null}
      {open.map((q) => (
        <li key={q.id} className="rounded-2xl border border-slate-200 p-4">
          <p className="font-semibold text-3xl text-slate-900 leading-snug md:text-4xl">{q.text}</p>
          <p className="mt-2 text-slate-700 text-xl">
            {q.name} · {plural(q.votes, 'voto', 'votos')}
            {q.pinned ? ' · Em destaque' : ''}
          </p>
        </li>
      ))}
    </ol>
  )
}
