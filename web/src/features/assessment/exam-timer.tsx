import { Timer } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '../../components/icons.tsx'

/** Moments a screen reader is told the time left: ten, five and one minute before the end. */
const WARNINGS_MS = [10 * 60_000, 5 * 60_000, 60_000]

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}
const warningText = (ms: number) =>
  ms <= 60_000
    ? 'Falta 1 minuto para o fim do tempo.'
    : `Faltam ${Math.round(ms / 60_000)} minutos para o fim do tempo.`

/**
 * The time left of a timed attempt, counted on the server's clock (the device's may be wrong): a
 * `timer` that screen readers do not read every second, and a polite notice at 10, 5 and 1 minute
 * left and when the time is over; `onExpire` once, at the end.
 */
export function ExamTimer({
  deadline,
  serverNow,
  onExpire,
}: {
  deadline: string
  serverNow: string
  onExpire: () => void
}) {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now())
  const end = Date.parse(deadline)
  const left = () => end - (Date.now() + offset)
  const [remaining, setRemaining] = useState(left)
  const [notice, setNotice] = useState('')
  const warned = useRef(new Set(WARNINGS_MS.filter((warning) => left() <= warning)))
  const expired = useRef(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: one interval for the attempt's deadline
  useEffect(() => {
    const tick = () => {
      const ms = left()
      setRemaining(ms)
      for (const warning of WARNINGS_MS) {
        if (ms <= warning && !warned.current.has(warning)) {
          warned.current.add(warning)
          setNotice(warningText(warning))
        }
      }
      if (ms <= 0 && !expired.current) {
        expired.current = true
        setNotice('O tempo acabou. As respostas salvas estão sendo enviadas.')
        onExpire()
      }
    }
    tick()
    const interval = window.setInterval(tick, 1000)
    return () => window.clearInterval(interval)
  }, [end, offset])

  const urgent = remaining <= 60_000
  return (
    <div className="flex items-center gap-2">
      <Icon drawing={Timer} className={`size-5 ${urgent ? 'text-red-700' : 'text-teal-700'}`} />
      <p
        role="timer"
        aria-live="off"
        aria-atomic="true"
        className={`font-mono font-semibold ${urgent ? 'text-red-700' : 'text-slate-900'}`}
      >
        <span className="sr-only">Tempo restante: </span>
        {clock(remaining)}
      </p>
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
    </div>
  )
}
