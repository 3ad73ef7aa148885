import { curitibaDateTime } from '../../../../worker/domain/time-zone.ts'

/** '23/11/2026 15:48' in Curitiba. */
export function formatDateTime(iso: string): string {
  return curitibaDateTime(new Date(iso))
}

/** '2026-11-23' → '23/11/2026'. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
}

/** 60 → '1 hora', 90 → '90 minutos', 1440 → '24 horas'. */
export function formatDelay(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`
  const hours = minutes / 60
  return `${hours} ${hours === 1 ? 'hora' : 'horas'}`
}

const share = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })

/** 0.755 → '75,5%'. */
export const formatShare = (ratio: number) => share.format(ratio)
