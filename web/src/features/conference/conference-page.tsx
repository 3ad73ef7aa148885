import { useQuery } from '@tanstack/react-query'
import { CalendarClock, Radio } from 'lucide'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import {
  type ClockAnswer,
  type ConferenceState,
  conferenceState,
  embedUrl,
  type Talk,
  talkEnd,
  videoPosition,
} from '../../../../worker/domain/conference.ts'
import { Icon } from '../../components/icons.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { showToast } from '../../lib/toast.ts'
import { useCurrentUser } from '../auth/use-current-user.ts'
import { CertificatesPanel } from './certificates-panel.tsx'
import { CONFERENCE_TEXT } from './conference.messages.ts'
import { conferenceClockQuery, talkVideoUrl, toTalk } from './conference.queries.ts'
import { formatClock, formatCountdown, formatDay, formatElapsed, formatTime } from './conference-format.ts'
import { useAttendanceHeartbeat } from './heartbeat.ts'
import { serverNow, useServerNow } from './server-clock.ts'
import { ShiftPanel } from './shift-panel.tsx'
import { VideoPlayer } from './video-player.tsx'

// The live questions (issue 44) load only where a talk is live and someone is signed in.
const LiveQuestions = lazy(() => import('./live/live-questions.tsx'))
const KeptQuestionsPanel = lazy(() => import('./live/kept-questions-panel.tsx'))
const SpeakersPanel = lazy(() => import('./live/speakers-panel.tsx'))

/**
 * /4a-jornada-multiprofissional (SPEC sections 2, 4 and 7): the programme of 14 talks over two
 * days and the live video. Every viewer plays the live talk from the position the server's clock
 * gives, whatever the time on their device; before and between talks a countdown, after the
 * conference the recordings.
 */
export function ConferencePage() {
  const clock = useQuery(conferenceClockQuery())
  const { user } = useCurrentUser()

  // SPEC section 8: 'erro ao pegar horários.' once when polling starts failing (not on every poll).
  useEffect(() => {
    if (clock.isError) void showToast('error', CONFERENCE_TEXT.fetchError)
  }, [clock.isError])

  return (
    <article className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
        {CONFERENCE_TEXT.title}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        Dois dias de palestras de nefrologistas, enfermeiros, nutricionistas, fisioterapeutas, psicólogos e
        farmacêuticos, transmitidas nesta página. Todos assistem no mesmo ponto da transmissão: o relógio é o
        do servidor da Jornada, não o do seu aparelho.
      </p>
      {clock.data ? (
        <Conference answer={clock.data} />
      ) : clock.isError ? (
        <ErrorState title={CONFERENCE_TEXT.fetchError} onRetry={() => void clock.refetch()} />
      ) : (
        <LoadingState label="Carregando a programação..." />
      )}
      {user?.type === 'A' && clock.data ? <ShiftPanel answer={clock.data} /> : null}
      {user?.type === 'A' && clock.data ? <CertificatesPanel /> : null}
      {user?.type === 'A' && clock.data ? (
        <Suspense fallback={<LoadingState label="Carregando as perguntas..." />}>
          <KeptQuestionsPanel answer={clock.data} />
        </Suspense>
      ) : null}
      {user?.type === 'A' && clock.data ? (
        <Suspense fallback={<LoadingState label="Carregando as palestras..." />}>
          <SpeakersPanel />
        </Suspense>
      ) : null}
    </article>
  )
}

function Conference({ answer }: { answer: ClockAnswer }) {
  const talks = useMemo(() => answer.inits.map(toTalk), [answer.inits])
  const now = useServerNow()
  const state = now === null ? null : conferenceState(talks, now)
  return (
    <>
      <Stage state={state} now={now} version={answer.version} />
      <Programme talks={talks} state={state} now={now} />
    </>
  )
}

/** The conference's state at the official time `now` (null until the clock is synchronised). */
type StageProps = { state: ConferenceState | null; now: number | null; version: number }

function Stage({ state, now, version }: StageProps) {
  return (
    <section
      aria-labelledby="transmissao"
      className="mt-8 rounded-3xl border border-slate-200 bg-slate-50 p-4 md:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="transmissao" className="font-bold text-2xl text-slate-900">
          Transmissão
        </h2>
        {now === null ? null : (
          <p className="text-slate-700 text-sm">
            Horário oficial da Jornada (Brasília):{' '}
            <time data-testid="official-clock" className="font-semibold text-slate-900 tabular-nums">
              {formatClock(now)}
            </time>
          </p>
        )}
      </div>
      <StageBody state={state} now={now} version={version} />
    </section>
  )
}

function StageBody({ state, now, version }: StageProps) {
  const { user } = useCurrentUser()
  const [playing, setPlaying] = useState(false)
  // A signed-in viewer's presence counts while the live talk plays (issue 24).
  useAttendanceHeartbeat(state?.status === 'live' ? state.live.key : null, playing && user !== null)
  if (state === null || now === null) {
    return <LoadingState label="Sincronizando com o horário oficial da Jornada..." />
  }
  if (state.status === 'live') {
    const live = state.live
    return (
      <div data-status="live" data-position={state.position}>
        <p className="mb-3 flex flex-wrap items-center gap-2 text-slate-800">
          <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-3 py-1 font-bold text-sm text-white">
            <Icon drawing={Radio} className="size-4" />
            Ao vivo
          </span>
          <span className="font-semibold">{live.title}</span>
          <span className="text-slate-700">
            — {live.speaker}, começou há {formatElapsed((now - live.init) / 1000)}
          </span>
        </p>
        {live.youtubeId ? (
          <VideoPlayer
            title={live.title}
            playLabel="Assistir ao vivo"
            syncKey={`${live.key}:${live.init}:${version}`}
            onPlayingChange={setPlaying}
            // The position at the moment of the press, on the server's clock.
            source={() => embedUrl(live.youtubeId!, videoPosition(live, serverNow() ?? now))}
          />
        ) : (
          <p>O vídeo desta palestra ainda não está disponível.</p>
        )}
        {user ? (
          <Suspense fallback={<LoadingState label="Carregando as perguntas ao vivo..." />}>
            <LiveQuestions talkKey={live.key} isAdmin={user.type === 'A'} />
          </Suspense>
        ) : (
          <p className="mt-4 text-slate-700">
            <a className="font-semibold text-teal-800 underline" href="/login">
              Entre
            </a>{' '}
            para enviar perguntas e votar nas perguntas da plateia.
          </p>
        )}
      </div>
    )
  }
  if (state.status === 'after') {
    return (
      <p data-status="after" className="text-lg text-slate-800">
        A Jornada foi encerrada. Assista às gravações das palestras na programação abaixo.
      </p>
    )
  }
  const next = state.next
  return (
    <div data-status={state.status} className="grid gap-2">
      <p className="text-lg text-slate-800">
        {state.status === 'before'
          ? next
            ? 'A transmissão começa em'
            : 'A programação ainda não foi publicada.'
          : 'Intervalo. A próxima palestra começa em'}
      </p>
      {next ? (
        <>
          <p className="font-extrabold text-4xl text-teal-900 tabular-nums" role="timer">
            {formatCountdown(next.init - now)}
          </p>
          <p className="flex items-start gap-2 text-slate-800">
            <Icon drawing={CalendarClock} className="mt-1 size-5 shrink-0 text-teal-800" />
            <span>
              <span className="font-semibold">{next.title}</span> — {next.speaker}, {formatDay(next.init)} às{' '}
              {formatTime(next.init)}
            </span>
          </p>
        </>
      ) : null}
    </div>
  )
}

function Programme({
  talks,
  state,
  now,
}: {
  talks: Talk[]
  state: ConferenceState | null
  now: number | null
}) {
  const days = [...new Set(talks.map((talk) => talk.day))].sort((a, b) => a - b)
  return (
    <section aria-labelledby="programacao" className="mt-12">
      <h2 id="programacao" className="font-bold text-2xl text-slate-900">
        Programação
      </h2>
      {days.map((day) => {
        const ofDay = talks.filter((talk) => talk.day === day).sort((a, b) => a.slot - b.slot)
        return (
          <section key={day} aria-labelledby={`dia-${day}`} className="mt-8">
            <h3 id={`dia-${day}`} className="font-bold text-slate-900 text-xl">
              Dia {day} — {ofDay[0] ? formatDay(ofDay[0].init) : ''}
            </h3>
            <ol className="mt-4 grid gap-4">
              {ofDay.map((talk) => (
                <ProgrammeItem key={talk.key} talk={talk} talks={talks} state={state} now={now} />
              ))}
            </ol>
          </section>
        )
      })}
    </section>
  )
}

function ProgrammeItem({
  talk,
  talks,
  state,
  now,
}: {
  talk: Talk
  talks: Talk[]
  state: ConferenceState | null
  now: number | null
}) {
  const live = state?.status === 'live' && state.live.key === talk.key
  const ended = now !== null && !live && talkEnd(talks, talk) <= now
  const next = state?.next?.key === talk.key && !live
  return (
    <li
      aria-current={live ? 'true' : undefined}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${live ? 'border-red-700 ring-2 ring-red-700/30' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <time
          className="font-bold text-lg text-teal-900 tabular-nums"
          dateTime={new Date(talk.init).toISOString()}
        >
          {formatTime(talk.init)}
        </time>
        <span className="text-slate-600 text-sm">
          Sessão [{talk.day},{talk.slot}]
        </span>
        {live ? (
          <span className="rounded-full bg-red-700 px-2 py-0.5 font-bold text-white text-xs">Ao vivo</span>
        ) : null}
        {next ? (
          <span className="rounded-full bg-teal-100 px-2 py-0.5 font-bold text-teal-900 text-xs">
            A seguir
          </span>
        ) : null}
        {ended ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 text-xs">Encerrada</span>
        ) : null}
      </div>
      <h4 className="mt-2 font-bold text-lg text-slate-900">{talk.title}</h4>
      <p className="mt-1 font-semibold text-slate-800">{talk.speaker}</p>
      <p className="mt-1 text-slate-700">{talk.content}</p>
      {ended && talk.youtubeId ? (
        <div className="mt-4 max-w-2xl">
          <VideoPlayer
            title={talk.title}
            playLabel="Assistir à gravação"
            compact
            source={() => talkVideoUrl(talk.key)}
          />
        </div>
      ) : null}
    </li>
  )
}
