import { curitibaFormat } from '../../lib/date.ts'

// The Jornada happens in Curitiba: its times are shown in Brasília time whatever the device's zone.

/** 08:30 */
export const formatTime = curitibaFormat({ hour: '2-digit', minute: '2-digit' })

/** 09:30:05 */
export const formatClock = curitibaFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** sexta-feira, 22 de outubro de 2027 */
export const formatDay = curitibaFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

const pad = (n: number) => String(n).padStart(2, '0')

/** A countdown: '2 dias e 03:04:05', '1 dia e 00:00:09', '03:04:05' (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const days = Math.floor(total / 86_400)
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
  if (days === 0) return clock
  return `${days} ${days === 1 ? 'dia' : 'dias'} e ${clock}`
}

/** How long a talk has been on: '10 min 05 s'. */
export function formatElapsed(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const minutes = Math.floor(total / 60)
  return minutes > 0 ? `${minutes} min ${pad(total % 60)} s` : `${total} s`
}
